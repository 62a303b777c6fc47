"""Moved to :mod:`associatsiya_ai.arena.log` (and :mod:`associatsiya_ai.arena.record` for
replay); kept until the command line imports from there."""

from associatsiya_ai.arena.log import GameLog, LogContents, LogError, read_games, read_log
from associatsiya_ai.arena.record import ReplayTurn, replay_turns

__all__ = [
    "GameLog",
    "LogContents",
    "LogError",
    "ReplayTurn",
    "read_games",
    "read_log",
    "replay_turns",
]
