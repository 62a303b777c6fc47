"""How a guesser draws from the human-response model: softmax and a level's few words.

Bit for bit the plain dense computations (the bots' decisions must not move), with less
work: the level draw looks at the level's ``top_k`` words only, found in one pass
(:func:`~associatsiya_ai.bots.people.compiled.largest`).
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.bots.people.compiled import kernel, largest

if TYPE_CHECKING:
    from associatsiya_ai.bots.people.params import LevelDraw

__all__ = [
    "draw_at",
    "draw_index",
    "level_logits",
    "level_probabilities",
    "level_support",
    "masked_support",
    "softmax",
    "softmax_at",
]


def softmax(z: np.ndarray, banned: np.ndarray | None) -> np.ndarray:
    """Softmax of ``z`` (n,) with ``banned`` words at exactly 0; float64."""
    x = z.astype(np.float64)  # a copy, worked on in place
    if banned is not None:
        x[banned] = -np.inf
    x -= x.max()
    np.exp(x, out=x)
    x /= x.sum()
    return x


def softmax_at(z: np.ndarray, banned: np.ndarray, i: int) -> np.ndarray:
    """``softmax(z, banned)[i]`` of each row of ``z`` (the same floats), without the other
    words' division.

    Parameters
    ----------
    z : numpy.ndarray
        Shape (n,) or (rows, n): logits.
    banned : numpy.ndarray
        Same shape, bool.
    i : int
        The word whose probability is wanted.

    Returns
    -------
    numpy.ndarray
        Shape () or (rows,), float64.
    """
    x = z.astype(np.float64)
    x[banned] = -np.inf
    x -= x.max(axis=-1, keepdims=True)
    np.exp(x, out=x)
    out: np.ndarray = x[..., i] / x.sum(axis=-1)  # rows are summed as a lone row would be
    return out


def draw_index(p: np.ndarray, rng: np.random.Generator) -> int:
    """``rng.choice(len(p), p=p)`` without its checks: the very index, from the very random
    number (numpy draws one uniform double and searches the normalised cumulative sum).

    Parameters
    ----------
    p : numpy.ndarray
        Shape (k,), float64, non-negative, summing to 1 (as :func:`level_support` gives).
    rng : numpy.random.Generator
        Advanced by one double, as by ``choice``.
    """
    return draw_at(p, rng.random())


def draw_at(p: np.ndarray, u: float) -> int:
    """:func:`draw_index` with its uniform number ``u`` in [0, 1) drawn."""
    cdf = list(accumulate(p.tolist()))  # numpy's cumsum: the same sequential float adds
    return bisect_right([c / cdf[-1] for c in cdf], u)


def level_support(
    logits: np.ndarray, banned: np.ndarray | None, draw: LevelDraw
) -> tuple[np.ndarray, np.ndarray]:
    """The words a level may draw, ascending (k,) int64, and their probabilities (k,)
    float64 (bit for bit the dense distribution's: same terms, same dense sum)."""
    z = np.asarray(logits, np.float64)  # read only
    if banned is not None:
        z = z.copy() if z is logits else z
        z[banned] = -np.inf
    idx = _level_words(z, draw)
    if len(idx) == 1 and (draw.temperature <= 0 or draw.top_k == 1):
        return idx, np.ones(1)
    return idx, level_probabilities(z[idx], idx, len(z), draw.temperature)


def _level_words(z: np.ndarray, draw: LevelDraw) -> np.ndarray:
    """The words the level draws from, ascending int64, of float64 logits ``z`` (banned at
    -inf): the likeliest (``hard``), the ``top_k`` likeliest with their ties, or all."""
    n = len(z)
    if draw.temperature <= 0 or draw.top_k == 1:
        return np.array([int(np.argmax(z))])
    if 0 < draw.top_k < n:
        return np.flatnonzero(z >= largest(z, draw.top_k)[-1])
    return np.arange(n)


def level_probabilities(
    z: np.ndarray,
    idx: np.ndarray,
    n: int,
    temperature: float,
    buffer: np.ndarray | None = None,
    exps: np.ndarray | None = None,
) -> np.ndarray:
    """The level's probabilities of its words ``idx`` (k,) with logits ``z`` (k,) float64
    among ``n`` words; (k,) float64. ``buffer``: (n,) float64 to work in (overwritten;
    default a new one): numpy sums pairwise, so the sum is the one over the dense vector.
    ``exps``: ``np.exp(z - z.max())`` when known (the softmax's terms at ``idx``), used at
    temperature 1, where they are the very numbers."""
    if temperature == 1.0 and exps is not None:
        e = exps
    else:
        x = z / temperature
        e = np.exp(x - x.max())
    if kernel is not None:  # the dense sum, from the blocks that hold the words only
        rows = np.ascontiguousarray(idx, np.int64)
        total: np.ndarray = e / kernel.sparse_sum(e, rows, n)
        return total
    if buffer is None:
        dense = np.zeros(n)
    else:
        dense = buffer
        dense.fill(0.0)
    dense[idx] = e
    q: np.ndarray = e / dense.sum()
    return q


def masked_support(
    z: np.ndarray, banned: np.ndarray, draw: LevelDraw, k: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The logits as the guesser draws from them: shifted by their largest, with ``banned``
    at -inf, the words the level may draw, and the ``k + 1`` likeliest words when the level
    draws from fewer than ``k``.

    Parameters
    ----------
    z : numpy.ndarray
        Shape (n,), float32, C-contiguous: logits.
    banned : numpy.ndarray
        Shape (n,), bool, C-contiguous; not all True.
    draw : LevelDraw
    k : int
        How many likeliest words are wanted besides the level's.

    Returns
    -------
    shifted : numpy.ndarray
        Shape (n,), float64: ``x - x.max()``, ``x`` being ``z`` where allowed, else -inf
        (``softmax(z, banned)`` is its exponential over its sum).
    support : numpy.ndarray
        The words of :func:`level_support` ``(x, None, draw)``, ascending int64.
    near : numpy.ndarray or None
        When the level draws from fewer than ``k`` words: the words whose logit is at least
        the (k + 1)-th largest, ascending int64 (the k + 1 likeliest when there are no
        ties); else None.

    The level's logits ``x[support]`` are :func:`level_logits`.
    """
    n = len(z)
    if kernel is not None:
        return _masked_support_compiled(z, banned, draw, k)
    x = z.astype(np.float64)
    x[banned] = -np.inf
    support = _level_words(x, draw)
    near = None
    if support.size < k < n:
        near = np.flatnonzero(x >= largest(x, k + 1)[-1])
    x -= x[support].max()  # the largest is the level's
    return x, support, near


def level_logits(z: np.ndarray, banned: np.ndarray, support: np.ndarray) -> np.ndarray:
    """The logits ``x[support]`` of :func:`masked_support` (its ``x``: ``z`` as float64,
    -inf where ``banned``), float64: their :func:`level_probabilities` are the level's."""
    out: np.ndarray = np.where(banned[support], -np.inf, z[support].astype(np.float64))
    return out


def _masked_support_compiled(
    z: np.ndarray, banned: np.ndarray, draw: LevelDraw, k: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """:func:`masked_support` in two compiled passes (``_kernel.prepare``): the largest
    logits, then the shifted logits with the words at least as likely as the level's
    last and as the (k + 1)-th."""
    assert kernel is not None
    n = len(z)
    one = draw.temperature <= 0 or draw.top_k == 1
    some = not one and 0 < draw.top_k < n
    level_k = draw.top_k if some else 0
    top = np.empty(min(n, max(level_k, k + 1)))
    shifted = np.empty(n)
    maybe = one or (some and level_k <= k)  # else the level has more than k words
    near_k = k + 1 if maybe and k < n else 0
    rows = np.empty(n, np.int64)
    near_rows = np.empty(n if near_k else 0, np.int64)
    best, size, near_size = kernel.prepare(
        shifted, z, banned, top, rows, near_rows, level_k, near_k
    )
    support = np.array([best]) if one else rows[:size] if some else np.arange(n)
    near = near_rows[:near_size] if support.size < k < n else None
    return shifted, support, near
