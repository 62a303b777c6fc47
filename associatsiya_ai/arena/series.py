"""A match (R8): games between two fixed sides, the setter alternating (:func:`play_match`).

Each game is played by :func:`associatsiya_ai.arena.loop.play_game`; a person quitting or
a signal stops the match after its game, whose record is delivered all the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from associatsiya_ai.arena.events import AnySeat, Event, MatchScore
from associatsiya_ai.arena.loop import BotMoveError, play_game
from associatsiya_ai.arena.record import GameRecord, UnstartedRecord, describe_seats
from associatsiya_ai.arena.stops import STOPS, armed, ended_by, raise_pending
from associatsiya_ai.players.base import GuesserSeat, HinterSeat
from associatsiya_ai.rules.game import Role, Seat
from associatsiya_ai.rules.match import Match, Side
from associatsiya_ai.rules.words import WordChecker

__all__ = ["MatchResult", "SecretSource", "SideSeats", "match_seats", "play_match"]


class SideSeats(NamedTuple):
    """One side of a match (R8): its hinter and guesser keep their roles in every game."""

    hinter: HinterSeat
    guesser: GuesserSeat


@dataclass
class MatchResult:
    """A played match: the R8 tally and every game's record.

    ``ended_by`` is ``None`` when all games were played, else why the match stopped.
    """

    match: Match
    records: list[GameRecord]
    ended_by: str | None = None


SecretSource = Callable[[int, Side, Mapping[Seat, AnySeat]], str]
"""``(game index, setter side, seats of the game) -> secret``."""


def match_seats(setter: Side, sides: Mapping[Side, Any]) -> dict[Seat, Any]:
    """The seats of a game whose secret ``setter`` sets: it is team 1, the other side team 2.

    ``sides`` maps each side to its ``(hinter, guesser)`` pair.

    >>> match_seats("B", {"A": ("hA", "gA"), "B": ("hB", "gB")})[Seat(1, Role.HINTER)]
    'hB'
    """
    other: Side = "B" if setter == "A" else "A"
    return {
        Seat(1, Role.HINTER): sides[setter][0],
        Seat(1, Role.GUESSER): sides[setter][1],
        Seat(2, Role.HINTER): sides[other][0],
        Seat(2, Role.GUESSER): sides[other][1],
    }


def play_match(
    n_games: int,
    sides: Mapping[Side, SideSeats],
    checker: WordChecker,
    secret_for: SecretSource,
    *,
    practice: bool = False,
    first_setter: Side = "A",
    on_event: Callable[[Event], None] | None = None,
    on_game: Callable[[GameRecord | UnstartedRecord], None] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> MatchResult:
    """Play ``n_games`` games between sides A and B, the setter alternating (R8).

    In game ``i`` the setting side is team 1 and the other side team 2. ``secret_for``
    gives each game's secret (it may ask a person, who may quit: then the match stops).
    ``on_game`` receives each record as soon as its game ends (e.g. to append it to a log),
    before the :class:`MatchScore` event; a game left while its secret was chosen gives an
    :class:`UnstartedRecord` (not in the result's records). The match stops early after an
    abandoned game.

    Raises
    ------
    InvalidSecretError
        When ``secret_for`` returns an invalid secret.
    BotMoveError
        When a bot fails (``on_game`` has received the abandoned game's record).
    """
    match = Match(first_setter=first_setter)
    result = MatchResult(match, [])
    for i in range(n_games):
        setter = match.setter(i)
        seats = match_seats(setter, sides)
        other = "B" if setter == "A" else "A"
        game_meta = {**(meta or {}), "setter_side": setter, "sides": {"1": setter, "2": other}}
        asked = time.time()
        try:
            with armed():
                secret = secret_for(i, setter, seats)
        except STOPS as stop:
            result.ended_by = ended_by(stop)
            if on_game is not None:  # the game being set up is abandoned: logged all the same
                seen = describe_seats(seats)
                on_game(UnstartedRecord(i, seen, result.ended_by, game_meta, practice, asked))
            break
        try:
            record = play_game(
                secret, seats, checker, practice=practice, on_event=on_event, index=i,
                meta=game_meta,
            )  # fmt: skip
        except BotMoveError as error:
            result.records.append(error.record)
            if on_game is not None:
                on_game(error.record)
            raise
        result.records.append(record)
        outcome = record.outcome
        assert outcome is not None
        match.record(outcome)
        if on_game is not None:
            on_game(record)
        if on_event is not None:
            on_event(MatchScore(i, n_games, match, match.score()))
        if record.ended_by is not None:
            result.ended_by = record.ended_by
            break
        raise_pending()  # a signal while the record was written: no next game
    return result
