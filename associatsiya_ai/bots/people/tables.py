"""The human-response model's per-word tables: neighbour-cosine quantiles, the candidates'
own features and the dictionary's links (:func:`precompute`, once per vocabulary; cached by
:mod:`associatsiya_ai.bots.people.cache`).

Everything here depends on the vocabulary only (never on evaluation data), through
``words``, ``folded``, ``matrix``, ``zipf``, ``news``, ``secrets`` and ``index`` of
:class:`~associatsiya_ai.vocab.Vocabulary`, and on the dictionary of the ``wiki-ru-wordnet``
package (:mod:`associatsiya_ai.vocab.wordnet`, :mod:`associatsiya_ai.vocab.glosses`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.bots.people.ranks import RANKS
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.associations import (
    LEXICON_CONVERSE,
    LEXICON_RELATIONS,
    AssociationLexicon,
    association_pairs,
)
from associatsiya_ai.vocab.glosses import comentions, mentions
from associatsiya_ai.vocab.wordnet import relation_pairs, release_tables

if TYPE_CHECKING:
    from associatsiya_ai.vocab import Vocabulary

__all__ = ["CONVERSE", "DICTIONARY_RELATIONS", "GLOSS", "RELATIONS", "PeopleTables", "precompute"]

DICTIONARY_RELATIONS = ("syn", "hyper", "hypo", "cohypo", "gloss", "glossed")
"""Dictionary relations, read as "the candidate is a <relation> of the heard word": wordnet
synonym, hypernym, hyponym, co-hyponym; named in the heard word's dictionary entry, its
definitions or usage examples (``gloss``: «лампа» for «абажур»); naming the heard word in
its own entry (``glossed``: «абажур» for «лампа»; :func:`~associatsiya_ai.vocab.glosses.
mentions`)."""

RELATIONS = (*DICTIONARY_RELATIONS, *LEXICON_RELATIONS)
"""Every relation of the tables: the dictionary's, then the association lexicon's
(:data:`~associatsiya_ai.vocab.associations.LEXICON_RELATIONS`). A candidate's link feature
of a relation is 1 when the heard word is so linked to it."""

GLOSS = RELATIONS.index("gloss")
"""The relation of a word named in the heard word's dictionary entry (the one a heard word
outside the vocabulary has too: :attr:`Heard.named`)."""

CONVERSE = (0, 2, 1, 3, 5, 4, *(len(DICTIONARY_RELATIONS) + k for k in LEXICON_CONVERSE))
"""The converse of each relation of :data:`RELATIONS`: the candidate is a <k> of the heard
word ⇔ the heard word is a <CONVERSE[k]> of the candidate."""

_NOTHING = np.zeros(0, np.int32)
_NO_VALUES = np.zeros(0, np.float32)


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

    @cached_property
    def direct(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The words each word's entry names or whose entries name it (the gloss and
        glossed links together), made once (tens of milliseconds): ``(indptr (n+1,) int64,
        rows int32, ascending within a row; in_gloss, in_glossed bool)``, the flags saying
        which of the two relations each link is."""
        n = len(self.quantiles)
        (gp, gi), (dp, di) = self.links[GLOSS], self.links[GLOSS + 1]
        rows = np.arange(n, dtype=np.int64)
        key = np.concatenate([np.repeat(rows, np.diff(gp)) * n + gi,
                              np.repeat(rows, np.diff(dp)) * n + di])  # fmt: skip
        kind = np.arange(len(key)) >= len(gi)  # True: glossed
        unique, where = np.unique(key, return_inverse=True)
        in_gloss = np.zeros(len(unique), bool)
        in_glossed = np.zeros(len(unique), bool)
        in_gloss[where[~kind]] = True
        in_glossed[where[kind]] = True
        indptr = np.zeros(n + 1, np.int64)
        np.cumsum(np.bincount(unique // n, minlength=n), out=indptr[1:])
        return indptr, (unique % n).astype(np.int32), in_gloss, in_glossed


def _quantiles(matrix: np.ndarray, block: int = 256) -> np.ndarray:
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


def _csr(pairs: set[tuple[int, int]], n: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR arrays ``(indptr, indices)`` of a set of (row, column) pairs."""
    if not pairs:
        return np.zeros(n + 1, np.int64), np.zeros(0, np.int32)
    arr = np.array(sorted(pairs), np.int64)
    indptr = np.searchsorted(arr[:, 0], np.arange(n + 1)).astype(np.int64)
    return indptr, arr[:, 1].astype(np.int32)


def precompute(
    vocab: Vocabulary, *, wordnet: bool = True, lexicon: AssociationLexicon | None = None
) -> PeopleTables:
    """Build the per-word tables of a vocabulary (no evaluation data involved).

    Cost on navec news_v1 (11,540 words, 300 dims, 2 cores): about 12 s (half of it the
    dictionary's mentions) and 4 MB; the tables are cached beside the vocabulary
    (:mod:`associatsiya_ai.bots.people.cache`).

    Parameters
    ----------
    vocab : Vocabulary
        Uses ``matrix``, ``zipf``, ``words``, ``folded``, ``secrets`` and ``index``.
    wordnet : bool
        Read wiki-ru-wordnet's links and mentions and the shipped association lexicon
        (False: no links, e.g. for hand-made test vocabularies).
    lexicon : AssociationLexicon, optional
        The association lexicon to link by, whatever ``wordnet`` says (tests' hand-made
        ones); the shipped one when omitted and ``wordnet`` is True.
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
    comention = None
    if wordnet:
        pairs[:4] = relation_pairs(vocab.index)
        release_tables()  # the dictionary's entries come next: not both in memory at once
        named = mentions(vocab.index)
        pairs[4:6] = named, {(j, i) for i, j in named}
        comention = comentions(named, n)
    if wordnet or lexicon is not None:
        pairs[len(DICTIONARY_RELATIONS) :] = association_pairs(vocab.index, lexicon)
    links = tuple(_csr(p, n) for p in pairs)
    entry = np.diff(links[GLOSS][0]).astype(np.float32)  # nouns each word's entry names
    static = np.stack(
        [zipf, zipf**2, length, secret, np.maximum(news, 0), np.maximum(-news, 0),
         np.log1p(entry)], axis=1
    ).astype(np.float32)  # fmt: skip
    return PeopleTables(quantiles, static, links, comention)
