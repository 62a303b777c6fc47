"""BLAS at one thread: for speed while bots play, and for the same floats whoever builds a
cache.

OpenBLAS splits a product between its threads, and where a sum is split its rounding can
differ: the vocabulary built by a script (numpy's default, a thread per core) and by a game
(the command line asks for one) differed in the last bit of one row here. The builds run
at one thread, so a cache is the same from either.
"""

from __future__ import annotations

import contextlib
from typing import Any

__all__ = ["one_blas_thread"]


def one_blas_thread() -> contextlib.AbstractContextManager[Any]:
    """Limit BLAS to one thread (a context manager; it limits from the call on).

    While bots play: a bot's products are small (one chain against ~10⁴ nouns), a second
    BLAS thread saves little, and waking it after the Python work between two products
    costs a scheduler tick, several milliseconds, on a virtual or busy machine — that made
    games 2–4 times slower here (parallel games use processes instead). While a cache is
    built: the same floats from a game and a script (module docstring).
    """
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # threadpoolctl is optional (it comes with scikit-learn)
        return contextlib.nullcontext()
    limits: contextlib.AbstractContextManager[Any] = threadpool_limits(1)
    return limits
