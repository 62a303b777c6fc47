"""The dictionary interactions of the human-response model's fast paths, on the few words a
query's links touch (:class:`DictionaryMix`): gloss × fwd, glossed × rev, gloss × glossed,
co-mention and co-mention × fwd, as :func:`~associatsiya_ai.bots.people_features.
feature_matrix` makes them for every word."""

from __future__ import annotations

import numpy as np

from associatsiya_ai.bots.people_features import FEATURES
from associatsiya_ai.bots.people_tables import GLOSS, PeopleTables

__all__ = ["DictionaryMix", "single_terms"]


class DictionaryMix:
    """The dictionary interactions of one query (:data:`FEATURES` ``gloss_fwd`` …
    ``cm_fwd``), gathered over the few words its links touch: the weight shares of gloss,
    glossed and co-mention (n,) float32, and which rows they touch (n,) bool."""

    _COLUMNS = tuple(FEATURES.index(f) for f in ("gloss_fwd", "glossed_rev", "mutual", "cm",
                                                 "cm_fwd"))  # fmt: skip

    def __init__(self, n: int) -> None:
        self.gloss = np.zeros(n, np.float32)
        self.glossed = np.zeros(n, np.float32)
        self.cm = np.zeros(n, np.float32)
        self.touched = np.zeros(n, bool)

    def add(self, tables: PeopleTables, row: int, share: float) -> None:
        """Add a heard vocabulary word's links with its weight share."""
        gloss, glossed = tables.linked(GLOSS, row), tables.linked(GLOSS + 1, row)
        rows, values = tables.comentioned(row)
        self.gloss[gloss] += np.float32(share)
        self.glossed[glossed] += np.float32(share)
        self.cm[rows] += values * np.float32(share)
        self.touched[gloss] = self.touched[glossed] = self.touched[rows] = True

    def add_gloss(self, rows: np.ndarray, share: float) -> None:
        """Add what a heard word outside the vocabulary names, with its weight share."""
        self.gloss[rows] += np.float32(share)
        self.touched[rows] = True

    def apply(self, z: np.ndarray, w: np.ndarray, fwd: np.ndarray, rev: np.ndarray) -> None:
        """``z += `` the interactions' weighted sum, on the touched rows only (in place)."""
        t = np.flatnonzero(self.touched)
        if not t.size:
            return
        g, gd, cm, f = self.gloss[t], self.glossed[t], self.cm[t], fwd[t]
        a, b, c, d, e = (w[k] for k in self._COLUMNS)
        z[t] += a * g * f + b * gd * rev[t] + c * g * gd + d * cm + e * cm * f


def single_terms(
    tables: PeopleTables, row: int, w: np.ndarray, *, converse: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The interactions of one heard vocabulary word alone (weight share 1), folded into
    per-row coefficients: ``z[rows] += const + by_fwd · fwd[rows] + by_rev · rev[rows]``
    equals :meth:`DictionaryMix.apply` after ``add(tables, row, 1.0)``, without its dense
    arrays (a first turn's guess, the log-partitions).

    With ``converse``, ``row`` is the candidate and the rows are the heard words: its links
    read from the other side (:data:`~associatsiya_ai.bots.people_tables.CONVERSE`), for
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
    a, b, c, d, e = (w[k] for k in DictionaryMix._COLUMNS)
    return rows, c * g * gd + d * cm, a * g + e * cm, b * gd
