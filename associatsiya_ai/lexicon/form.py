"""The written form of a word (R3.1): one word of Russian letters, and what is wrong otherwise.

No dictionary here: empty input, too long, several words, a hyphen, Latin look-alike
letters (with the fix), digits or other scripts, each named in Russian
(:func:`form_problem`); and :func:`shorten`, which makes any text safe to print on one line.

>>> form_problem("кот", "кот") is None, form_problem("кoт", "кoт").suggestion
(True, 'кот')
"""

from __future__ import annotations

import unicodedata

from associatsiya_ai.rules.words import Violation

__all__ = ["HYPHENS", "MAX_LETTERS", "RUSSIAN", "form_problem", "is_cyrillic_word", "shorten"]

MAX_LETTERS = 40
"""Longer input is rejected as ``too-long`` (the longest Russian nouns have about 35 letters)."""

RUSSIAN = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
"""The Russian letters, lower case."""
HYPHENS = frozenset("-‐‑‒–—―⁃−﹣－")
"""Hyphens and dashes a word may be typed with (a hyphenated word is refused, R3.1)."""
# Latin letters that look like Russian ones; upper case kept apart (Latin "T" looks like
# "Т", but Latin "t" does not look like "т").
_LOOKALIKES = dict(zip("aceopxykABCEHKMOPTXY", "асеорхукАВСЕНКМОРТХУ", strict=True))


def is_cyrillic_word(s: str) -> bool:
    """Return True when ``s`` is non-empty and made only of Russian letters (а–я, ё, any case)."""
    return bool(s) and all(ch in RUSSIAN for ch in s.lower())


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
    shown = "".join(ch if ch.isprintable() else _escaped(ch) for ch in cut)
    return shown + ("…" if len(text) > limit else "")


def _undecoded(ch: str) -> bool:
    """Whether ``ch`` stands for a byte that was not UTF-8 in a command line or a stream
    (Python's ``surrogateescape``: U+DC80–U+DCFF for the bytes 0x80–0xFF)."""
    return "\udc80" <= ch <= "\udcff"


def _escaped(ch: str) -> str:
    """A character that cannot be shown, as an escape; an undecoded byte as itself,
    ``\\xff``."""
    return f"\\x{ord(ch) - 0xDC00:02x}" if _undecoded(ch) else ascii(ch)[1:-1]


def _quote(chars: list[str]) -> str:
    return ", ".join(f"«{shorten(ch)}»" for ch in list(dict.fromkeys(chars))[:5])


def _foreign(word: str) -> str:
    """Name what in ``word`` is not a Russian letter, e.g. ``цифры «1»; латинские буквы «c»``."""
    groups: dict[str, list[str]] = {}
    for ch in word:
        if ch in RUSSIAN:
            continue
        category = unicodedata.category(ch)
        if _undecoded(ch):
            label = "байты не в кодировке UTF-8"
        elif ch.isdigit():
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


def form_problem(raw: str, word: str) -> Violation | None:
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
    rest = [ch for ch in word if ch not in HYPHENS]
    if len(rest) < len(word) and is_cyrillic_word("".join(rest)):
        return Violation("R3", "hyphen", f"«{shown}» — слово с дефисом, нужно без дефиса")
    fixed = "".join(_LOOKALIKES.get(ch, ch) for ch in raw).lower()
    if any(ch in RUSSIAN for ch in word) and is_cyrillic_word(fixed):
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
