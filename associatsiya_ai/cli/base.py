"""The Typer application object shared by every command module, and the error boundary.

Command modules (``check``, ``models``, ``bots``, ``play``, ``research``) import ``app`` from
here and register their commands; ``associatsiya_ai.cli.main`` runs it. Typer's own help
headings are made Russian by :mod:`associatsiya_ai.cli.help_ru`.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from associatsiya_ai import __version__
from associatsiya_ai.bots.levels import DEFAULT_LEVEL, LEVEL_NAMES
from associatsiya_ai.cli.help_ru import OPTIONS_METAVAR, SUBCOMMAND_METAVAR, russian_help

if TYPE_CHECKING:
    from associatsiya_ai.arena.log import GameLog


def _tidy_typer_help() -> None:
    """Work around three quirks of Typer's rich help (seen with Typer 0.29).

    - Every option shows a value type, flags too: «--json <bool>», as if it took a value.
      Flags (``is_flag``) show none.
    - The help paragraphs after the first keep the docstring's line breaks, so a paragraph
      wrapped at 90 characters in the source breaks again at the terminal's width. Single
      line breaks are joined, except in ``\\b`` paragraphs and before indented lines
      (examples), as older Typer did.
    - An option's help and its ``[default: …]`` are laid out as rich ``Columns``: a
      wrapped help pushes the default onto a line of its own. They are one text now.

    Each patch applies only where Typer has the function it replaces.
    """
    import re

    from rich.text import Text
    from typer import core, rich_utils

    display_type = getattr(core.TyperOption, "display_type_rich", None)
    if display_type is not None and not getattr(display_type, "_tidy", False):

        def display_type_rich(self: Any, ctx: Any) -> str | None:
            if getattr(self, "is_flag", False) and not getattr(self, "count", False):
                return None
            result: str | None = display_type(self, ctx)
            return result

        display_type_rich._tidy = True  # type: ignore[attr-defined]
        setattr(core.TyperOption, "display_type_rich", display_type_rich)  # noqa: B010

    fix_linebreaks = getattr(rich_utils, "_fix_linebreaks", None)
    if fix_linebreaks is not None and not getattr(fix_linebreaks, "_tidy", False):

        def joined(paragraphs: list[str], markup_mode: Any) -> str:
            if markup_mode == "markdown":
                result: str = fix_linebreaks(paragraphs, markup_mode)
                return result
            return "\n\n".join(
                p if p.startswith("\b") else re.sub(r"\n(?![ \t\n])", " ", p) for p in paragraphs
            )

        joined._tidy = True  # type: ignore[attr-defined]
        setattr(rich_utils, "_fix_linebreaks", joined)  # noqa: B010

    parameter_help = getattr(rich_utils, "_get_parameter_help", None)
    if parameter_help is not None and not getattr(parameter_help, "_tidy", False):

        def one_text(**kwargs: Any) -> Any:
            columns = parameter_help(**kwargs)
            parts = list(getattr(columns, "renderables", ()))
            if parts and all(isinstance(p, Text) for p in parts):
                return Text(" ").join(parts)
            return columns

        one_text._tidy = True  # type: ignore[attr-defined]
        setattr(rich_utils, "_get_parameter_help", one_text)  # noqa: B010


_tidy_typer_help()
russian_help()


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


def _russian_usage_errors() -> None:
    from typer import rich_utils

    if getattr(rich_utils.rich_format_error, "_russian", False) is False:
        _usage_error._russian = True  # type: ignore[attr-defined]
        setattr(rich_utils, "rich_format_error", _usage_error)  # noqa: B010


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
        _russian_usage_errors()
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
    try:
        from typer import rich_utils
    except ImportError:  # Typer without rich
        return
    if Console(width=rich_utils.MAX_WIDTH).width < MIN_WIDTH:
        rich_utils.MAX_WIDTH = FALLBACK_WIDTH


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
