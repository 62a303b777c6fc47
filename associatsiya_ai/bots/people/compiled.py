"""The human-response model's compiled pass (the C files of ``kernel_src/``), when it was built.

``setup.py`` compiles it at install where a C compiler is there; everywhere it is used,
numpy gives the very same numbers without it (tests/test_kernel.py compares the two).
"""

from __future__ import annotations

import numpy as np

try:
    from associatsiya_ai.bots.people import _kernel
except ImportError:  # built without a C compiler: the same numbers in numpy
    _kernel = None  # type: ignore[assignment]

__all__ = ["COMPILED", "kernel", "largest"]

kernel = _kernel
"""The compiled module, or None."""

COMPILED: bool = _kernel is not None
"""Whether the compiled pass was built."""


def largest(x: np.ndarray, k: int) -> np.ndarray:
    """The ``k`` largest values of ``x``, descending, with their repeats.

    Parameters
    ----------
    x : numpy.ndarray
        Shape (n,), float64, C-contiguous; ``1 <= k <= n``.
    k : int

    Returns
    -------
    numpy.ndarray
        Shape (k,), float64: ``out[j - 1]`` is ``np.partition(x, n - j)[n - j]``. One pass
        over ``x`` compiled, else one partition.
    """
    if kernel is not None:
        out = np.empty(k)
        kernel.largest(out, x)
        return out
    n = len(x)
    top: np.ndarray = -np.sort(-np.partition(x, n - k)[n - k :])
    return top
