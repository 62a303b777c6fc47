"""The one-pass dot products (bots/people/dots.py): the compiled pass sums in the orders it
documents, and :func:`products` gives the very floats of the BLAS calls it replaces."""

from __future__ import annotations

import ctypes
import ctypes.util

import numpy as np
import pytest

from associatsiya_ai.bots.people.compiled import COMPILED
from associatsiya_ai.bots.people.dots import exact, products
from associatsiya_ai.bots.people.pool import cosines, padded_product

needs_kernel = pytest.mark.skipif(not COMPILED, reason="built without a C compiler")

_LIBM = ctypes.util.find_library("m")


def _fmaf() -> ctypes._CFuncPtr:  # type: ignore[name-defined]
    if _LIBM is None:
        pytest.skip("no C math library to take fmaf from")
    f = ctypes.CDLL(_LIBM).fmaf
    f.argtypes = [ctypes.c_float] * 3
    f.restype = ctypes.c_float
    return f


def plain_sums(matrix: np.ndarray, x: np.ndarray, group: int) -> np.ndarray:
    """One vector's sums written out, one row at a time, with the C library's fmaf:
    groups of ``group`` (8: then one of 4) each from its first product, added to the
    total, the last columns fused one by one; ``group`` 0: one chain from zero."""
    fma = _fmaf()
    n, d = matrix.shape
    out = np.empty(n, np.float32)
    for i in range(n):
        row = [float(v) for v in matrix[i]]
        y, k = np.float32(0), 0
        sizes = {8: (8, 4), 4: (4,), 0: ()}[group]
        for g in sizes:
            while k + g <= d:
                t = np.float32(np.float32(row[k]) * x[k])
                for j in range(k + 1, k + g):
                    t = np.float32(fma(row[j], float(x[j]), float(t)))
                y = np.float32(y + t)
                k += g
        for j in range(k, d):
            y = np.float32(fma(row[j], float(x[j]), float(y)))
        out[i] = y
    return out


@needs_kernel
@pytest.mark.parametrize(("n", "d"), [(37, 20), (64, 16), (50, 301), (19, 303), (5, 7), (700, 12)])
def test_the_compiled_pass_sums_in_its_documented_orders(n: int, d: int) -> None:
    """Rows in whole vector registers and the rows after them, groups of 8 and 4 and the
    columns after them, the row blocks forwards and backwards: every vector's sums are the
    plain ones, whatever the others."""
    from associatsiya_ai.bots.people import _kernel

    rng = np.random.default_rng(n * d)
    matrix = np.asfortranarray(rng.normal(0, 1, (n, d)).astype(np.float32))
    groups = bytes([8, 0, 4, 0, 8])
    x = rng.normal(0, 1, (len(groups), d)).astype(np.float32)
    plain = [plain_sums(matrix, x[v], g).tobytes() for v, g in enumerate(groups)]
    for _ in range(2):  # each call sweeps the rows the other way
        out = np.empty((len(groups), n), np.float32)
        _kernel.dots(out, matrix.T, x, groups)
        assert [row.tobytes() for row in out] == plain


@needs_kernel
def test_the_compiled_pass_refuses_unknown_orders_and_shapes() -> None:
    from associatsiya_ai.bots.people import _kernel

    matrix = np.ones((4, 3), np.float32, order="F")
    out = np.empty((1, 4), np.float32)
    with pytest.raises(ValueError, match="groups"):
        _kernel.dots(out, matrix.T, np.ones((1, 3), np.float32), bytes([2]))
    with pytest.raises(ValueError, match="vectors"):
        _kernel.dots(out, matrix.T, np.ones((1, 2), np.float32), bytes([0]))


def blas_products(matrix: np.ndarray, vectors: list[np.ndarray], gemv: list[bool]) -> np.ndarray:
    """The BLAS calls themselves: ``matrix @ v``, or the row of the padded product."""
    chained = [v for v, g in zip(vectors, gemv, strict=True) if not g]
    rows = iter(padded_product(matrix, np.stack(chained)) if chained else [])
    return np.stack([matrix @ v if g else next(rows) for v, g in zip(vectors, gemv, strict=True)])


def check_products(matrix: np.ndarray, rng: np.random.Generator) -> None:
    n = len(matrix)
    sense = rng.normal(0, 1, matrix.shape[1]).astype(np.float32)
    for vectors, gemv in (
        ([matrix[3], sense], [True, True]),  # a strided row and a contiguous vector
        ([matrix[i] for i in rng.choice(n, 7, replace=False)], [False] * 7),
        ([matrix[1], sense, matrix[2]], [False, True, True]),
        ([sense], [False]),
    ):
        got = products(matrix, vectors, gemv)
        assert got.shape == (len(vectors), n) and got.dtype == np.float32
        assert got.tobytes() == blas_products(matrix, vectors, gemv).tobytes()
    chained = [matrix[i] for i in range(min(n, 6))]
    assert cosines(matrix, chained).tobytes() == (np.stack(chained) @ matrix.T).tobytes()


def test_products_are_the_blas_calls_on_a_tiny_vocabulary(tiny_vocab) -> None:  # type: ignore[no-untyped-def]
    check_products(tiny_vocab.matrix, np.random.default_rng(2))
    with pytest.raises(ValueError):
        products(tiny_vocab.matrix, [], [])


def test_the_pass_is_not_trusted_on_a_row_major_matrix() -> None:
    matrix = np.ascontiguousarray(np.random.default_rng(1).normal(0, 1, (40, 8)), np.float32)
    assert not exact(matrix)
    check_products(np.asfortranarray(matrix), np.random.default_rng(3))


@pytest.mark.model
def test_products_are_the_blas_calls_on_the_real_vocabulary(real_vocab) -> None:  # type: ignore[no-untyped-def]
    """The default model's matrix: where the compiled pass was checked against this
    machine's BLAS (:func:`exact`), the hinter's products come from it, the same floats."""
    check_products(real_vocab.matrix, np.random.default_rng(7))
