"""The embedding hinter: the legal hint and chain mode its partner most likely answers right.

Criterion (tuned on the dev sets, see DESIGN.md "Bots"): the ``pool`` legal candidates ``h``
(not consonant with the secret, not a spoken lemma, at least ``min_len`` letters) closest
to the secret by ``cos(secret, h) + prior · min(zipf(h), cap)`` are weighed with each chain
mode. For each pair the partner guesser's scores over the whole vocabulary are predicted
with the guesser's own scoring and exclusions; the secret's rank among them and its
softmax probability at temperature ``tau`` give

    score = cos(secret, h) + prior · min(zipf(h), cap) + reverse · log P(partner says secret)
            + (0 if the secret is among the partner's ``top_k`` answers else -BIG)

The first two terms make hints frequent and strongly associated (people must get them);
the filter keeps hints that point at the secret more than at anything else; the reverse
term orders the rest and picks the chain mode. The final choice is confirmed with the
engine's own check.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from associatsiya_ai.bots.decision import Candidate, Decision
from associatsiya_ai.bots.levels import level_of
from associatsiya_ai.bots.scoring import GuesserParams, chain_weights, choose, excluded, prior
from associatsiya_ai.rules.game import HinterView
from associatsiya_ai.rules.types import Mode
from associatsiya_ai.rules.words import PASS, WordChecker, fold
from associatsiya_ai.vocab.vocabulary import Vocabulary

__all__ = ["EmbeddingHinter"]

_MISS = 100.0
"""Penalty for a hint whose secret is not among the partner's ``top_k`` answers: such hints
are said only when no candidate passes the filter."""


def shown_score(value: float) -> float:
    """A :meth:`EmbeddingHinter.rank` value without the filter's ranking penalty.

    Hints whose secret is not the partner's first answer rank below all others by a
    constant; explanations show their own criterion value.
    """
    return float(value + _MISS) if value < -_MISS / 2 else float(value)


class EmbeddingHinter:
    """A hinter bot: ``act(view, rng) -> Decision`` with ``word``, ``mode`` and ``chain``.

    Parameters
    ----------
    vocab : Vocabulary
        The nouns it may say.
    level : {"easy", "normal", "hard"}
    checker : WordChecker, optional
        The lexicon that makes the verdict the engine checks (default: the real one).
    pool : int
        How many legal candidates (best by cosine and prior) are weighed with each mode.
    prior, reverse, tau, zipf_cap : float
        The criterion's weights (see the module docstring).
    top_k : int
        Prefer hints whose secret is among the partner's ``top_k`` answers (0: no filter).
    min_len : int
        Shortest hint in letters (two-letter nouns are mostly junk: «су», «мю»).
    guesser : dict, optional
        :class:`GuesserParams` overrides for the partner model.
    candidates : int
        How many (hint, mode) candidates a decision lists, the chosen one first.
    """

    def __init__(
        self,
        vocab: Vocabulary,
        level: str = "normal",
        *,
        checker: WordChecker | None = None,
        pool: int = 60,
        prior: float = 0.1,
        reverse: float = 0.02,
        tau: float = 0.015,
        zipf_cap: float = 4.5,
        top_k: int = 1,
        min_len: int = 3,
        guesser: dict[str, Any] | None = None,
        candidates: int = 10,
    ) -> None:
        self.vocab = vocab
        self.level_name = level
        self.level = level_of(level)
        self._checker = checker
        self.pool, self.prior, self.reverse, self.tau = pool, prior, reverse, tau
        self.zipf_cap, self.top_k, self.min_len = zipf_cap, top_k, min_len
        self.candidates = candidates
        self._long = np.array([len(w) >= min_len for w in vocab.folded], dtype=bool)
        self.partner = replace(GuesserParams(), **(guesser or {}))

    def __repr__(self) -> str:
        return f"EmbeddingHinter(level={self.level_name!r}, pool={self.pool})"

    @property
    def checker(self) -> WordChecker:
        """The word checker (the real lexicon unless one was given)."""
        if self._checker is None:
            from associatsiya_ai.lexicon import default_lexicon

            self._checker = default_lexicon()
        return self._checker

    def act(self, view: HinterView, rng: np.random.Generator | None = None) -> Decision:
        """Choose a hint and a chain mode for ``view`` (never an illegal one).

        Returns
        -------
        Decision
            The hint, its mode and chain, and up to ``candidates`` weighed (hint, mode)
            pairs: the chosen one first, then the rest best first, each with its
            criterion value (:func:`shown_score`).
        """
        rng = rng if rng is not None else np.random.default_rng(0)
        ranked = self.rank(view)
        if not ranked:
            return self._pass(view, "нет допустимых наводок")
        values = np.array([s for _, _, s in ranked])
        order = choose(values, np.ones(len(ranked), dtype=bool), self.level, rng)
        order += [i for i in range(len(ranked)) if i not in order]
        top = tuple(
            Candidate(ranked[i][0], ranked[i][1], shown_score(ranked[i][2]))
            for i in order[: self.candidates]
        )
        for i in order:
            word, mode, _ = ranked[i]
            verdict = self.checker.analyse(word)
            if verdict.ok and not view.violations(verdict):
                chain = view.chains_for(verdict.display)[mode]
                why = (
                    f"сначала наводки, на которые партнёр первым ответит «{view.secret.display}»; "
                    "оценка: косинус + частотность + log P(ответ партнёра)"
                )
                return Decision(verdict.display, mode, chain, top, why)
        return self._pass(view, "ни одна наводка не прошла проверку правил")

    def _pass(self, view: HinterView, reason: str) -> Decision:
        if view.violations(None):  # PASS twice in a row is not allowed: the commonest legal noun
            for i in np.argsort(-self.vocab.zipf, kind="stable").tolist():
                verdict = self.checker.analyse(self.vocab.words[i])
                if verdict.ok and not view.violations(verdict):
                    return Decision(verdict.display, Mode.SINGLE, (verdict.display,), (), reason)
        return Decision(PASS, Mode.SINGLE, view.chains_for(None)[Mode.SINGLE], (), reason)

    def rank(self, view: HinterView) -> list[tuple[str, Mode, float]]:
        """Score every (candidate, mode) pair, best first.

        Returns
        -------
        list of (str, Mode, float)
            Display word, chain mode and criterion value; modes giving the same chain
            appear once (the first of single, own, all).
        """
        vocab = self.vocab
        secret = view.secret
        t = vocab.vector(secret.word)
        if t is None:
            t = vocab.vector(secret.display)
        if t is None:
            return []
        legal = vocab.legal_mask(secret.word)
        for form in secret.consonance_forms():
            legal &= vocab.legal_mask(form)
        legal &= ~vocab.lemma_mask({secret.lemma, *secret.lemmas, *view.spoken_lemmas})
        legal &= vocab.zipf >= self.level.min_zipf
        legal &= self._long
        base = vocab.matrix @ t + self.prior * np.minimum(vocab.zipf, self.zipf_cap)
        idx = np.flatnonzero(legal)
        if idx.size == 0:
            return []
        k = min(self.pool, idx.size)
        cand = idx[np.argpartition(-base[idx], k - 1)[:k]]
        rows, logp, rank = self._reverse(view, t, cand)
        value = np.array([base[c] for c, _ in rows]) + self.reverse * logp
        if self.top_k > 0:
            value -= np.where(rank < self.top_k, 0.0, _MISS)
        out = [(vocab.words[c], mode, float(v)) for (c, mode), v in zip(rows, value, strict=True)]
        out.sort(key=lambda r: -r[2])
        return out

    def _reverse(
        self, view: HinterView, t: np.ndarray, cand: np.ndarray
    ) -> tuple[list[tuple[int, Mode]], np.ndarray, np.ndarray]:
        """log P(partner answers the secret) and the secret's rank among the partner's
        answers (0: its first choice), for each candidate and distinct chain mode.

        Each query is a weighted sum of a few word vectors (the new hint, the earlier
        chain, the history), so the vocabulary is scored against those words once and
        the scores are combined per query.
        """
        vocab, params = self.vocab, self.partner
        words = [vocab.words[c] for c in cand]
        basis = [vocab.matrix[c] for c in cand]  # column i: candidate i
        columns: dict[str, int] = {}
        modes: list[tuple[Mode, dict[int, float]]] = []  # weights of the earlier words
        seen: set[tuple[str, ...]] = set()
        for mode, earlier in view.chains_for(None).items():
            if tuple(earlier) in seen:
                continue
            seen.add(tuple(earlier))
            in_chain = {fold(w) for w in earlier}
            history = [h for h in view.all_hints if fold(h) not in in_chain]
            weights: dict[int, float] = {}
            for word, x in chain_weights((*earlier, PASS), history, params)[1:]:
                if fold(word) not in columns:
                    v = vocab.vector(word)
                    if v is None:
                        continue
                    columns[fold(word)] = len(basis)
                    basis.append(v)
                col = columns[fold(word)]
                weights[col] = weights.get(col, 0.0) + x
            modes.append((mode, weights))
        rows = [(int(c), mode) for c in cand for mode, _ in modes]
        wm = np.zeros((len(rows), len(basis)), np.float32)
        for i in range(len(cand)):
            for j, (_, weights) in enumerate(modes):
                r = i * len(modes) + j
                wm[r, i] = 1.0
                for col, x in weights.items():
                    wm[r, col] += x
        b = np.stack(basis)
        wm /= np.sqrt(np.einsum("ij,jk,ik->i", wm, b @ b.T, wm))[:, None]
        prior_all = prior(vocab, params).astype(np.float32)
        secret_row = vocab.index.get(fold(view.secret.word))
        st = wm @ (b @ t) + (
            prior_all[secret_row] if secret_row is not None else params.prior * 4.0
        )
        s = wm @ (vocab.matrix @ b.T).T
        s += prior_all
        banned = excluded(vocab, view.all_hints, [turn.answer for turn in view.turns])
        if secret_row is not None:
            banned[secret_row] = True  # the secret's own score is ``st``
        s[:, banned] = -np.inf
        for i, c in enumerate(cand):  # the partner never answers a word consonant with it
            ban = np.flatnonzero(vocab.consonant_mask(words[i]))
            s[i * len(modes) : (i + 1) * len(modes), np.append(ban, c)] = -np.inf
        rank = (s > st[:, None]).sum(axis=1)
        top = np.maximum(s.max(axis=1), st)
        s -= top[:, None]
        s *= 1.0 / self.tau
        np.exp(s, out=s)
        total = s.sum(axis=1) + np.exp((st - top) / self.tau)
        logp = (st - top) / self.tau - np.log(total)
        return rows, logp, rank
