"""What happens during a game, as events for a callback (a screen, a progress bar, nothing).

The arena reports every step of :func:`~associatsiya_ai.arena.loop.play_game` as one of
these frozen values; a bot's move carries its :class:`~associatsiya_ai.bots.decision.Decision`
unchanged (a screen redacts it with :meth:`Decision.redacted` for a person who guesses).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from associatsiya_ai.bots.decision import Decision
from associatsiya_ai.players.base import GuesserSeat, HinterSeat
from associatsiya_ai.rules.game import RuleError, Seat, Turn, Utterance
from associatsiya_ai.rules.match import Match

if TYPE_CHECKING:
    from associatsiya_ai.arena.record import GameRecord

__all__ = [
    "Answered",
    "AnySeat",
    "Event",
    "GameOver",
    "GameStarted",
    "MatchScore",
    "Rejected",
    "Spoken",
    "ToAct",
]

AnySeat = HinterSeat | GuesserSeat


@dataclass(frozen=True)
class GameStarted:
    """A game begins; ``secret`` is for hinters only (a screen must not show it to a guesser)."""

    index: int
    secret: str
    seats: Mapping[Seat, AnySeat]
    practice: bool


@dataclass(frozen=True)
class ToAct:
    """``seat`` must act now on turn ``turn_number``; ``turns_left`` maps team → turns."""

    seat: Seat
    player: AnySeat
    turn_number: int
    turns_left: Mapping[int, int]


@dataclass(frozen=True)
class Spoken:
    """A hinter's utterance was applied (``foul``: it was consonant and ended the game)."""

    seat: Seat
    player: AnySeat
    turn_number: int
    utterance: Utterance
    decision: Decision | None
    notices: tuple[str, ...] = ()
    foul: bool = False


@dataclass(frozen=True)
class Answered:
    """A guesser's answer was applied; ``turn.correct`` tells whether it guessed."""

    seat: Seat
    player: AnySeat
    turn: Turn
    decision: Decision | None
    notices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rejected:
    """A choice broke a rule and was not applied (a practice-mode foul included)."""

    seat: Seat
    player: AnySeat
    word: str
    error: RuleError


@dataclass(frozen=True)
class GameOver:
    """The game ended (played out or abandoned); the record is final."""

    record: GameRecord


@dataclass(frozen=True)
class MatchScore:
    """The match score after game ``index`` (0-based) of ``n_games``; see :meth:`Match.score`."""

    index: int
    n_games: int
    match: Match
    score: dict[str, dict[str, int]]


Event = GameStarted | ToAct | Spoken | Answered | Rejected | GameOver | MatchScore
"""Everything :func:`~associatsiya_ai.arena.loop.play_game` reports."""
