"""The project's association lexicon: what people say first, and what makes them say a word.

Package data in ``associatsiya_ai/data/lexicon/`` (its data card: ``README.md`` there),
written by the team as native speakers, blind to every association norm, and validated and
merged by ``scripts/lexicon/merge.py``. Two files, one line a head word,
``head: w1, w2, …``, most common first:

- ``forward.txt``: the head word's first free associations (what people answer to it);
- ``hints.txt``: for a secret, the single nouns most likely to make a person answer it.

For the human-response model the lists become links between vocabulary rows
(:func:`association_pairs`), read as "the candidate is a <relation> of the heard word", with
the rank buckets of :data:`LEXICON_RELATIONS`.

>>> lex = AssociationLexicon({"лампа": ("свет", "абажур")}, {})
>>> index = {"лампа": 0, "свет": 1, "абажур": 2}
>>> pairs = dict(zip(LEXICON_RELATIONS, association_pairs(index, lex)))
>>> sorted(pairs["said1"]), sorted(pairs["said2"]), sorted(pairs["sayer1"])
([(0, 1)], [(0, 2)], [(1, 0)])
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from associatsiya_ai.rules.words import fold

__all__ = [
    "LEXICON_RELATIONS",
    "AssociationLexicon",
    "association_pairs",
    "lexicon_coverage",
    "lexicon_digest",
    "parse_lists",
    "shipped_lexicon",
]

FORWARD_BUCKETS = ((1, 1), (2, 2), (3, 4), (5, 8), (9, 15))
"""Rank ranges (1-based, inclusive) of a forward list that make one relation each (finer
at the top, where people's shares fall fastest)."""
HINT_BUCKETS = ((1, 1), (2, 4), (5, 15))
"""Rank ranges of a best-hints list that make one relation each."""


def _names(stem: str, buckets: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    return tuple(f"{stem}{lo}" for lo, _ in buckets)


LEXICON_RELATIONS = (
    *_names("said", FORWARD_BUCKETS),
    *_names("sayer", FORWARD_BUCKETS),
    *_names("hint", HINT_BUCKETS),
    *_names("hinted", HINT_BUCKETS),
)
"""The lexicon's relations, "the candidate is a <relation> of the heard word h", each name
ending in the first rank of its bucket: ``said*`` — the candidate stands in h's forward list
at rank 1, 2, 3–4, 5–8, 9–15; ``sayer*`` — h stands in the candidate's forward list so (the
converse); ``hint*`` — h stands in the candidate's best-hints list at rank 1, 2–4, 5–15 (the
candidate is a secret h makes people say); ``hinted*`` — the candidate stands in h's
best-hints list so (the converse)."""

_F, _H = len(FORWARD_BUCKETS), len(HINT_BUCKETS)
LEXICON_CONVERSE = (
    *range(_F, 2 * _F),
    *range(_F),
    *range(2 * _F + _H, 2 * _F + 2 * _H),
    *range(2 * _F, 2 * _F + _H),
)
"""The converse of each of :data:`LEXICON_RELATIONS` (indices into it): said ↔ sayer,
hint ↔ hinted, bucket by bucket."""

_FILES = ("forward.txt", "hints.txt")


@dataclass(frozen=True)
class AssociationLexicon:
    """The two lists of the lexicon, by folded head word.

    Attributes
    ----------
    forward : dict of str to tuple of str
        Head word -> its first free associations, most common first (display spellings).
    hints : dict of str to tuple of str
        Secret -> the nouns most likely to make a person answer it, best first.
    """

    forward: dict[str, tuple[str, ...]]
    hints: dict[str, tuple[str, ...]]


def parse_lists(text: str) -> dict[str, tuple[str, ...]]:
    """``head: w1, w2, …`` lines into ``{folded head: (w1, w2, …)}`` (blank lines and lines
    without a colon are skipped; the merge script writes none).

    >>> parse_lists("кот: мышь, молоко\\n")
    {'кот': ('мышь', 'молоко')}
    """
    out: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        head, sep, rest = line.partition(":")
        if sep and head.strip():
            out[fold(head.strip())] = tuple(w.strip() for w in rest.split(",") if w.strip())
    return out


def _read(name: str) -> str:
    """A lexicon file's text ('' when the package holds none)."""
    path = resources.files("associatsiya_ai").joinpath("data").joinpath("lexicon").joinpath(name)
    return path.read_text("utf-8") if path.is_file() else ""


@lru_cache(maxsize=1)
def shipped_lexicon() -> AssociationLexicon:
    """The lexicon the package ships (read once; empty lists when it holds none)."""
    return AssociationLexicon(*(parse_lists(_read(name)) for name in _FILES))


def lexicon_digest() -> str:
    """A digest of the shipped lexicon's files (caches built from it are keyed by it)."""
    h = hashlib.sha256()
    for name in _FILES:
        h.update(_read(name).encode())
    return h.hexdigest()[:16]


def _ranked(
    lists: dict[str, tuple[str, ...]], index: dict[str, int], buckets: tuple[tuple[int, int], ...]
) -> list[set[tuple[int, int]]]:
    """Per rank bucket, the (head row, listed row) pairs of the vocabulary."""
    out: list[set[tuple[int, int]]] = [set() for _ in buckets]
    for head, words in lists.items():
        h = index.get(head)
        if h is None:
            continue
        for rank, word in enumerate(words, 1):
            w = index.get(fold(word))
            for b, (lo, hi) in enumerate(buckets):
                if w is not None and w != h and lo <= rank <= hi:
                    out[b].add((h, w))
    return out


def association_pairs(
    index: dict[str, int], lexicon: AssociationLexicon | None = None
) -> list[set[tuple[int, int]]]:
    """The lexicon's links between vocabulary rows, per relation of
    :data:`LEXICON_RELATIONS`: pairs (heard row, candidate row).

    Parameters
    ----------
    index : dict of str to int
        Folded word -> vocabulary row.
    lexicon : AssociationLexicon, optional
        The shipped lexicon when omitted.
    """
    lex = lexicon if lexicon is not None else shipped_lexicon()
    said = _ranked(lex.forward, index, FORWARD_BUCKETS)  # (h, c): c in h's list
    hinted = _ranked(lex.hints, index, HINT_BUCKETS)  # (s, c): c in secret s's hints
    sayer = [{(c, h) for h, c in pairs} for pairs in said]
    hint = [{(c, s) for s, c in pairs} for pairs in hinted]
    return [*said, *sayer, *hint, *hinted]


def lexicon_coverage(
    words: list[str], secrets: list[str], lexicon: AssociationLexicon | None = None
) -> dict[str, float | int | str]:
    """How much of a vocabulary the lexicon covers (``models index``).

    Parameters
    ----------
    words, secrets : list of str
        The vocabulary's words and the bots' secrets.
    lexicon : AssociationLexicon, optional
        The shipped lexicon when omitted.

    Returns
    -------
    dict
        ``version`` (:func:`lexicon_digest` of the shipped one), ``forward_lists`` and
        ``hint_lists`` (head words), ``forward_coverage`` (share of ``words`` with a forward
        list), ``hints_coverage`` (share of ``secrets`` with a best-hints list),
        ``entries`` and ``in_vocabulary`` (share of entries that are vocabulary words).
    """
    lex = lexicon if lexicon is not None else shipped_lexicon()
    known = {fold(w) for w in words}
    entries = [fold(w) for lists in (lex.forward, lex.hints) for ws in lists.values() for w in ws]
    return {
        "version": lexicon_digest(),
        "forward_lists": len(lex.forward),
        "hint_lists": len(lex.hints),
        "forward_coverage": round(len(known & set(lex.forward)) / max(len(known), 1), 4),
        "hints_coverage": round(
            len({fold(w) for w in secrets} & set(lex.hints)) / max(len(secrets), 1), 4
        ),
        "entries": len(entries),
        "in_vocabulary": round(sum(w in known for w in entries) / max(len(entries), 1), 4),
    }
