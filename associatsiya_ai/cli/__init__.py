"""Command-line interface: ``associatsiya`` (Typer + rich).

Each command is a thin wrapper over a plain function that returns data; domain errors
become a one-line message and exit code 1, never a traceback. This module stays light: the
commands load in :func:`main` (:mod:`associatsiya_ai.cli.run`), so Ctrl-C while they load
ends the program quietly too; only the command named is loaded, and the garbage collector
does not run while it loads (:func:`collector_paused`).

BLAS runs on one thread unless the environment says otherwise: the bots' work is many small
matrix-vector products, where waking a second thread costs more than it saves
(``associatsiya bench`` measured hint decisions 2× slower with two threads here). The
variables are set when this package is imported, before numpy is (once numpy is loaded,
they do nothing).
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
from collections.abc import Iterator
from typing import Any

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

# SIGCONT (``fg`` after Ctrl-Z) must reach the main thread, which redraws the prompt: block
# it here, before numpy starts any thread (threads inherit the mask); a prompt takes it while
# it reads (associatsiya_ai.terminal.tty.on_continue). The process is continued regardless.
if hasattr(signal, "SIGCONT") and hasattr(signal, "pthread_sigmask"):
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCONT})

__all__ = ["app", "collector_paused", "main"]


@contextlib.contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """Pause Python's cyclic garbage collector while the block runs.

    The start of a command allocates a few hundred thousand objects that live as long as
    the program (the modules, the vocabulary, the bots' tables): the collector would walk
    them again and again, finding nothing to free (measured: a tenth of ``vs-bot``'s start
    to its first prompt). ``freeze`` then moves everything alive out of its way for good
    (:func:`gc.freeze`), so later collections, during the game, do not walk it either.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if enabled:
            gc.enable()


def main() -> None:
    """Run the ``associatsiya`` command line (:func:`associatsiya_ai.cli.run.main`).

    Only the module of the command named first is loaded (all of them for the help, or
    when no command is named). Ctrl-C while the commands load (numpy, rich, Typer: the first
    second) exits 130 with «Прервано.», as it does later.
    """
    try:
        with collector_paused():
            from associatsiya_ai.cli.run import load_commands
            from associatsiya_ai.cli.run import main as run

            load_commands(sys.argv[1:])  # only the command run, when it is named first
    except KeyboardInterrupt:
        sys.stderr.write("\nПрервано.\n")
        sys.exit(130)
    run()


def __getattr__(name: str) -> Any:
    """``app``: the Typer application with every command registered (loaded on first use)."""
    if name == "app":
        from associatsiya_ai.cli.run import app, load_commands

        load_commands()
        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
