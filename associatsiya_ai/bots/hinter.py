"""The hinter: the legal hint and chain mode a person would most likely answer right.

For the secret ``s`` every legal hint ``h`` (R3–R5: not consonant with the secret, not a
spoken lemma, at least ``min_len`` letters) is weighed by the human-response model
(:mod:`associatsiya_ai.bots.people`): ``ln P(a person answers s | the chain spoken with h)``.
On a fresh turn that is one matrix-vector product over all hints (cached log-partitions);
with earlier hints the ``chain_pool`` best hints are weighed exactly with each chain mode
(R2), the partner's exclusions included. The hint with the highest chance is said — for a
person partner and a bot partner alike, since a bot guesser draws from the same calibrated
model: no telepathy between bots of one embedding. ``easy`` draws among the best few.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from associatsiya_ai.bots.decision import Candidate, Decision, percent
from associatsiya_ai.bots.hinter_chains import weigh_chains
from associatsiya_ai.bots.hinter_terms import HINTER_TERMS, RankingTerms, load_hinter_weights
from associatsiya_ai.bots.levels import level_of
from associatsiya_ai.bots.people import PeopleModel
from associatsiya_ai.bots.people.dots import products
from associatsiya_ai.bots.scoring import choose
from associatsiya_ai.rules.types import Mode
from associatsiya_ai.rules.views import HinterView
from associatsiya_ai.rules.words import PASS, WordChecker, fold
from associatsiya_ai.vocab.vocabulary import Vocabulary

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
        How many best single hints are kept as candidates.
    chain_pool : int
        How many of them are weighed exactly with each chain mode once hints were spoken.
    candidates : int
        How many weighed (hint, mode) pairs the decision lists.
    min_len : int
        Shortest hint in letters (two-letter nouns are mostly junk: «су», «мю»).
    weights : mapping of str to float, optional
        The weights of the ranking terms beside ln P (:data:`~associatsiya_ai.bots.
        hinter_terms.HINTER_TERMS`: frequency, dictionary sense, news jargon, the secret's
        best-hints list); the fitted ones shipped in ``bots/hinter.json`` when omitted, a
        term left out weighs 0. The chance shown stays P.
    people : PeopleModel, optional
        The human-response model (made once per vocabulary when omitted).
    """

    def __init__(
        self,
        vocab: Vocabulary,
        level: str = "normal",
        *,
        checker: WordChecker | None = None,
        pool: int = 30,
        chain_pool: int = 3,
        candidates: int = 10,
        min_len: int = 3,
        weights: Mapping[str, float] | None = None,
        people: PeopleModel | None = None,
    ) -> None:
        from associatsiya_ai.bots.people.cache import people_model

        self.vocab = vocab
        self.level_name = level
        self.level = level_of(level)
        self._checker = checker
        self.pool, self.chain_pool, self.candidates = pool, chain_pool, candidates
        self._long = np.array([len(w) >= min_len for w in vocab.folded], dtype=bool)
        given = load_hinter_weights() if weights is None else weights
        self.weights = {term: float(given.get(term, 0.0)) for term in HINTER_TERMS}
        self._w = np.array([self.weights[term] for term in HINTER_TERMS])
        self._sayable = (vocab.zipf >= self.level.min_zipf) & self._long
        self._extras: dict[int, np.ndarray] = {}  # by secret row, the last few
        self.people = people if people is not None else people_model(vocab)
        self._ranking = RankingTerms(self.people)

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
            The hint, its mode and chain, ``chance`` (the modelled probability that a
            person answers the secret on it) and up to ``candidates`` weighed (hint, mode)
            pairs, best first, each with ``score`` = its ranking key (ln P plus
            :meth:`_extra`) and ``probability`` = P.
        """
        rng = rng if rng is not None else np.random.default_rng(0)
        weighed = self._weigh(view)
        if not weighed:
            return self._pass(view, "нет допустимых наводок")
        ranked = [(w, m, s) for w, m, s, _ in weighed]
        values = np.array([s + extra for _, _, s, extra in weighed])
        order = choose(values, np.ones(len(ranked), dtype=bool), self.level, rng)
        top = tuple(  # the score is the ranking key; the probability stays the model's P
            Candidate(w, m, float(key), float(np.exp(s)) if s > -50 else 0.0)
            for (w, m, s), key in zip(ranked[: self.candidates], values, strict=False)
        )
        secret = view.secret.display
        for i in order + [i for i in range(len(ranked)) if i not in order]:
            word, mode, value = ranked[i]
            verdict = self.checker.analyse(word)
            if verdict.ok and not view.violations(verdict):
                chain = view.chains_for(verdict.display)[mode]
                chance = float(np.exp(value)) if value > -50 else 0.0
                why = f"по этой наводке человек назовёт «{secret}» с вероятностью {percent(chance)}"
                return Decision(verdict.display, mode, chain, top, why, chance)
        return self._pass(view, "ни одна наводка не прошла проверку правил")

    def _pass(self, view: HinterView, reason: str) -> Decision:
        if view.violations(None):  # PASS twice in a row is not allowed: the commonest legal noun
            for i in np.argsort(-self.vocab.zipf, kind="stable").tolist():
                verdict = self.checker.analyse(self.vocab.words[i])
                if verdict.ok and not view.violations(verdict):
                    return Decision(verdict.display, Mode.SINGLE, (verdict.display,), (), reason)
        return Decision(PASS, Mode.SINGLE, view.chains_for(None)[Mode.SINGLE], (), reason)

    def legal(self, view: HinterView) -> np.ndarray:
        """Vocabulary words this hinter may say now (R4, R5, length, level); (n,) bool."""
        vocab, secret = self.vocab, view.secret
        legal: np.ndarray = self._sayable.copy()  # long and frequent enough
        for form in (secret.word, *secret.consonance_forms()):
            legal[vocab.consonant_rows(form)] = False
        legal[vocab.lemma_rows({secret.lemma, *secret.lemmas, *view.spoken_lemmas})] = False
        return legal

    def rank(self, view: HinterView) -> list[tuple[str, Mode, float]]:
        """Weigh the best (hint, mode) pairs by ln P(a person answers the secret), best first
        (ranked by ln P plus :meth:`_extra`: the weighted ranking terms).

        Returns
        -------
        list of (str, Mode, float)
            Display word, chain mode and ln P; modes giving the same chain appear once
            (the first of single, own, all). Empty when nothing legal can be said.
        """
        return [(w, m, s) for w, m, s, _ in self._weigh(view)]

    def _weigh(self, view: HinterView) -> list[tuple[str, Mode, float, float]]:
        """:meth:`rank`, each pair with its :meth:`_extra` (0 without the secret's row)."""
        vocab, people = self.vocab, self.people
        secret_row = self._secret_row(view)
        legal = self.legal(view)
        idx = np.flatnonzero(legal)
        if idx.size == 0:
            return []
        ex: np.ndarray | None = None
        if secret_row is None:  # a guesser can never answer it: the closest hints, by cosine
            t = vocab.vector(view.secret.word)
            if t is None:
                return []
            base = np.full(len(vocab), -60.0) + vocab.matrix @ t
        else:
            base, ex = self._base_and_extra(secret_row)
        key = base if ex is None else base + ex
        k = min(self.pool, idx.size)
        cand = idx[np.argpartition(-key[idx], k - 1)[:k]]
        cand = cand[np.argsort(-key[cand], kind="stable")]
        modes = _distinct_modes(view)
        if secret_row is None or ex is None:
            return [(vocab.words[c], Mode.SINGLE, float(base[c]), 0.0) for c in cand]
        # a word's own row is its folded spelling's (unique)
        if modes == [(Mode.SINGLE, ())] and not view.all_hints:
            return [(vocab.words[c], Mode.SINGLE, float(base[c]), float(ex[c])) for c in cand]
        # beyond the exactly weighed ones, the rest rank after them (a fallback only)
        rest = cand[self.chain_pool :].tolist()
        out = [(vocab.words[c], Mode.SINGLE, float(base[c]) - 60.0, float(ex[c])) for c in rest]
        weighed = weigh_chains(people, view, cand[: self.chain_pool], modes, secret_row)
        out += [(vocab.words[c], mode, value, float(ex[c])) for c, mode, value in weighed]
        out.sort(key=lambda r: -(r[2] + r[3]))
        return out

    def forget(self) -> None:
        """Drop everything kept per secret or word, here and in the model (a benchmark
        times decisions from a cold start)."""
        self._extras.clear()
        self.people.forget()

    def _secret_row(self, view: HinterView) -> int | None:
        """The secret's vocabulary row: as said, else its singular or lemma (a plural secret
        «кошки» is hinted as «кошка», which R7 accepts as the answer)."""
        secret = view.secret
        for key in (secret.word, secret.display, secret.singular or "", secret.lemma):
            row = self.vocab.index.get(fold(key)) if key else None
            if row is not None:
                return row
        return None

    def _base_and_extra(self, secret_row: int) -> tuple[np.ndarray, np.ndarray]:
        """ln P of every single hint (:meth:`PeopleModel.secret_given_hints`) and
        :meth:`_extra`: when neither is kept, the two products over the vocabulary they
        need (the secret's cosines and its sense's) are made in one pass over the matrix
        (:func:`~associatsiya_ai.bots.people.dots.products`, the same floats)."""
        people, matrix = self.people, self.vocab.matrix
        sense = None if secret_row in self._extras else self._ranking.sense(secret_row)
        cos: list[np.ndarray | None] = [None, None]
        if sense is not None and not people.secret_kept(secret_row):
            cos = list(products(matrix, [matrix[secret_row], sense], [True, True]))
        base = people.secret_given_hints(secret_row, cos[0])
        return base, self._extra(secret_row, cos[1])

    def _extra(self, secret_row: int, cos: np.ndarray | None = None) -> np.ndarray:
        """The weighted terms beside ln P in the ranking of every hint for a secret
        (:func:`~associatsiya_ai.bots.hinter_terms.ranking_terms` times :attr:`weights`);
        (n,) float64, kept for the last few secrets. ``cos``: the cosines to the secret's
        sense, when already made (:meth:`RankingTerms.terms
        <associatsiya_ai.bots.hinter_terms.RankingTerms.terms>`)."""
        extra = self._extras.get(secret_row)
        if extra is None:
            extra = self._ranking.weighted(secret_row, self._w, cos)
            if len(self._extras) >= 8:
                self._extras.clear()
            self._extras[secret_row] = extra
        return extra

    def _extra_of(self, word: str, secret_row: int) -> float:
        """:meth:`_extra` of one vocabulary word (0 for other words)."""
        i = self.vocab.index.get(fold(word))
        return 0.0 if i is None else float(self._extra(secret_row)[i])


def _distinct_modes(view: HinterView) -> list[tuple[Mode, tuple[str, ...]]]:
    """Each chain mode with the earlier words it chains, modes giving one chain once."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for mode, earlier in view.chains_for(None).items():
        key = tuple(w for w in earlier if fold(w) != PASS)
        if key not in seen:
            seen.add(key)
            out.append((mode, key))
    return out
