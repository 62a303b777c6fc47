"""Command-line interface: ``associatsiya`` (Typer + rich).

Each command is a thin wrapper over a plain function that returns data; domain errors
become a one-line message and exit code 1, never a traceback.
"""

from __future__ import annotations

import os
import sys

from rich.markup import escape

from associatsiya_ai.cli import bots, check, models, play, research  # noqa: F401  (register)
from associatsiya_ai.cli.app import UserError, app, err_console
from associatsiya_ai.terminal.texts import model_error_text
from associatsiya_ai.vectors.registry import ModelError

__all__ = ["app", "main"]


def main() -> None:
    """Run the ``associatsiya`` command line; user errors exit 1 with one line, no traceback.

    BLAS runs on one thread unless the environment says otherwise: the bots' work is many
    small matrix-vector products, where waking a second thread costs more than it saves
    (``associatsiya bench`` measured hint decisions 2× slower with two threads here).
    """
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")  # before numpy is first imported
    try:
        app(standalone_mode=True)
    except (UserError, ModelError) as exc:
        text = model_error_text(exc) if isinstance(exc, ModelError) else str(exc)
        message = escape(text)
        err_console.print(f"[red]Ошибка:[/red] {message}", highlight=False, soft_wrap=True)
        sys.exit(getattr(exc, "code", 1))
    except KeyboardInterrupt:
        err_console.print("\nПрервано.")
        sys.exit(130)
