"""Seats for a person at the terminal: read a line, handle «?», «!правила», «!выход».

Input is read with :func:`input` line by line, so a game is fully playable with the
moves piped on standard input (scripts, tests); when input is not a terminal the line read
is echoed, so a transcript reads like a dialogue. End of input raises :class:`EOFError`,
Ctrl-C :class:`KeyboardInterrupt` and «!выход» :class:`QuitGame`; the arena abandons the
game on each of them.

The hinter's input picks the chain mode (R2) with a prefix: ``слово`` — one word,
``+слово`` — this hinter's own chain, ``++слово`` — all hints of both hinters.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from rich.markup import escape

from associatsiya_ai.lexicon import shorten
from associatsiya_ai.players.base import AnswerChoice, HintChoice, QuitGame
from associatsiya_ai.players.screen import Screen
from associatsiya_ai.rules.game import GuesserView, HinterView, InvalidSecretError, Mode, RuleError

__all__ = ["HumanGuesser", "HumanHinter", "Terminal", "parse_hint_input"]

QUIT = ("!выход", "!quit", "!exit")
RULES = ("!правила", "!rules")
EXPLAIN = ("?", "!почему")
HELP = ("!помощь", "!help", "!команды")


def parse_hint_input(line: str) -> tuple[str, Mode]:
    """Split the person's hint input into the word and the chain mode.

    >>> parse_hint_input("++ мост")
    ('мост', <Mode.ALL: 'all'>)
    >>> parse_hint_input("+мост"), parse_hint_input(" мост ")
    (('мост', <Mode.OWN: 'own'>), ('мост', <Mode.SINGLE: 'single'>))
    """
    text = line.strip()
    if text.startswith("++"):
        return text[2:].strip(), Mode.ALL
    if text.startswith("+"):
        return text[1:].strip(), Mode.OWN
    return text, Mode.SINGLE


class Terminal:
    """Line input for the person, with the commands every prompt understands.

    Parameters
    ----------
    screen : Screen
        For «?» and «!правила», and to print the prompt.
    read : callable, optional
        Reads one line (without the newline); :func:`input` by default. Raises EOFError at
        the end of input.
    echo : bool or None
        Print the line read (default: when standard input is not a terminal).
    """

    def __init__(
        self,
        screen: Screen,
        *,
        read: Callable[[], str] | None = None,
        echo: bool | None = None,
    ) -> None:
        self.screen = screen
        self._read = read or input
        self.echo = echo

    def ask(self, prompt: str) -> str:
        """Print ``prompt`` and return the next non-empty line that is not a command.

        Raises
        ------
        QuitGame
            On «!выход».
        EOFError, KeyboardInterrupt
            At the end of input / on Ctrl-C.
        """
        while True:
            self.screen.console.print(f"[bold]{prompt}[/bold]", end="", highlight=False)
            self.screen.console.file.flush()
            line = self._read().lstrip("\ufeff")  # a BOM from an editor starts piped input
            echo = self.echo if self.echo is not None else not _stdin_is_tty()
            if echo:  # control characters shown as escapes, never sent to the terminal
                self.screen.console.print(escape(shorten(line, 200)), highlight=False)
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
                self.screen.say("Команды: ? — почему боты так сходили · !правила · !выход")
            else:
                return text


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


class HumanHinter:
    """A hinter seat played by the person (see the module docstring for the input)."""

    is_human = True

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self._shown: tuple[int, int] | None = None

    def hint(self, view: HinterView) -> HintChoice:
        """Show the chain each input would speak (once a turn) and read the person's hint."""
        turn = (self.terminal.screen.games_started, view.turn_number)
        if self._shown != turn:
            self.terminal.screen.hinter_prompt(view)
            self._shown = turn
        while True:
            word, mode = parse_hint_input(self.terminal.ask("Наводка> "))
            if word:
                return HintChoice(word, mode, None)
            self.terminal.screen.say("После «+» или «++» нужно слово, например «+мост».")

    def choose_secret(self, check: Callable[[str], str]) -> str:
        """Ask the person (the setter, hinter of team 1) for the secret until it is valid.

        Parameters
        ----------
        check : callable
            Returns the accepted spelling or raises :class:`InvalidSecretError`.
        """
        screen = self.terminal.screen
        screen.say(
            "[bold]Вы загадываете слово[/bold] (его узнает только наводящий соперников): "
            "одно существительное в именительном падеже."
        )
        while True:
            word = self.terminal.ask("Загаданное слово> ")
            try:
                return check(word)
            except InvalidSecretError as error:
                v = error.violations[0]
                rule = f" ({v.rule})" if v.rule else ""
                screen.say(f"[red]Не подходит:[/red] {escape(v.detail)}{rule}")
                if error.suggestion:
                    screen.say(f"Правильная форма: [bold]«{escape(error.suggestion)}»[/bold].")

    def rejected(self, error: RuleError) -> None:
        """The screen has shown the reason; the person is asked again."""

    def describe(self) -> dict[str, Any]:
        """``{"kind": "human"}``."""
        return {"kind": "human"}


class HumanGuesser:
    """A guesser seat played by the person."""

    is_human = True

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self._shown: tuple[int, int] | None = None

    def answer(self, view: GuesserView) -> AnswerChoice:
        """Show the chain heard (once a turn) and read the person's answer."""
        turn = (self.terminal.screen.games_started, view.turn_number)
        if self._shown != turn:
            self.terminal.screen.guesser_prompt(view)
            self._shown = turn
        return AnswerChoice(self.terminal.ask("Ответ> "), None)

    def rejected(self, error: RuleError) -> None:
        """The screen has shown the reason; the person is asked again."""

    def describe(self) -> dict[str, Any]:
        """``{"kind": "human"}``."""
        return {"kind": "human"}
