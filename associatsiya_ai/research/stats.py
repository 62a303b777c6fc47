"""Binomial shares and their Wilson score intervals, as the bot-vs-bot report gives them.

>>> lo, hi = wilson_interval(5, 10)
>>> round(lo, 4), round(hi, 4)
(0.2366, 0.7634)
"""

from __future__ import annotations

import math

__all__ = ["DIGITS", "Z_95", "ci", "share", "wilson_interval"]

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval, Φ⁻¹(0.975)."""

DIGITS = 4
"""Decimal places of the shares, intervals and curves in a report."""


def wilson_interval(successes: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial share ``successes / n``.

    Wilson, E. B. (1927), "Probable inference, the law of succession, and statistical
    inference", *Journal of the American Statistical Association* 22 (158): 209–212,
    formula as in Newcombe, R. G. (1998), "Two-sided confidence intervals for the single
    proportion: comparison of seven methods", *Statistics in Medicine* 17: 857–872
    (method 3)::

        centre    = (p + z²/2n) / (1 + z²/n)
        halfwidth = z / (1 + z²/n) · sqrt(p(1 − p)/n + z²/4n²)

    Unlike the normal (Wald) interval it stays inside [0, 1] and is not empty at 0 or n
    successes, which matters here: fouls and draws are often 0.

    Parameters
    ----------
    successes : int
        Number of successes, 0 ≤ successes ≤ n.
    n : int
        Number of trials.
    z : float
        Normal quantile (1.96 for 95%).

    Returns
    -------
    (float, float)
        The lower and upper bound; ``(0.0, 1.0)`` when ``n`` is 0 (nothing is known).

    Raises
    ------
    ValueError
        When ``successes`` is outside ``[0, n]``.

    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 ≤ successes ≤ n, got {successes} of {n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # At 0 or n successes the bound is exactly 0 or 1; say so rather than 1e-17.
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def share(k: int, n: int) -> float | None:
    """``k / n`` rounded to 4 places; None when ``n`` is 0.

    >>> share(1, 3), share(0, 0)
    (0.3333, None)
    """
    return round(k / n, DIGITS) if n else None


def ci(k: int, n: int) -> list[float]:
    """The 95% Wilson interval of ``k / n`` as ``[lo, hi]``, rounded to 4 places.

    Raises
    ------
    ValueError
        When ``k`` is outside ``[0, n]``.
    """
    return [round(x, DIGITS) for x in wilson_interval(k, n)]
