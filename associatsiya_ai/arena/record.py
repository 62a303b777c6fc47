"""One record of a game: typed turns with each bot's decision, serialised in one place.

:meth:`GameRecord.to_dict` is the log's form of a game;
:func:`associatsiya_ai.arena.readback.replay_turns` reads it back.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from associatsiya_ai.bots.decision import Decision
from associatsiya_ai.rules.game import (
    Game,
    Outcome,
    Role,
    RuleError,
    Seat,
    Termination,
    Turn,
    Utterance,
)

__all__ = [
    "SEATS",
    "Foul",
    "GameRecord",
    "TurnRecord",
    "UnstartedRecord",
    "describe_seats",
    "seat_key",
]

SEATS = (Seat(1, Role.HINTER), Seat(1, Role.GUESSER), Seat(2, Role.HINTER), Seat(2, Role.GUESSER))
"""The four seats of a game, in the order they are listed."""


def seat_key(seat: Seat) -> str:
    """The seat's name in logs: ``"1-hinter"``, ``"2-guesser"``, …"""
    return f"{seat.team}-{seat.role.value}"


def describe_seats(seats: Mapping[Seat, Any]) -> dict[str, dict[str, Any]]:
    """``seat_key(seat)`` → the seat's ``describe()``, as a record keeps them."""
    return {seat_key(s): dict(p.describe()) for s, p in seats.items()}


def _dict(decision: Decision | None) -> dict[str, Any] | None:
    return None if decision is None else decision.to_dict()


@dataclass(frozen=True)
class TurnRecord:
    """A completed turn with the decisions of its hinter and guesser (None for a person)."""

    turn: Turn
    hinter: Decision | None = None
    guesser: Decision | None = None

    def to_dict(self) -> dict[str, Any]:
        """``Turn.to_dict()`` plus ``hinter_explanation`` and ``guesser_explanation``."""
        data: dict[str, Any] = dict(self.turn.to_dict())
        data["hinter_explanation"] = _dict(self.hinter)
        data["guesser_explanation"] = _dict(self.guesser)
        return data


@dataclass(frozen=True)
class Foul:
    """The consonant utterance that ended a game (R5), with its hinter's decision."""

    utterance: Utterance
    decision: Decision | None = None

    def to_dict(self) -> dict[str, Any]:
        """``{"utterance": …, "explanation": …}``."""
        return {"utterance": self.utterance.to_dict(), "explanation": _dict(self.decision)}


@dataclass
class GameRecord:
    """One game as played: the engine's game plus who sat where, decisions and rejections.

    Attributes
    ----------
    index : int
        0-based number of the game in its match.
    game : Game
        The finished (or abandoned) game.
    seats : dict of str to dict
        ``seat_key(seat)`` → the seat's ``describe()``.
    meta : dict
        The caller's facts (seed, model, level, …), copied into the log record.
    turns : list of TurnRecord
        Every completed turn with its decisions.
    final : Foul or None
        The utterance that fouled (consonance).
    rejected : list of dict
        Every rejected choice: seat, word, rule, kind, detail, suggestion, turn number (of
        the first violation) and ``violations``, all of them.
    bot_errors : list of dict
        A bot's illegal move or exception (a bug; the game was abandoned).
    ended_by : str or None
        ``None`` when played out; ``"quit"``, ``"eof"``, ``"interrupt"`` or ``"bot-error"``.
    """

    index: int
    game: Game
    seats: dict[str, dict[str, Any]]
    meta: dict[str, Any] = field(default_factory=dict)
    turns: list[TurnRecord] = field(default_factory=list)
    final: Foul | None = None
    rejected: list[dict[str, Any]] = field(default_factory=list)
    bot_errors: list[dict[str, Any]] = field(default_factory=list)
    ended_by: str | None = None
    started_at: float = field(default_factory=time.time)
    ended_at: float | None = None

    @property
    def outcome(self) -> Outcome | None:
        """The game's outcome (``None`` only while it is being played)."""
        return self.game.outcome()

    def reject(self, seat: Seat, word: str, error: RuleError) -> None:
        """Note a rejected choice of ``seat``: the first violation's fields (as older logs
        have them) and ``violations``, every violation of the move."""
        first = error.violations[0]
        self.rejected.append(
            {
                "seat": seat_key(seat),
                "turn": self.game.turn_number,
                "word": word,
                "rule": first.rule,
                "kind": first.kind,
                "detail": first.detail,
                "suggestion": error.suggestion,
                "violations": [
                    {"rule": v.rule, "kind": v.kind, "detail": v.detail, "suggestion": v.suggestion}
                    for v in error.violations
                ],
            }
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready log record (the one serialisation of a game)."""
        return _log_record(
            self,
            secret=self.game.secret.display,
            practice=self.game.practice,
            turns=[t.to_dict() for t in self.turns],
            outcome=self.game.to_dict().get("outcome"),
            final=None if self.final is None else self.final.to_dict(),
        )


@dataclass
class UnstartedRecord:
    """A game abandoned before it began, while its secret was chosen (a person setting it
    left): there is no game, but the log keeps the record, as of any game the person began.

    Its log form is :meth:`GameRecord.to_dict`'s with ``secret`` null, no turns and the
    outcome ``abandoned``; the attributes are :class:`GameRecord`'s of the same names.
    """

    index: int
    seats: dict[str, dict[str, Any]]
    ended_by: str
    meta: dict[str, Any] = field(default_factory=dict)
    practice: bool = False
    started_at: float = field(default_factory=time.time)
    ended_at: float = field(default_factory=time.time)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    bot_errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def outcome(self) -> Outcome:
        """Abandoned: no winner."""
        return Outcome(Termination.ABANDONED, winner=None, loser=None)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready log record (the keys of :meth:`GameRecord.to_dict`)."""
        outcome = self.outcome.to_dict()
        return _log_record(
            self, secret=None, practice=self.practice, turns=[], outcome=outcome, final=None
        )


def _log_record(
    record: GameRecord | UnstartedRecord,
    *,
    secret: str | None,
    practice: bool,
    turns: list[dict[str, Any]],
    outcome: Any,
    final: dict[str, Any] | None,
) -> dict[str, Any]:
    """The one log form of a game (version 2): the caller's ``meta`` first, then these keys
    and the record's own index, seats, rejections, bot errors, ending and times."""
    data: dict[str, Any] = dict(record.meta)
    data.update(
        {
            "version": 2,
            "secret": secret,
            "practice": practice,
            "turns": turns,
            "outcome": outcome,
            "game": record.index + 1,
            "seats": record.seats,
            "final": final,
            "rejected": record.rejected,
            "bot_errors": record.bot_errors,
            "ended_by": record.ended_by,
            "started_at": round(record.started_at, 3),
            "ended_at": None if record.ended_at is None else round(record.ended_at, 3),
        }
    )
    return data
