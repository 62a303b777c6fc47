"""Pure rule checks a player or bot applies to a move, and what each player may see.

:func:`hint_violations` is the engine's own check of a hint (R3–R6); :func:`chains_for`
builds the chain of each mode (R2); :class:`HinterView` and :class:`GuesserView` are the
read-only views a seat gets (only hinters see the secret). Pure: no I/O, no models.
"""

from __future__ import annotations

from dataclasses import dataclass

from associatsiya_ai.rules.types import Mode, Turn, Utterance
from associatsiya_ai.rules.words import Overlap, Violation, WordVerdict, consonance, is_pass

__all__ = ["GuesserView", "HinterView", "chains_for", "foul_overlaps", "hint_violations"]


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
    for form in hint.consonance_forms():
        for overlap in consonance(secret, form):
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
        Folded lemmas of the hints already spoken in this game by either hinter.
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
    if hint.lemma in spoken_lemmas:
        return (Violation("R4", "repeat", f"наводка «{hint.display}» уже звучала в этой игре"),)
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


@dataclass(frozen=True)
class HinterView:
    """What a hinter knows when it is to speak: the secret and the public history.

    Attributes
    ----------
    team : int
        The hinter's team (1 or 2).
    secret : WordVerdict
        The secret (only hinters see it).
    turns : tuple of Turn
        Every completed turn, in order (public).
    own_hints, all_hints : tuple of str
        This hinter's and both hinters' real hints so far, in order (display spelling).
    spoken_lemmas : frozenset of str
        Folded lemmas of every hint spoken (R4).
    last_own_was_pass : bool
        Whether this hinter's previous utterance was ``PASS`` (R6).
    turn_number : int
        The number of the turn about to be played, 1–12.
    """

    team: int
    secret: WordVerdict
    turns: tuple[Turn, ...]
    own_hints: tuple[str, ...]
    all_hints: tuple[str, ...]
    spoken_lemmas: frozenset[str]
    last_own_was_pass: bool
    turn_number: int

    def chains_for(self, new: str | None) -> dict[Mode, tuple[str, ...]]:
        """The chain each mode would speak with ``new`` (``None`` for ``PASS``)."""
        return chains_for(new, self.own_hints, self.all_hints)

    def violations(self, hint: WordVerdict | None) -> tuple[Violation, ...]:
        """The engine's own check of a hint in this position; ``None`` means ``PASS``."""
        return hint_violations(
            self.secret,
            hint,
            spoken_lemmas=self.spoken_lemmas,
            last_own_was_pass=self.last_own_was_pass,
        )


@dataclass(frozen=True)
class GuesserView:
    """What a guesser knows when it is to answer: the chain just heard and the history.

    Attributes
    ----------
    team : int
        The guesser's team.
    utterance : Utterance
        The partner's utterance of this turn (mode, new element, chain heard).
    turns : tuple of Turn
        Every completed turn (public, both teams).
    hints : tuple of str
        Every real hint spoken so far by either hinter, in order (includes this turn's).
    wrong_answers : tuple of str
        Every non-``PASS`` answer given so far by either team (all were wrong).
    last_own_was_pass : bool
        Whether this guesser's previous answer was ``PASS`` (R6).
    turn_number : int
        The number of this turn, 1–12.
    """

    team: int
    utterance: Utterance
    turns: tuple[Turn, ...]
    hints: tuple[str, ...]
    wrong_answers: tuple[str, ...]
    last_own_was_pass: bool
    turn_number: int

    @property
    def chain(self) -> tuple[str, ...]:
        """The chain heard on this turn."""
        return self.utterance.chain
