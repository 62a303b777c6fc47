"""Vectors from a word's wordnet relatives: its dictionary sense, and a stand-in for a word
the model lacks.

A news vector may hold another sense than the dictionary's: «вика» is the first name, not the
plant. The dictionary's sense is known by the word's relatives in wiki-ru-wordnet
(:func:`~associatsiya_ai.vocab.wordnet.weighted_relatives`: synonyms, hypernyms and hyponyms
of each of its synsets): when the vector is close to their mean, the dictionary sense is the
vector's own, whatever else the neighbours suggest (:func:`agreement`); a vocabulary vector is
pulled towards that mean as far as it drifted from it (:func:`anchor_senses`).

The model also lacks many words a person may say («клякса», «ксерокс» are not among navec
news_v1's 250,000 words) that the wordnet knows: the weighted mean of their relatives'
vectors stands for them (:func:`relatives_vector`), so a bot partner hears «клякса» near
«пятно» instead of hearing nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.vocab.wordnet import relatives, weighted_relatives

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = [
    "AGREES",
    "SENSE_ANCHOR",
    "agreement",
    "anchor_senses",
    "relatives_vector",
    "sense_matrix",
    "weighted_mean",
]

AGREES = 0.2
"""Cosine of a word's vector to its relatives' mean from which the vector holds the
dictionary's sense (about the 35th percentile over the vocabulary's words in wordnet)."""
SENSE_ANCHOR = 0.25
"""How far a vocabulary vector is pulled towards its dictionary sense, times its distance
from it (:func:`anchor_senses`). Chosen on the guesser norms (the human-response model
refitted each time): log-likelihood −6.316 without, −6.163 at 0.2, −6.159 at 0.28, −6.224
at 0.35, −6.264 at 0.5, −6.350 at 0.7."""


def relatives_vector(word: str, vector: Callable[[str], np.ndarray | None]) -> np.ndarray | None:
    """The vector that stands for ``word``: :func:`weighted_mean` of its relatives' vectors.

    Returns
    -------
    numpy.ndarray or None
        Shape (dim,), float32, L2-normalised; None when no relative has a vector.
    """
    return weighted_mean(weighted_relatives(word), vector)


def weighted_mean(
    weights: Mapping[str, float], vector: Callable[[str], np.ndarray | None]
) -> np.ndarray | None:
    """The L2-normalised weighted mean of the words' vectors (words without one skipped).

    Parameters
    ----------
    weights : mapping of str to float
        Word → weight.
    vector : callable
        ``vector(word) -> unit vector (dim,) or None``.

    Returns
    -------
    numpy.ndarray or None
        Shape (dim,), float32; None when no word has a finite vector or they cancel out.
        The same floats whatever the mapping's order (summed in word order).

    >>> v = {"пятно": np.array([1.0, 0.0]), "ошибка": np.array([0.0, 1.0])}
    >>> weighted_mean({"пятно": 3.0, "ошибка": 4.0, "чернила": 1.0}, v.get).tolist()
    [0.6000000238418579, 0.800000011920929]
    """
    total = None
    for word, weight in sorted(weights.items()):  # a fixed order of the float sums: the
        v = vector(word)  # mapping's own comes from sets, whose order changes per process
        if v is not None and np.isfinite(v).all():
            total = weight * v if total is None else total + weight * v
    if total is None:
        return None
    norm = float(np.linalg.norm(total))
    return (total / norm).astype(np.float32) if norm > 0 else None


def agreement(
    embeddings: Embeddings, words: Iterable[str], vectors: Mapping[str, np.ndarray] | None = None
) -> dict[str, float]:
    """Cosine of each word's vector to the mean unit vector of its relatives in the model.

    Parameters
    ----------
    embeddings : Embeddings
        The model the relatives' vectors come from.
    words : iterable of str
        Folded words; those missing from the model, from wordnet, or with no relative in the
        model are omitted from the result.
    vectors : mapping of str to numpy.ndarray, optional
        The vector to measure for a word (default: its own vector in the model).
    """
    out: dict[str, float] = {}
    for w, rel in relatives(w for w in words if w in embeddings).items():
        known = sorted(x for x in rel if x in embeddings)
        if not known:
            continue
        vecs = embeddings.vectors_for(known).astype(np.float32)
        vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
        mean = vecs.mean(axis=0)
        own = (vectors[w] if vectors and w in vectors else embeddings.vector(w)).astype(np.float32)
        denom = float(np.linalg.norm(mean) * np.linalg.norm(own))
        if denom > 0:
            out[w] = float(mean @ own) / denom
    return out


def sense_matrix(folded: list[str], matrix: np.ndarray) -> np.ndarray:
    """Each word's dictionary sense within a vocabulary: the :func:`weighted_mean` of its
    wordnet relatives' rows of ``matrix`` (relatives outside the vocabulary skipped).

    Parameters
    ----------
    folded : list of str
        The vocabulary's folded words, one per row.
    matrix : numpy.ndarray
        Shape (n, dim), float32 unit rows.

    Returns
    -------
    numpy.ndarray
        Shape (n, dim), float32: unit rows, zero where no relative is in the vocabulary.
    """
    index = {w: i for i, w in enumerate(folded)}
    out = np.zeros(matrix.shape, np.float32)
    for i, w in enumerate(folded):
        rel = {x: c for x, c in weighted_relatives(w).items() if x in index}
        if rel:
            mean = weighted_mean(rel, lambda x: matrix[index[x]])
            if mean is not None:
                out[i] = mean
    return out


def anchor_senses(folded: list[str], matrix: np.ndarray) -> np.ndarray:
    """Vectors pulled towards the dictionary sense as far as the corpus drifted from it.

    A news vector may hold a sense a person does not hear first: «дочка» sits among
    «акционер», «холдинг» (a subsidiary), while a person hears a daughter. Each row ``v``
    with a dictionary sense ``s`` (:func:`sense_matrix`) becomes
    ``normalise(v + SENSE_ANCHOR · (1 − cos(v, s)) · s)``: a vector that agrees with its
    relatives hardly moves, a drifted one moves towards them. Rows without relatives in
    the vocabulary stay as they are. Parameters as :func:`sense_matrix`.

    Returns
    -------
    numpy.ndarray
        Shape (n, dim), float32 unit rows.
    """
    sense = sense_matrix(folded, matrix)
    drift = np.clip(1.0 - np.einsum("ij,ij->i", matrix, sense), 0.0, 1.0)
    drift[~sense.any(axis=1)] = 0.0
    moved = matrix + np.float32(SENSE_ANCHOR) * drift[:, None].astype(np.float32) * sense
    norms = np.linalg.norm(moved, axis=1, keepdims=True)
    out: np.ndarray = (moved / np.maximum(norms, 1e-9)).astype(np.float32)
    return out
