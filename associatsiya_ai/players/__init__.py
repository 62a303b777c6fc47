"""Seats at the table: a person at the terminal or a bot, as hinter or guesser."""

from associatsiya_ai.players.base import (
    AnswerChoice,
    Explanation,
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
    "Explanation",
    "GuesserSeat",
    "HintChoice",
    "HinterSeat",
    "QuitGame",
]
