"""Line input for a person at the terminal: the :class:`~associatsiya_ai.players.human.Prompt`
the person's seats talk through.

Input is read with :func:`input` line by line, so a game is fully playable with the moves
piped on standard input (scripts, tests); when input is not a terminal the line read is
echoed, so a transcript reads like a dialogue. At a terminal the line can be edited
(``readline``: arrows, Backspace, history) where the platform has it and the locale lets it
read Cyrillic (else the terminal's own editing); lines typed before a prompt appears are
dropped, and the prompt comes back after Ctrl-Z and ``fg`` (:mod:`.tty`; what was typed
before the stop comes back with it, or, where it cannot, is dropped with a note:
:mod:`.resume`). A closed standard input is the end of input, undecodable bytes are U+FFFD,
and a lost output ends the game as abandoned (``"output-closed"``) so that its record is
still written. Every prompt
understands «?» (why the bots moved as they did), «!правила», «!помощь» and «!выход».
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable

from rich.markup import escape

from associatsiya_ai.arena.loop import Abandoned
from associatsiya_ai.lexicon.form import shorten
from associatsiya_ai.players.base import QuitGame
from associatsiya_ai.players.human import Ask
from associatsiya_ai.rules.types import RuleError
from associatsiya_ai.rules.views import GuesserView, HinterView
from associatsiya_ai.terminal import panels
from associatsiya_ai.terminal.errors import rule_reason, suggestion_line
from associatsiya_ai.terminal.labels import COMMANDS_LINE
from associatsiya_ai.terminal.resume import (
    holding_typed_text,
    readline_text,
    take_typed_text,
    without_prefix,
)
from associatsiya_ai.terminal.screen import Screen
from associatsiya_ai.terminal.streams import clean_text, output_closed
from associatsiya_ai.terminal.tty import (
    drop_typed_ahead,
    eight_bit_readline,
    on_continue,
    readline_fits_locale,
    readline_redraw,
)

__all__ = ["Terminal", "line_editing", "read_line", "stdin_is_tty", "stdout_is_tty"]

QUIT = ("!выход", "!quit", "!exit")
RULES = ("!правила", "!rules")
EXPLAIN = ("?", "!почему")
HELP = ("!помощь", "!help", "!команды")
LABELS: dict[Ask, str] = {"hint": "Наводка> ", "answer": "Ответ> ", "secret": "Загаданное слово> "}
_BOLD = "\001\033[1m\002{}\001\033[0m\002"
"""A bold prompt for readline: the escapes are marked as taking no columns."""
TYPED_AHEAD = "[dim]Набранное до приглашения пропущено: вводите слово после приглашения.[/dim]"
"""Said when lines typed before a prompt appeared (a paste) were dropped."""
STOPPED = "[dim]Набранное до остановки (Ctrl-Z) пропущено: «{}» — наберите заново.[/dim]"
"""Said after ``fg`` at a prompt that cannot show again what was typed before the stop."""


def stdin_is_tty() -> bool:
    """Whether standard input is a terminal (``False`` when it is closed or replaced)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def stdout_is_tty() -> bool:
    """Whether standard output is a terminal (``False`` when it is closed or a pipe)."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def line_editing() -> bool:
    """Turn on line editing (arrows, Backspace, history) for :func:`input` where the
    platform has ``readline``, both standard streams are a terminal and the locale lets
    readline read Cyrillic (not under ``LC_ALL=C`` or a locale that is not installed); say
    whether it is on. A readline loaded already is made to take 8-bit input as letters.
    """
    if not (stdin_is_tty() and stdout_is_tty()):
        return False
    fits = readline_fits_locale()
    if "readline" in sys.modules:  # loaded by someone else: input() uses it regardless
        if not fits:
            eight_bit_readline(sys.modules["readline"])
        return True
    if not fits:  # plain input(): the terminal's own line editing takes any bytes
        return False
    try:
        import readline  # noqa: F401  (importing it is what makes input() edit lines)
    except ImportError:  # Windows, or Python built without it
        return False
    return True


def read_line(prompt: str = "") -> str:
    """One line from standard input: :func:`input`, any failure of a closed stream is
    end of input, and undecodable bytes come back as U+FFFD, never as surrogates.

    Raises
    ------
    EOFError
        At the end of input, or when standard input is closed or unreadable.
    """
    try:
        line = input(prompt)
    except (RuntimeError, ValueError, OSError) as exc:  # «lost sys.stdin», a closed file
        raise EOFError(str(exc)) from None
    except UnicodeDecodeError as exc:  # a stream without surrogateescape
        raise EOFError(str(exc)) from None
    return clean_text(line)


class Terminal:
    """The person's prompt over the game :class:`Screen` and :func:`input`.

    Parameters
    ----------
    screen : Screen
        Prints the prompts and answers «?» and «!правила».
    read : callable, optional
        Reads one line (without the newline); :func:`read_line` by default. Raises
        :class:`EOFError` at the end of input.
    echo : bool or None
        Print the line read (default: when standard input is not a terminal).
    """

    def __init__(
        self, screen: Screen, *, read: Callable[[], str] | None = None, echo: bool | None = None
    ) -> None:
        self.screen = screen
        self._read = read
        self.echo = echo
        self._editing = read is None and line_editing()
        self._tty = read is None and stdin_is_tty()
        self._redraw = readline_redraw(sys.modules["readline"]) if self._editing else None
        self._dropped = ""  # what readline held, unseen, when it could not redraw after fg

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
            if output_closed():  # nobody can see the game any more: end it, keep the record
                raise Abandoned("output-closed", 141)
            if self._tty and drop_typed_ahead():  # a paste would answer unseen prompts
                self.screen.say(TYPED_AHEAD)
            if self._editing:  # readline must know the prompt to redraw the line
                label = LABELS[what]
                self._dropped = ""
                with on_continue(lambda: self._resume_editing(what)):
                    line = read_line(_BOLD.format(label) if console.color_system else label)
                line = without_prefix(line, self._dropped)  # said when it was dropped
            else:
                self._prompt(what)
                plain = self._tty and self._read is None  # Ctrl-Z would lose a half line
                with (
                    on_continue((lambda: self._prompt(what, again=True)) if self._tty else None),
                    holding_typed_text() if plain else contextlib.nullcontext(),
                ):
                    line = clean_text(self._read()) if self._read is not None else read_line()
            line = line.lstrip("\ufeff")  # a BOM from an editor starts piped input
            if self.echo if self.echo is not None else not stdin_is_tty():
                # control characters shown as escapes, never sent to the terminal
                console.print(escape(shorten(line, 200)), highlight=False)
            text = line.strip()
            lowered = text.casefold()
            if lowered.startswith("/"):  # «/help», «/выход»: commands as other programs write them
                lowered = "!" + lowered[1:]
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
            elif lowered.startswith("!"):  # a mistyped command is no word to check
                unknown = escape(shorten(text, 40))
                self.screen.say(f"Нет такой команды: «{unknown}». {COMMANDS_LINE}")
            else:
                return text

    def _prompt(self, what: Ask, *, again: bool = False) -> None:
        """Print the prompt; ``again`` after ``fg``: on a new line, and what was typed before
        the stop, out of sight now, dropped with a note (:func:`.resume.take_typed_text`)."""
        if again:
            self._said_dropped(take_typed_text())
        self.screen.console.print(f"[bold]{LABELS[what]}[/bold]", end="", highlight=False)
        self.screen.console.file.flush()

    def _resume_editing(self, what: Ask) -> None:
        """After ``fg`` at a readline prompt: the prompt and its line drawn again; where
        readline cannot redraw (libedit) or the redraw fails, the line it holds unseen is
        dropped with a note, and cut from the start of the line read (never glued to it)."""
        if self._redraw is not None:
            try:
                self._redraw()
                return
            except (OSError, ValueError, TypeError, AttributeError):  # ctypes: a broken library
                pass
        self._dropped = readline_text()
        self._said_dropped(self._dropped)
        self._prompt(what)

    def _said_dropped(self, dropped: str) -> None:
        """Start a new line, and say what was typed before a stop and dropped (if anything)."""
        self.screen.console.print()
        if dropped:
            self.screen.say(STOPPED.format(escape(shorten(dropped, 40))))

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
        """Say why a line was refused (``None``: a chain prefix without a word, or «+++»).

        A refused move is shown by the screen's ``Rejected`` event; this covers the secret
        and an empty hint.
        """
        if error is None:
            self.screen.say(
                "Наводка — это [bold]слово[/bold], [bold]+слово[/bold] (своя цепочка) или "
                "[bold]++слово[/bold] (общая цепочка), например «+мост»."
            )
            return
        self.screen.say(f"[red]Не подходит:[/red] {escape(rule_reason(error))}")
        fix = suggestion_line(error)
        if fix:
            self.screen.say(f"Правильная форма: [bold]«{escape(fix)}»[/bold].")
