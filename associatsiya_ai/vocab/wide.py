"""A form's neighbours in the whole model: how many are names, brands or titles
(:func:`wide_names`), and the unit rows of model words it and
:mod:`associatsiya_ai.vocab.senses` compare with (:func:`unit_rows_at`).

A brand spelt like a rare common noun («мегафон», «сбербанк») has a vector among other
brands: among the model's most frequent words of any script, the Latin «volvo» and the
unknown «ютэйр» count as names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.reading import aliases, own_forms

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = [
    "DECODE",
    "NEIGHBOURS",
    "WIDE",
    "by_frequency",
    "unit_rows",
    "unit_rows_at",
    "wide_names",
]

WIDE = 60000
"""How many of the model's most frequent words, of any script, the name-sense neighbours are
drawn from (the Latin «volvo» and the unknown «ютэйр» count as names there)."""

NEIGHBOURS = 20
"""How many nearest words a form's neighbour shares are over."""
DECODE = 4096
"""Model rows decoded and normalised at a time (:func:`unit_rows_at`)."""


def unit_rows(x: np.ndarray) -> np.ndarray:
    """Unit rows of ``x``, NaN and infinities made finite.

    Parameters
    ----------
    x : numpy.ndarray
        Shape (..., dim), float32 (a zero row stays zero).

    Returns
    -------
    numpy.ndarray
        The shape of ``x``, float32: one array the size of ``x`` besides it.
    """
    norms = np.linalg.norm(x, axis=-1, keepdims=True)
    out: np.ndarray = (x / np.where(norms > 0, norms, 1.0)).astype(np.float32, copy=False)
    np.nan_to_num(out, copy=False)
    return out


def unit_rows_at(embeddings: Embeddings, ids: list[int]) -> np.ndarray:
    """:func:`unit_rows` of the model's rows ``ids``, decoded :data:`DECODE` rows at a time.

    Parameters
    ----------
    embeddings : Embeddings
        The model.
    ids : list of int
        Positions in ``embeddings.words``.

    Returns
    -------
    numpy.ndarray
        Shape (len(ids), dim), float32: the same floats as ``unit_rows(vectors_at(ids))`` (the
        norms are per row), with no decoded or index temporary the size of the result.
    """
    out = np.empty((len(ids), embeddings.dim), np.float32)
    for start in range(0, len(ids), DECODE):
        out[start : start + DECODE] = unit_rows(embeddings.vectors_at(ids[start : start + DECODE]))
    return out


def by_frequency(embeddings: Embeddings) -> np.ndarray:
    """The model's row numbers, most frequent word first.

    Returns
    -------
    numpy.ndarray
        Shape (n_words,), int64: by descending corpus count (ties in model order), or the
        model's own order when it has no counts.
    """
    if embeddings.counts is None:
        return np.arange(len(embeddings.words))
    out: np.ndarray = np.argsort(-np.asarray(embeddings.counts), kind="stable")
    return out


def _wide(embeddings: Embeddings) -> tuple[np.ndarray, np.ndarray, list[frozenset[str]]]:
    """(unit vectors, name-like flags, lemmas) of the model's most frequent words, any script.

    Name-like: a word with Latin letters, a Cyrillic word the dictionary does not know, or one
    whose proper-name parses weigh at least half. Lemmas let a form's own lexeme be skipped.
    """
    from associatsiya_ai.lexicon.form import is_cyrillic_word
    from associatsiya_ai.lexicon.parses import PROPER_GRAMMEMES, morph

    words = embeddings.words
    order = by_frequency(embeddings)
    chosen: list[int] = []
    flags: list[bool] = []
    lemmas: list[frozenset[str]] = []
    for i in order.tolist():
        if len(chosen) >= WIDE:
            break
        w = words[i]
        if len(w) < 2 or not w.replace("-", "").isalpha():
            continue
        chosen.append(i)
        if not is_cyrillic_word(w):
            flags.append(any("a" <= c <= "z" for c in w.lower()))
            lemmas.append(frozenset())
            continue
        parses = morph().parse(w)
        proper = sum(
            p.score
            for p in parses
            if p.tag.POS == "NOUN" and not PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)
        )
        flags.append(proper >= 0.5 or not any(p.is_known for p in parses))
        lemmas.append(frozenset(fold(p.normal_form) for p in parses))
    if not chosen:
        return np.zeros((0, 1), np.float32), np.zeros(0, bool), []
    return unit_rows_at(embeddings, chosen), np.array(flags, bool), lemmas


def wide_names(forms: list[str], embeddings: Embeddings, k: int = NEIGHBOURS) -> dict[str, float]:
    """Share of name-like words among each form's ``k`` nearest frequent model words.

    Measured twice, and the lower share kept: around the form's own vector and around the
    mean of its lexeme's unambiguous forms when the model has some («мегафона» is the brand
    too; «солода» is malt, though «солод» alone sits among names). The form's own lexeme is
    no neighbour.

    Parameters
    ----------
    forms : list of str
        Folded words of the model.
    embeddings : Embeddings
        The model; its :data:`WIDE` most frequent words of any script are the neighbours.
    k : int
        How many neighbours a share is over.

    Returns
    -------
    dict of str to float
        Form → share in [0, 1] (0.0 for all when the model has fewer than two such words).
    """
    if not forms:
        return {}
    ref, flags, lemmas = _wide(embeddings)
    pool = min(3 * k, len(ref))  # a tiny model has fewer words than that
    if pool < 2:
        return dict.fromkeys(forms, 0.0)

    def share(vector: np.ndarray, word: str) -> float:
        sims = ref @ vector
        mine = aliases(word) | {word}
        top = np.argpartition(-sims, pool - 1)[:pool]
        top = top[np.argsort(-sims[top])]
        near = [j for j in top.tolist() if mine.isdisjoint(lemmas[j]) and sims[j] < 0.9999]
        return float(flags[near[:k]].mean()) if near else 0.0

    vectors = unit_rows(embeddings.vectors_for(forms))
    out: dict[str, float] = {}
    for w, vector in zip(forms, vectors, strict=True):
        out[w] = share(vector, w)
        others = own_forms(w, embeddings)
        if others and out[w] > 0:
            out[w] = min(out[w], share(unit_rows(embeddings.vectors_for(others).mean(axis=0)), w))
    return out
