"""Word-level rules: normalisation, consonance (R5) and the verdict type a lexicon returns.

Pure: no I/O, no models. The rules engine (:mod:`associatsiya_ai.rules.game`) and the lexicon
(:mod:`associatsiya_ai.lexicon`) both build on this module.

>>> fold("  Ёлка ")
'елка'
>>> [o.kind for o in consonance("кошка", "мошка")]
['last-two', 'three-letters']
>>> consonance("кошка", "мышь")
()
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Literal, Protocol

PASS = "пропускаю"
"""The special skip word («пропускаю», R6); it is never checked for consonance."""

ConsonanceKind = Literal["first-two", "last-two", "three-letters"]
CONSONANCE_KINDS: tuple[ConsonanceKind, ...] = ("first-two", "last-two", "three-letters")


def fold(word: str) -> str:
    """Return the comparison form of a word: trimmed, case-folded, ``ё`` → ``е`` (R3, R5).

    Parameters
    ----------
    word : str
        Any text.

    Returns
    -------
    str
        The folded text; positions of letters are kept for Cyrillic input. A word that is
        folded already is returned itself (not a copy: a vocabulary build folds 250,000
        model words, mostly folded, and keeps them).
    """
    out = word.strip().casefold().replace("ё", "е")
    return word if out == word else out


def plural(n: int, one: str, few: str, many: str) -> str:
    """``n`` with the Russian noun form that agrees with it.

    >>> plural(1, "игра", "игры", "игр"), plural(4, "игра", "игры", "игр")
    ('1 игра', '4 игры')
    >>> plural(5, "игра", "игры", "игр"), plural(11, "игра", "игры", "игр")
    ('5 игр', '11 игр')
    >>> plural(21, "игра", "игры", "игр"), plural(112, "игра", "игры", "игр")
    ('21 игра', '112 игр')
    """
    tens, units = abs(n) % 100, abs(n) % 10
    if units == 1 and tens != 11:
        form = one
    elif 2 <= units <= 4 and not 12 <= tens <= 14:
        form = few
    else:
        form = many
    return f"{n} {form}"


def is_pass(word: str) -> bool:
    """Return True when ``word`` is the skip word «пропускаю» in any case or spacing, with
    or without stress marks (as the lexicon reads any word: «пропуска́ю»).

    >>> is_pass(" Пропуска\u0301ю "), is_pass("пропуск")
    (True, False)
    """
    text = unicodedata.normalize("NFC", word).replace("\u0301", "").replace("\u0300", "")
    return fold(text) == PASS


@dataclass(frozen=True)
class Overlap:
    """One kind of consonance between a secret and a hint (R5).

    Attributes
    ----------
    kind : {"first-two", "last-two", "three-letters"}
        Which clause of R5 matched.
    letters : tuple of str
        The shared letters (folded): one pair for the two-letter kinds, every shared
        three-letter run for ``three-letters``, in order of their place in the hint.
    secret_spans, hint_spans : tuple of (int, int)
        Half-open character spans of the shared letters in the folded secret and hint,
        for highlighting (in ``form`` when it is set).
    form : str
        The hint's form the letters were found in when it is not the word as said: a
        plural hint is checked in its nominative singular too (R5: «дети» as «ребёнок»);
        "" for the word as said.
    """

    kind: ConsonanceKind
    letters: tuple[str, ...]
    secret_spans: tuple[tuple[int, int], ...]
    hint_spans: tuple[tuple[int, int], ...]
    form: str = ""

    def describe(self) -> str:
        """Return a short Russian description, e.g. ``последние две буквы «ка»``, or
        ``в единственном числе «ребёнок» — первые две буквы «ре»``."""
        quoted = ", ".join(f"«{s}»" for s in self.letters)
        label = {
            "first-two": "первые две буквы",
            "last-two": "последние две буквы",
            "three-letters": "три буквы подряд",
        }[self.kind]
        where = f"в единственном числе «{self.form}» — " if self.form else ""
        return f"{where}{label} {quoted}"


def _trigrams(word: str) -> dict[str, list[int]]:
    grams: dict[str, list[int]] = {}
    for i in range(len(word) - 2):
        grams.setdefault(word[i : i + 3], []).append(i)
    return grams


def consonance(secret: str, hint: str) -> tuple[Overlap, ...]:
    """Return every consonance overlap between ``secret`` and ``hint`` (R5).

    Both words are folded first (case, ``ё`` ≡ ``е``). Two-letter clauses apply only when
    both words have at least two letters; a word of two letters has no three-letter runs.
    The relation is symmetric: swapping the words swaps the spans, not the kinds.

    Parameters
    ----------
    secret, hint : str
        The two words as said (any case).

    Returns
    -------
    tuple of Overlap
        Empty when the hint is legal; otherwise one entry per kind found, in the order
        first-two, last-two, three-letters.
    """
    s, h = fold(secret), fold(hint)
    found: list[Overlap] = []
    if len(s) >= 2 and len(h) >= 2:
        if s[:2] == h[:2]:
            found.append(Overlap("first-two", (s[:2],), ((0, 2),), ((0, 2),)))
        if s[-2:] == h[-2:]:
            found.append(
                Overlap(
                    "last-two",
                    (s[-2:],),
                    ((len(s) - 2, len(s)),),
                    ((len(h) - 2, len(h)),),
                )
            )
    secret_grams = _trigrams(s)
    letters: list[str] = []
    s_spans: list[tuple[int, int]] = []
    h_spans: list[tuple[int, int]] = []
    for gram, hint_starts in _trigrams(h).items():
        if gram in secret_grams:
            letters.append(gram)
            s_spans.extend((i, i + 3) for i in secret_grams[gram])
            h_spans.extend((i, i + 3) for i in hint_starts)
    if letters:
        found.append(
            Overlap("three-letters", tuple(letters), tuple(sorted(s_spans)), tuple(sorted(h_spans)))
        )
    return tuple(found)


def is_consonant(secret: str, hint: str) -> bool:
    """Return True when ``hint`` is consonant with ``secret`` (R5); see :func:`consonance`."""
    return bool(consonance(secret, hint))


@dataclass(frozen=True)
class Violation:
    """One broken rule, as reported to a player or printed by ``associatsiya check``.

    Attributes
    ----------
    rule : str
        The rule number from RULES.md: ``"R3"``, ``"R4"``, ``"R5"`` or ``"R6"``
        (``"R1"`` for a move out of turn or after the end).
    kind : str
        A stable machine-readable kind, e.g. ``"not-nominative-singular"``, ``"repeat"``,
        ``"first-two"``.
    detail : str
        A one-line Russian explanation naming the word.
    suggestion : str or None
        The suggested correct form, where one exists («кошку» → «кошка»).
    """

    rule: str
    kind: str
    detail: str
    suggestion: str | None = None


@dataclass(frozen=True)
class WordVerdict:
    """What a lexicon says of one word under R3 (form), with what R4, R5 and R7 need.

    Attributes
    ----------
    word : str
        The word as said: trimmed and lower-cased, ``ё`` kept as typed.
    display : str
        The dictionary spelling (with ``ё`` where the dictionary has it); ``word`` when the
        dictionary does not know the word.
    lemma : str
        The folded lemma of the preferred accepted nominative noun parse (a plural-only
        reading is preferred when the word is said in the plural, R7); empty when rejected.
    lemmas : frozenset of str
        The folded lemmas of every accepted nominative noun parse (R7: any of them guesses).
    singular : str or None
        The folded nominative singular when the word was said in the plural and it differs
        from ``word`` (R5 checks both forms).
    problems : tuple of Violation
        R3 problems; the word is accepted when this is empty.
    notices : tuple of str
        Russian notices for an accepted word (a plural, a word the dictionary does not know).
    known : bool
        False when the dictionary does not know the word (its parse was predicted).
    """

    word: str
    display: str
    lemma: str
    lemmas: frozenset[str] = field(default_factory=frozenset)
    singular: str | None = None
    problems: tuple[Violation, ...] = ()
    notices: tuple[str, ...] = ()
    known: bool = True

    @property
    def ok(self) -> bool:
        """True when the word is an accepted noun under R3."""
        return not self.problems

    @property
    def all_lemmas(self) -> frozenset[str]:
        """Every folded lemma a person could mean by the word: ``lemma`` and ``lemmas`` (R4).

        «коты» is the plural of «кот» as well as the shoes «коты»: both count as spoken.
        """
        return frozenset({self.lemma, *self.lemmas}) if self.lemma else self.lemmas

    def consonance_forms(self) -> tuple[str, ...]:
        """The folded forms R5 checks: the word as said and, for a plural, its singular."""
        forms = [fold(self.word)]
        if self.singular and self.singular not in forms:
            forms.append(self.singular)
        return tuple(forms)


class WordChecker(Protocol):
    """Anything that judges a word under R3: the real lexicon or a test's tiny fake."""

    def analyse(self, word: str) -> WordVerdict:
        """Return the verdict for ``word`` (raw player input); never raises for bad text."""
        ...
