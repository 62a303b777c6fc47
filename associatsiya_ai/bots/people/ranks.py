"""ln(rank) lookups of the human-response model's rank features, fast and exact.

A cosine's rank among a word's neighbours is read off the word's neighbour-cosine table
(:attr:`~associatsiya_ai.bots.people.features.PeopleTables.quantiles`): linear in the
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

    Bit for bit the general computation (for finite cosines), in few operations: one
    comparison with every table entry counts the entries above each cosine; most cosines
    lie beyond their table (``ln RANKS[-1]``), the others are interpolated in the segment
    the count names, whose numbers are gathered at once (:func:`_segments`). The clipping
    of the plain computation is not needed: a cosine below ``k`` entries and not below the
    next lies within segment ``k - 1``.

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
    columns, segments = _segments(quantiles)
    K, n = columns.shape
    c = np.asarray(cos, np.float32)
    above = columns > c[..., None, :] if c.ndim == 2 else columns > c  # (..., K, n)
    k = above.view(np.uint8).sum(axis=-2, dtype=np.uint8).reshape(-1)  # entries above cos
    out = np.full(k.shape, LOG_RANKS[-1], np.float32)
    near = np.flatnonzero(k < K)  # else beyond the table
    rows = near % n if k.size > n else near
    at = np.multiply(k[near], n, dtype=np.intp)  # count-major: k · n + row
    at += rows
    g = segments[at].view(np.float32).reshape(-1, 4)
    res = g[:, 0] - c.reshape(-1)[near]  # (entry - cos) / span · step + ln rank
    res /= g[:, 1]
    res *= g[:, 2]
    res += g[:, 3]
    out[near] = res
    return out.reshape(c.shape)


_SEGMENTS: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _segments(quantiles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Of a descending (n, K) float32 table, made once: its columns (K, n) float32, and
    per count ``k`` of entries above a cosine (0…K-1) and row the numbers that interpolate
    it, ``(entry, span, step, ln rank)`` as one complex128 (four float32), flat (K·n,) at
    ``k · n + row`` (most cosines within a table lie in its last segment: their numbers
    are read in row order, neighbours in memory).

    Count ``k`` in 1…K-1 uses segment ``s = k - 1``: ``(q[s], max(q[s] - q[s+1], 1e-6),
    LOG_RANKS[s+1] - LOG_RANKS[s], LOG_RANKS[s])``; count 0 gives ``… · 0 + 0 = 0`` (nearer
    than the nearest neighbour) and count K is beyond the table.
    """
    hit = _SEGMENTS.get(id(quantiles))
    if hit is None or hit[0] is not quantiles:
        q = np.ascontiguousarray(quantiles, np.float32)
        n, K = q.shape
        seg = np.maximum(np.arange(K), 1) - 1
        span = np.maximum(q[:, :-1] - q[:, 1:], np.float32(1e-6))
        table = np.empty((K, n, 4), np.float32)
        table[:, :, 0] = q[:, seg].T
        table[:, :, 1] = span[:, seg].T
        table[:, :, 2] = _STEPS[seg, None]
        table[:, :, 3] = LOG_RANKS[seg, None]
        table[0, :, 2:] = 0.0
        flat = table.reshape(-1, 4).view(np.complex128).reshape(-1)
        hit = (quantiles, np.ascontiguousarray(q.T), flat)
        _SEGMENTS[id(quantiles)] = hit
    return hit[1], hit[2]


def neighbour_table(cos: np.ndarray) -> np.ndarray:
    """The cosines at ranks :data:`RANKS` (0-based, so the query itself may be rank 0)
    among ``cos`` (n,) float32, descending; shape (len(RANKS),) float32."""
    ranks = np.minimum(RANKS.astype(np.int64), len(cos) - 1)
    head = np.partition(-cos, ranks[-1])[: ranks[-1] + 1]  # the largest, unordered
    head.sort()
    out: np.ndarray = -head[ranks]
    return out
