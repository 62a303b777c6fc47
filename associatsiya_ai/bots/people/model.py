"""The human-response model: P(answer | chain, history) for every vocabulary noun.

A conditional logit (McFadden 1974): ``P(w) = softmax_w(score(w) / T)`` over the allowed
words, ``score = Σ_f weight_f · feature_f(heard, w)`` with the generic features of
:mod:`associatsiya_ai.bots.people.features` and the weights and temperature ``T`` fitted by
``scripts/fit_people.py`` on people's free associations (shipped in ``people/weights.json``;
no per-word tables).

Chains and history: each heard word is scored as if heard alone and the words' evidence is
added up with weights, a bot's words discounted (the optimizer's curse) and pooled:
:mod:`~associatsiya_ai.bots.people.pool` gives the formula, its parameters and their sources.

Levels draw from ``softmax(score / (T · level temperature))`` over the level's ``top_k``
likeliest allowed words (``normal``: the model itself over its twelve likeliest answers;
``easy``: three times flatter over twenty; ``hard``: the likeliest word).

Uses of :class:`~associatsiya_ai.vocab.Vocabulary`: ``words``, ``folded``, ``matrix``,
``zipf``, ``secrets``, ``index``, ``vector(word)`` and, for the log-partitions of
single-word queries, ``consonant_parts(word)``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.bots.people.alone import scorer
from associatsiya_ai.bots.people.draw import draw_index, level_support, softmax, softmax_at
from associatsiya_ai.bots.people.features import STATIC, Heard
from associatsiya_ai.bots.people.params import WEIGHTS_PATH, LevelDraw, PeopleWeights, load_weights
from associatsiya_ai.bots.people.pool import cosines, factors_of, key_of, logits_of, pooled_row
from associatsiya_ai.bots.people.ranks import neighbour_table
from associatsiya_ai.bots.people.rowterms import RowTerms, row_terms
from associatsiya_ai.bots.people.secret import (
    SecretTerms,
    kept_terms,
    log_partitions,
    secret_given_hints,
)
from associatsiya_ai.bots.people.tables import GLOSS, PeopleTables, precompute
from associatsiya_ai.rules.words import PASS, fold
from associatsiya_ai.vocab.glosses import named_in_entry

if TYPE_CHECKING:
    from associatsiya_ai.vocab import Vocabulary

__all__ = [
    "WEIGHTS_PATH",
    "LevelDraw",
    "PeopleModel",
    "PeopleWeights",
    "load_weights",
    "neighbour_table",
    "softmax",
    "softmax_at",
]

_NOTHING = np.zeros(0, np.int32)

Query = tuple[Sequence[str], Sequence[str]] | tuple[Sequence[str], Sequence[str], Collection[str]]
"""(chain, history) or (chain, history, bot): a heard chain, the earlier hints outside it
and the folded words a bot of this model chose (:meth:`PeopleModel.heard`)."""

Alone = dict[int | str, np.ndarray]  # heard words' logits heard alone, by pool.key_of
_ALONE_KEPT = 256
"""How many vocabulary words' logits heard alone (n float32 each) are kept."""
_SECRETS_KEPT = 8
"""How many secrets' :meth:`PeopleModel.secret_given_hints` are kept."""
_TERMS_KEPT = 4096
"""How many words' :meth:`PeopleModel.row_terms`, and secrets' :func:`~associatsiya_ai.
bots.people.secret.secret_terms`, are kept (a few hundred bytes each: they depend on the
word and the weights only, so :meth:`PeopleModel.forget` keeps them)."""


class PeopleModel:
    """P(answer | chain, history) over a vocabulary.

    Parameters
    ----------
    vocab : Vocabulary
    tables : PeopleTables, optional
        From :func:`precompute` (built here when omitted; cache it with the vocabulary).
    weights : PeopleWeights, optional
        The shipped weights when omitted.
    """

    def __init__(
        self,
        vocab: Vocabulary,
        tables: PeopleTables | None = None,
        weights: PeopleWeights | None = None,
    ) -> None:
        self.vocab = vocab
        self.tables = tables if tables is not None else precompute(vocab)
        self.weights = weights if weights is not None else load_weights()
        self.w = self.weights.vector()
        self.static = self.tables.static @ self.w[list(STATIC)]
        self._logz: np.ndarray | None = None
        self._by_secret: dict[int, np.ndarray] = {}
        self._static32 = self.static.astype(np.float32)
        self._alone: OrderedDict[int, np.ndarray] = OrderedDict()
        self._named: dict[str, np.ndarray] = {}
        self._terms: dict[int, RowTerms] = {}
        self._secret_terms: dict[int, SecretTerms] = {}
        self.glosses = len(self.tables.links[GLOSS][1]) > 0
        """Whether a heard word outside the vocabulary is linked to what its dictionary
        entry names (when the tables were built from the dictionary)."""

    def heard(
        self, chain: Sequence[str], history: Iterable[str] = (), bot: Collection[str] = ()
    ) -> list[Heard]:
        """The heard words with vectors, weighted (module docstring).

        ``bot`` holds the folded words chosen by a bot of this model (heard at the strength
        ``bot_discount``); every other word is a person's (strength 1).
        """
        vocab = self.vocab
        pairs = [(w, fold(w), self.weights.decay**k) for k, w in enumerate(reversed(chain))]
        in_chain = {key for _, key, _ in pairs}
        for w in history:
            key = fold(w)
            if key not in in_chain:
                pairs.append((w, key, self.weights.history))
        out = []
        for word, key, x in pairs:
            if key == PASS or x <= 0:
                continue
            a = self.weights.bot_discount if key in bot else 1.0
            row = vocab.index.get(key)
            v = vocab.matrix[row] if row is not None else vocab.vector(word)  # the same
            if v is None:
                continue
            named = self.named(key) if row is None else _NOTHING
            out.append(Heard(v, row, x, named, key if row is None else "", a, key in bot))
        return out

    def named(self, key: str) -> np.ndarray:
        """Rows named in the dictionary entry of a folded word outside the vocabulary,
        int32 (empty without the dictionary); kept per word (a scan of the wordnet, 0.1 s)."""
        hit = self._named.get(key)
        if hit is None:
            rows = named_in_entry(key, self.vocab.index) if self.glosses else set()
            hit = self._named[key] = np.array(sorted(rows), np.int32)
        return hit

    def logits(
        self, chain: Sequence[str], history: Iterable[str] = (), bot: Collection[str] = ()
    ) -> np.ndarray | None:
        """``score / T`` of every word, shape (n,) float32; None when nothing has a vector.

        At most one matrix-vector product per heard word not seen lately, plus vectorised
        lookups (the values of ``feature_matrix(...) @ weights.vector()``). ``bot``: the
        folded words chosen by a bot of this model (:meth:`heard`).
        """
        heard = self.heard(chain, history, bot)
        if not heard:
            return None
        if len(heard) == 1 and not heard[0].by_bot:  # a lone person's word: its own logits
            return self._alone_of(heard)[key_of(heard[0])]
        factors = factors_of(heard, self.weights)  # before the product sweeps the caches
        return pooled_row(heard, self._alone_of(heard), self._static32, self.weights, factors)

    def logits_many(self, queries: Sequence[Query]) -> list[np.ndarray | None]:
        """:meth:`logits` of several (chain, history[, bot]) queries, their new words'
        cosines in one matrix product.

        A query's logits add up its heard words' evidence, the candidates' own prior
        counted once: ``static + Σ_h c_h · w_h · a_h · (z_h − static)``, ``z_h`` the
        logits of the word ``h`` heard alone, ``w_h`` its weight, ``W = Σ_h w_h``, ``a_h``
        its strength (1 for a person's word, ``bot_discount`` for a bot's), ``c_h = W^(γ −
        1)`` for a person's word, ``γ`` the fitted ``sharpness``, and ``c_h = 1 / W`` for a
        bot's (pooled: see the module docstring). A lone person's word gives its own logits.

        Returns
        -------
        list of numpy.ndarray or None
            Per query, shape (n,) float32, or None when none of its words has a vector.
            Read-only: a word heard alone gives the array kept for it (the others are
            rows of one array, :func:`~associatsiya_ai.bots.people.pool.pooled`).
        """
        return logits_of(*self.heard_many(queries), self._static32, self.weights)

    def heard_many(self, queries: Sequence[Query]) -> tuple[list[list[Heard]], Alone]:
        """Each query's heard words (:meth:`heard`) and their logits heard alone by
        :func:`~.pool.key_of`: what :meth:`logits_many` adds up."""
        heards = [self.heard(*query) for query in queries]
        return heards, self._alone_of([h for heard in heards for h in heard])

    def _alone_of(self, heard: list[Heard]) -> Alone:
        """Each heard word's logits heard alone, (n,) float32 read-only, by :func:`~.pool.key_of`;
        the :data:`_ALONE_KEPT` latest vocabulary words' kept (a chain's words come back turn
        after turn, and in each mode a hinter weighs), new ones' cosines from one product."""
        cache = self._alone
        out: dict[int | str, np.ndarray] = {}
        new: dict[int | str, Heard] = {}
        for h in heard:
            key = key_of(h)
            if isinstance(key, int) and key in cache:
                cache.move_to_end(key)
                out[key] = cache[key]
            else:
                new.setdefault(key, h)
        if new:
            todo = list(new.values())
            matrix = self.vocab.matrix
            vectors = [h.vector for h in todo]
            scores = self._scorer(todo)  # its cosine-free work before the product
            cos = (matrix @ vectors[0])[None] if len(todo) == 1 else cosines(matrix, vectors)
            for key, z in zip(new, scores(cos), strict=True):
                z.flags.writeable = False
                out[key] = z
                if isinstance(key, int):
                    cache[key] = z
            while len(cache) > _ALONE_KEPT:
                cache.popitem(last=False)
        return out

    def forget(self) -> None:
        """Drop the kept logits and per-secret tables (to time decisions from a cold start)."""
        self._alone.clear()
        self._by_secret.clear()

    def _scorer(self, heard: list[Heard]) -> Callable[[np.ndarray], np.ndarray]:
        """Each heard word's logits heard alone as a function of their cosines (words, n)
        float32 (:func:`~associatsiya_ai.bots.people.alone.scorer`)."""
        return scorer(heard, self.w, self.static, self.tables, self.row_terms)

    def row_terms(self, row: int) -> RowTerms:
        """The sparse terms of the vocabulary word ``row`` heard alone
        (:func:`~associatsiya_ai.bots.people.rowterms.row_terms`), kept per word (the
        last :data:`_TERMS_KEPT` gathered)."""
        hit = self._terms.get(row)
        if hit is None:
            hit = self._terms[row] = row_terms(self.tables, row, self.w)
            if len(self._terms) > _TERMS_KEPT:
                del self._terms[next(iter(self._terms))]
        return hit

    def probabilities(
        self, chain: Sequence[str], history: Iterable[str] = (), banned: np.ndarray | None = None
    ) -> np.ndarray | None:
        """P(answer) of every word, shape (n,) float64, summing to 1; 0 where ``banned``."""
        z = self.logits(chain, history)
        return None if z is None else softmax(z, banned)

    def level_distribution(
        self, logits: np.ndarray, banned: np.ndarray | None, level: str
    ) -> np.ndarray:
        """The distribution a guesser at ``level`` draws from; shape (n,) float64."""
        idx, q = level_support(logits, banned, self.level_draw(level))
        out = np.zeros(len(logits))
        out[idx] = q
        return out

    def level_draw(self, level: str) -> LevelDraw:
        """How ``level`` draws (unknown levels: the model's own distribution)."""
        return self.weights.levels.get(level, LevelDraw(1.0, 0))

    def draw(
        self, logits: np.ndarray, banned: np.ndarray | None, level: str, rng: np.random.Generator
    ) -> int:
        """The very index (and random number) of ``rng.choice(n, p=level_distribution(...))``
        from the level's few words only (:func:`~.draw.draw_index`)."""
        idx, q = level_support(logits, banned, self.level_draw(level))
        return int(idx[draw_index(q, rng)])

    def log_partitions(self, block: int = 64) -> np.ndarray:
        """ln Σ_w exp(logit) of every single-word query h over the words a guesser may answer
        after it (:func:`~associatsiya_ai.bots.people.secret.log_partitions`); shape (n,)
        float64. Built once (a few seconds) and kept."""
        if self._logz is None:
            self._logz = log_partitions(self.vocab, self.tables, self.w, self.static, block)
        return self._logz

    def secret_given_hints(self, secret: int, cos: np.ndarray | None = None) -> np.ndarray:
        """ln P(a person answers ``secret`` | single-word hint h) for every h; (n,) float64.

        Exact for hints not consonant with the secret (legal hints, R5), as a fresh game's
        single-mode turn: one matrix-vector product and the cached log-partitions. The
        last few secrets' answers are kept (a game asks for its secret every turn); treat
        the array as read-only. ``cos``: the secret's cosines (``matrix @ matrix[secret]``)
        when made already, as :meth:`secret_kept` says they are needed."""
        hit = self._by_secret.pop(secret, None)
        if hit is None:
            terms = kept_terms(self._secret_terms, self.tables, secret, self.w, _TERMS_KEPT)
            logz = self.log_partitions()
            hit = secret_given_hints(
                self.vocab, self.tables, self.w, self.static, secret, logz, terms, cos
            )
            if len(self._by_secret) >= _SECRETS_KEPT:
                self._by_secret.pop(next(iter(self._by_secret)))
        self._by_secret[secret] = hit  # the most recent last
        return hit

    def secret_kept(self, secret: int) -> bool:
        """Whether :meth:`secret_given_hints` of ``secret`` is kept (needs no cosines)."""
        return secret in self._by_secret
