"""The interactions of the human-response model's fast paths, on the few words a heard word's
links touch: the dictionary's (:func:`single_terms`: gloss × fwd, glossed × rev, gloss ×
glossed, co-mention and co-mention × fwd) and the lexicon's (:func:`said_rows`, where
``said_cos`` = said × cos is not 0), as :func:`~associatsiya_ai.bots.people.features.
feature_matrix` makes them for every word."""

from __future__ import annotations

import numpy as np

from associatsiya_ai.bots.people.features import FEATURES, LINKED, SAID
from associatsiya_ai.bots.people.tables import CONVERSE, PeopleTables

__all__ = ["said_rows", "single_terms"]

_SAID = tuple(range(SAID.start - LINKED.start, SAID.stop - LINKED.start))
"""The ``said*`` relations' numbers in :data:`~associatsiya_ai.bots.people.tables.RELATIONS`."""


def said_rows(tables: PeopleTables, row: int, *, converse: bool = False) -> np.ndarray:
    """The words in the forward list of the heard word ``row`` (int32, any rank bucket): the
    rows where the feature ``said_cos`` is the cosine, not 0.

    With ``converse``, ``row`` is the candidate, and the rows are the heard words in whose
    forward lists it stands (the hinter's P(secret | hint)).
    """
    parts = [tables.linked(CONVERSE[k] if converse else k, row) for k in _SAID]
    return np.concatenate(parts)


_COLUMNS = tuple(FEATURES.index(f) for f in ("gloss_fwd", "glossed_rev", "mutual", "cm", "cm_fwd"))
"""The dictionary interactions' columns of :data:`FEATURES`, in the order of their terms."""


def single_terms(
    tables: PeopleTables, row: int, w: np.ndarray, *, converse: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The interactions of one vocabulary word heard alone, folded into per-row
    coefficients: ``z[rows] += const + by_fwd · fwd[rows] + by_rev · rev[rows]`` adds the
    interaction columns of :func:`~associatsiya_ai.bots.people.features.feature_matrix`
    times their weights, on the rows where they are not 0.

    With ``converse``, ``row`` is the candidate and the rows are the heard words: its links
    read from the other side (:data:`~associatsiya_ai.bots.people.tables.CONVERSE`), for
    P(candidate | each heard word) (the hinter's P(secret | hint); co-mentions are
    symmetric).

    Returns
    -------
    rows : numpy.ndarray
        int64, distinct: the words the heard word's gloss and glossed links touch
        (:attr:`PeopleTables.direct`, ascending), then its co-mentions (which
        :attr:`PeopleTables.comention` keeps apart from them).
    const, by_fwd, by_rev : numpy.ndarray
        float32, one per row.
    """
    indptr, direct, in_gloss, in_glossed = tables.direct
    at = slice(indptr[row], indptr[row + 1])
    # converse: the candidate's gloss links are the heard words' glossed ones (CONVERSE)
    g0, gd0 = (in_glossed[at], in_gloss[at]) if converse else (in_gloss[at], in_glossed[at])
    cm_rows, cm_values = tables.comentioned(row)
    none = np.zeros(len(cm_rows), bool)  # co-mentions are never direct links
    rows = np.concatenate([direct[at], cm_rows]).astype(np.int64)
    g = np.concatenate([g0, none]).astype(np.float32)
    gd = np.concatenate([gd0, none]).astype(np.float32)
    cm = np.concatenate([np.zeros(len(g0), np.float32), cm_values])
    a, b, c, d, e = (w[k] for k in _COLUMNS)
    return rows, c * g * gd + d * cm, a * g + e * cm, b * gd
