"""Generic features of (heard words, candidate) for the human-response model.

Everything here depends on the vocabulary only (never on evaluation data), through these
attributes of :class:`~associatsiya_ai.vocab.Vocabulary`:

- ``words`` (display spellings; their length in letters is a feature),
- ``folded`` (ё-folded spellings, matched against wordnet lemmas),
- ``matrix`` (n, dim) float32 unit rows (cosines are dot products),
- ``zipf`` (n,) float32 frequency prior,
- ``secrets`` (plain concrete nouns; membership is a feature),
- ``index`` (folded word -> row) and ``vector(word)`` (query words, also outside the vocabulary).

:func:`~associatsiya_ai.bots.people.tables.precompute` builds the per-word tables once per
vocabulary; :func:`feature_matrix` turns a heard word into the feature matrix of every
candidate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from associatsiya_ai.bots.people.ranks import LOG_RANKS as _LOG_RANKS
from associatsiya_ai.bots.people.ranks import RANKS, neighbour_table, reverse_log_rank
from associatsiya_ai.bots.people.tables import DICTIONARY_RELATIONS, RELATIONS, PeopleTables
from associatsiya_ai.vocab.associations import FORWARD_BUCKETS

if TYPE_CHECKING:
    from associatsiya_ai.vocab import Vocabulary

__all__ = [
    "DICTIONARY",
    "FEATURES",
    "LEXICON",
    "LINKED",
    "RANKS",
    "SAID",
    "SAID_COS",
    "STATIC",
    "Heard",
    "feature_matrix",
    "log_rank",
    "reverse_log_rank",
]

FEATURES = (
    "cos", "cos2", "fwd", "rev", "zipf", "zipf2", "length", "secret", "news", "everyday",
    "entry", *RELATIONS,
    "gloss_fwd", "glossed_rev", "mutual", "cm", "cm_fwd", "said_cos",
)  # fmt: skip
"""Column names of :func:`feature_matrix`, in order. ``news`` and ``everyday`` are the
candidate's news bias (:attr:`Vocabulary.news`) where positive and minus it where negative:
people answer news jargon («акционер») less, and everyday words more, than their frequency
alone says. ``entry`` is ln(1 + how many nouns the candidate's own dictionary entry names).

The last five are dictionary interactions (from the links and ranks of the same row):
``gloss_fwd`` = gloss × fwd and ``glossed_rev`` = glossed × rev (a dictionary link counts
for more where the embedding puts the candidate far), ``mutual`` = gloss × glossed (a link
both ways counts less than two), ``cm`` the weight share of heard words' co-mentions with
the candidate (:attr:`PeopleTables.comention`) and ``cm_fwd`` = cm × fwd.

The very last, ``said_cos`` = said × cos (said: the candidate stands in the heard word's
forward list of the association lexicon, at any rank), lets the cosine count differently
among the words people are known to say: there the list's order speaks for people, and the
embedding is the back-off for the words the lexicon lacks."""

STATIC = (4, 5, 6, 7, 8, 9, 10)
"""Columns of :data:`FEATURES` that are the candidate's own (:attr:`PeopleTables.static`)."""
LINKED = slice(11, 11 + len(RELATIONS))
"""Columns of :data:`FEATURES` that are links (:data:`RELATIONS` in order: the dictionary's,
then the association lexicon's)."""
DICTIONARY = [*range(11, 11 + len(DICTIONARY_RELATIONS)), *range(LINKED.stop, LINKED.stop + 5)]
"""Columns of :data:`FEATURES` that come from the dictionary: its links and interactions."""
LEXICON = slice(11 + len(DICTIONARY_RELATIONS), LINKED.stop)
"""Columns of :data:`FEATURES` that come from the association lexicon's links."""
SAID = slice(LEXICON.start, LEXICON.start + len(FORWARD_BUCKETS))
"""Columns of :data:`FEATURES` of the lexicon's ``said*`` links: the candidate stands in the
heard word's forward list (one column per rank bucket)."""
SAID_COS = len(FEATURES) - 1
"""The column of ``said_cos`` in :data:`FEATURES`."""

_NOTHING = np.zeros(0, np.int32)


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
    key : str
        For a word outside the vocabulary, its folded spelling; else empty.
    strength : float
        How much of its evidence is heard: 1 for a person's word, the fitted
        ``bot_discount`` for a word chosen by a bot of the same model.
    by_bot : bool
        Whether a bot of the same model chose it (its evidence is pooled with the other
        words, not added: :meth:`PeopleModel.logits_many
        <associatsiya_ai.bots.people.model.PeopleModel.logits_many>`).
    """

    vector: np.ndarray
    row: int | None
    weight: float
    named: np.ndarray = _NOTHING
    key: str = ""
    strength: float = 1.0
    by_bot: bool = False


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


def feature_matrix(vocab: Vocabulary, tables: PeopleTables, heard: Heard) -> np.ndarray:
    """Features of every candidate for one word heard alone (its weight is not used).

    A chain's logits pool its words' evidence (:meth:`PeopleModel.logits_many
    <associatsiya_ai.bots.people.PeopleModel.logits_many>`), so the features are those of
    one heard word: the cosine to it, the candidate's rank among its neighbours and its rank
    among the candidate's, the candidate's own features and the dictionary links between
    the two.

    Parameters
    ----------
    heard : Heard

    Returns
    -------
    numpy.ndarray
        Shape (n, len(FEATURES)), float32, columns as :data:`FEATURES`.
    """
    n = len(vocab.words)
    cos = vocab.matrix @ heard.vector
    out = np.empty((n, len(FEATURES)), np.float32)
    out[:, 0] = cos
    out[:, 1] = cos * cos
    row = heard.row
    fwd_table = tables.quantiles[row] if row is not None else neighbour_table(cos)
    out[:, 2] = log_rank(cos, fwd_table)
    out[:, 3] = log_rank(cos, tables.quantiles)
    out[:, STATIC] = tables.static
    out[:, LINKED] = 0.0
    col = FEATURES.index
    out[:, col("cm")] = 0.0
    if row is not None:
        for k in range(len(RELATIONS)):
            out[tables.linked(k, row), LINKED.start + k] = 1.0
        rows, values = tables.comentioned(row)
        out[rows, col("cm")] = values
    out[heard.named, col("gloss")] = 1.0
    gloss, glossed, cm = out[:, col("gloss")], out[:, col("glossed")], out[:, col("cm")]
    out[:, col("gloss_fwd")] = gloss * out[:, 2]
    out[:, col("glossed_rev")] = glossed * out[:, 3]
    out[:, col("mutual")] = gloss * glossed
    out[:, col("cm_fwd")] = cm * out[:, 2]
    out[:, SAID_COS] = out[:, SAID].sum(1) * cos  # a word stands in one bucket at most
    return out
