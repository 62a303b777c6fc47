"""Bot seats: a bot (``act(view, rng) -> Decision``) with its own seeded random generator.

The bot decides; the seat passes its :class:`~associatsiya_ai.bots.decision.Decision`
unchanged in the choice. Any object with ``act(view, rng)`` returning a ``Decision`` fits
(the embedding bots or a test's fake).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from associatsiya_ai.bots.decision import Decision
from associatsiya_ai.players.base import AnswerChoice, HintChoice
from associatsiya_ai.rules.game import GuesserView, HinterView, Mode, RuleError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BotGuesser", "BotHinter", "GuesserBot", "HinterBot"]


class HinterBot(Protocol):
    """What a hinter seat wraps: ``act(view, rng)`` returns a :class:`Decision`."""

    def act(self, view: HinterView, rng: np.random.Generator) -> Decision:
        """Decide on ``view`` with randomness from ``rng`` only."""
        ...


class GuesserBot(Protocol):
    """What a guesser seat wraps: ``act(view, rng)`` returns a :class:`Decision`."""

    def act(self, view: GuesserView, rng: np.random.Generator) -> Decision:
        """Decide on ``view`` with randomness from ``rng`` only."""
        ...


class _BotSeat:
    """What both bot seats share: the bot, its generator, its level and the log facts."""

    is_human = False

    def __init__(self, bot: Any, rng: np.random.Generator, *, level: str | None = None) -> None:
        self.bot, self.rng, self.level = bot, rng, level

    def rejected(self, error: RuleError) -> None:
        """Never called: a bot's illegal move is a bug and the arena raises."""

    def describe(self) -> dict[str, Any]:
        """``{"kind": "bot", "bot": class name, "level": level}``."""
        return {"kind": "bot", "bot": type(self.bot).__name__, "level": self.level}


class BotHinter(_BotSeat):
    """A hinter seat played by a bot.

    Parameters
    ----------
    bot : HinterBot
        The decision maker.
    rng : numpy.random.Generator
        This seat's own generator (seeded by the caller).
    level : str or None
        Recorded in the log.
    """

    bot: HinterBot

    def hint(self, view: HinterView) -> HintChoice:
        """Ask the bot; its decision travels with the choice."""
        decision = self.bot.act(view, self.rng)
        return HintChoice(decision.word, decision.mode or Mode.SINGLE, decision)


class BotGuesser(_BotSeat):
    """A guesser seat played by a bot (see :class:`BotHinter`)."""

    bot: GuesserBot

    def answer(self, view: GuesserView) -> AnswerChoice:
        """Ask the bot; its decision travels with the choice."""
        decision = self.bot.act(view, self.rng)
        return AnswerChoice(decision.word, decision)
