"""The seat interface: one tiny protocol for a person and a bot, hinter or guesser.

A seat sees only its own view (:class:`~associatsiya_ai.rules.game.HinterView` knows the
secret, :class:`~associatsiya_ai.rules.game.GuesserView` does not) and returns its choice;
a bot's choice carries its :class:`~associatsiya_ai.bots.decision.Decision` unchanged (for
the screen, the log and replay). The arena (:mod:`associatsiya_ai.arena`) applies the
choice through the rules engine; a person's rejected move is handed back with
:meth:`HinterSeat.rejected` and the person is asked again.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol, runtime_checkable

from associatsiya_ai.bots.decision import Decision
from associatsiya_ai.rules.game import GuesserView, HinterView, Mode, RuleError

__all__ = ["AnswerChoice", "GuesserSeat", "HintChoice", "HinterSeat", "QuitGame"]


class HintChoice(NamedTuple):
    """A hinter's choice: the new element (a noun or «пропускаю»), the chain mode and,
    for a bot, its decision."""

    word: str
    mode: Mode = Mode.SINGLE
    decision: Decision | None = None


class AnswerChoice(NamedTuple):
    """A guesser's choice: one noun or «пропускаю» and, for a bot, its decision."""

    word: str
    decision: Decision | None = None


class QuitGame(Exception):
    """Raised by a person's seat on «!выход»: the arena abandons the game."""


@runtime_checkable
class HinterSeat(Protocol):
    """A hinter seat (person or bot).

    Attributes
    ----------
    is_human : bool
        A person is re-asked after a rejected move; a bot's rejected move is a bug (the
        arena raises).
    """

    is_human: bool

    def hint(self, view: HinterView) -> HintChoice:
        """Choose the new hint and the chain mode for this turn."""
        ...

    def rejected(self, error: RuleError) -> None:
        """Hear that the last choice broke a rule (the move was not applied)."""
        ...

    def describe(self) -> dict[str, Any]:
        """JSON-ready facts for the log: ``{"kind": "human"}`` or ``{"kind": "bot", ...}``."""
        ...


@runtime_checkable
class GuesserSeat(Protocol):
    """A guesser seat (person or bot); it never sees the secret."""

    is_human: bool

    def answer(self, view: GuesserView) -> AnswerChoice:
        """Answer the chain just heard."""
        ...

    def rejected(self, error: RuleError) -> None:
        """Hear that the last answer broke a rule (it was not applied)."""
        ...

    def describe(self) -> dict[str, Any]:
        """JSON-ready facts for the log."""
        ...
