"""The form of a word (R3): one Russian common noun in the nominative, via pymorphy3.

Data source: pymorphy3 with pymorphy3-dicts-ru (OpenCorpora). The analyser loads lazily,
once per process (:func:`morph`); verdicts are memoised per input text.

>>> lex = default_lexicon()
>>> lex.analyse("Кошки").singular, lex.analyse("кошки").notices
('кошка', ('по возможности в единственном числе: кошка',))
>>> [(v.kind, v.suggestion) for v in lex.analyse("кошку").problems]
[('not-nominative-singular', 'кошка')]
>>> lex.analyse("елка").display, lex.analyse("елка").lemma
('ёлка', 'елка')
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from associatsiya_ai.rules.words import Violation, WordVerdict, fold

if TYPE_CHECKING:
    import pymorphy3

__all__ = [
    "MAX_LETTERS",
    "PROPER_GRAMMEMES",
    "Lexicon",
    "accepted_parses",
    "default_lexicon",
    "is_accepted_parse",
    "is_common_noun",
    "is_cyrillic_word",
    "morph",
    "shorten",
]

MAX_LETTERS = 40
"""Longer input is rejected as ``too-long`` (the longest Russian nouns have about 35 letters)."""

PROPER_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
"""A nominative noun parse carrying one of these is a proper name (R3.2); ``Abbr`` is not."""

_RUSSIAN = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
_ACUTE, _GRAVE = "\u0301", "\u0300"  # stress marks, left over after NFC composed «й», «ё»
_VS16 = "\ufe0f"  # the variation selector an emoji keyboard may add after a word
_HYPHENS = frozenset("-‐‑‒–—―⁃−﹣－")
# Latin letters that look like Russian ones; upper case kept apart (Latin "T" looks like
# "Т", but Latin "t" does not look like "т").
_LOOKALIKES = dict(zip("aceopxykABCEHKMOPTXY", "асеорхукАВСЕНКМОРТХУ", strict=True))
# Singular forms the dictionary marks as non-standard: «деньга» is not the singular of «деньги».
_MARGINAL = frozenset({"Infr", "Arch", "Dist", "Erro", "Slng"})


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


def is_cyrillic_word(s: str) -> bool:
    """Return True when ``s`` is non-empty and made only of Russian letters (а–я, ё, any case)."""
    return bool(s) and all(ch in _RUSSIAN for ch in s.lower())


def shorten(text: str, limit: int = 30) -> str:
    """Return ``text`` safe to print on one line: control characters escaped, truncated.

    Parameters
    ----------
    text : str
        Any text, e.g. raw player input.
    limit : int
        At most this many characters of ``text`` are kept; a cut is marked with «…».
    """
    cut = text[:limit]
    shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in cut)
    return shown + ("…" if len(text) > limit else "")


def _quote(chars: list[str]) -> str:
    return ", ".join(f"«{shorten(ch)}»" for ch in list(dict.fromkeys(chars))[:5])


def _foreign(word: str) -> str:
    """Name what in ``word`` is not a Russian letter, e.g. ``цифры «1»; латинские буквы «c»``."""
    groups: dict[str, list[str]] = {}
    for ch in word:
        if ch in _RUSSIAN:
            continue
        category = unicodedata.category(ch)
        if ch.isdigit():
            label = "цифры"
        elif "a" <= ch.lower() <= "z":
            label = "латинские буквы"
        elif category.startswith("L") or category.startswith("M"):
            label = "нерусские буквы"
        elif category in ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"):
            label = "невидимые символы"
        else:
            label = "знаки"
        groups.setdefault(label, []).append(ch)
    return "; ".join(f"{label} {_quote(chars)}" for label, chars in groups.items())


def _form_problem(raw: str, word: str) -> Violation | None:
    """Check R3.1 (one word of Russian letters) on the trimmed ``raw`` and lowered ``word``."""
    shown = shorten(word)
    if not word:
        return Violation("R3", "empty", "пустое слово: назовите одно существительное")
    if len(word) > MAX_LETTERS:
        return Violation("R3", "too-long", f"«{shown}» — длиннее {MAX_LETTERS} букв")
    if len(raw.split()) > 1:
        return Violation("R3", "not-one-word", f"«{shown}» — несколько слов, нужно одно")
    if is_cyrillic_word(word):
        return None
    rest = [ch for ch in word if ch not in _HYPHENS]
    if len(rest) < len(word) and is_cyrillic_word("".join(rest)):
        return Violation("R3", "hyphen", f"«{shown}» — слово с дефисом, нужно без дефиса")
    fixed = "".join(_LOOKALIKES.get(ch, ch) for ch in raw).lower()
    if any(ch in _RUSSIAN for ch in word) and is_cyrillic_word(fixed):
        where = ", ".join(
            f"«{ch}» ({i + 1}-я буква)" for i, ch in enumerate(raw) if ch in _LOOKALIKES
        )
        return Violation(
            "R3",
            "mixed-script",
            f"в слове «{shown}» латинские буквы: {where}; нужно «{fixed}»",
            suggestion=fixed,
        )
    return Violation(
        "R3", "not-cyrillic", f"«{shown}» — нужны только русские буквы, а здесь {_foreign(word)}"
    )


def _is_noun(p: Any) -> bool:
    return "NOUN" in p.tag


def _is_proper(p: Any) -> bool:
    return not PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)


def is_common_noun(p: Any) -> bool:
    """Return True when pymorphy3 parse ``p`` is a noun that is not a proper name (R3.2)."""
    return _is_noun(p) and not _is_proper(p)


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


def _nominative(p: Any) -> Any:
    """Return the nominative singular of parse ``p`` (plural for a plural-only word), or None."""
    return p.inflect({"nomn", "plur" if "Pltm" in p.tag else "sing"}) or p.inflect({"nomn"})


def _passing_nominative(common: list[Any], word: str, strict: bool) -> str | None:
    """The first nominative form of a common-noun parse that itself passes R3 and is known.

    A suggestion must be accepted when the player types it back: «света» → «свет», never a
    proper name, an adjective or a form the dictionary does not know.
    """
    for p in common:
        form = _nominative(p)
        if form is None or fold(form.word) == fold(word):
            continue
        verdict = _verdict(form.word, strict, False)
        if verdict.ok and verdict.known:
            return str(form.word)
    return None


def _mixed_script_fix(problem: Violation, fixed: str, strict: bool) -> Violation:
    """Keep a look-alike letters' fix only when it passes R3 (or suggest its nominative)."""
    verdict = _verdict(fixed, strict)
    if verdict.ok:
        return problem
    then = verdict.problems[0].suggestion
    head = problem.detail.rsplit("; нужно «", 1)[0]
    if then is not None:
        detail = f"{head}; русскими буквами «{fixed}», а нужно «{then}»"
        return Violation("R3", "mixed-script", detail, suggestion=then)
    detail = f"{head}; русскими буквами «{fixed}»: {verdict.problems[0].detail}"
    return Violation("R3", "mixed-script", detail)


@lru_cache(maxsize=65536)
def _verdict(raw: str, strict: bool, suggest: bool = True) -> WordVerdict:
    word = raw.lower()
    problem = _form_problem(raw, word)
    if problem is not None and problem.kind == "mixed-script" and problem.suggestion:
        problem = _mixed_script_fix(problem, problem.suggestion, strict)
    if problem is not None:
        return _rejected(word, False, problem)
    parses = morph().parse(word)
    known = any(p.is_known for p in parses)
    shown = shorten(word)
    unknown = Violation("R3", "unknown-word", f"слова «{shown}» нет в словаре")
    if strict and not known:
        return _rejected(word, known, unknown)
    nouns = [p for p in parses if _is_noun(p)]
    nominative = [p for p in nouns if "nomn" in p.tag]
    accepted = [p for p in parses if is_accepted_parse(p)]
    if not accepted:
        common = [p for p in nouns if not _is_proper(p)]
        fix = _passing_nominative(common, word, strict) if suggest and known else None
        if fix is not None:
            detail = f"«{shown}» — не в именительном падеже: скажите «{fix}»"
            violation = Violation("R3", "not-nominative-singular", detail, suggestion=fix)
            return _rejected(word, known, violation)
        if not known:  # a guess at a word nobody knows: say so, suggest nothing
            return _rejected(word, known, unknown)
        if nominative or (nouns and all(_is_proper(p) for p in nouns)):
            detail = f"«{shown}» — имя собственное, нужно нарицательное существительное"
            return _rejected(word, known, Violation("R3", "proper-noun", detail))
        if common:
            detail = f"«{shown}» — не в именительном падеже"
            return _rejected(word, known, Violation("R3", "not-nominative-singular", detail))
        detail = f"«{shown}» — не существительное"
        return _rejected(word, known, Violation("R3", "not-a-noun", detail))
    singular_parses = [p for p in accepted if "plur" not in p.tag]
    plural_only = [p for p in accepted if "Pltm" in p.tag]
    preferred = (singular_parses or plural_only or accepted)[0]
    notices: list[str] = []
    singular = None
    if not singular_parses and not plural_only:
        form = preferred.inflect({"nomn", "sing"})
        if form is not None and _MARGINAL.isdisjoint(form.tag.grammemes):
            singular = fold(form.word) if fold(form.word) != fold(word) else None
            if singular:
                notices.append(f"по возможности в единственном числе: {form.word}")
    if not known:
        notices.append(f"слова «{shown}» нет в словаре: принято как существительное")
    elif preferred.word != word:  # «лет» → «лёт»: say which reading was taken, and why
        likelier = next(
            (
                p
                for p in parses
                if p.score > preferred.score
                and is_common_noun(p)
                and fold(p.normal_form) != fold(preferred.normal_form)
            ),
            None,
        )
        if likelier is not None:
            notices.append(
                f"«{shown}» принято как «{preferred.word}» в именительном падеже "
                f"(не как форма слова «{likelier.normal_form}»)"
            )
    return WordVerdict(
        word=word,
        display=preferred.word if known else word,
        lemma=fold(preferred.normal_form),
        lemmas=frozenset(fold(p.normal_form) for p in accepted),
        singular=singular,
        notices=tuple(notices),
        known=known,
    )


def _rejected(word: str, known: bool, violation: Violation) -> WordVerdict:
    return WordVerdict(word=word, display=word, lemma="", problems=(violation,), known=known)


class Lexicon:
    """Judge words under R3 with pymorphy3 (a :class:`~associatsiya_ai.rules.words.WordChecker`).

    Data source: pymorphy3 with pymorphy3-dicts-ru (OpenCorpora).

    Parameters
    ----------
    strict : bool
        When True a word the dictionary does not know is rejected (``unknown-word``);
        otherwise a word pymorphy3 predicts as a nominative noun is accepted with a notice.
    """

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict

    def __repr__(self) -> str:
        return f"Lexicon(strict={self.strict})"

    def analyse(self, word: str) -> WordVerdict:
        """Return the R3 verdict on raw player input; never raises for any text.

        Parameters
        ----------
        word : str
            The word as typed: trimmed, Unicode-normalised (NFC, stress marks dropped) and
            lower-cased here.

        Returns
        -------
        WordVerdict
            ``problems`` holds at most one R3 violation, with kind ``empty``, ``too-long``,
            ``not-one-word``, ``hyphen``, ``mixed-script``, ``not-cyrillic``,
            ``not-a-noun``, ``proper-noun``, ``not-nominative-singular`` or
            ``unknown-word`` (strict only). ``PASS`` is the caller's business.
        """
        raw = unicodedata.normalize("NFC", str(word)).strip()
        raw = raw.replace(_ACUTE, "").replace(_GRAVE, "").replace(_VS16, "")  # «моло́ко»
        if len(raw) > MAX_LETTERS:  # not worth caching (or parsing) a wall of text
            return _verdict.__wrapped__(raw, self.strict)
        return _verdict(raw, self.strict)


@lru_cache(maxsize=2)
def default_lexicon(strict: bool = False) -> Lexicon:
    """Return the shared :class:`Lexicon` (one per ``strict`` value)."""
    return Lexicon(strict=strict)
