"""A word's dictionary relatives, from the Russian wordnet (wiki-ru-wordnet).

The embedding lacks many words a person may say («абажур», «бидон», «клякса» are not among
navec news_v1's 250,000 words). Such a word is still in the wordnet with its synonyms,
hypernyms and hyponyms, whose vectors the model usually has: their weighted mean stands for
the word, so a bot partner hears «клякса» near «пятно» and «ошибка» instead of hearing
nothing. Data: the sqlite database shipped in the ``wiki-ru-wordnet`` package (built from
Russian Wiktionary); it is opened read-only on the first unknown word.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path

import numpy as np

from associatsiya_ai.rules.words import fold

__all__ = ["RELATION_WEIGHTS", "relatives", "relatives_vector", "weighted_mean", "wordnet_path"]

RELATION_WEIGHTS = {"synonym": 1.0, "hypernym": 0.7, "hyponym": 0.5}
"""Weight of each kind of relative in the mean (assumed: a synonym is the word itself, a
hypernym its kind, a hyponym one example of it). Not fitted: the dev norms hold too few
stimuli outside the model to fit them."""


def wordnet_path() -> Path:
    """The wordnet's sqlite file inside the installed ``wiki_ru_wordnet`` package."""
    import wiki_ru_wordnet

    return Path(wiki_ru_wordnet.__file__).parent / "database" / "wikiwordnet.db"


@lru_cache(maxsize=4096)
def relatives(word: str) -> dict[str, float]:
    """The word's wordnet relatives with their weights (the word itself left out).

    Parameters
    ----------
    word : str
        Any spelling; compared folded (``ё`` ≡ ``е``).

    Returns
    -------
    dict of str to float
        Folded lemma → summed :data:`RELATION_WEIGHTS` over every sense of ``word``; empty
        when the wordnet lacks the word or cannot be read.
    """
    key = fold(word)
    try:
        con = sqlite3.connect(f"file:{wordnet_path()}?mode=ro", uri=True)
    except (ImportError, sqlite3.Error):
        return {}
    out: dict[str, float] = defaultdict(float)
    try:
        sids = [s for (s,) in con.execute("SELECT synset_id FROM synsets WHERE lemma IN (?, ?)",
                                          (key, word.lower()))]  # fmt: skip
        for sid in set(sids):
            _add(con, [sid], RELATION_WEIGHTS["synonym"], out)
            up = [u for (u,) in con.execute("SELECT hypersid FROM hypernyms WHERE sid=?", (sid,))]
            _add(con, up, RELATION_WEIGHTS["hypernym"], out)
            down = [d for (d,) in con.execute("SELECT sid FROM hypernyms WHERE hypersid=?", (sid,))]
            _add(con, down, RELATION_WEIGHTS["hyponym"], out)
    except sqlite3.Error:
        return {}
    finally:
        con.close()
    out.pop(key, None)
    return dict(out)


def _add(con: sqlite3.Connection, sids: list[int], weight: float, out: dict[str, float]) -> None:
    """Add ``weight`` to every single-word lemma of the synsets ``sids``."""
    for sid in sids:
        for (lemma,) in con.execute("SELECT DISTINCT lemma FROM synsets WHERE synset_id=?", (sid,)):
            if " " not in lemma:
                out[fold(lemma)] += weight


def relatives_vector(word: str, vector: Callable[[str], np.ndarray | None]) -> np.ndarray | None:
    """The vector that stands for ``word``: :func:`weighted_mean` of its relatives' vectors.

    Returns
    -------
    numpy.ndarray or None
        Shape (dim,), float32, L2-normalised; None when no relative has a vector.
    """
    return weighted_mean(relatives(word), vector)


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

    >>> v = {"пятно": np.array([1.0, 0.0]), "ошибка": np.array([0.0, 1.0])}
    >>> weighted_mean({"пятно": 3.0, "ошибка": 4.0, "чернила": 1.0}, v.get).tolist()
    [0.6000000238418579, 0.800000011920929]
    """
    total = None
    for word, weight in weights.items():
        v = vector(word)
        if v is not None and np.isfinite(v).all():
            total = weight * v if total is None else total + weight * v
    if total is None:
        return None
    norm = float(np.linalg.norm(total))
    return (total / norm).astype(np.float32) if norm > 0 else None
