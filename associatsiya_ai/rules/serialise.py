"""A :class:`~associatsiya_ai.rules.game.Game` as JSON-ready data, and back.

:func:`game_to_dict` writes the whole game (secret, options, moves, typed turns and
outcome); :func:`game_from_dict` rebuilds a game by replaying its recorded moves through
the rules, so a malformed record or an illegal move in it is refused. :meth:`Game.to_dict`
and :meth:`Game.from_dict` are these two functions. Pure, like the whole engine: no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from associatsiya_ai.rules.types import GameRecordError
from associatsiya_ai.rules.words import WordChecker

if TYPE_CHECKING:
    from associatsiya_ai.rules.game import Game

__all__ = ["game_from_dict", "game_to_dict"]


def game_to_dict(game: Game) -> dict[str, object]:
    """The whole game as JSON-ready data: secret, options, moves, turns and outcome.

    ``moves`` and ``turns`` are both written from the typed turns (readers of older
    logs use either); :func:`game_from_dict` reads ``moves``.
    """
    outcome = game.outcome()
    return {
        "version": 1,
        "secret": game.secret.display,
        "practice": game.practice,
        "moves": game.moves,
        "turns": [t.to_dict() for t in game.turns],
        "outcome": None if outcome is None else outcome.to_dict(),
    }


def game_from_dict(data: dict[str, object], checker: WordChecker, cls: type[Game]) -> Game:
    """Rebuild a game by replaying its recorded moves through the rules.

    Parameters
    ----------
    data : dict
        A record as :func:`game_to_dict` writes it.
    checker : WordChecker
        Judges the replayed words under R3.
    cls : type
        The game class to build (:class:`~associatsiya_ai.rules.game.Game` or a subclass).

    Raises
    ------
    GameRecordError
        When the record is malformed or a recorded move is illegal.
    """
    try:
        secret, moves = data["secret"], data["moves"]
        if not isinstance(secret, str) or not isinstance(moves, list):
            raise TypeError("secret must be a string and moves a list")
        game = cls(secret, checker, practice=bool(data.get("practice", False)))
        for move in moves:
            role = move["role"]
            if role == "hinter":
                game.say(move["word"], move["mode"])
            elif role == "guesser":
                game.answer(move["word"])
            elif role == "abandon":
                game.abandon()
            else:
                raise ValueError(f"unknown role {role!r}")
    except (KeyError, TypeError, ValueError) as exc:
        raise GameRecordError(f"запись игры повреждена: {exc}") from exc
    return game
