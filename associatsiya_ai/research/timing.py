"""Timing calls for ``bench``: each call's wall time, alone, in pairs with a baseline, or in
blocks beside a baseline's blocks.

A timed assertion in a unit test is flaky; these serve the benchmark
(:mod:`associatsiya_ai.research.bench`), which reports medians.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["median", "ratio", "time_blocks", "time_calls", "time_pairs"]


def time_calls(
    fn: Callable[[Any], Any],
    args: Sequence[Any],
    *,
    warmup: int = 0,
    before: Callable[[], Any] | None = None,
) -> list[float]:
    """Call ``fn(a)`` for each ``a`` and return each call's wall time in milliseconds.

    ``warmup`` untimed passes over ``args`` come first: lazy state gets built, and BLAS
    worker threads that went to sleep while nothing was computed are awake again (waking
    them costs a scheduler tick, several milliseconds, on a busy machine). ``before()`` runs
    untimed before each timed call (the bots forget the cosines they keep, so a repeated
    position is timed as a fresh one).
    """
    for _ in range(warmup):
        for a in args:
            fn(a)
    times = []
    for a in args:
        if before is not None:
            before()
        start = time.perf_counter()
        fn(a)
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def time_pairs(
    first: Callable[[Any], Any],
    second: Callable[[Any], Any],
    args: Sequence[tuple[Any, Any]],
    *,
    warmup: int = 0,
    before: Callable[[], Any] | None = None,
) -> tuple[list[float], list[float]]:
    """Time ``first(a)`` and ``second(b)`` for each pair ``(a, b)`` of ``args``, one right
    after the other, in milliseconds: two lists as long as ``args``.

    Which of the two runs first alternates from pair to pair, so neither always finds the
    caches as the other left them. ``warmup`` untimed passes come first and ``before()``
    runs untimed before each ``first`` call, as in :func:`time_calls`.
    """
    for _ in range(warmup):
        for a, b in args:
            first(a)
            second(b)
    times: tuple[list[float], list[float]] = ([], [])

    def timed(which: int, fn: Callable[[Any], Any], x: Any) -> None:
        if which == 0 and before is not None:
            before()
        start = time.perf_counter()
        fn(x)
        times[which].append((time.perf_counter() - start) * 1000.0)

    for i, (a, b) in enumerate(args):
        if i % 2 == 0:
            timed(0, first, a)
            timed(1, second, b)
        else:
            timed(1, second, b)
            timed(0, first, a)
    return times


def time_blocks(
    first: Callable[[Any], Any],
    second: Callable[[Any], Any],
    args: Sequence[tuple[Any, Any]],
    *,
    rounds: int,
    before: Callable[[], Any] | None = None,
) -> tuple[list[float], list[float], list[float]]:
    """Time ``first`` and ``second`` back to back in blocks: in each of ``rounds`` rounds,
    ``first(a)`` for every pair ``(a, b)`` of ``args`` in a row, then ``second(b)`` for every
    pair in a row (which block goes first alternates from round to round).

    ``before()`` runs untimed before each ``first`` call, as in :func:`time_calls`. No
    warm-up pass: call :func:`time_pairs` or :func:`time_calls` first for that.

    Returns
    -------
    tuple of three lists
        Per round: the median time of a ``first`` call, of a ``second`` call (ms), and the
        ratio of the two medians (``first`` over ``second``; ``nan`` when ``second`` took
        no measurable time). Each list is ``rounds`` long.
    """
    firsts, seconds, ratios = [], [], []
    first_args, second_args = [a for a, _ in args], [b for _, b in args]
    for r in range(rounds):
        if r % 2 == 0:
            a_times = time_calls(first, first_args, before=before)
            b_times = time_calls(second, second_args)
        else:
            b_times = time_calls(second, second_args)
            a_times = time_calls(first, first_args, before=before)
        a_ms, b_ms = statistics.median(a_times), statistics.median(b_times)
        firsts.append(a_ms)
        seconds.append(b_ms)
        ratios.append(a_ms / b_ms if b_ms > 0 else float("nan"))
    return firsts, seconds, ratios


def ratio(a: float | None, b: float | None, digits: int = 3) -> float | None:
    """``a / b`` rounded to ``digits``; None when either is missing or ``b`` is not positive.

    >>> ratio(3.0, 2.0), ratio(1.0, None), ratio(1.0, 0.0)
    (1.5, None, None)
    """
    if a is None or b is None or b <= 0:
        return None
    return round(a / b, digits)


def median(values: Sequence[float], digits: int = 3) -> float | None:
    """The median of ``values``, rounded to ``digits``; None when there are none."""
    return round(float(statistics.median(values)), digits) if values else None
