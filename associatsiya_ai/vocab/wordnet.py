"""A word's dictionary relatives in wiki-ru-wordnet: synonyms, hypernyms and hyponyms.

:func:`weighted_relatives` gives a word's one-word relatives over every sense of it, weighted
by the kind of relation (:data:`RELATION_WEIGHTS`); :func:`relation_pairs` gives the pairs of
vocabulary words in each relation. The vectors made of a word's relatives (how far its own
agrees with them, one standing for a word the model lacks, the pull towards the dictionary
sense) are in :mod:`associatsiya_ai.vocab.wordnet_vectors`.

Data: the sqlite database shipped in the ``wiki-ru-wordnet`` package (built from Russian
Wiktionary), read once per process (:func:`release_tables` drops it).

>>> {"диван", "кровать"} <= relatives(["софа"])["софа"], relatives(["кот"])["кот"] >= {"кошка"}
(True, True)
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from associatsiya_ai.rules.words import fold

__all__ = [
    "MAX_COHYPONYMS",
    "RELATION_WEIGHTS",
    "relation_pairs",
    "relatives",
    "release_tables",
    "weighted_relatives",
    "wordnet_path",
]

RELATION_WEIGHTS = {"synonym": 1.0, "hypernym": 0.7, "hyponym": 0.5}
"""Weight of each kind of relative in :func:`weighted_relatives` (assumed: a synonym is the
word itself, a hypernym its kind, a hyponym one example of it). Not fitted: the dev norms
hold too few stimuli outside the model to fit them."""


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
