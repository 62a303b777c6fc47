"""The command line's entry point once loaded: every command registered, errors turned into
one line (see :func:`main`). :mod:`associatsiya_ai.cli` imports this lazily.

Each command module registers its commands when imported, and ``--help`` lists them in that
order: the players' commands (``bots``, ``check``, ``play``, ``replay``) before the
researchers' (``research``: bot-vs-bot, ``speed``: bench); the ``models`` group comes last
(``vocab_index`` adds its ``index`` after ``list`` and ``download``).
"""

from __future__ import annotations

import sys

from rich.markup import escape

from associatsiya_ai.arena.loop import Abandoned
from associatsiya_ai.cli import (  # noqa: F401
    bots,
    check,
    evaluate,
    models,
    play,
    replay,
    research,
    speed,
    vocab_index,
)
from associatsiya_ai.cli.base import UserError, app, err_console, json_requested, print_json_error
from associatsiya_ai.terminal.errors import os_error_text
from associatsiya_ai.terminal.texts import model_error_text
from associatsiya_ai.vectors.registry import ModelError

__all__ = ["app", "main"]


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
