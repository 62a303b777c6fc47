"""The embedding hinter: the legal hint and chain mode its partner most likely answers right.

Criterion (tuned on the dev sets, see DESIGN.md "Bots"): for each legal candidate ``h``
(not consonant with the secret, not a spoken lemma) and each chain mode, predict the
partner guesser's answer distribution over the vocabulary with the guesser's own scoring,
softmax at temperature ``tau``, and take

    score = cos(secret, h) + prior · min(zipf(h), cap) + reverse · log P(partner says secret)

The first two terms make hints frequent and strongly associated (people must get them);
the reverse-association term prefers hints whose nearest answer is the secret and picks
the chain mode. The final choice is confirmed with the engine's own check.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from associatsiya_ai.bots.scoring import (
    Decision,
    GuesserParams,
    choose,
    excluded,
    level_of,
    prior,
)
from associatsiya_ai.game_types import Mode
from associatsiya_ai.rules import HinterView
from associatsiya_ai.vocab import Vocabulary
from associatsiya_ai.words import PASS, WordChecker, fold

__all__ = ["EmbeddingHinter"]


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
    guesser : dict, optional
        :class:`GuesserParams` overrides for the partner model.
    """

    def __init__(
        self,
        vocab: Vocabulary,
        level: str = "normal",
        *,
        checker: WordChecker | None = None,
        pool: int = 40,
        prior: float = 0.1,
        reverse: float = 0.03,
        tau: float = 0.03,
        zipf_cap: float = 4.5,
        guesser: dict[str, Any] | None = None,
    ) -> None:
        self.vocab = vocab
        self.level_name = level
        self.level = level_of(level)
        self._checker = checker
        self.pool, self.prior, self.reverse, self.tau = pool, prior, reverse, tau
        self.zipf_cap = zipf_cap
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
        """Choose a hint and a chain mode for ``view`` (never an illegal one)."""
        rng = rng if rng is not None else np.random.default_rng(0)
        ranked = self.rank(view)
        if not ranked:
            return self._pass(view, "нет допустимых наводок")
        values = np.array([s for _, _, s in ranked])
        order = choose(values, np.ones(len(ranked), dtype=bool), self.level, rng)
        order += [i for i in range(len(ranked)) if i not in order]
        top = tuple((f"{ranked[i][0]}/{ranked[i][1].value}", ranked[i][2]) for i in order[:10])
        for i in order:
            word, mode, _ = ranked[i]
            verdict = self.checker.analyse(word)
            if verdict.ok and not view.violations(verdict):
                chain = view.chains_for(verdict.display)[mode]
                why = f"P(«{view.secret.display}») по модели партнёра; режим {mode.value}"
                return Decision(verdict.display, mode, chain, top, why)
        return self._pass(view, "ни одна наводка не прошла проверку правил")

    def _pass(self, view: HinterView, reason: str) -> Decision:
        if view.violations(None):  # PASS twice in a row is not allowed: say anything legal
            for word in self.vocab.words:
                verdict = self.checker.analyse(word)
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
        vocab, params = self.vocab, self.partner
        secret = view.secret
        t = vocab.vector(secret.word)
        if t is None:
            t = vocab.vector(secret.display)
        if t is None:
            return []
        cos = vocab.matrix @ t
        legal = vocab.legal_mask(secret.word)
        for form in secret.consonance_forms():
            legal &= vocab.legal_mask(form)
        legal &= ~vocab.lemma_mask({secret.lemma, *secret.lemmas, *view.spoken_lemmas})
        legal &= vocab.zipf >= self.level.min_zipf
        base = cos + self.prior * np.minimum(vocab.zipf, self.zipf_cap)
        idx = np.flatnonzero(legal)
        if idx.size == 0:
            return []
        k = min(self.pool, idx.size)
        cand = idx[np.argpartition(-base[idx], k - 1)[:k]]
        banned = excluded(vocab, view.all_hints, [turn.answer for turn in view.turns])
        prior_all = prior(vocab, params)
        j = vocab.index.get(fold(secret.word))
        t_prior = float(prior_all[j]) if j is not None else params.prior * 4.0
        if j is not None:
            banned[j] = True  # the secret's own score is ``st`` below
        rows: list[tuple[str, Mode, np.ndarray, np.ndarray]] = []
        for c in cand:
            word = vocab.words[c]
            ban = banned | vocab.consonant_mask(word)
            ban[c] = True
            seen: set[tuple[str, ...]] = set()
            for mode, chain in view.chains_for(word).items():
                key = tuple(fold(w) for w in chain)
                if key in seen:
                    continue
                seen.add(key)
                q = self._query(chain, view.all_hints)
                if q is not None:
                    rows.append((word, mode, q, ban))
        if not rows:
            return []
        queries = np.stack([r[2] for r in rows])
        s = queries @ vocab.matrix.T + prior_all[None, :]
        s[np.stack([r[3] for r in rows])] = -np.inf
        st = queries @ t + t_prior
        top = np.maximum(s.max(axis=1), st)
        lse = top / self.tau + np.log(
            np.exp((s - top[:, None]) / self.tau).sum(axis=1) + np.exp((st - top) / self.tau)
        )
        logp = st / self.tau - lse
        out = [
            (word, mode, float(base[vocab.index[fold(word)]] + self.reverse * logp[i]))
            for i, (word, mode, _, _) in enumerate(rows)
        ]
        out.sort(key=lambda r: -r[2])
        return out

    def _query(self, chain: tuple[str, ...], all_hints: tuple[str, ...]) -> np.ndarray | None:
        from associatsiya_ai.bots.scoring import query

        history = [h for h in all_hints if fold(h) not in {fold(c) for c in chain}]
        q, _ = query(self.vocab, chain, history, self.partner)
        return q
