"""The terminal under a prompt: the locale readline needs, lines typed before a prompt, and
the prompt after the program was stopped (Ctrl-Z) and continued (``fg``).

- readline takes the locale's word for what a byte is. Under ``LC_ALL=C``, or an ``LC_ALL``
  naming a locale that is not installed, a Cyrillic byte is a Meta key («небо» shows as
  ``:ебо``) and Enter does nothing. :func:`readline_fits_locale` says whether readline can
  read this terminal's letters; where it cannot, the prompts read with plain :func:`input`
  (the terminal's own line editing: Backspace, Ctrl-U). A readline some other code loaded
  already is told to take 8-bit input as characters (:func:`eight_bit_readline`).
- A multi-line paste, or lines typed while the bots think, would answer prompts the person
  has not seen: :func:`drop_typed_ahead` throws away what waits in the terminal before a
  prompt appears.
- After Ctrl-Z and ``fg`` the prompt is gone from the screen while the text typed before
  Ctrl-Z still waits to be glued to the next answer: :func:`on_continue` redraws it (where
  that cannot be done, :mod:`.resume` drops the text with a note).
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

__all__ = [
    "drop_typed_ahead",
    "eight_bit_readline",
    "on_continue",
    "readline_fits_locale",
    "readline_redraw",
]

_ASCII = {"", "ANSIX3.41968", "ASCII", "USASCII", "646"}


def readline_fits_locale() -> bool:
    """Whether the locale the environment names reads non-ASCII letters (what readline
    uses at every prompt): ``False`` for the C/POSIX locale and for a locale that is not
    installed."""
    import locale

    try:
        saved = locale.setlocale(locale.LC_CTYPE)
    except locale.Error:
        return False
    try:
        locale.setlocale(locale.LC_CTYPE, "")
        codeset = locale.nl_langinfo(locale.CODESET)
    except (locale.Error, AttributeError):  # not installed; no nl_langinfo (Windows)
        return False
    finally:
        locale.setlocale(locale.LC_CTYPE, saved)
    return codeset.upper().replace("-", "").replace("_", "") not in _ASCII


def eight_bit_readline(readline: Any) -> None:
    """Make ``readline`` take bytes above 127 as characters, not Meta keys, and show them."""
    for setting in ("input-meta on", "output-meta on", "convert-meta off"):
        with contextlib.suppress(Exception):
            readline.parse_and_bind(f"set {setting}")


def drop_typed_ahead() -> bool:
    """Throw away the input waiting at the terminal (standard input) before a prompt.

    Returns
    -------
    bool
        Whether a whole line was waiting (the person should be told); ``False`` also when
        standard input is no terminal or cannot be flushed.
    """
    try:
        import select
        import termios

        fd = sys.stdin.fileno()
        if not sys.stdin.isatty():
            return False
        waiting = bool(select.select([fd], [], [], 0)[0])
        termios.tcflush(fd, termios.TCIFLUSH)
    except (ImportError, OSError, ValueError, AttributeError):
        return False
    return waiting


def readline_redraw(readline: Any) -> Callable[[], None] | None:
    """A function that puts readline's prompt and line back on the screen and the terminal
    back in readline's mode (after ``fg``), or None where the library does not offer it."""
    import ctypes

    try:
        lib = ctypes.CDLL(readline.__file__)
        forced, prep, deprep = (
            lib.rl_forced_update_display,
            lib.rl_prep_terminal,
            lib.rl_deprep_terminal,
        )
    except (OSError, AttributeError, TypeError):  # libedit, a static build, no file
        return None

    def redraw() -> None:
        deprep()  # the shell may have restored its own modes while we were stopped
        prep(1)
        sys.stdout.write("\r")
        sys.stdout.flush()
        forced()

    return redraw


@contextlib.contextmanager
def on_continue(redraw: Callable[[], None] | None) -> Iterator[None]:
    """While the block reads a line, call ``redraw`` when the process is continued
    (SIGCONT, after Ctrl-Z and ``fg``). Nothing is installed outside the main thread, where
    the platform lacks SIGCONT, or for ``None``.

    The kernel hands a process's signal to any thread that does not block it, and only
    the main thread, waiting for the line, can redraw: the command line blocks SIGCONT in
    the main thread before any other thread starts (:mod:`associatsiya_ai.cli`; threads
    inherit the mask), and the block takes it here while the line is read.
    """
    number = getattr(signal, "SIGCONT", None)
    main = threading.current_thread() is threading.main_thread()
    if redraw is None or number is None or not main:
        yield
        return

    def handler(signum: int, frame: object) -> None:
        with contextlib.suppress(OSError, ValueError):
            redraw()

    previous = signal.signal(number, signal.SIG_DFL)  # a stop before this prompt: no redraw
    masking = hasattr(signal, "pthread_sigmask")
    held = masking and number in signal.pthread_sigmask(signal.SIG_UNBLOCK, {number})
    signal.signal(number, handler)
    try:
        yield
    finally:
        signal.signal(number, previous)
        if held:
            signal.pthread_sigmask(signal.SIG_BLOCK, {number})
