"""What each player may see: read-only views of a game (only hinters see the secret).

A seat gets a :class:`HinterView` when its hinter is to speak and a :class:`GuesserView`
when its guesser is to answer. Pure: no I/O, no models.
"""

from __future__ import annotations

from dataclasses import dataclass

from associatsiya_ai.rules.checks import chains_for, hint_violations
from associatsiya_ai.rules.types import Mode, Turn, Utterance
from associatsiya_ai.rules.words import Violation, WordVerdict

__all__ = ["GuesserView", "HinterView"]


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
