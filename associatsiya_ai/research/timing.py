"""Timing calls for ``bench``: each call's wall time, alone or in pairs with a baseline.

A timed assertion in a unit test is flaky; these serve the benchmark
(:mod:`associatsiya_ai.research.bench`), which reports medians.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["median", "time_calls", "time_pairs"]


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
    rounds: int = 3,
    before: Callable[[], Any] | None = None,
) -> tuple[list[float], list[float]]:
    """Time ``first`` over every ``a`` of ``args`` back to back, then ``second`` over every
    ``b``, ``rounds`` times, in milliseconds per call (two lists, ``rounds · len(args)``
    long): each block keeps its own data in the caches, as a program doing one thing at a
    time would. ``before()`` runs untimed before each ``first`` call. The first round is a
    warm-up and is not kept (rounds - 1 are, at least one).
    """
    times: tuple[list[float], list[float]] = ([], [])
    for r in range(max(rounds, 2)):
        for which, fn, xs in ((0, first, [a for a, _ in args]), (1, second, [b for _, b in args])):
            got = time_calls(fn, xs, before=before if which == 0 else None)
            if r:
                times[which].extend(got)
    return times


def median(values: Sequence[float], digits: int = 3) -> float | None:
    """The median of ``values``, rounded to ``digits``; None when there are none."""
    return round(float(statistics.median(values)), digits) if values else None
