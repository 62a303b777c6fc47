"""Command-line interface: ``associatsiya`` (Typer + rich).

Each command is a thin wrapper over a plain function that returns data; domain errors
become a one-line message and exit code 1, never a traceback.
"""

from __future__ import annotations

import os
import sys

# BLAS on one thread unless the environment says otherwise (see :func:`main`). Set here,
# before the imports below load numpy: once numpy is loaded, these variables do nothing.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

from rich.markup import escape  # noqa: E402

from associatsiya_ai.arena.loop import Abandoned  # noqa: E402
from associatsiya_ai.cli import bots, check, models, play, research  # noqa: F401, E402  (register)
from associatsiya_ai.cli.app import UserError, app, err_console, json_requested, print_json_error  # noqa: E402
from associatsiya_ai.terminal.errors import os_error_text  # noqa: E402
from associatsiya_ai.terminal.texts import model_error_text  # noqa: E402
from associatsiya_ai.vectors.registry import ModelError  # noqa: E402

__all__ = ["app", "main"]


def main() -> None:
    """Run the ``associatsiya`` command line; user errors exit 1 with one line, no traceback.

    Exit codes: 0 done; 1 a user error, a missing resource or a log that could not be
    written; 2 a usage error; 129/143 a game ended by hang-up/terminate (SIGHUP/SIGTERM);
    130 Ctrl-C. Under ``--json`` an error is one JSON object with an ``error`` field.

    BLAS runs on one thread unless the environment says otherwise: the bots' work is many
    small matrix-vector products, where waking a second thread costs more than it saves
    (``associatsiya bench`` measured hint decisions 2× slower with two threads here). The
    variables are set when this package is imported, before numpy is.
    """
    try:
        try:
            app(standalone_mode=True)
        except SystemExit as done:
            _fail_if_output_lost(done)
            raise
    except (UserError, ModelError, OSError) as exc:
        if isinstance(exc, ModelError):
            text = model_error_text(exc)
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
