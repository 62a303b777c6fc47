"""What pymorphy3 and wordfreq say about a surface form, before any vector (:func:`reading`).

A form's parses are weighed (:func:`parse_weights`) and sorted into its own common-noun
lexeme (any spelling of its lemma, :func:`aliases`), proper-name readings, adjective
readings and other lemmas; wordfreq tells how often the lexeme's plural is in use (names are
hardly ever said in the plural). :mod:`associatsiya_ai.vocab.filter` judges the result.

>>> r = reading("коты")  # the plural of «кот», or a lexeme of its own
>>> r.plural_of["кот"] > 0.4, r.plural_zipf is not None
(True, True)
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Container
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from associatsiya_ai.rules.words import fold

__all__ = [
    "UNAMBIGUOUS",
    "Reading",
    "aliases",
    "general_zipf",
    "own_forms",
    "parse_weights",
    "reading",
    "release_frequencies",
]

UNAMBIGUOUS = 0.9
"""A form of a lexeme is unambiguous when parses of that lexeme weigh this much."""


@dataclass(frozen=True)
class Reading:
    """What pymorphy3 and wordfreq say about one folded surface form.

    Attributes
    ----------
    word : str
        The folded form.
    own, proper, adjective : float
        Shares of parse weight: this word's own common-noun lexeme; proper-name parses;
        adjective and participle parses.
    others : dict of str to float
        Other lemmas (nouns of another lexeme, verbs, …) whose forms this is, with their share.
    plural_of : dict of str to float
        Other nouns whose nominative plural this is, with their share («коты»: «кот»).
    singular_zipf : dict of str to float
        Zipf of each lemma of ``others`` (and so of ``plural_of``).
    plural_zipf : float or None
        Highest Zipf of the own lexeme's plural forms other than the word itself (nominative,
        dative, instrumental, prepositional: the cases a name's surface rarely takes); None when
        the lexeme has none (singular-only or indeclinable).
    animate : bool
        Whether the own lexeme is animate (a title or a role: «госсекретарь» sits among
        people's names and is still a word; the name-sense check leaves it alone).
    distinct_plural_zipf : float or None
        As ``plural_zipf`` over the plural forms not spelt like a singular form of the
        lexeme («вики» is also «вика»'s genitive, so its count says nothing of the plural).
    """

    word: str
    own: float = 1.0
    proper: float = 0.0
    adjective: float = 0.0
    others: dict[str, float] = field(default_factory=dict)
    plural_of: dict[str, float] = field(default_factory=dict)
    singular_zipf: dict[str, float] = field(default_factory=dict)
    plural_zipf: float | None = None
    animate: bool = False
    distinct_plural_zipf: float | None = None

    @property
    def lemmas(self) -> tuple[str, ...]:
        """The word and every other lemma it may be a form of."""
        return (self.word, *self.others, *self.plural_of)


_PLURAL_CASES = ("nomn", "datv", "ablt", "loct")


@lru_cache(maxsize=65536)
def aliases(word: str) -> frozenset[str]:
    """The folded ``word`` and every lemma of which it is the nominative singular itself.

    pymorphy3 may spell a lexeme's normal form otherwise than its nominative: «счастье» is
    the nominative singular of the lexeme it calls «счастие» (an ье/ие variant), so both
    name the same word. Plural-only nouns count too (their nominative is plural); a form of
    another gender than the normal form («супруга» of «супруг») is another word.

    >>> sorted(aliases("счастье")), sorted(aliases("белка"))
    (['счастие', 'счастье'], ['белка'])
    """
    from associatsiya_ai.lexicon.parses import PROPER_GRAMMEMES, morph

    w = fold(word)
    out = {w}
    for p in morph().parse(w):
        grammemes = p.tag.grammemes
        if (
            p.tag.POS == "NOUN"
            and "nomn" in grammemes
            and ("sing" in grammemes or "Pltm" in grammemes)
            and PROPER_GRAMMEMES.isdisjoint(grammemes)
            and fold(p.word) == w
            and p.tag.gender == p.lexeme[0].tag.gender  # «супруга» is not «супруг»
        ):
            out.add(fold(p.normal_form))
    return frozenset(out)


def parse_weights(parses: list[Any]) -> list[tuple[Any, float]]:
    """Each parse with its weight, an indeclinable lexeme's parses counting as one.

    pymorphy3 spreads a word's weight evenly over its parses when it has no statistics for
    it, so an indeclinable noun, one parse per case and number, outweighs a verb form's single
    parse twelve to one: «живете» is the letter «живёте» (12 parses) and «живёте» (1). Its
    parses share one parse's weight here, and the weights are rescaled to their old total.
    """
    groups = Counter((p.normal_form, p.tag.POS) for p in parses if "Fixd" in p.tag)
    raw = [p.score / groups.get((p.normal_form, p.tag.POS), 1) for p in parses]
    total, kept = sum(p.score for p in parses), sum(raw)
    scale = total / kept if kept > 0 else 1.0
    return [(p, x * scale) for p, x in zip(parses, raw, strict=True)]


@lru_cache(maxsize=65536)
def reading(word: str) -> Reading:
    """Measure the folded form ``word`` with pymorphy3 (all parses) and wordfreq."""
    from wordfreq import zipf_frequency

    from associatsiya_ai.lexicon.parses import PROPER_GRAMMEMES, morph

    w = fold(word)
    same = aliases(w)
    own = proper = adjective = 0.0
    others: defaultdict[str, float] = defaultdict(float)
    plural_of: defaultdict[str, float] = defaultdict(float)
    plural_zipf: float | None = None
    distinct: float | None = None
    animate = False
    for p, score in parse_weights(morph().parse(w)):
        lemma, grammemes = fold(p.normal_form), p.tag.grammemes
        if p.tag.POS == "NOUN" and not PROPER_GRAMMEMES.isdisjoint(grammemes):
            proper += score
        elif p.tag.POS == "NOUN" and lemma in same:
            own += score
            animate = animate or "anim" in grammemes
            if plural_zipf is None:
                singular = {fold(f.word) for f in p.lexeme if "sing" in f.tag}
                plurals = [
                    (zipf_frequency(f.word, "ru"), fold(f.word) in singular)
                    for f in p.lexeme
                    if "plur" in f.tag and f.tag.case in _PLURAL_CASES and fold(f.word) != w
                ]
                plural_zipf = max((z for z, _ in plurals), default=None)
                distinct = max((z for z, same in plurals if not same), default=None)
        elif p.tag.POS in ("ADJF", "PRTF"):
            adjective += score
        elif p.tag.POS is not None:
            others[lemma] += score
            if p.tag.POS == "NOUN" and {"plur", "nomn"} <= grammemes:
                plural_of[lemma] += score
    singular_zipf = {lemma: zipf_frequency(lemma, "ru") for lemma in others}
    return Reading(
        w, own, proper, adjective, dict(others), dict(plural_of), singular_zipf, plural_zipf,
        animate, distinct,
    )  # fmt: skip


def own_forms(word: str, words: Container[str], unambiguous: float = UNAMBIGUOUS) -> list[str]:
    """The forms of ``word``'s common-noun lexeme in ``words`` that are nothing else.

    A form is kept when parses of the word's lexeme (any spelling of its lemma, see
    :func:`aliases`) weigh at least ``unambiguous``.
    """
    from associatsiya_ai.lexicon.parses import PROPER_GRAMMEMES, morph

    same = aliases(word)

    def mine(p: Any) -> bool:
        return (
            p.tag.POS == "NOUN"
            and fold(p.normal_form) in same
            and PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)
        )

    def share(form: str) -> float:
        return float(sum(p.score for p in morph().parse(form) if mine(p)))

    for p in morph().parse(word):
        if mine(p):
            forms = dict.fromkeys(f.word for f in p.lexeme if fold(f.word) != word)
            return [f for f in forms if f in words and share(f) >= unambiguous]
    return []


def general_zipf(display: str, folded: str) -> float:
    """wordfreq's Zipf of a word in Russian at large, the higher of its two spellings (as
    :func:`~associatsiya_ai.vocab.build.news_bias` takes it).

    Parameters
    ----------
    display, folded : str
        The word as displayed and folded.

    Returns
    -------
    float
        Zipf units (log10 of uses per 10⁹ words); 0.0 for a word wordfreq lacks.
    """
    from wordfreq import zipf_frequency

    return max(zipf_frequency(display, "ru"), zipf_frequency(folded, "ru"))


def release_frequencies() -> None:
    """Drop wordfreq's word-frequency tables and the readings memoised over them.

    wordfreq keeps every table it has read for the life of the process (Russian: about
    120 MB); a vocabulary build needs them only while it screens the model's words, then a
    game or a long test run would carry them to the end. Read again, in half a second, when
    next needed: the numbers are the same.
    """
    reading.cache_clear()
    wordfreq = sys.modules.get("wordfreq")
    if wordfreq is None:
        return
    for name in ("get_frequency_dict", "get_frequency_list"):
        clear = getattr(getattr(wordfreq, name, None), "cache_clear", None)
        if callable(clear):
            clear()
    memo = getattr(wordfreq, "_wf_cache", None)
    if isinstance(memo, dict):
        memo.clear()
