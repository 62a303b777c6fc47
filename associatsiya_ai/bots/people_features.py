"""Generic features of (heard words, candidate) for the human-response model.

Everything here depends on the vocabulary only (never on evaluation data), through these
attributes of :class:`~associatsiya_ai.vocab.Vocabulary`:

- ``words`` (display spellings; their length in letters is a feature),
- ``folded`` (ё-folded spellings, matched against wordnet lemmas),
- ``matrix`` (n, dim) float32 unit rows (cosines are dot products),
- ``zipf`` (n,) float32 frequency prior,
- ``secrets`` (plain concrete nouns; membership is a feature),
- ``index`` (folded word -> row) and ``vector(word)`` (query words, also outside the vocabulary).

:func:`precompute` builds the per-word tables once per vocabulary (seconds; see its
docstring); :func:`feature_matrix` turns a weighted set of heard words into the feature
matrix of every candidate.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from associatsiya_ai.bots.people_ranks import LOG_RANKS as _LOG_RANKS
from associatsiya_ai.bots.people_ranks import RANKS, reverse_log_rank
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.glosses import comentions, mentions
from associatsiya_ai.vocab.wordnet import wordnet_path

if TYPE_CHECKING:
    from associatsiya_ai.vocab import Vocabulary

__all__ = [
    "CONVERSE",
    "DICTIONARY",
    "FEATURES",
    "GLOSS",
    "LINKED",
    "RANKS",
    "STATIC",
    "Heard",
    "PeopleTables",
    "feature_matrix",
    "log_rank",
    "precompute",
    "reverse_log_rank",
]

FEATURES = (
    "cos", "cos2", "fwd", "rev", "zipf", "zipf2", "length", "secret", "news", "everyday",
    "entry", "syn", "hyper", "hypo", "cohypo", "gloss", "glossed",
    "gloss_fwd", "glossed_rev", "mutual", "cm", "cm_fwd",
)  # fmt: skip
"""Column names of :func:`feature_matrix`, in order. ``news`` and ``everyday`` are the
candidate's news bias (:attr:`Vocabulary.news`) where positive and minus it where negative:
people answer news jargon («акционер») less, and everyday words more, than their frequency
alone says. ``entry`` is ln(1 + how many nouns the candidate's own dictionary entry names).

The last five are dictionary interactions (from the links and ranks of the same row):
``gloss_fwd`` = gloss × fwd and ``glossed_rev`` = glossed × rev (a dictionary link counts
for more where the embedding puts the candidate far), ``mutual`` = gloss × glossed (a link
both ways counts less than two), ``cm`` the weight share of heard words' co-mentions with
the candidate (:attr:`PeopleTables.comention`) and ``cm_fwd`` = cm × fwd."""

STATIC = (4, 5, 6, 7, 8, 9, 10)
"""Columns of :data:`FEATURES` that are the candidate's own (:attr:`PeopleTables.static`)."""
LINKED = slice(11, 17)
"""Columns of :data:`FEATURES` that are dictionary links (:data:`RELATIONS` in order)."""
DICTIONARY = slice(11, 22)
"""Columns of :data:`FEATURES` that come from the dictionary: links and interactions."""

RELATIONS = ("syn", "hyper", "hypo", "cohypo", "gloss", "glossed")
"""Dictionary relations, read as "the candidate is a <relation> of the heard word": wordnet
synonym, hypernym, hyponym, co-hyponym; named in the heard word's dictionary entry, its
definitions or usage examples (``gloss``: «лампа» for «абажур»); naming the heard word in
its own entry (``glossed``: «абажур» for «лампа»; :func:`~associatsiya_ai.vocab.glosses.
mentions`). The link features of a candidate are the weight share of heard words so linked.
"""

GLOSS = RELATIONS.index("gloss")
"""The relation of a word named in the heard word's dictionary entry (the one a heard word
outside the vocabulary has too: :attr:`Heard.named`)."""

CONVERSE = (0, 2, 1, 3, 5, 4)
"""The converse of each relation of :data:`RELATIONS`: the candidate is a <k> of the heard
word ⇔ the heard word is a <CONVERSE[k]> of the candidate."""

_NOTHING = np.zeros(0, np.int32)
_NO_VALUES = np.zeros(0, np.float32)


class Heard(NamedTuple):
    """A heard word as the human-response model takes it.

    Attributes
    ----------
    vector : numpy.ndarray
        Shape (dim,), float32, unit length.
    row : int or None
        Its vocabulary row (its links are in :attr:`PeopleTables.links`), or None.
    weight : float
        Its weight in the query (> 0).
    named : numpy.ndarray
        For a word outside the vocabulary, the rows its own dictionary entry names
        (:func:`~associatsiya_ai.vocab.glosses.named_in_entry`), int32, unique; else empty.
    """

    vector: np.ndarray
    row: int | None
    weight: float
    named: np.ndarray = _NOTHING


_MAX_COHYPONYMS = 300
"""Hypernym synsets with more vocabulary hyponyms than this give no co-hyponym links
(«предмет», «человек»: siblings under them are not an association)."""


@dataclass(frozen=True)
class PeopleTables:
    """Per-word tables built by :func:`precompute`.

    Attributes
    ----------
    quantiles : numpy.ndarray
        Shape (n, len(RANKS)), float32, descending: the cosine of word i's r-th nearest
        other vocabulary word for r in :data:`RANKS`.
    static : numpy.ndarray
        Shape (n, 7), float32: zipf, zipf², length in letters, is-secret, news bias where
        positive, minus it where negative, entry size (the candidate's own features, the
        same whatever was heard; the columns :data:`STATIC` of :data:`FEATURES`).
    links : tuple of (numpy.ndarray, numpy.ndarray)
        Per relation of :data:`RELATIONS`, CSR ``(indptr (n+1,) int64, indices int32)``: the
        vocabulary rows that stand in that relation to row i in the wordnet.
    comention : tuple of numpy.ndarray, optional
        Symmetric CSR ``(indptr (n+1,) int64, indices int32, values float32)``: ln(1 + how
        many dictionary entries name both words), for words that do not name each other
        (:func:`~associatsiya_ai.vocab.glosses.comentions`). None: no co-mentions.
    """

    quantiles: np.ndarray
    static: np.ndarray
    links: tuple[tuple[np.ndarray, np.ndarray], ...]
    comention: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    def comentioned(self, row: int) -> tuple[np.ndarray, np.ndarray]:
        """Rows co-mentioned with ``row`` (int32) and their values (float32)."""
        if self.comention is None:
            return _NOTHING, _NO_VALUES
        indptr, indices, values = self.comention
        at = slice(indptr[row], indptr[row + 1])
        return indices[at], values[at]

    def linked(self, relation: int, row: int) -> np.ndarray:
        """Rows linked to ``row`` by relation number ``relation``; int32 array."""
        indptr, indices = self.links[relation]
        out: np.ndarray = indices[indptr[row] : indptr[row + 1]]
        return out

    @cached_property
    def all_links(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every relation's links in one CSR, row by row and within a row relation by
        relation as :attr:`links`: ``(indptr (n+1,) int64, indices int32, relation int8)``
        (made once)."""
        n = len(self.quantiles)
        counts = np.stack([np.diff(indptr) for indptr, _ in self.links]).reshape(-1, n)
        indptr = np.zeros(n + 1, np.int64)
        np.cumsum(counts.sum(0), out=indptr[1:])
        start = indptr[:-1] + np.cumsum(counts, 0) - counts  # (relations, n)
        indices = np.empty(int(indptr[-1]), np.int32)
        relation = np.empty(int(indptr[-1]), np.int8)
        for k, (ptr, idx) in enumerate(self.links):
            at = np.repeat(start[k] - ptr[:-1], counts[k]) + np.arange(len(idx))
            indices[at], relation[at] = idx, k
        return indptr, indices, relation


_FP = _LOG_RANKS[::-1].astype(np.float64)  # np.interp's ordinates, as it converts them
_LEFT = float(_LOG_RANKS[-1])


def _log_rank_fast(c: np.ndarray, quantiles: np.ndarray) -> np.ndarray:
    """:func:`log_rank` of one cosine per candidate, in float32 (a guess's hot path)."""
    if quantiles.ndim == 1:  # one piecewise-linear curve for all: np.interp
        xp = quantiles[::-1].astype(np.float64)
        out1 = np.full(len(c), _LOG_RANKS[-1], np.float32)
        near1 = np.flatnonzero(c >= np.float32(quantiles.min()))  # else beyond the table
        out1[near1] = np.interp(c[near1], xp, _FP, left=_LEFT, right=0.0)
        return out1
    return reverse_log_rank(c, quantiles)


def log_rank(cos: np.ndarray, quantiles: np.ndarray) -> np.ndarray:
    """Interpolated ln(rank) of cosines within neighbour-cosine tables.

    Parameters
    ----------
    cos : numpy.ndarray
        Shape (..., m), float32.
    quantiles : numpy.ndarray
        Shape (m, K): element ``[..., j]`` is ranked in table ``j`` (the reverse rank: the
        query among candidate j's neighbours); or shape (K,): one table for all. Each table
        descending, for ranks :data:`RANKS`.

    Returns
    -------
    numpy.ndarray
        Same shape as ``cos``, float32 in [0, ln RANKS[-1]]: 0 when closer than the nearest
        neighbour, linear in cosine between tabulated ranks, ln RANKS[-1] beyond the table.
    """
    if np.ndim(cos) == 1 and (quantiles.ndim == 1 or quantiles.shape[0] == len(cos)):
        return _log_rank_fast(np.asarray(cos, np.float32), quantiles)
    lr = np.log(RANKS).astype(np.float64)
    K = len(RANKS)
    c = np.asarray(cos, np.float64)
    if quantiles.ndim == 1:
        table = quantiles.astype(np.float64)
        k = np.searchsorted(-table, -c)  # how many tabulated cosines exceed cos
        hi = np.clip(k, 1, K - 1)
        q0, q1 = table[hi - 1], table[hi]
    else:
        m = quantiles.shape[0]
        offset = 4.0 * np.arange(m, dtype=np.float64)  # cosines lie in [-1, 1]: tables apart
        flat = (offset[:, None] - quantiles.astype(np.float64)).ravel()
        k = np.searchsorted(flat, (offset - c).ravel()).reshape(c.shape) - K * np.arange(m)
        hi = np.clip(k, 1, K - 1)
        base = K * np.arange(m)
        q0 = offset - flat[base + hi - 1]
        q1 = offset - flat[base + hi]
    frac = np.clip((q0 - c) / np.maximum(q0 - q1, 1e-6), 0.0, 1.0)
    res = lr[hi - 1] + frac * (lr[hi] - lr[hi - 1])
    res = np.where(k <= 0, 0.0, np.where(k >= K, lr[-1], res))
    out: np.ndarray = res.astype(np.float32)
    return out


def _quantiles(matrix: np.ndarray, block: int = 1024) -> np.ndarray:
    """Neighbour-cosine table of every row (self excluded); shape (n, K) float32."""
    n = matrix.shape[0]
    ranks = np.minimum(RANKS.astype(np.int64), n - 1)
    out = np.empty((n, len(RANKS)), np.float32)
    for start in range(0, n, block):
        sims = matrix[start : start + block] @ matrix.T
        rows = np.arange(sims.shape[0])
        sims[rows, start + rows] = -np.inf  # not its own neighbour
        neg = np.partition(-sims, ranks - 1, axis=1)
        out[start : start + block] = -neg[:, ranks - 1]
    return out


def _wordnet_pairs(folded: list[str], index: dict[str, int]) -> list[set[tuple[int, int]]]:
    """Vocabulary row pairs (heard, candidate) of the first four relations (synonym,
    hypernym, hyponym, co-hyponym), from wiki-ru-wordnet's sqlite."""
    db = wordnet_path()
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        members: dict[int, set[int]] = defaultdict(set)
        for sid, lemma in con.execute("SELECT synset_id, lemma FROM synsets"):
            row = index.get(fold(lemma))
            if row is not None:
                members[sid].add(row)
        hyper = con.execute("SELECT sid, hypersid FROM hypernyms").fetchall()
    finally:
        con.close()
    pairs: list[set[tuple[int, int]]] = [set() for _ in range(4)]
    for rows in members.values():
        pairs[0].update((a, b) for a in rows for b in rows if a != b)
    children: dict[int, set[int]] = defaultdict(set)
    for sid, up in hyper:
        for a in members.get(sid, ()):
            for b in members.get(up, ()):
                if a != b:
                    pairs[1].add((a, b))  # b is a hypernym of a
                    pairs[2].add((b, a))  # a is a hyponym of b
            children[up].add(a)
    for kids in children.values():
        if len(kids) <= _MAX_COHYPONYMS:
            pairs[3].update((a, b) for a in kids for b in kids if a != b)
    return pairs


def _csr(pairs: set[tuple[int, int]], n: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR arrays ``(indptr, indices)`` of a set of (row, column) pairs."""
    if not pairs:
        return np.zeros(n + 1, np.int64), np.zeros(0, np.int32)
    arr = np.array(sorted(pairs), np.int64)
    indptr = np.searchsorted(arr[:, 0], np.arange(n + 1)).astype(np.int64)
    return indptr, arr[:, 1].astype(np.int32)


def precompute(vocab: Vocabulary, *, wordnet: bool = True) -> PeopleTables:
    """Build the per-word tables of a vocabulary (no evaluation data involved).

    Cost on navec news_v1 (11,540 words, 300 dims, 2 cores): about 12 s (half of it the
    dictionary's mentions) and 4 MB; the tables are cached beside the vocabulary
    (:mod:`associatsiya_ai.bots.people_cache`).

    Parameters
    ----------
    vocab : Vocabulary
        Uses ``matrix``, ``zipf``, ``words``, ``folded``, ``secrets`` and ``index``.
    wordnet : bool
        Read wiki-ru-wordnet's links and mentions (False: no links, e.g. for hand-made test
        vocabularies).
    """
    n = len(vocab.words)
    matrix = np.asarray(vocab.matrix, np.float32)
    quantiles = _quantiles(matrix) if n > 1 else np.zeros((n, len(RANKS)), np.float32)
    secret = np.zeros(n, np.float32)
    for w in vocab.secrets:
        i = vocab.index.get(fold(w))
        if i is not None:
            secret[i] = 1.0
    zipf = np.asarray(vocab.zipf, np.float32)
    length = np.array([len(w) for w in vocab.words], np.float32)
    news = np.asarray(vocab.news, np.float32)
    pairs: list[set[tuple[int, int]]] = [set() for _ in RELATIONS]
    entry = np.zeros(n, np.float32)
    comention = None
    if wordnet:
        pairs[:4] = _wordnet_pairs(vocab.folded, vocab.index)
        named = mentions(vocab.index)
        pairs[4:] = named, {(j, i) for i, j in named}
        np.add.at(entry, np.array([i for i, _ in named], np.int64), 1.0)
        comention = comentions(named, n)
    static = np.stack(
        [zipf, zipf**2, length, secret, np.maximum(news, 0), np.maximum(-news, 0),
         np.log1p(entry)], axis=1
    ).astype(np.float32)  # fmt: skip
    return PeopleTables(quantiles, static, tuple(_csr(p, n) for p in pairs), comention)


def feature_matrix(vocab: Vocabulary, tables: PeopleTables, heard: list[Heard]) -> np.ndarray:
    """Features of every candidate for a weighted set of heard words.

    The query is the weighted sum of the heard words' unit vectors, renormalised (as
    ``bots/scoring.query``); ranks are those of that query; dictionary links are the
    weight share of heard words linked to the candidate.

    Parameters
    ----------
    heard : list of Heard

    Returns
    -------
    numpy.ndarray
        Shape (n, len(FEATURES)), float32, columns as :data:`FEATURES`.
    """
    n = len(vocab.words)
    q = np.zeros(vocab.matrix.shape[1], np.float32)
    for h in heard:
        q += np.float32(h.weight) * h.vector
    q /= max(float(np.linalg.norm(q)), 1e-9)
    cos = vocab.matrix @ q
    out = np.empty((n, len(FEATURES)), np.float32)
    out[:, 0] = cos
    out[:, 1] = cos * cos
    row = heard[0].row if len(heard) == 1 else None
    if row is not None:
        fwd_table = tables.quantiles[row]
    else:
        ranks = np.minimum(RANKS.astype(np.int64), n - 1)
        fwd_table = -np.partition(-cos, ranks)[ranks]  # the query itself may be rank 0
    out[:, 2] = log_rank(cos, fwd_table)
    out[:, 3] = log_rank(cos, tables.quantiles)
    out[:, STATIC] = tables.static
    out[:, LINKED] = 0.0
    total = sum(h.weight for h in heard)
    col = FEATURES.index
    out[:, col("cm")] = 0.0
    for h in heard:
        if h.row is not None:
            for k in range(len(RELATIONS)):
                out[tables.linked(k, h.row), LINKED.start + k] += h.weight / total
            rows, values = tables.comentioned(h.row)
            out[rows, col("cm")] += values * np.float32(h.weight / total)
        out[h.named, col("gloss")] += h.weight / total
    gloss, glossed, cm = out[:, col("gloss")], out[:, col("glossed")], out[:, col("cm")]
    out[:, col("gloss_fwd")] = gloss * out[:, 2]
    out[:, col("glossed_rev")] = glossed * out[:, 3]
    out[:, col("mutual")] = gloss * glossed
    out[:, col("cm_fwd")] = cm * out[:, 2]
    return out
