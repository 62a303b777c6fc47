"""The guesser's answer from its shifted logits: the k likeliest words, the softmax total
and the level's draw, bit for bit the plain dense computations (ties decided as
``argpartition`` and a stable sort decide them), in one compiled call where the numbers allow
(:func:`settle`).
"""

from __future__ import annotations

import numpy as np

from associatsiya_ai.bots.people.compiled import kernel

__all__ = ["likeliest", "likeliest_plain", "settle", "total_of"]


def likeliest(
    e: np.ndarray,
    support: np.ndarray,
    k: int,
    near: np.ndarray | None = None,
    at_support: np.ndarray | None = None,
) -> np.ndarray:
    """The ``k`` largest positive ``e`` (n,) float64, largest first: among ``support`` (the
    level's top words, ascending) when it holds k positive ones, else among all.

    Among all words, the candidates are the words at least as likely as the (k + 1)-th
    likeliest (``near``, ascending, when known from the logits, which ``e`` follows; else
    by one partition of ``e``). When they are k + 1 with distinct positive ``e``, the set
    and order of the k largest do not depend on how ties are broken: that is the answer.
    Likewise among the level's words when their values are distinct and k are positive
    (sorted as a list: a dozen words; ``at_support``: ``e[support]`` when known). Else
    :func:`likeliest_plain` (the same words in the same order).
    """
    n = len(e)
    if support.size >= k:  # among the level's words, k positive and distinct: in Python
        listed: list[float] = (e[support] if at_support is None else at_support).tolist()
        if sum(v > 0 for v in listed) >= k and len(set(listed)) == len(listed):
            ranked_rows = sorted(range(len(listed)), key=listed.__getitem__, reverse=True)
            first: np.ndarray = support[ranked_rows[:k]]
            return first
    if support.size < k < n:
        if near is None:
            near = np.flatnonzero(e >= np.partition(e, n - k - 1)[n - k - 1])
        values = e[near]
        order = np.argsort(-values, kind="stable")
        ranked = values[order]
        if near.size == k + 1 and ranked[-1] > 0 and bool((ranked[:-1] > ranked[1:]).all()):
            out: np.ndarray = near[order[:k]]
            return out
    return likeliest_plain(e, support, k)


def likeliest_plain(e: np.ndarray, support: np.ndarray, k: int) -> np.ndarray:
    """:func:`likeliest` by argpartition, whatever the ties."""
    pool = support if support.size >= k else np.arange(len(e))
    if pool is support and int((e[pool] > 0).sum()) < k:
        pool = np.arange(len(e))
    k = min(k, int((e[pool] > 0).sum()))
    top = pool[np.argpartition(-e[pool], k - 1)[:k]]
    out: np.ndarray = top[np.argsort(-e[top], kind="stable")]
    return out


def settle(
    e: np.ndarray,
    z: np.ndarray,
    support: np.ndarray,
    k: int,
    level: np.ndarray | None,
    u: float | None,
) -> tuple[list[int], list[float], list[float], int, float, float] | None:
    """The guesser's answer in one compiled call, where the numbers allow (else None).

    Parameters
    ----------
    e : numpy.ndarray
        Shape (n,), float64: the exponentiated shifted logits (:func:`~.draw.masked_support`).
    z : numpy.ndarray
        Shape (n,), float32: the logits.
    support : numpy.ndarray
        The level's words, ascending int64.
    k : int
        How many likeliest words.
    level : numpy.ndarray or None
        The level's terms ``exp(x / T - max)`` at ``support`` (float64), or None at
        temperature 1, where they are ``e[support]``.
    u : float or None
        The uniform number of the draw (:func:`~.draw.draw_at`), or None for no draw.

    Returns
    -------
    tuple or None
        The k likeliest words (rows, largest first: :func:`likeliest`), their logits and
        probabilities ``e / total`` as lists, the index in ``support`` drawn
        (:func:`~.draw.draw_at` of :func:`~.draw.level_probabilities`; 0 without a draw),
        ``total`` (:func:`total_of`) and the drawn word's probability. None without the compiled
        pass, with more than 64 words in ``support``, or where ties or fewer than k
        positive words leave the order to :func:`likeliest_plain`.
    """
    if kernel is None:
        return None
    return kernel.settle(e, z, support, k, level, -1.0 if u is None else u)


def total_of(e: np.ndarray) -> float:
    """``float(e.sum())`` of (n,) float64 ``e``, C-contiguous: numpy's pairwise sum, in one
    compiled call where built."""
    return float(e.sum()) if kernel is None else kernel.dense_sum(e)
