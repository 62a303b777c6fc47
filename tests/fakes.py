"""A tiny fake lexicon for rules tests: no pymorphy3, a few hand-written entries.

Words not in the table are accepted as singular nominative nouns when they are lowercase
Cyrillic letters only, so property tests can invent words freely.
"""

from __future__ import annotations

import re

from associatsiya_ai.rules.words import Violation, WordVerdict, fold

# word as said -> (display, lemma, other accepted lemmas, singular)
_NOUNS: dict[str, tuple[str, str, tuple[str, ...], str | None]] = {
    "кошки": ("кошки", "кошка", (), "кошка"),
    "реки": ("реки", "река", (), "река"),
    "елка": ("ёлка", "елка", (), None),
    "ёлка": ("ёлка", "елка", (), None),
    "часы": ("часы", "часы", ("час",), None),
    "самолет": ("самолёт", "самолет", (), None),
    "котенок": ("котёнок", "котенок", (), None),
    "котёнок": ("котёнок", "котенок", (), None),
}
# word as said -> (kind, suggestion)
_BAD: dict[str, tuple[str, str | None]] = {
    "кошку": ("not-nominative-singular", "кошка"),
    "кошкой": ("not-nominative-singular", "кошка"),
    "бежать": ("not-a-noun", None),
    "красивый": ("not-a-noun", None),
    "москва": ("proper-noun", None),
}
_CYRILLIC = re.compile(r"^[а-яё]+$")


class FakeLexicon:
    """Implements ``WordChecker`` over a hand-written table (see module docstring)."""

    def __init__(self) -> None:
        self.calls = 0

    def analyse(self, word: str) -> WordVerdict:
        """Return the verdict for ``word``."""
        self.calls += 1
        w = word.strip().lower()
        if w in _BAD:
            kind, suggestion = _BAD[w]
            return WordVerdict(
                word=w,
                display=w,
                lemma="",
                problems=(Violation("R3", kind, f"«{w}»: {kind}", suggestion),),
            )
        if not _CYRILLIC.match(w):
            return WordVerdict(
                word=w,
                display=w,
                lemma="",
                problems=(Violation("R3", "not-cyrillic", f"«{w}»: не русское слово"),),
            )
        display, lemma, more, singular = _NOUNS.get(w, (w, fold(w), (), None))
        return WordVerdict(
            word=w,
            display=display,
            lemma=lemma,
            lemmas=frozenset({lemma, *more}),
            singular=singular,
        )
