"""Line input for a person at the terminal: the :class:`~associatsiya_ai.players.human.Prompt`
the person's seats talk through.

Input is read with :func:`input` line by line, so a game is fully playable with the moves
piped on standard input (scripts, tests); when input is not a terminal the line read is
echoed, so a transcript reads like a dialogue. Every prompt understands «?» (why the bots
moved as they did), «!правила», «!помощь» and «!выход».
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from rich.markup import escape

from associatsiya_ai.lexicon import shorten
from associatsiya_ai.players.base import QuitGame
from associatsiya_ai.players.human import Ask
from associatsiya_ai.rules.types import RuleError
from associatsiya_ai.rules.views import GuesserView, HinterView
from associatsiya_ai.terminal import panels
from associatsiya_ai.terminal.errors import rule_reason
from associatsiya_ai.terminal.labels import COMMANDS_LINE
from associatsiya_ai.terminal.screen import Screen

__all__ = ["Terminal", "stdin_is_tty"]

QUIT = ("!выход", "!quit", "!exit")
RULES = ("!правила", "!rules")
EXPLAIN = ("?", "!почему")
HELP = ("!помощь", "!help", "!команды")
LABELS: dict[Ask, str] = {"hint": "Наводка> ", "answer": "Ответ> ", "secret": "Загаданное слово> "}


def stdin_is_tty() -> bool:
    """Whether standard input is a terminal (``False`` when it is closed or replaced)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


class Terminal:
    """The person's prompt over the game :class:`Screen` and :func:`input`.

    Parameters
    ----------
    screen : Screen
        Prints the prompts and answers «?» and «!правила».
    read : callable, optional
        Reads one line (without the newline); :func:`input` by default. Raises
        :class:`EOFError` at the end of input.
    echo : bool or None
        Print the line read (default: when standard input is not a terminal).
    """

    def __init__(
        self, screen: Screen, *, read: Callable[[], str] | None = None, echo: bool | None = None
    ) -> None:
        self.screen = screen
        self._read = read or input
        self.echo = echo

    def ask(self, what: Ask) -> str:
        """Print the label for ``what`` and return the next non-empty line that is no command.

        Raises
        ------
        QuitGame
            On «!выход».
        EOFError, KeyboardInterrupt
            At the end of input / on Ctrl-C.
        """
        console = self.screen.console
        while True:
            console.print(f"[bold]{LABELS[what]}[/bold]", end="", highlight=False)
            console.file.flush()
            line = self._read().lstrip("\ufeff")  # a BOM from an editor starts piped input
            if self.echo if self.echo is not None else not stdin_is_tty():
                # control characters shown as escapes, never sent to the terminal
                console.print(escape(shorten(line, 200)), highlight=False)
            text = line.strip()
            lowered = text.casefold()
            if not text:
                continue
            if lowered in QUIT:
                raise QuitGame
            if lowered in EXPLAIN:
                self.screen.explain_last()
            elif lowered in RULES:
                self.screen.rules()
            elif lowered in HELP:
                self.screen.say(COMMANDS_LINE)
            else:
                return text

    def show(self, view: HinterView | GuesserView | None) -> None:
        """The chains a hint would speak, the chain heard, or (``None``) the setter's task."""
        if isinstance(view, HinterView):
            panels.hinter_turn(self.screen.console, view)
        elif isinstance(view, GuesserView):
            panels.guesser_turn(self.screen.console, view)
        else:
            self.screen.say(
                "[bold]Вы загадываете слово[/bold] (его узнает только наводящий соперников): "
                "одно существительное в именительном падеже."
            )

    def refuse(self, what: Ask, error: RuleError | None) -> None:
        """Say why a line was refused (``None``: a chain prefix without a word).

        A refused move is shown by the screen's ``Rejected`` event; this covers the secret
        and an empty hint.
        """
        if error is None:
            self.screen.say("После «+» или «++» нужно слово, например «+мост».")
            return
        self.screen.say(f"[red]Не подходит:[/red] {escape(rule_reason(error))}")
        if error.suggestion:
            self.screen.say(f"Правильная форма: [bold]«{escape(error.suggestion)}»[/bold].")
