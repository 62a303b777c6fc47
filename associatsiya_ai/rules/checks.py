"""Pure rule checks of a move: R3–R6 for a hint, the chains of R2, R3/R4 for a typed chain.

:func:`hint_violations` is the engine's own check of a hint (R3–R6); :func:`chains_for`
builds the chain of each mode (R2); :func:`check_chain` checks a chain typed by a person
(R3, R4) the way hints spoken in a game are checked. Pure: no I/O, no models.

>>> from associatsiya_ai.rules.words import WordVerdict
>>> class Tiny:
...     def analyse(self, word):
...         w = word.strip().lower()
...         return WordVerdict(word=w, display=w, lemma=w, lemmas=frozenset({w}))
>>> check_chain(["мышь", "пропускаю", "сыр"], Tiny())
('мышь', 'сыр')
>>> try:
...     check_chain(["мышь", "Мышь"], Tiny())
... except IllegalMoveError as error:
...     print(error.rule, error.violations[0].kind)
R4 repeat
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from associatsiya_ai.rules.types import IllegalMoveError, InvalidWordError, Mode
from associatsiya_ai.rules.words import (
    Overlap,
    Violation,
    WordChecker,
    WordVerdict,
    consonance,
    fold,
    is_pass,
)

__all__ = ["chains_for", "check_chain", "foul_overlaps", "hint_violations"]


def foul_overlaps(secret: str, hint: WordVerdict) -> tuple[Overlap, ...]:
    """Return the R5 overlaps of a hint with the secret, one per kind.

    A hint said in the plural is consonant if either the word as said or its nominative
    singular is (R5); the overlaps of the first form that has a kind are kept.

    Parameters
    ----------
    secret : str
        The secret as said (any case; folded here).
    hint : WordVerdict
        The accepted hint.

    Returns
    -------
    tuple of Overlap
        Empty when the hint is legal under R5.
    """
    by_kind: dict[str, Overlap] = {}
    said = fold(hint.word)
    for form in hint.consonance_forms():
        for overlap in consonance(secret, form):
            if fold(form) != said:  # found in the singular: say which form
                overlap = replace(overlap, form=form)
            by_kind.setdefault(overlap.kind, overlap)
    order = ("first-two", "last-two", "three-letters")
    return tuple(by_kind[k] for k in order if k in by_kind)


def hint_violations(
    secret: WordVerdict,
    hint: WordVerdict | None,
    *,
    spoken_lemmas: frozenset[str] = frozenset(),
    last_own_was_pass: bool = False,
    hint_word_is_pass: bool = False,
) -> tuple[Violation, ...]:
    """Return every rule a new hint breaks, in the order the rules are checked.

    R3 (form) and R4 (repeat) and R6 (``PASS`` twice in a row) are objections; only a word
    that passes them is checked for R5 consonance (a foul).

    Parameters
    ----------
    secret : WordVerdict
        The accepted secret.
    hint : WordVerdict or None
        The lexicon's verdict on the hint; ``None`` (or ``hint_word_is_pass``) for ``PASS``.
    spoken_lemmas : frozenset of str
        Folded lemmas of the hints already spoken in this game by either hinter (every
        lemma of each, :attr:`WordVerdict.all_lemmas`).
    last_own_was_pass : bool
        Whether this hinter's own previous utterance was ``PASS``.
    hint_word_is_pass : bool
        Whether the hint is ``PASS`` («пропускаю»).

    Returns
    -------
    tuple of Violation
        Empty when the hint is legal. R5 entries have kinds ``first-two``, ``last-two``,
        ``three-letters`` (one per kind found).
    """
    if hint is None or hint_word_is_pass or is_pass(hint.word):
        if last_own_was_pass:
            return (
                Violation(
                    "R6",
                    "pass-twice",
                    "«пропускаю» нельзя говорить два хода подряд",
                ),
            )
        return ()
    if hint.problems:
        return hint.problems
    if hint.all_lemmas & spoken_lemmas:  # R4 across number: «кот» then «коты»
        if fold(hint.display) in spoken_lemmas:
            detail = f"наводка «{hint.display}» уже звучала в этой игре"
        else:  # «ёлки» after «ёлка»: the word was said, in another form
            detail = f"«{hint.display}» — это слово уже звучало в этой игре в другой форме"
        return (Violation("R4", "repeat", detail),)
    return tuple(
        Violation(
            "R5",
            o.kind,
            f"созвучие с загаданным словом: {o.describe()}",
        )
        for o in foul_overlaps(secret.word, hint)
    )


def chains_for(
    new: str | None,
    own_hints: tuple[str, ...],
    all_hints: tuple[str, ...],
) -> dict[Mode, tuple[str, ...]]:
    """Return the chain each mode would speak (R2).

    Parameters
    ----------
    new : str or None
        The new hint; ``None`` for ``PASS`` (nothing is added, and earlier ``PASS`` words
        are never part of a chain).
    own_hints, all_hints : tuple of str
        This hinter's earlier real hints, and both hinters' earlier real hints, in order.

    Returns
    -------
    dict of Mode to tuple of str
    """
    tail: tuple[str, ...] = () if new is None else (new,)
    return {Mode.SINGLE: tail, Mode.OWN: own_hints + tail, Mode.ALL: all_hints + tail}


def check_chain(words: Iterable[str], checker: WordChecker) -> tuple[str, ...]:
    """Check a chain typed by a person like hints spoken in a game (R3, R4); return it.

    Each word must pass R3 (its display form is kept); ``PASS`` is dropped (R2: a chain
    holds real hints only); a word repeating an earlier one's lemma breaks R4.

    Parameters
    ----------
    words : iterable of str
        The chain as typed, in order.
    checker : WordChecker
        Judges each word under R3 (the lexicon or a fake).

    Returns
    -------
    tuple of str
        The chain in display spelling, ``PASS`` left out.

    Raises
    ------
    InvalidWordError
        A word breaks R3.
    IllegalMoveError
        A word repeats an earlier hint of the chain (R4).
    """
    chain: list[str] = []
    spoken: dict[str, str] = {}  # lemma -> the hint as shown
    for raw in words:
        if is_pass(raw):
            continue
        verdict = checker.analyse(raw)
        if verdict.problems:
            raise InvalidWordError(raw, verdict.problems)
        earlier = next((spoken[x] for x in sorted(verdict.all_lemmas) if x in spoken), None)
        if earlier is not None:
            detail = (
                f"«{verdict.display}» повторяет наводку «{earlier}» "
                "этой цепочки: наводки не повторяются"
            )
            raise IllegalMoveError(raw, (Violation("R4", "repeat", detail),))
        spoken.update(dict.fromkeys(verdict.all_lemmas, verdict.display))
        chain.append(verdict.display)
    return tuple(chain)
