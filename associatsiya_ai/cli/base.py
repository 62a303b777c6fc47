"""The Typer application object shared by every command module, and the error boundary.

Command modules (``check``, ``models``, ``bots``, ``play``, ``research``) import ``app`` from
here and register their commands; ``associatsiya_ai.cli.main`` runs it. Typer's own help
headings are made Russian by :mod:`associatsiya_ai.cli.help_ru`.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from associatsiya_ai import __version__
from associatsiya_ai.bots.levels import DEFAULT_LEVEL, LEVEL_NAMES
from associatsiya_ai.cli.help_ru import OPTIONS_METAVAR, SUBCOMMAND_METAVAR, russian_help
from associatsiya_ai.cli.rich_help import tidy_help, when_loaded

if TYPE_CHECKING:
    from associatsiya_ai.arena.log import GameLog


russian_help()
when_loaded(tidy_help)


def _usage_error(error: Any) -> None:
    """Print a click/Typer usage error in Russian (exit code 2 is click's), or as JSON.

    Replaces ``typer.rich_utils.rich_format_error``: «Invalid value for '--games'…» becomes
    «Ошибка: неверное значение --games: нужно целое число» and the command's help hint.
    """
    from associatsiya_ai.terminal.errors import usage_text

    if type(error).__name__ == "NoArgsIsHelpError":  # the help was printed: usage, exit 2
        return
    message = usage_text(error.format_message())
    if json_requested():
        print_json_error(message, getattr(error, "exit_code", 2))
    err_console.print(f"[red]Ошибка:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        err_console.print(f"Справка: {escape(ctx.command_path)} --help", highlight=False)


def _russian_usage_errors(rich_utils: ModuleType) -> None:
    if getattr(rich_utils.rich_format_error, "_russian", False) is False:
        _usage_error._russian = True  # type: ignore[attr-defined]
        setattr(rich_utils, "rich_format_error", _usage_error)  # noqa: B010


when_loaded(_russian_usage_errors)


_JSON = {"requested": False}


def json_requested() -> bool:
    """Whether this run asked for ``--json`` (then an error is also one JSON object on
    stdout, besides the Russian line on stderr)."""
    return _JSON["requested"]


def print_json_error(message: str, code: int = 1) -> None:
    """Print ``{"error": message, "code": code}`` as the one JSON object on stdout."""
    import json

    print(json.dumps({"error": message, "code": code}, ensure_ascii=False), flush=True)


class _Group(TyperGroup):
    """The root group: guarded streams, sane widths, Russian usage errors, and Ctrl-C.

    Every run goes through here (the installed command and CliRunner alike): the standard
    streams are made safe (:func:`associatsiya_ai.terminal.streams.guard_streams`), click's
    usage errors are said in Russian (or as JSON under ``--json``).

    Typer turns a ``KeyboardInterrupt`` into a silent exit 130 (and click's prompts turn it
    into ``Abort``, «Aborted!», exit 1), so the commands' own ``except KeyboardInterrupt``
    in ``main()`` would never run: catch it here, around every command.
    """

    def main(self, *args: Any, **kwargs: Any) -> Any:
        import sys

        from associatsiya_ai.terminal.streams import guard_streams

        guard_streams()
        _sane_widths()
        argv = kwargs.get("args")
        if argv is None:
            argv = args[0] if args else sys.argv[1:]
        _JSON["requested"] = "--json" in list(argv or ())
        return super().main(*args, **kwargs)

    def invoke(self, ctx: Any) -> Any:  # a click.Context (vendored by newer Typer)
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, typer.Abort):
            err_console.print("\nПрервано.", highlight=False)
            raise typer.Exit(130) from None


app = typer.Typer(
    name="associatsiya",
    cls=_Group,
    help=(
        "«Ассоциация» — игра в ассоциации для компании, с ботами на эмбеддингах.\n\n"
        "Играйте с ботами (vs-bot), спросите у бота наводку или ответ (hint, guess), "
        "проверьте наводку по правилам (check), разберите записанную игру (replay) и "
        "измерьте ботов (evaluate, bot-vs-bot, bench); модели эмбеддингов — models."
    ),
    # the usage line is wrapped by click, at most 80 columns unless told: as wide as the help
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 200},
    options_metavar=OPTIONS_METAVAR,
    subcommand_metavar=SUBCOMMAND_METAVAR,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

console = Console()
err_console = Console(stderr=True)

MIN_WIDTH, FALLBACK_WIDTH = 20, 80


def _sane_widths() -> None:
    """Give every console a usable width when the detected one is tiny.

    ``COLUMNS=0`` (or a few columns) makes rich print nothing at all: it wraps every line
    to zero width. Typer's help and error console is built per call from ``COLUMNS`` and
    ``TERMINAL_WIDTH`` (``typer.rich_utils.MAX_WIDTH``), so it gets the fallback too.
    """
    for c in (console, err_console):
        if c.width < MIN_WIDTH:
            c.width = FALLBACK_WIDTH
    when_loaded(_sane_help_width)


def _sane_help_width(rich_utils: ModuleType) -> None:
    """Typer's help and error console (built from ``rich_utils.MAX_WIDTH``) gets the
    fallback width too: checked when Typer loads its help module, and on each run after."""
    if Console(width=getattr(rich_utils, "MAX_WIDTH", None)).width < MIN_WIDTH:
        rich_utils.MAX_WIDTH = FALLBACK_WIDTH  # type: ignore[attr-defined]


AdultOption = Annotated[
    bool,
    typer.Option(
        "--adult",
        help="Разрешить ботам слова о сексе и о насильственных преступлениях; мат и "
        "оскорбления боты не говорят никогда.",
    ),
]
"""The bots' adult mode (commands that build bots)."""


LevelChoice = Enum(  # type: ignore[misc]
    "LevelChoice", {name.upper(): name for name in LEVEL_NAMES}, type=str
)
"""Bot strength for a ``--level`` option: the names of ``associatsiya_ai.bots.levels``."""

DEFAULT_LEVEL_CHOICE = LevelChoice(DEFAULT_LEVEL)
"""The ``--level`` default."""


class UserError(Exception):
    """A user's mistake or a missing resource: printed as one line, exit code 1.

    Parameters
    ----------
    message : str
        The Russian one-line message naming the problem and the fix.
    code : int
        The exit code (1 by default; 2 for usage errors).
    """

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _version(value: bool) -> None:
    if value:
        console.print(f"associatsiya {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Показать версию и выйти."
        ),
    ] = False,
) -> None:
    """«Ассоциация»: игра в ассоциации с ботами на эмбеддингах."""


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print a one-line Russian error to stderr and return the ``typer.Exit`` to raise.

    Use as ``raise fail("…")`` so CliRunner tests see the exit code, not a traceback.
    Under ``--json`` the error is also the one JSON object on stdout: ``{"error": …,
    "code": …}``.
    """
    if json_requested():
        print_json_error(message, code)
    err_console.print(f"[red]Ошибка:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def open_log(path: Path) -> GameLog:
    """Open the ``--log`` file of a command that plays games (``vs-bot``, ``bot-vs-bot``).

    Raises
    ------
    typer.Exit
        Exit code 1 after one Russian line (or the ``--json`` error object) when the file
        cannot be opened: a folder, no permission, a missing folder on the way.
    """
    from associatsiya_ai.arena.log import GameLog
    from associatsiya_ai.terminal.errors import os_error_text

    try:
        return GameLog(path)
    except OSError as exc:
        raise fail(f"не удалось открыть журнал {path}: {os_error_text(exc)}") from None
