"""A few vectors' dot products with every vocabulary row, in one pass over the matrix, with
the very floats of the BLAS calls they replace.

A hinter's decision multiplies the 14 MB matrix by a few vectors: the secret (a row of the
matrix) and its dictionary sense (``matrix @ v``, OpenBLAS's matrix-vector column kernel),
then the heard words (rows of one single-precision matrix product, :func:`~.pool.cosines`).
Each BLAS call reads the whole matrix, and the matrix product first copies it into its own
layout. The compiled pass (``dots`` in ``kernel_src/dots.c``) reads the matrix once for all the
vectors and sums each vector's products in its BLAS call's own order:

- ``matrix @ v`` for a contiguous ``v``: the columns in groups of eight, then four, each
  group's fused multiply-add chain added to the total;
- ``matrix @ v`` for a strided ``v`` (a row of the column-major matrix): groups of four;
- a row of a matrix product: one fused multiply-add chain over all the columns.

Those are OpenBLAS's orders on this project's machines (its SkylakeX kernels, the default
model's 11 520 × 300 matrix); other builds, processors or shapes may sum otherwise. So the
pass is used only for a matrix on which it was checked (:func:`exact`): once per matrix,
one vector of each kind over every row against the BLAS call itself. Elsewhere — and
without a C compiler — :func:`products` makes the BLAS calls.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

import numpy as np

from associatsiya_ai.bots.people.compiled import kernel as _kernel

__all__ = ["exact", "products"]

_CHECKED: dict[int, tuple[weakref.ref[np.ndarray], bool]] = {}
""":func:`exact` of the last few matrices, by ``id`` (each with a weak reference: a
vocabulary let go is not kept alive here)."""
_KEPT = 4


def _groups(vectors: Sequence[np.ndarray], gemv: Sequence[bool]) -> bytes:
    """Each vector's group size in the compiled pass: 8 or 4 for ``matrix @ v`` (a
    contiguous or a strided ``v``), 0 for one chain."""
    return bytes(
        (8 if v.strides[0] == v.itemsize else 4) if g else 0
        for v, g in zip(vectors, gemv, strict=True)
    )


def _blas(matrix: np.ndarray, vectors: Sequence[np.ndarray], gemv: Sequence[bool]) -> np.ndarray:
    """:func:`products` by the BLAS calls themselves."""
    from associatsiya_ai.bots.people.pool import padded_product

    out = np.empty((len(gemv), matrix.shape[0]), np.float32)
    for v, g in enumerate(gemv):
        if g:
            out[v] = matrix @ vectors[v]
    chained = [v for v, g in enumerate(gemv) if not g]
    if chained:
        out[chained] = padded_product(matrix, np.stack([vectors[v] for v in chained]))
    return out


def _compiled(
    matrix: np.ndarray, vectors: Sequence[np.ndarray], gemv: Sequence[bool]
) -> np.ndarray:
    """:func:`products` by the compiled pass (whatever the BLAS would give)."""
    out = np.empty((len(gemv), matrix.shape[0]), np.float32)
    x = np.ascontiguousarray(np.stack(vectors), np.float32)
    _kernel.dots(out, matrix.T, x, _groups(vectors, gemv))
    return out


def exact(matrix: np.ndarray) -> bool:
    """Whether the compiled pass gives BLAS's floats on ``matrix`` (checked once per matrix).

    Checked on every row for each of its three orders (module docstring), with rows of
    the matrix itself. False without the compiled pass, or for a matrix that is not
    float32 in column-major (Fortran) order.
    """
    hit = _CHECKED.get(id(matrix))
    if hit is not None and hit[0]() is matrix:
        return hit[1]
    ok = (
        _kernel is not None
        and matrix.ndim == 2
        and matrix.dtype == np.float32
        and matrix.flags.f_contiguous
        and min(matrix.shape) > 0
    )
    if ok:
        n = len(matrix)
        vectors = [matrix[0], matrix[n // 2].copy(), matrix[n - 1]]  # strided, contiguous
        kinds = (True, True, False)
        ok = np.array_equal(_compiled(matrix, vectors, kinds), _blas(matrix, vectors, kinds))
    for key in [key for key, (ref, _) in _CHECKED.items() if ref() is None]:
        del _CHECKED[key]
    while len(_CHECKED) >= _KEPT:
        del _CHECKED[next(iter(_CHECKED))]
    _CHECKED[id(matrix)] = (weakref.ref(matrix), bool(ok))
    return bool(ok)


def products(matrix: np.ndarray, vectors: Sequence[np.ndarray], gemv: Sequence[bool]) -> np.ndarray:
    """Each vector's dot products with every row of ``matrix``, summed as BLAS sums them.

    Parameters
    ----------
    matrix : numpy.ndarray
        Shape (n, dim), float32 (the vocabulary's matrix, column-major).
    vectors : sequence of numpy.ndarray
        At least one, each shape (dim,), float32; a vector's strides matter for
        ``matrix @ v``, whose order BLAS chooses by them.
    gemv : sequence of bool
        Per vector: True for the floats of ``matrix @ v``, False for those of its row in
        ``cosines(matrix, [..., v, ...])`` (:func:`~.pool.cosines`).

    Returns
    -------
    numpy.ndarray
        Shape (len(vectors), n), float32, C-contiguous: the floats of those calls, made in
        one pass over the matrix where :func:`exact` holds.

    Raises
    ------
    ValueError
        When ``vectors`` is empty or not as long as ``gemv``.
    """
    if not len(vectors) or len(vectors) != len(gemv):
        raise ValueError("one gemv flag per vector, and at least one vector")
    if exact(matrix) and all(v.dtype == np.float32 for v in vectors):
        return _compiled(matrix, vectors, gemv)
    return _blas(matrix, vectors, gemv)
