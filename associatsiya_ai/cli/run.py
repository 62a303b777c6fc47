"""The command line's entry point once loaded: the commands registered, errors turned into
one line (see :func:`main`). :mod:`associatsiya_ai.cli` imports this lazily.

Each command module registers its commands when imported (:func:`load_commands`), and
``--help`` lists them in that order: the players' commands (``bots``, ``check``, ``play``,
``replay``) before the researchers' (``research``: bot-vs-bot, ``speed``: bench); the
``models`` group comes last (``vocab_index`` adds its ``index`` after ``list`` and
``download``). A run that names its command first (``associatsiya vs-bot …``) loads only
that command's module: the others' imports (the researchers' tools, the replay, the model
downloads) are no part of a game's start.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from rich.markup import escape
from typer.models import CommandInfo

from associatsiya_ai.arena.loop import Abandoned
from associatsiya_ai.cli.base import UserError, app, err_console, json_requested, print_json_error
from associatsiya_ai.terminal.errors import os_error_text
from associatsiya_ai.terminal.texts import model_error_text
from associatsiya_ai.vectors.registry import ModelError

__all__ = ["COMMAND_MODULES", "app", "load_commands", "main"]

COMMAND_MODULES = {
    "bots": ("hint", "guess"),
    "check": ("check",),
    "evaluate": ("evaluate",),
    "models": ("models",),
    "play": ("vs-bot",),
    "replay": ("replay",),
    "research": ("bot-vs-bot",),
    "speed": ("bench",),
    "vocab_index": ("models",),
}
"""Each command module of :mod:`associatsiya_ai.cli` (in the order ``--help`` lists them)
and the commands it registers (``vocab_index`` adds ``models index``)."""


def load_commands(argv: Sequence[str] | None = None) -> None:
    """Register the commands: all of them, or only those of the command ``argv`` starts with.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments after the program name. When the first is a command's name (not an
        option: ``--help`` or ``--version`` before it is the whole program's), only the
        modules registering that command are imported; otherwise (None, no command, an
        unknown one) every command is, so the help and «No such command» see them all.
    """
    first = argv[0] if argv else None
    wanted = [m for m, names in COMMAND_MODULES.items() if first in names]
    loaded = [m for m in COMMAND_MODULES if f"{__package__}.{m}" in sys.modules]
    for module in wanted or list(COMMAND_MODULES):
        importlib.import_module(f"{__package__}.{module}")
    if loaded and not wanted:  # some were loaded before the rest: back to the listed order
        order = list(COMMAND_MODULES)

        def rank(info: CommandInfo) -> int:
            name = getattr(info.callback, "__module__", "").rsplit(".", 1)[-1]
            return order.index(name) if name in order else len(order)

        app.registered_commands.sort(key=rank)  # (the one group, models, is defined last)


def main() -> None:
    """Run the ``associatsiya`` command line; user errors exit 1 with one line, no traceback.

    Exit codes: 0 done; 1 a user error, a missing resource or a log that could not be
    written; 2 a usage error; 129/131/143 a game ended by hang-up/quit/terminate
    (SIGHUP/SIGQUIT, i.e. Ctrl-\\/SIGTERM);
    130 Ctrl-C. Under ``--json`` an error is one JSON object with an ``error`` field.

    BLAS runs on one thread unless the environment says otherwise (set by
    :mod:`associatsiya_ai.cli` before numpy loads).
    """
    try:
        try:
            app(standalone_mode=True)
        except SystemExit as done:
            _fail_if_output_lost(done)
            raise
    except (UserError, ModelError, OSError, UnicodeError) as exc:
        if isinstance(exc, ModelError):
            text = model_error_text(exc)
        elif isinstance(exc, UnicodeError):  # «'utf-8' codec can't decode byte …»
            text = os_error_text(exc)
        elif isinstance(exc, OSError):
            where = f" ({exc.filename})" if exc.filename else ""
            text = f"{os_error_text(exc)}{where}"
        else:
            text = str(exc)
        code = getattr(exc, "code", 1)
        code = code if isinstance(code, int) else 1
        if json_requested():
            print_json_error(text, code)
        message = escape(text)
        err_console.print(f"[red]Ошибка:[/red] {message}", highlight=False, soft_wrap=True)
        sys.exit(code)
    except KeyboardInterrupt:
        err_console.print("\nПрервано.")
        sys.exit(130)
    except Abandoned as stop:  # a signal outside a game: the game's records are written
        sys.exit(stop.exit_code)


def _fail_if_output_lost(done: SystemExit) -> None:
    """A command whose standard output could not be written (a full disk) does not succeed."""
    from associatsiya_ai.terminal.streams import output_failed

    if output_failed() and not done.code:
        err_console.print(
            "[red]Ошибка:[/red] вывод не записан: на диске нет места", highlight=False
        )
        sys.exit(1)
