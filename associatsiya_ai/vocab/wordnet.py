"""A word's dictionary relatives (wiki-ru-wordnet) and how far its vector agrees with them.

A news vector may hold another sense than the dictionary's: «вика» is the first name, not the
plant. The dictionary's sense is known by the word's relatives in wiki-ru-wordnet (synonyms,
hypernyms and hyponyms of each of its synsets): when the vector is close to their mean, the
dictionary sense is the vector's own, whatever else the neighbours suggest.

>>> {"диван", "кровать"} <= relatives(["софа"])["софа"], relatives(["кот"])["кот"] >= {"кошка"}
(True, True)
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.rules.words import fold

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = ["AGREES", "agreement", "relatives"]

AGREES = 0.2
"""Cosine of a word's vector to its relatives' mean from which the vector holds the
dictionary's sense (about the 35th percentile over the vocabulary's words in wordnet)."""


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, set[int]], dict[int, set[str]], dict[int, set[int]]]:
    """(lemma → synsets, synset → lemmas, synset → hypernym and hyponym synsets); empty when
    the package or its database is missing."""
    lemma_synsets: dict[str, set[int]] = defaultdict(set)
    members: dict[int, set[str]] = defaultdict(set)
    links: dict[int, set[int]] = defaultdict(set)
    try:
        import wiki_ru_wordnet

        db = Path(wiki_ru_wordnet.__file__).parent / "database" / "wikiwordnet.db"
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    except (ImportError, sqlite3.Error):
        return {}, {}, {}
    try:
        for sid, lemma in con.execute("SELECT synset_id, lemma FROM synsets"):
            w = fold(lemma)
            lemma_synsets[w].add(sid)
            members[sid].add(w)
        for sid, up in con.execute("SELECT sid, hypersid FROM hypernyms"):
            links[sid].add(up)
            links[up].add(sid)
    except sqlite3.Error:
        return {}, {}, {}
    finally:
        con.close()
    return dict(lemma_synsets), dict(members), dict(links)


def relatives(words: Iterable[str]) -> dict[str, set[str]]:
    """Each folded word's one-word wordnet relatives (itself left out); absent words omitted."""
    lemma_synsets, members, links = _tables()
    out: dict[str, set[str]] = {}
    for word in words:
        w = fold(word)
        found: set[str] = set()
        for sid in lemma_synsets.get(w, ()):
            for other in {sid} | links.get(sid, set()):
                found |= members.get(other, set())
        found = {x for x in found if x != w and x.isalpha()}
        if found:
            out[w] = found
    return out


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
