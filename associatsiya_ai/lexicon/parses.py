"""pymorphy3's readings of a word, and which of them R3 accepts: a common noun, nominative.

Data source: pymorphy3 with pymorphy3-dicts-ru (OpenCorpora). The analyser loads lazily,
once per process (:func:`morph`). The lexicon's verdicts and the vocabulary build both rest
on :func:`accepted_parses`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pymorphy3

__all__ = [
    "PROPER_GRAMMEMES",
    "accepted_parses",
    "is_accepted_parse",
    "is_common_noun",
    "is_noun",
    "is_proper",
    "morph",
    "nominative",
]

PROPER_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
"""A nominative noun parse carrying one of these is a proper name (R3.2); ``Abbr`` is not."""


@lru_cache(maxsize=1)
def morph() -> pymorphy3.MorphAnalyzer:
    """Return the process-wide pymorphy3 analyser, created on first use.

    Returns
    -------
    pymorphy3.MorphAnalyzer
        Russian analyser over pymorphy3-dicts-ru (OpenCorpora).
    """
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


def is_noun(p: Any) -> bool:
    """Return True when pymorphy3 parse ``p`` is a noun (proper or common, any case)."""
    return "NOUN" in p.tag


def is_proper(p: Any) -> bool:
    """Return True when parse ``p`` carries a proper-name grammeme (:data:`PROPER_GRAMMEMES`)."""
    return not PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)


def is_common_noun(p: Any) -> bool:
    """Return True when pymorphy3 parse ``p`` is a noun that is not a proper name (R3.2)."""
    return is_noun(p) and not is_proper(p)


def is_accepted_parse(p: Any) -> bool:
    """Return True when parse ``p`` is an accepted reading under R3: a common noun, nominative.

    Parameters
    ----------
    p : pymorphy3.analyzer.Parse
        One parse from :func:`morph`.
    """
    return is_common_noun(p) and "nomn" in p.tag


def accepted_parses(word: str) -> list[Any]:
    """Return the accepted parses of ``word`` (:func:`is_accepted_parse`), in pymorphy3's order.

    The lexicon's verdicts and the vocabulary build both rest on this test.

    Parameters
    ----------
    word : str
        One word (pymorphy3 lower-cases it).

    Returns
    -------
    list of pymorphy3.analyzer.Parse
        Empty when no reading of the word is a nominative common noun.

    >>> [p.normal_form for p in accepted_parses("часы")]
    ['часы', 'час']
    >>> accepted_parses("москва"), accepted_parses("кошку")
    ([], [])
    """
    return [p for p in morph().parse(word) if is_accepted_parse(p)]


def nominative(p: Any) -> Any:
    """Return the nominative singular of parse ``p`` (plural for a plural-only word), or None."""
    return p.inflect({"nomn", "plur" if "Pltm" in p.tag else "sing"}) or p.inflect({"nomn"})
