"""Seats at the table: a person (over a :class:`~associatsiya_ai.players.human.Prompt`) or
a bot, as hinter or guesser."""

from associatsiya_ai.players.base import (
    AnswerChoice,
    GuesserSeat,
    HintChoice,
    HinterSeat,
    QuitGame,
)
from associatsiya_ai.players.bot import BotGuesser, BotHinter

__all__ = [
    "AnswerChoice",
    "BotGuesser",
    "BotHinter",
    "GuesserSeat",
    "HintChoice",
    "HinterSeat",
    "QuitGame",
]
