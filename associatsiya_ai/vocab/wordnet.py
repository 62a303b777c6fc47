"""A word's dictionary relatives (wiki-ru-wordnet): how far its vector agrees with them, and
a vector for a word the model lacks.

A news vector may hold another sense than the dictionary's: «вика» is the first name, not the
plant. The dictionary's sense is known by the word's relatives in wiki-ru-wordnet (synonyms,
hypernyms and hyponyms of each of its synsets): when the vector is close to their mean, the
dictionary sense is the vector's own, whatever else the neighbours suggest (:func:`agreement`).

The model also lacks many words a person may say («клякса», «ксерокс» are not among navec
news_v1's 250,000 words) that the wordnet knows: the weighted mean of their relatives'
vectors stands for them (:func:`relatives_vector`), so a bot partner hears «клякса» near
«пятно» instead of hearing nothing.

Data: the sqlite database shipped in the ``wiki-ru-wordnet`` package (built from Russian
Wiktionary), read once per process.

>>> {"диван", "кровать"} <= relatives(["софа"])["софа"], relatives(["кот"])["кот"] >= {"кошка"}
(True, True)
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.rules.words import fold

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = [
    "AGREES",
    "MAX_COHYPONYMS",
    "RELATION_WEIGHTS",
    "SENSE_ANCHOR",
    "agreement",
    "anchor_senses",
    "relation_pairs",
    "relatives",
    "relatives_vector",
    "release_tables",
    "sense_matrix",
    "weighted_mean",
    "weighted_relatives",
    "wordnet_path",
]

AGREES = 0.2
"""Cosine of a word's vector to its relatives' mean from which the vector holds the
dictionary's sense (about the 35th percentile over the vocabulary's words in wordnet)."""
RELATION_WEIGHTS = {"synonym": 1.0, "hypernym": 0.7, "hyponym": 0.5}
"""Weight of each kind of relative in :func:`weighted_relatives` (assumed: a synonym is the
word itself, a hypernym its kind, a hyponym one example of it). Not fitted: the dev norms
hold too few stimuli outside the model to fit them."""


SENSE_ANCHOR = 0.25
"""How far a vocabulary vector is pulled towards its dictionary sense, times its distance
from it (:func:`anchor_senses`). Chosen on the guesser norms (the human-response model
refitted each time): log-likelihood −6.316 without, −6.163 at 0.2, −6.159 at 0.28, −6.224
at 0.35, −6.264 at 0.5, −6.350 at 0.7."""


def wordnet_path() -> Path:
    """The wordnet's sqlite file inside the installed ``wiki_ru_wordnet`` package.

    Raises
    ------
    ImportError
        When the package is not installed.
    """
    import wiki_ru_wordnet

    return Path(wiki_ru_wordnet.__file__).parent / "database" / "wikiwordnet.db"


_Tables = tuple[dict[str, set[int]], dict[int, set[str]], dict[int, set[int]], dict[int, set[int]]]


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    """(lemma → synsets, synset → lemmas, synset → hypernym synsets, synset → hyponym
    synsets); empty when the package or its database is missing."""
    lemma_synsets: dict[str, set[int]] = defaultdict(set)
    members: dict[int, set[str]] = defaultdict(set)
    up: dict[int, set[int]] = defaultdict(set)
    down: dict[int, set[int]] = defaultdict(set)
    try:
        con = sqlite3.connect(f"file:{wordnet_path()}?mode=ro", uri=True)
    except (ImportError, sqlite3.Error):
        return {}, {}, {}, {}
    try:
        for sid, lemma in con.execute("SELECT synset_id, lemma FROM synsets"):
            w = fold(lemma)
            lemma_synsets[w].add(sid)
            members[sid].add(w)
        for sid, hyper in con.execute("SELECT sid, hypersid FROM hypernyms"):
            up[sid].add(hyper)
            down[hyper].add(sid)
    except sqlite3.Error:
        return {}, {}, {}, {}
    finally:
        con.close()
    return dict(lemma_synsets), dict(members), dict(up), dict(down)


def release_tables() -> None:
    """Drop the wordnet's tables read into memory (about 70 MB; read again, in half a
    second, when next needed): a first start builds the people tables next, and its peak
    memory is the sum of what is alive."""
    _tables.cache_clear()


def weighted_relatives(word: str) -> dict[str, float]:
    """The word's one-word wordnet relatives with their summed :data:`RELATION_WEIGHTS`.

    Returns
    -------
    dict of str to float
        Folded lemma → weight, over every sense of ``word`` (itself left out); empty when
        the wordnet lacks the word or cannot be read.
    """
    lemma_synsets, members, up, down = _tables()
    out: dict[str, float] = defaultdict(float)
    w = fold(word)
    # sorted: the weights are float sums, the same whatever the sets' per-process order
    for sid in sorted(lemma_synsets.get(w, ())):
        for kind, sids in (("synonym", {sid}), ("hypernym", up.get(sid, set())),
                           ("hyponym", down.get(sid, set()))):  # fmt: skip
            for other in sorted(sids):
                for lemma in sorted(members.get(other, set())):
                    if lemma != w and lemma.isalpha():
                        out[lemma] += RELATION_WEIGHTS[kind]
    return dict(out)


MAX_COHYPONYMS = 300
"""Hypernym synsets with more vocabulary hyponyms than this give no co-hyponym links
(«предмет», «человек»: siblings under them are not an association)."""


def relation_pairs(index: Mapping[str, int]) -> list[set[tuple[int, int]]]:
    """Pairs (heard, candidate) of vocabulary rows in each of the wordnet's relations:
    synonym, hypernym (the candidate is the heard word's), hyponym, co-hyponym (under one
    hypernym synset of at most :data:`MAX_COHYPONYMS` vocabulary words).

    Parameters
    ----------
    index : mapping of str to int
        Folded vocabulary word -> row.

    Returns
    -------
    list of set of (int, int)
        Four sets, in that order; empty when the wordnet cannot be read.
    """
    _, members, up, _ = _tables()
    rows_of = {sid: {index[w] for w in lemmas if w in index} for sid, lemmas in members.items()}
    pairs: list[set[tuple[int, int]]] = [set() for _ in range(4)]
    for rows in rows_of.values():
        pairs[0].update((a, b) for a in rows for b in rows if a != b)
    children: dict[int, set[int]] = defaultdict(set)
    for sid, hypernyms in up.items():
        for hyper in hypernyms:
            for a in rows_of.get(sid, ()):
                for b in rows_of.get(hyper, ()):
                    if a != b:
                        pairs[1].add((a, b))  # b is a hypernym of a
                        pairs[2].add((b, a))  # a is a hyponym of b
                children[hyper].add(a)
    for kids in children.values():
        if len(kids) <= MAX_COHYPONYMS:
            pairs[3].update((a, b) for a in kids for b in kids if a != b)
    return pairs


def relatives(words: Iterable[str]) -> dict[str, set[str]]:
    """Each folded word's one-word wordnet relatives (itself left out); absent words omitted."""
    out: dict[str, set[str]] = {}
    for word in words:
        found = set(weighted_relatives(word))
        if found:
            out[fold(word)] = found
    return out


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
