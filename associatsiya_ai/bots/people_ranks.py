"""ln(rank) lookups of the human-response model's rank features, fast and exact.

A cosine's rank among a word's neighbours is read off the word's neighbour-cosine table
(:attr:`~associatsiya_ai.bots.people_features.PeopleTables.quantiles`): linear in the
cosine between tabulated ranks. :func:`reverse_log_rank` does it for every candidate in
its own table, bit for bit as the plain per-row computation, but only where needed.
"""

from __future__ import annotations

import numpy as np

__all__ = ["LOG_RANKS", "RANKS", "neighbour_table", "reverse_log_rank"]

RANKS = np.array([1, 2, 3, 5, 8, 13, 20, 35, 60, 100, 200, 400, 1000, 3000], np.float32)
"""Neighbour ranks whose cosines are tabulated per word (rank 1 = nearest other word)."""

LOG_RANKS = np.log(RANKS).astype(np.float32)
"""ln :data:`RANKS`, float32."""

_STEPS = LOG_RANKS[1:] - LOG_RANKS[:-1]  # float32, as the plain computation's differences


def reverse_log_rank(cos: np.ndarray, quantiles: np.ndarray) -> np.ndarray:
    """ln(rank) of each candidate's cosine in its own table, in float32 (the hot path).

    Bit for bit the general computation, done only where it is needed: most cosines lie
    beyond their table (``ln RANKS[-1]`` straight away), most of the rest in its last
    segment (one interpolation, no search); the few others are searched in full.

    Parameters
    ----------
    cos : numpy.ndarray
        Shape (n,) or (queries, n), float32: element ``[..., j]`` is ranked in table ``j``.
    quantiles : numpy.ndarray
        Shape (n, K), float32, each row descending (:attr:`PeopleTables.quantiles`).

    Returns
    -------
    numpy.ndarray
        Same shape as ``cos``, float32.
    """
    floor, ends = _table_ends(quantiles)
    n = len(floor)
    flat = np.ascontiguousarray(cos, np.float32).reshape(-1)
    out = np.full(flat.shape, LOG_RANKS[-1], np.float32)
    near = np.flatnonzero(cos >= floor)  # else beyond the table
    rows = near % n if flat.size > n else near
    cn, end = flat[near], ends[rows]  # one gathered row: (second-last entry, span)
    frac = (end[:, 0] - cn) / end[:, 1]
    frac = np.minimum(np.maximum(frac, np.float32(0.0)), np.float32(1.0))
    out[near] = LOG_RANKS[-2] + frac * _STEPS[-1]  # the last segment
    inner = np.flatnonzero(cn >= end[:, 0])
    if inner.size:
        out[near[inner]] = _interpolate(cn[inner], quantiles[rows[inner]])
    return out.reshape(np.shape(cos))


def _interpolate(c: np.ndarray, table: np.ndarray) -> np.ndarray:
    """ln(rank) of cosines ``c`` (m,) float32 in their own tables ``table`` (m, K) float32,
    for cosines not below their table's second-last entry (so within the table)."""
    K = len(RANKS)
    above = (table > c[:, None]).view(np.uint8)
    k = np.einsum("ij->i", above, dtype=np.intp)  # no BLAS: no threads to wake
    hi = np.maximum(k, 1)  # k <= K - 2 here
    at = np.arange(0, K * len(c), K) + hi  # flat index of table[i, hi[i]]
    flat = table.ravel()
    q0, q1 = flat[at - 1], flat[at]
    frac = (q0 - c) / np.maximum(q0 - q1, np.float32(1e-6))
    frac = np.minimum(np.maximum(frac, np.float32(0.0)), np.float32(1.0))
    res: np.ndarray = LOG_RANKS[hi - 1] + frac * _STEPS[hi - 1]
    res[k <= 0] = 0.0
    return res


_ENDS: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _table_ends(quantiles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of a descending (n, K) table: its last entry (n,) float32, and its last
    segment as (second-last entry, max(its length, 1e-6)) (n, 2) float32; made once."""
    hit = _ENDS.get(id(quantiles))
    if hit is None or hit[0] is not quantiles:
        q = np.asarray(quantiles, np.float32)
        span = np.maximum(q[:, -2] - q[:, -1], np.float32(1e-6))
        hit = (quantiles, np.ascontiguousarray(q[:, -1]), np.stack([q[:, -2], span], axis=1))
        _ENDS[id(quantiles)] = hit
    return hit[1], hit[2]


def neighbour_table(cos: np.ndarray) -> np.ndarray:
    """The cosines at ranks :data:`RANKS` (0-based, so the query itself may be rank 0)
    among ``cos`` (n,) float32, descending; shape (len(RANKS),) float32."""
    ranks = np.minimum(RANKS.astype(np.int64), len(cos) - 1)
    head = np.partition(-cos, ranks[-1])[: ranks[-1] + 1]  # the largest, unordered
    head.sort()
    out: np.ndarray = -head[ranks]
    return out
