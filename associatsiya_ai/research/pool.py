"""Running tasks one by one or in a process pool, with one BLAS thread per process.

Ctrl-C in the terminal reaches every process of the group: the workers ignore it, the
parent stops the pool at once (queued tasks dropped, running ones terminated) and
re-raises it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import TypeVar

from associatsiya_ai.blas import one_blas_thread

__all__ = ["blas_threads", "run_tasks", "usable_cpus"]

T = TypeVar("T")
R = TypeVar("R")


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the platform has one).

    More worker processes than this only take turns on the same CPUs: each holds its own
    copy of the bots (hundreds of MB) and the games get slower, not faster.
    """
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        with contextlib.suppress(OSError):
            return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def blas_threads() -> int | None:
    """Threads of numpy's BLAS (the one the bots and gensim's ``most_similar`` use)."""
    try:
        from threadpoolctl import threadpool_info

        pools = [p for p in threadpool_info() if p.get("user_api") == "blas"]
    except Exception:  # threadpoolctl is optional (it comes with scikit-learn)
        return None
    mine = [p for p in pools if "numpy" in str(p.get("filepath", ""))] or pools
    return int(mine[0]["num_threads"]) if mine else None


def _init_worker() -> None:
    """One BLAS thread per worker, and no Ctrl-C: a ``KeyboardInterrupt`` inside a
    worker's queue handling can leave a lock held and hang the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    one_blas_thread()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Drop the queued tasks and end the running ones at once (Ctrl-C, a failed task)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    # Before shutdown(), which forgets them: a worker busy with a task would finish it and
    # every task already queued for it before the interpreter could exit.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int = 1,
    on_result: Callable[[R], None] | None = None,
) -> list[R]:
    """``fn(task)`` for every task, in this process (``jobs == 1``) or in ``jobs`` workers.

    Parameters
    ----------
    fn : callable
        A module-level function (worker processes import it).
    tasks : sequence
        Picklable arguments.
    jobs : int
        Worker processes; 1 runs here.
    on_result : callable, optional
        Called in this process with each result as it comes (completion order).

    Returns
    -------
    list
        The results in completion order.

    Raises
    ------
    KeyboardInterrupt, Exception
        Ctrl-C, or what ``fn`` raised; the pool is stopped first.
    """
    results: list[R] = []

    def done(result: R) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)

    if jobs <= 1:
        with one_blas_thread():
            for task in tasks:
                done(fn(task))
        return results
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker) as pool:
        # All tasks are submitted (and, with fork, all workers started) before the
        # caller's progress display starts its thread.
        futures: list[Future[R]] = [pool.submit(fn, t) for t in tasks]
        try:
            for future in as_completed(futures):
                done(future.result())
        except BaseException:
            _stop_workers(pool)
            raise
    return results
