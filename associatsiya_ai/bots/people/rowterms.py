"""The sparse terms of one vocabulary word heard alone, gathered once per word.

:func:`~associatsiya_ai.bots.people.alone.scorer` adds to
the dense logits of a heard vocabulary word the terms that touch only the few words linked
to it: each relation's link weight (:attr:`PeopleTables.all_links`), the dictionary
interactions (:func:`~associatsiya_ai.bots.people.mix.single_terms`) and ``said_cos``
(:func:`~associatsiya_ai.bots.people.mix.said_rows`). They depend on the heard word and the
weights only, so :class:`RowTerms` gathers them once per word (a few small arrays) and
:meth:`RowTerms.add_to` adds them with the very float32 operations, in the very order, of
the plain computation.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from associatsiya_ai.bots.people.features import LINKED, SAID_COS
from associatsiya_ai.bots.people.mix import said_rows, single_terms
from associatsiya_ai.bots.people.tables import PeopleTables

__all__ = ["RowTerms", "row_terms"]


class RowTerms(NamedTuple):
    """The sparse terms of one heard vocabulary word (:func:`row_terms`).

    Attributes
    ----------
    linked, weights : numpy.ndarray
        Every relation's links of the word, relation by relation (int32; a word linked by
        several relations appears once per relation), and each link's weight (float32).
    rows, const, by_fwd, by_rev : numpy.ndarray
        :func:`~associatsiya_ai.bots.people.mix.single_terms` of the word (int64, then
        float32).
    said : numpy.ndarray
        :func:`~associatsiya_ai.bots.people.mix.said_rows` of the word, int32.
    said_weight : numpy.float32
        The weight of ``said_cos``.
    """

    linked: np.ndarray
    weights: np.ndarray
    rows: np.ndarray
    const: np.ndarray
    by_fwd: np.ndarray
    by_rev: np.ndarray
    said: np.ndarray
    said_weight: np.float32

    def add_to(self, out: np.ndarray, fwd: np.ndarray, rev: np.ndarray, cos: np.ndarray) -> None:
        """Add the terms to one heard word's logits ``out`` (n,) float32, in place, given
        its ``fwd``, ``rev`` and ``cos`` (n,) float32: bit for bit ``np.add.at(out, linked,
        weights)``, then ``out[rows] += const + by_fwd · fwd[rows] + by_rev · rev[rows]``,
        then ``out[said] += said_weight · cos[said]``."""
        np.add.at(out, self.linked, self.weights)  # one add per link, in order (as terms.c)
        rows = self.rows
        out[rows] += self.const + self.by_fwd * fwd[rows] + self.by_rev * rev[rows]
        said = self.said
        out[said] += self.said_weight * cos[said]


def row_terms(tables: PeopleTables, row: int, w: np.ndarray) -> RowTerms:
    """Gather the sparse terms of the heard vocabulary word ``row`` (see :class:`RowTerms`).

    Parameters
    ----------
    tables : PeopleTables
    row : int
    w : numpy.ndarray
        The weights over :data:`~associatsiya_ai.bots.people.features.FEATURES` divided by
        the temperature, shape (F,) float32.
    """
    indptr, linked, relation = tables.all_links
    at = slice(int(indptr[row]), int(indptr[row + 1]))
    direct, const, by_fwd, by_rev = single_terms(tables, row, w)
    f32, i32 = np.float32, np.int32  # the compiled pass reads them as these types
    return RowTerms(
        np.ascontiguousarray(linked[at], i32),
        np.ascontiguousarray(w[LINKED][relation[at]], f32),
        np.ascontiguousarray(direct, np.int64),
        np.ascontiguousarray(const, f32),
        np.ascontiguousarray(by_fwd, f32),
        np.ascontiguousarray(by_rev, f32),
        np.ascontiguousarray(said_rows(tables, row), i32),
        f32(w[SAID_COS]),
    )
