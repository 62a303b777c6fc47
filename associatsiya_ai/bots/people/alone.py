"""The logits of every candidate for vocabulary words each heard alone.

``static + cos · (w_cos + w_cos2 · cos) + w_fwd · fwd + w_rev · rev`` plus the heard word's
sparse terms (:mod:`~associatsiya_ai.bots.people.rowterms`): the values of
``feature_matrix(...) @ weights`` (:mod:`~associatsiya_ai.bots.people.features`).

Two ways to the very same floats. In numpy, the dense features of every candidate are
made and added up, a dozen arrays of the vocabulary's size. The compiled pass
(``kernel_src/alone.c``, built at install when a C compiler is there) does the same float operations
in the same order in one pass over the candidates: it reads the cosines, the candidates'
prior and each candidate's lowest table entry, and the whole table of only the quarter of
the candidates whose cosine lies within it. That is what a decision's time is made of: the
matrix-vector product before it has swept the processor's caches (14 MB on the default
model), so every array touched after it comes from main memory — on this project's 2-core
machine a numpy step on a vocabulary-sized array costs 5–8 times what it costs warm.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from associatsiya_ai.bots.people.compiled import COMPILED
from associatsiya_ai.bots.people.compiled import kernel as _kernel
from associatsiya_ai.bots.people.features import FEATURES, LINKED, Heard, log_rank
from associatsiya_ai.bots.people.ranks import LOG_RANKS, neighbour_table, reverse_log_rank
from associatsiya_ai.bots.people.rowterms import RowTerms
from associatsiya_ai.bots.people.tables import GLOSS, PeopleTables

__all__ = ["COMPILED", "alone_scores", "scorer"]

_LAST: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, bool]] = {}


def _tables(quantiles: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool]:
    """The (n, K) table as C-contiguous float32, its last column (n,), and whether every
    row descends (ties allowed: what the compiled pass's binary searches need; a table
    that does not is scored in numpy), made once."""
    hit = _LAST.get(id(quantiles))
    if hit is None or hit[0] is not quantiles:
        q = np.ascontiguousarray(quantiles, np.float32)
        descends = bool((q[:, 1:] <= q[:, :-1]).all())  # False with a NaN
        hit = (quantiles, q, np.ascontiguousarray(q[:, -1]), descends)
        _LAST.clear()  # one vocabulary's tables at a time
        _LAST[id(quantiles)] = hit
    return hit[1], hit[2], hit[3]


def alone_scores(
    cos: np.ndarray,
    heard: Sequence[Heard],
    w: np.ndarray,
    static: np.ndarray,
    tables: PeopleTables,
    terms_of: Callable[[int], RowTerms],
    *,
    compiled: bool | None = None,
) -> np.ndarray:
    """The logits of every candidate for each heard word heard alone.

    Parameters
    ----------
    cos : numpy.ndarray
        Shape (words, n), float32: row j the candidates' cosines with ``heard[j]``.
    heard : sequence of Heard
        The heard words (their ``row``, and for a word outside the vocabulary its ``named``
        rows).
    w : numpy.ndarray
        Shape (F,), float32: the weights over :data:`FEATURES` divided by the temperature.
    static : numpy.ndarray
        Shape (n,), float32: the candidates' own prior.
    tables : PeopleTables
    terms_of : callable
        A vocabulary row's sparse terms (:meth:`PeopleModel.row_terms
        <associatsiya_ai.bots.people.model.PeopleModel.row_terms>`).
    compiled : bool, optional
        Use the compiled pass (default: when it was built); False: numpy.

    Returns
    -------
    numpy.ndarray
        Shape (words, n), float32.

    Raises
    ------
    RuntimeError
        When ``compiled`` is True but the pass was not built.
    """
    return scorer(heard, w, static, tables, terms_of, compiled=compiled)(cos)


def scorer(
    heard: Sequence[Heard],
    w: np.ndarray,
    static: np.ndarray,
    tables: PeopleTables,
    terms_of: Callable[[int], RowTerms],
    *,
    compiled: bool | None = None,
) -> Callable[[np.ndarray], np.ndarray]:
    """:func:`alone_scores` of these heard words as a function of their cosines, the work
    that needs no cosine done now: before the matrix product that gives them, which sweeps
    the processor's caches, rather than after it.

    Raises
    ------
    RuntimeError
        When ``compiled`` is True but the pass was not built.
    """
    if compiled and _kernel is None:
        raise RuntimeError("the compiled pass was not built: reinstall with a C compiler")
    use = COMPILED if compiled is None else compiled
    q, last, descends = _tables(tables.quantiles)
    if not use or not descends or any(h.row is None for h in heard):
        return lambda cos: _numpy_scores(cos, heard, w, static, tables, terms_of)
    kernel = _kernel
    assert kernel is not None
    n = len(static)
    w0, w1, w2, w3 = w[:4].tolist()  # float32 to float: exact
    fwd, rev = np.empty(n, np.float32), np.empty(n, np.float32)
    plans = []
    for h in heard:
        row = int(h.row)  # type: ignore[arg-type]  # all rows are known here
        t, table = terms_of(row), q[row]
        plans.append(
            (
                (static, last, q, table, LOG_RANKS, w0, w1, w2, w3, fwd, rev),
                (last, q, table, LOG_RANKS, t.linked, t.weights, t.rows, t.const, t.by_fwd,
                 t.by_rev, t.said, float(t.said_weight), fwd, rev),
            )
        )  # fmt: skip  # terms() reads the ranks alone() kept for the rows within a table

    def scores(cos: np.ndarray) -> np.ndarray:
        out = np.empty_like(cos)
        for j, (alone_args, terms_args) in enumerate(plans):
            c, z = cos[j], out[j]
            kernel.alone(z, c, *alone_args)
            kernel.terms(z, c, *terms_args)
        return out

    return scores


def _numpy_scores(
    cos: np.ndarray,
    heard: Sequence[Heard],
    w: np.ndarray,
    static: np.ndarray,
    tables: PeopleTables,
    terms_of: Callable[[int], RowTerms],
) -> np.ndarray:
    """:func:`alone_scores` in numpy: the dense features, each lookup batched."""
    out = np.multiply(cos, w[1])  # cos · (w0 + w1 · cos) + static, in place
    out += w[0]
    out *= cos
    out += static
    fwds = []
    for j, h in enumerate(heard):
        fwd_table = tables.quantiles[h.row] if h.row is not None else neighbour_table(cos[j])
        fwds.append(log_rank(cos[j], fwd_table))
        out[j] += fwds[j] * w[2]
    revs = reverse_log_rank(cos, tables.quantiles)
    out += revs * w[3]
    gloss, gloss_fwd = w[LINKED.start + GLOSS], w[FEATURES.index("gloss_fwd")]
    for j, h in enumerate(heard):
        if h.row is not None:  # its links, dictionary interactions and said_cos
            terms_of(h.row).add_to(out[j], fwds[j], revs[j], cos[j])
        elif len(h.named):  # what its entry names: a gloss link (none glossed, no co-mention)
            out[j, h.named] += gloss + gloss_fwd * fwds[j][h.named]
    result: np.ndarray = out.astype(np.float32, copy=False)
    return result
