"""The hinter's side of the human-response model: P(a person answers the secret | hint h)
for every single-word hint h at once.

A hinter asks, for its secret s, how likely a person who hears h answers s, for every
vocabulary word h (:func:`secret_given_hints`). By the model, that is s's logit in the
query h minus h's log-partition (:func:`log_partitions`, the same for every secret, built
once per vocabulary and cached with the per-word tables). s's logit in every query is one
matrix-vector product (the cosines of s to every word) plus the lookups of the features
read from the other side: the rank of s among each h's neighbours, each h's rank among s's,
and the dictionary links seen from s (:data:`~associatsiya_ai.bots.people.tables.CONVERSE`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from associatsiya_ai.bots.people.compiled import kernel as _kernel
from associatsiya_ai.bots.people.features import LINKED, SAID_COS, log_rank
from associatsiya_ai.bots.people.mix import said_rows, single_terms
from associatsiya_ai.bots.people.ranks import LOG_RANKS, reverse_log_rank
from associatsiya_ai.bots.people.tables import CONVERSE, RELATIONS

if TYPE_CHECKING:
    from associatsiya_ai.bots.people.tables import PeopleTables
    from associatsiya_ai.vocab import Vocabulary

__all__ = [
    "SecretTerms",
    "kept_terms",
    "log_partitions",
    "secret_given_hints",
    "secret_terms",
]


def log_partitions(
    vocab: Vocabulary, tables: PeopleTables, w: np.ndarray, static: np.ndarray, block: int = 64
) -> np.ndarray:
    """ln Σ_w exp(logit) of every single-word query h, over the words a guesser may answer
    after hearing h (not h, not consonant with h).

    Parameters
    ----------
    vocab : Vocabulary
    tables : PeopleTables
    w : numpy.ndarray
        The weights over :data:`~associatsiya_ai.bots.people.features.FEATURES`, divided by
        the temperature, shape (F,) float32 (``PeopleWeights.vector()``).
    static : numpy.ndarray
        Each candidate's own score, ``tables.static @ w[STATIC]``, shape (n,).
    block : int
        Queries per matrix product (memory: a few block × n float32 arrays at a time, and
        block × n × 14 bytes for the reverse ranks). Each query's own rank table is one
        interpolation (:func:`~associatsiya_ai.bots.people.features.log_rank`'s fast path),
        each candidate's is :func:`~associatsiya_ai.bots.people.ranks.reverse_log_rank`:
        the values of the guesser's fast path.

    Returns
    -------
    numpy.ndarray
        Shape (n,), float64; ``-inf`` for a query after which every word is banned.
    """
    n = len(vocab.words)
    out = np.empty(n)
    for s in range(0, n, block):
        rows = np.arange(s, min(s + block, n))
        cos = vocab.matrix[rows] @ vocab.matrix.T
        z = cos * (w[0] + w[1] * cos)
        z += static
        rev = reverse_log_rank(cos, tables.quantiles)  # each candidate in its own table
        z += w[3] * rev
        for b, r in enumerate(rows.tolist()):
            fwd = log_rank(cos[b], tables.quantiles[r])  # the candidates in r's table
            z[b] += w[2] * fwd
            for k in range(len(RELATIONS)):
                z[b, tables.linked(k, r)] += w[LINKED.start + k]
            at, const, by_fwd, by_rev = single_terms(tables, r, w)
            z[b, at] += const + by_fwd * fwd[at] + by_rev * rev[b, at]
            said = said_rows(tables, r)
            z[b, said] += w[SAID_COS] * cos[b, said]
            for part in vocab.consonant_parts(vocab.words[r]):  # R5: never answered
                z[b, part] = -np.inf
            z[b, r] = -np.inf
        top = z.max(1)
        top = np.where(np.isfinite(top), top, 0.0)  # a row with every word banned
        with np.errstate(divide="ignore"):  # such a row's partition is 0: ln 0 = -inf
            out[rows] = top + np.log(np.exp(z - top[:, None]).sum(1, dtype=np.float64))
    return out


class SecretTerms(NamedTuple):
    """The sparse terms of one secret in :func:`secret_given_hints`, read from its side
    (:func:`secret_terms`): they depend on the secret and the weights only.

    Attributes
    ----------
    linked, weights : numpy.ndarray
        The hints linked to the secret, relation by relation (its links read back,
        :data:`~associatsiya_ai.bots.people.tables.CONVERSE`; distinct within a relation),
        int64, and each link's weight, float32.
    rows, const, by_fwd, by_rev : numpy.ndarray
        :func:`~associatsiya_ai.bots.people.mix.single_terms` of the secret, converse.
    said : numpy.ndarray
        The hints whose forward lists name the secret
        (:func:`~associatsiya_ai.bots.people.mix.said_rows`, converse), int32.
    """

    linked: np.ndarray
    weights: np.ndarray
    rows: np.ndarray
    const: np.ndarray
    by_fwd: np.ndarray
    by_rev: np.ndarray
    said: np.ndarray


def secret_terms(tables: PeopleTables, secret: int, w: np.ndarray) -> SecretTerms:
    """Gather the sparse terms of the secret ``secret`` (see :class:`SecretTerms`);
    ``w`` as in :func:`log_partitions`."""
    parts, weights = [], []
    for k, back in enumerate(CONVERSE):  # secret is a <k> of h ⇔ h is a <back> of it
        rows = np.unique(tables.linked(back, secret))  # z[rows] += … adds once per row
        parts.append(rows.astype(np.int64))
        weights.append(np.full(len(rows), w[LINKED.start + k], np.float32))
    at, const, by_fwd, by_rev = single_terms(tables, secret, w, converse=True)
    said = said_rows(tables, secret, converse=True)
    return SecretTerms(
        np.concatenate(parts), np.concatenate(weights), at, const, by_fwd, by_rev, said
    )


def kept_terms(
    kept: dict[int, SecretTerms], tables: PeopleTables, secret: int, w: np.ndarray, limit: int
) -> SecretTerms:
    """:func:`secret_terms` of ``secret`` from ``kept`` (by secret row), gathered and kept
    there when missing; the oldest dropped beyond ``limit`` secrets."""
    terms = kept.get(secret)
    if terms is None:
        terms = kept[secret] = secret_terms(tables, secret, w)
        if len(kept) > limit:
            del kept[next(iter(kept))]
    return terms


def secret_given_hints(
    vocab: Vocabulary,
    tables: PeopleTables,
    w: np.ndarray,
    static: np.ndarray,
    secret: int,
    logz: np.ndarray,
    terms: SecretTerms | None = None,
    cos: np.ndarray | None = None,
) -> np.ndarray:
    """ln P(a person answers ``secret`` | single-word hint h) for every h.

    Exact for hints not consonant with the secret (legal hints, R5), as a fresh game's
    single-mode turn.

    Parameters
    ----------
    vocab, tables, w, static
        As :func:`log_partitions`.
    secret : int
        The secret's vocabulary row.
    logz : numpy.ndarray
        :func:`log_partitions` of the model, shape (n,) float64.
    terms : SecretTerms, optional
        :func:`secret_terms` of the secret, when kept (gathered here when omitted).
    cos : numpy.ndarray, optional
        The secret's cosines to every word, shape (n,) float32: the floats of
        ``vocab.matrix @ vocab.matrix[secret]`` (computed here when omitted; see
        :func:`~associatsiya_ai.bots.people.dots.products`).

    Returns
    -------
    numpy.ndarray
        Shape (n,), float64, read-only.
    """
    if terms is None:
        terms = secret_terms(tables, secret, w)
    if cos is None:
        cos = vocab.matrix @ vocab.matrix[secret]
    z, fwd, rev = _dense(tables, w, static, secret, cos)
    np.add.at(z, terms.linked, terms.weights)  # one add per link, relation by relation
    at = terms.rows
    z[at] += terms.const + terms.by_fwd * fwd[at] + terms.by_rev * rev[at]
    said = terms.said
    z[said] += w[SAID_COS] * (np.float32(0) + cos[said])
    out: np.ndarray = np.subtract(z, logz, dtype=np.float64)  # z widened, as astype would
    out.flags.writeable = False
    return out


def _dense(
    tables: PeopleTables, w: np.ndarray, static: np.ndarray, secret: int, cos: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The dense part of :func:`secret_given_hints`, ``c · (w0 + w1 · c) + static + w2 ·
    fwd + w3 · rev`` (float32, ``c = 0 + cos``), with ``fwd`` (the secret among each
    hint's neighbours) and ``rev`` (each hint among the secret's): three (n,) float32
    arrays. One compiled pass (``secret_pass`` in ``kernel_src/secret.c``) where it was built, else
    the same float32 operations in numpy."""
    q = tables.quantiles
    if _kernel is not None and _float32(q, w, static, cos):
        out = np.empty((3, len(cos)), np.float32)
        z, fwd, rev = out
        w0, w1, w2, w3 = (float(x) for x in w[:4])
        st = float(static[secret])
        _kernel.secret_pass(z, fwd, rev, cos, _last(q), q, q[secret], LOG_RANKS, st, w0, w1, w2, w3)
        return z, fwd, rev
    c = np.float32(0) + cos
    fwd = log_rank(c, q)  # the secret among each hint's neighbours
    rev = log_rank(c, q[secret])  # each hint among the secret's
    z = w[1] * c  # the same float32 operations, in place
    z += w[0]
    z *= c
    z += static[secret]
    part = w[2] * fwd
    z += part
    np.multiply(rev, w[3], out=part)
    z += part
    return z, fwd, rev


def _float32(q: np.ndarray, *arrays: np.ndarray) -> bool:
    """Whether the compiled pass takes these: all float32 and C-contiguous."""
    return all(a.dtype == np.float32 and a.flags.c_contiguous for a in (q, *arrays))


_LAST: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _last(quantiles: np.ndarray) -> np.ndarray:
    """Each row's last (lowest) table entry, (n,) float32 C-contiguous, made once."""
    hit = _LAST.get(id(quantiles))
    if hit is None or hit[0] is not quantiles:
        hit = (quantiles, np.ascontiguousarray(quantiles[:, -1]))
        _LAST.clear()  # one vocabulary at a time
        _LAST[id(quantiles)] = hit
    return hit[1]
