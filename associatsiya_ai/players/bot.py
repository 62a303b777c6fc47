"""Bot seats: a bot (``act(view, rng) -> decision``) with its own seeded random generator.

The bot decides; the seat only adapts its decision to :class:`HintChoice` /
:class:`AnswerChoice` and turns its explanation into JSON-ready data for the screen and the
log. Any bot object with ``act(view, rng)`` fits (the embedding bots or a test's fake).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from associatsiya_ai.players.base import AnswerChoice, Explanation, HintChoice
from associatsiya_ai.rules.game import GuesserView, HinterView, Mode, RuleError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BotGuesser", "BotHinter", "jsonable"]


class Bot(Protocol):
    """What a bot seat wraps: ``act(view, rng)`` returns a decision."""

    def act(self, view: Any, rng: np.random.Generator) -> Any:
        """Decide on ``view`` with randomness from ``rng`` only."""
        ...


def jsonable(value: Any, depth: int = 0) -> Any:
    """Return ``value`` as JSON-ready data: dataclasses, enums, numpy scalars and arrays."""
    if depth > 8:
        return repr(value)
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        return round(value, 4) if math.isfinite(value) else None
    if isinstance(value, Enum):
        return jsonable(value.value, depth + 1)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return jsonable(to_dict(), depth + 1)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        return jsonable(fields, depth + 1)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v, depth + 1) for v in value]
    item = getattr(value, "item", None)  # numpy scalar
    if callable(item) and getattr(value, "shape", None) == ():
        return jsonable(item(), depth + 1)
    tolist = getattr(value, "tolist", None)  # numpy array
    if callable(tolist):
        return jsonable(tolist(), depth + 1)
    return str(value)


def _field(decision: Any, *names: str) -> Any:
    for name in names:
        if isinstance(decision, Mapping) and name in decision:
            return decision[name]
        if hasattr(decision, name):
            return getattr(decision, name)
    return None


def _explanation(decision: Any) -> Explanation | None:
    raw = _field(decision, "explanation", "explain", "why")
    if callable(raw):
        raw = raw()
    if raw is None:
        return None
    data = jsonable(raw)
    return data if isinstance(data, dict) else {"text": str(data)}


def _word(decision: Any, *names: str) -> str:
    if isinstance(decision, str):
        return decision
    if isinstance(decision, tuple) and decision and isinstance(decision[0], str):
        return decision[0]
    word = _field(decision, *names)
    if not isinstance(word, str):
        raise TypeError(f"бот вернул решение без слова: {decision!r}")
    return word


class BotHinter:
    """A hinter seat played by a bot.

    Parameters
    ----------
    bot : object with ``act(view, rng)``
        The decision maker; its decision has ``word`` (or ``hint``), ``mode`` and
        optionally ``explanation``.
    rng : numpy.random.Generator
        This seat's own generator (seeded by the caller).
    level : str or None
        Recorded in the log.
    """

    is_human = False

    def __init__(self, bot: Bot, rng: np.random.Generator, *, level: str | None = None) -> None:
        self.bot, self.rng, self.level = bot, rng, level
        self.errors: list[str] = []

    def hint(self, view: HinterView) -> HintChoice:
        """Ask the bot; adapt its decision."""
        decision = self.bot.act(view, self.rng)
        mode = _field(decision, "mode")
        if mode is None and isinstance(decision, tuple) and len(decision) > 1:
            mode = decision[1]
        return HintChoice(
            _word(decision, "word", "hint", "new"),
            Mode(getattr(mode, "value", mode) or Mode.SINGLE),
            _explanation(decision),
        )

    def rejected(self, error: RuleError) -> None:
        """A bot's illegal move is a bug: keep it for the record."""
        self.errors.append(str(error))

    def describe(self) -> dict[str, Any]:
        """``{"kind": "bot", "bot": class name, "level": level}``."""
        return {"kind": "bot", "bot": type(self.bot).__name__, "level": self.level}


class BotGuesser:
    """A guesser seat played by a bot (see :class:`BotHinter`)."""

    is_human = False

    def __init__(self, bot: Bot, rng: np.random.Generator, *, level: str | None = None) -> None:
        self.bot, self.rng, self.level = bot, rng, level
        self.errors: list[str] = []

    def answer(self, view: GuesserView) -> AnswerChoice:
        """Ask the bot; adapt its decision."""
        decision = self.bot.act(view, self.rng)
        return AnswerChoice(_word(decision, "word", "answer"), _explanation(decision))

    def rejected(self, error: RuleError) -> None:
        """A bot's illegal move is a bug: keep it for the record."""
        self.errors.append(str(error))

    def describe(self) -> dict[str, Any]:
        """``{"kind": "bot", "bot": class name, "level": level}``."""
        return {"kind": "bot", "bot": type(self.bot).__name__, "level": self.level}
