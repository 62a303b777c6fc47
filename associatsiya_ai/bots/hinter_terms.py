"""The hinter's ranking terms beside ln P(a person answers the secret | hint).

The human-response model says how likely a person is to answer the secret on a hint; the
hinter ranks its hints by that chance plus a few generic terms of the hint
(:func:`ranking_terms`), weighted by :data:`HINTER_WEIGHTS_PATH` — fitted by
``scripts/fit_hinter.py`` on hinter norms (a conditional logit: which hints put people on
the target, in proportion to how often), a handful of numbers and no per-word table:

- ``zipf``: the hint's Zipf frequency (plain words are easier to take in);
- ``sense``: the hint's cosine c to the secret's dictionary sense (:func:`secret_sense`;
  0 when the wordnet links the secret to no vocabulary word);
- ``jargon``: minus the hint's news bias where positive, times (1 − c clipped to [0, 1]) —
  the model is fitted on everyday stimuli, so its chance for a news jargon hint
  («акционер» for «дочка», a subsidiary in the news) is an extrapolation; a news word that
  goes through the dictionary sense is mostly spared («спутник» for «луна»);
- ``hinted1``, ``hinted2``, ``hinted5``: the hint stands in the secret's best-hints list of
  the association lexicon at rank 1, 2–4 or 5–15 (the project's own knowledge of which
  nouns make a person say the secret, :mod:`associatsiya_ai.vocab.associations`);
- ``forward``: the hint stands in the secret's forward list (what people say on hearing the
  secret: the words they think of for it, as a person hinting would).

The chance the hinter shows stays the model's P.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.bots.people.tables import RELATIONS
from associatsiya_ai.vocab.wordnet import RELATION_WEIGHTS
from associatsiya_ai.vocab.wordnet_vectors import weighted_mean

if TYPE_CHECKING:
    from associatsiya_ai.bots.people import PeopleModel

__all__ = [
    "HINTER_TERMS",
    "HINTER_WEIGHTS_PATH",
    "RankingTerms",
    "load_hinter_weights",
    "ranking_terms",
]

HINTER_TERMS = ("zipf", "sense", "jargon", "hinted1", "hinted2", "hinted5", "forward")
"""The columns of :func:`ranking_terms`, in order."""

HINTER_WEIGHTS_PATH = Path(__file__).with_name("hinter.json")
"""The shipped weights of :data:`HINTER_TERMS` (``{"weights": {term: weight}}``)."""

_HINTED = tuple(RELATIONS.index(name) for name in HINTER_TERMS[3:6])
_SAID = tuple(k for k, name in enumerate(RELATIONS) if name.startswith("said"))
_KEPT = 4096
"""How many secrets' senses and lists :class:`RankingTerms` keeps."""


def load_hinter_weights(path: Path = HINTER_WEIGHTS_PATH) -> dict[str, float]:
    """The weights of :data:`HINTER_TERMS` (a term the file lacks weighs 0).

    Raises
    ------
    OSError, ValueError
        When the file cannot be read or is not such JSON (the package ships it).
    """
    raw = json.loads(path.read_text("utf-8"))["weights"]
    return {term: float(raw.get(term, 0.0)) for term in HINTER_TERMS}


def secret_sense(people: PeopleModel, row: int) -> np.ndarray | None:
    """The secret's dictionary sense: the weighted mean of the vectors of its wordnet
    synonyms, hypernyms and hyponyms in the vocabulary (the model's link tables,
    :data:`~associatsiya_ai.vocab.wordnet.RELATION_WEIGHTS`); None without any.

    Returns
    -------
    numpy.ndarray or None
        Shape (dim,), float32.
    """
    vocab = people.vocab
    weights: dict[str, float] = defaultdict(float)
    for k, kind in enumerate(("synonym", "hypernym", "hyponym")):  # the tables' relations 0–2
        for r in people.tables.linked(k, row).tolist():
            weights[vocab.folded[r]] += RELATION_WEIGHTS[kind]
    return weighted_mean(weights, vocab.vector)


def ranking_terms(people: PeopleModel, secret_row: int) -> np.ndarray:
    """Every vocabulary word's ranking terms as a hint for the secret ``secret_row``.

    Parameters
    ----------
    people : PeopleModel
        The human-response model (its vocabulary and link tables).
    secret_row : int
        The secret's vocabulary row.

    Returns
    -------
    numpy.ndarray
        Shape (n, len(HINTER_TERMS)), float64, columns as :data:`HINTER_TERMS`.
    """
    return RankingTerms(people).terms(secret_row)


class RankingTerms:
    """:func:`ranking_terms` for one model, made again and again: the vocabulary's columns
    made once, each secret's sense and lists gathered once and kept (the last
    :data:`_KEPT`; they depend on the secret and the tables only). The cosines to the
    sense, and all that follows from them, are computed every time.

    Parameters
    ----------
    people : PeopleModel
    """

    def __init__(self, people: PeopleModel) -> None:
        vocab = people.vocab
        self.people = people
        self._base = np.zeros((len(vocab.words), len(HINTER_TERMS)))
        self._base[:, 0] = vocab.zipf
        self._news = -np.clip(np.asarray(vocab.news, np.float64), 0.0, None)
        self._kept: dict[int, tuple[np.ndarray | None, list[np.ndarray]]] = {}

    def sense(self, secret_row: int) -> np.ndarray | None:
        """The secret's dictionary sense (:func:`secret_sense`), (dim,) float32, or None."""
        return self._kept_of(secret_row)[0]

    def _kept_of(self, secret_row: int) -> tuple[np.ndarray | None, list[np.ndarray]]:
        """The secret's sense and lists, gathered once and kept."""
        kept = self._kept.get(secret_row)
        if kept is None:
            tables = self.people.tables
            lists = [tables.linked(relation, secret_row) for relation in (*_HINTED, *_SAID)]
            kept = self._kept[secret_row] = (secret_sense(self.people, secret_row), lists)
            if len(self._kept) > _KEPT:
                del self._kept[next(iter(self._kept))]
        return kept

    def terms(self, secret_row: int, cos: np.ndarray | None = None) -> np.ndarray:
        """:func:`ranking_terms` of the secret ``secret_row``, the very floats; (n, 7)
        float64, a new array. ``cos``: the cosines to the secret's :meth:`sense`, as
        ``matrix @ sense`` gives them, when already made (ignored without a sense)."""
        return self._fill(self._base.copy(), secret_row, cos)

    def weighted(self, secret_row: int, w: np.ndarray, cos: np.ndarray | None = None) -> np.ndarray:
        """``terms(secret_row, cos) @ w``, the very floats, (n,) float64: the terms made in
        an array kept for it (no copy of the vocabulary's columns), its lists' cells
        cleared after."""
        out = self._fill(self._base, secret_row, cos)
        try:
            weighted: np.ndarray = out @ w
        finally:
            for k, rows in enumerate(self._kept_of(secret_row)[1]):
                out[rows, min(3 + k, 6)] = 0.0
        return weighted

    def _fill(self, out: np.ndarray, secret_row: int, cos: np.ndarray | None) -> np.ndarray:
        """Write the secret's columns into ``out`` (a copy of the vocabulary's columns, or
        the kept array, whose list columns are all 0)."""
        sense, lists = self._kept_of(secret_row)
        if sense is not None:
            c = (self.people.vocab.matrix @ sense if cos is None else cos).astype(np.float64)
            out[:, 1] = c
            out[:, 2] = self._news * (1.0 - np.clip(c, 0, 1))
        else:  # c = 0: the jargon term is the news bias itself
            out[:, 1] = 0.0
            out[:, 2] = self._news * 1.0
        for k, rows in enumerate(lists):  # the best-hints list by rank bucket, the forward list
            out[rows, min(3 + k, 6)] = 1.0
        return out
