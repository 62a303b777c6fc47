"""The human-response model: P(answer | chain, history) for every vocabulary noun.

A conditional logit (McFadden 1974): ``P(w) = softmax_w(score(w) / T)`` over the allowed
words, ``score = Σ_f weight_f · feature_f(heard, w)`` with the generic features of
:mod:`associatsiya_ai.bots.people_features` and the weights and temperature ``T`` fitted by
``scripts/fit_people.py`` on people's free associations (shipped in ``people_weights.json``;
no per-word tables).

Chains and history (an assumption: the norms are single-word stimuli, so it is not fitted):
the heard words are weighted as the guesser's query in ``bots/scoring.py`` — the newest
chain word 1, each older one ``decay`` times the next, other earlier hints ``history`` —
the cosine and ranks are those of the renormalised weighted query and the dictionary links
are the weight share of heard words linked to the candidate.

Levels draw from ``softmax(score / (T · level temperature))`` over the level's ``top_k``
likeliest allowed words (``hard``: the likeliest word).

Uses of :class:`~associatsiya_ai.vocab.Vocabulary`: ``words``, ``folded``, ``matrix``,
``zipf``, ``secrets``, ``index``, ``vector(word)`` and, for the log-partitions of
single-word queries, ``consonant_mask(word)``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.bots.people_draw import draw_index, level_support, softmax, softmax_at
from associatsiya_ai.bots.people_features import (
    LINKED,
    STATIC,
    Heard,
    log_rank,
    reverse_log_rank,
)
from associatsiya_ai.bots.people_mix import DictionaryMix, single_terms
from associatsiya_ai.bots.people_params import WEIGHTS_PATH, LevelDraw, PeopleWeights, load_weights
from associatsiya_ai.bots.people_ranks import neighbour_table
from associatsiya_ai.bots.people_secret import log_partitions, secret_given_hints
from associatsiya_ai.bots.people_tables import GLOSS, PeopleTables, precompute
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

_COSINES_KEPT = 256
"""How many vocabulary words' cosine rows (n float32 each) :class:`PeopleModel` keeps."""
_SECRETS_KEPT = 8
"""How many secrets' :meth:`PeopleModel.secret_given_hints` are kept."""


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
        self._cosines: OrderedDict[int, np.ndarray] = OrderedDict()
        self._named: dict[str, np.ndarray] = {}
        self.glosses = len(self.tables.links[GLOSS][1]) > 0
        """Whether a heard word outside the vocabulary is linked to what its dictionary
        entry names (when the tables were built from the dictionary)."""

    def heard(self, chain: Sequence[str], history: Iterable[str] = ()) -> list[Heard]:
        """The heard words with vectors, weighted (module docstring)."""
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
            row = vocab.index.get(key)
            v = vocab.matrix[row] if row is not None else vocab.vector(word)  # the same
            if v is not None:
                out.append(
                    Heard(v, row, x) if row is not None else Heard(v, row, x, self.named(key))
                )
        return out

    def named(self, key: str) -> np.ndarray:
        """Rows named in the dictionary entry of a folded word outside the vocabulary,
        int32 (empty without the dictionary); kept per word (a scan of the wordnet, 0.1 s)."""
        hit = self._named.get(key)
        if hit is None:
            rows = named_in_entry(key, self.vocab.index) if self.glosses else set()
            hit = self._named[key] = np.array(sorted(rows), np.int32)
        return hit

    def logits(self, chain: Sequence[str], history: Iterable[str] = ()) -> np.ndarray | None:
        """``score / T`` of every word, shape (n,) float32; None when nothing has a vector.

        At most one matrix-vector product per heard word not seen lately, plus vectorised
        lookups (the values of ``feature_matrix(...) @ weights.vector()``).
        """
        return self.logits_many([(chain, tuple(history))])[0]

    def logits_many(
        self, queries: Sequence[tuple[Sequence[str], Sequence[str]]]
    ) -> list[np.ndarray | None]:
        """:meth:`logits` of several (chain, history) pairs, their new words' cosines in
        one matrix product.

        Returns
        -------
        list of numpy.ndarray or None
            Per query, shape (n,) float32, or None when none of its words has a vector.
        """
        heards = [self.heard(chain, history) for chain, history in queries]
        live = [i for i, h in enumerate(heards) if h]
        out: list[np.ndarray | None] = [None] * len(queries)
        if not live:
            return out
        matrix = self.vocab.matrix
        kept = self._cosines_of([h.row for i in live for h in heards[i] if h.row is not None])
        cos_all = np.empty((len(live), matrix.shape[0]), np.float32)
        for j, i in enumerate(live):  # cos(q / |q|, ·) = Σ x · cos(v, ·) / |q|, q = Σ x · v
            terms = [
                (
                    np.float32(h.weight),
                    h.vector,
                    kept[h.row] if h.row is not None else matrix @ h.vector,
                )
                for h in heards[i]
            ]
            x, v, cos = terms[0]  # the sums start from 0: 0 + x · cos
            np.add(np.float32(0), cos if x == 1 else x * cos, out=cos_all[j])
            q = x * v  # without 0 +: only zeros' signs differ, the same norm
            for x, v, cos in terms[1:]:
                q += x * v
                cos_all[j] += x * cos
            cos_all[j] /= max(np.sqrt(q.dot(q)), np.float32(1e-9))  # = np.linalg.norm(q)
        scores = self._scores(cos_all, [heards[i] for i in live])
        for j, i in enumerate(live):
            out[i] = scores[j]
        return out

    def _cosines_of(self, rows: list[int]) -> dict[int, np.ndarray]:
        """The cosines of these vocabulary words to every word, (n,) float32 each: kept ones
        reused, new ones in one matrix product; the :data:`_COSINES_KEPT` most recently used
        are kept (a chain's words come back turn after turn, so a decision computes only its
        new words' cosines)."""
        cache = self._cosines
        out = {}
        for row in rows:
            if row in cache:
                cache.move_to_end(row)
                out[row] = cache[row]
        new = list(dict.fromkeys(r for r in rows if r not in out))
        if new:
            matrix = self.vocab.matrix
            block = (matrix @ matrix[new[0]])[None] if len(new) == 1 else matrix[new] @ matrix.T
            for row, cos in zip(new, block, strict=True):
                out[row] = cache[row] = cos
            while len(cache) > _COSINES_KEPT:
                cache.popitem(last=False)
        return out

    def forget(self) -> None:
        """Drop the kept cosines and per-secret tables (a benchmark times decisions from a
        cold start)."""
        self._cosines.clear()
        self._by_secret.clear()

    def _scores(self, cos: np.ndarray, heards: list[list[Heard]]) -> np.ndarray:
        """The logits of every word from its cosine to each query; cos and the result
        (queries, n) float32, one row per heard set (each word's lookups batched)."""
        w, tables = self.w, self.tables
        out = np.multiply(cos, w[1])  # cos · (w0 + w1 · cos) + static, in place
        out += w[0]
        out *= cos
        out += self.static
        fwds = []
        for j, heard in enumerate(heards):
            if len(heard) == 1 and heard[0].row is not None:
                fwd_table = tables.quantiles[heard[0].row]
            else:
                fwd_table = neighbour_table(cos[j])
            fwd = log_rank(cos[j], fwd_table)
            fwds.append(fwd.copy())
            fwd *= w[2]
            out[j] += fwd
        rev = reverse_log_rank(cos, tables.quantiles)
        revs = rev.copy()
        rev *= w[3]
        out += rev
        indptr, linked, relation = tables.all_links  # = tables.linked(k, row) for each k
        n = out.shape[1]
        for j, heard in enumerate(heards):
            total = sum(h.weight for h in heard)
            if len(heard) == 1 and heard[0].row is not None:  # alone: share 1, no mix
                row = heard[0].row
                at = slice(indptr[row], indptr[row + 1])
                np.add.at(out[j], linked[at], w[LINKED][relation[at]])
                rows, const, by_fwd, by_rev = single_terms(tables, row, w)
                out[j, rows] += const + by_fwd * fwds[j][rows] + by_rev * revs[j][rows]
                continue
            mix = DictionaryMix(n)  # the weight shares of gloss, glossed and co-mentions
            for h in heard:
                share = h.weight / total
                if h.row is not None:
                    at = slice(indptr[h.row], indptr[h.row + 1])  # in order, as feature_matrix
                    np.add.at(out[j], linked[at], w[LINKED][relation[at]] * share)
                    mix.add(tables, h.row, share)
                elif len(h.named):
                    out[j, h.named] += w[LINKED.start + GLOSS] * share
                    mix.add_gloss(h.named, share)
            mix.apply(out[j], self.w, fwds[j], revs[j])
        result: np.ndarray = out.astype(np.float32, copy=False)
        return result

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
        """A draw from :meth:`level_distribution`: the very index (and random number) of
        ``rng.choice(n, p=level_distribution(...))``, from the level's few words only, by
        the guesser's own draw (:func:`~associatsiya_ai.bots.people_draw.draw_index`)."""
        idx, q = level_support(logits, banned, self.level_draw(level))
        return int(idx[draw_index(q, rng)])

    def log_partitions(self, block: int = 256) -> np.ndarray:
        """ln Σ_w exp(logit) of every single-word query h over the words a guesser may answer
        after it (:func:`~associatsiya_ai.bots.people_secret.log_partitions`); shape (n,)
        float64. Built once (a few seconds) and kept."""
        if self._logz is None:
            self._logz = log_partitions(self.vocab, self.tables, self.w, self.static, block)
        return self._logz

    def secret_given_hints(self, secret: int) -> np.ndarray:
        """ln P(a person answers ``secret`` | single-word hint h) for every h; (n,) float64.

        Exact for hints not consonant with the secret (legal hints, R5), as a fresh game's
        single-mode turn: one matrix-vector product and the cached log-partitions. The
        last few secrets' answers are kept (a game asks for its secret every turn); treat
        the array as read-only.
        """
        hit = self._by_secret.pop(secret, None)
        if hit is None:
            hit = secret_given_hints(
                self.vocab, self.tables, self.w, self.static, secret, self.log_partitions()
            )
            if len(self._by_secret) >= _SECRETS_KEPT:
                self._by_secret.pop(next(iter(self._by_secret)))
        self._by_secret[secret] = hit  # the most recent last
        return hit
