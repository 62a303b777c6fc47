"""What a person typed before the program was stopped (Ctrl-Z) at a prompt it cannot redraw.

With readline and its redraw (:func:`.tty.readline_redraw`) the prompt comes back after
``fg`` with the text typed so far, and the person goes on typing. Without them the text is
out of sight, and it would either be lost silently or be glued, unseen, to the next answer:

- plain input (no readline: ``LC_ALL=C``, or no library): the half-typed line waits in the
  terminal's own line buffer, which the kernel empties when Ctrl-Z is typed. While a plain
  prompt reads, :func:`holding_typed_text` tells the terminal not to empty it (``NOFLSH``)
  and, on Ctrl-Z, takes the text out before the program stops; a stop from elsewhere
  (``kill -STOP``) leaves it in the buffer. :func:`take_typed_text` returns it after ``fg``
  (and empties the buffer), so the prompt says it was dropped;
- readline without a redraw (libedit, or a redraw that failed): readline keeps the text in
  its own buffer (:func:`readline_text`), and the next line read starts with it; the
  prompt drops that start (:func:`without_prefix`) and says so.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator

__all__ = ["holding_typed_text", "readline_text", "take_typed_text", "without_prefix"]

_IUTF8 = 0o40000 if sys.platform.startswith("linux") else 0
"""The terminal's input flag IUTF8 (Linux's value; Python's termios names it from 3.13)."""

_TAKEN: list[bytes] = []
"""What :func:`holding_typed_text` took out of the terminal at a Ctrl-Z."""


def _stdin_tty() -> int | None:
    try:
        fd = sys.stdin.fileno()
        return fd if os.isatty(fd) else None
    except (AttributeError, OSError, ValueError):
        return None


def _read_pending(fd: int) -> bytes:
    """The bytes waiting in the terminal's line buffer, a half-typed line included: read
    with the line discipline switched off for the moment (no wait), then restored."""
    import termios

    saved = termios.tcgetattr(fd)
    raw = list(saved)
    raw[3] = raw[3] & ~termios.ICANON
    raw[6] = list(saved[6])
    raw[6][termios.VMIN], raw[6][termios.VTIME] = 0, 0
    chunks = []
    try:
        termios.tcsetattr(fd, termios.TCSANOW, raw)
        while chunk := os.read(fd, 4096):
            chunks.append(chunk)
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
    return b"".join(chunks)


@contextlib.contextmanager
def holding_typed_text() -> Iterator[None]:
    """While a plain prompt reads a line, keep what Ctrl-Z would throw away, and let
    Backspace erase a letter.

    The terminal erases a whole UTF-8 letter on Backspace (``IUTF8``, Linux), and keeps its
    line buffer on Ctrl-Z, Ctrl-C and Ctrl-\\ (``NOFLSH``); on
    Ctrl-Z (SIGTSTP) the half-typed line is taken out (for :func:`take_typed_text`) and the
    program stops as it would have. On the way out the flags are restored, and after an
    exception (Ctrl-C, a signal ending the game) the buffer is emptied as the terminal
    would have emptied it. Nothing happens off a terminal, outside the main thread or where
    the platform lacks termios or SIGTSTP.
    """
    fd = _stdin_tty()
    number = getattr(signal, "SIGTSTP", None)
    if fd is None or number is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        import termios

        saved = termios.tcgetattr(fd)
        held = list(saved)
        held[3] = held[3] | termios.NOFLSH
        # Backspace erases a whole UTF-8 letter, not its last byte (a terminal that does not
        # say IUTF8 itself, such as a pty made by a program, would leave «кошк\ufffdа»)
        held[0] = held[0] | _IUTF8
        termios.tcsetattr(fd, termios.TCSANOW, held)
    except (ImportError, OSError, termios.error):
        yield
        return

    def stop(signum: int, frame: object) -> None:
        with contextlib.suppress(OSError, termios.error):
            _TAKEN.append(_read_pending(fd))
        signal.signal(number, signal.SIG_DFL)
        try:
            os.kill(os.getpid(), number)  # stopped here until fg
        finally:
            signal.signal(number, stop)

    previous = signal.signal(number, stop)
    failed = True
    try:
        yield
        failed = False
    finally:
        signal.signal(number, previous)
        with contextlib.suppress(OSError, termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, saved)
            if failed:  # Ctrl-C and the like: what was typed goes, not to the shell
                termios.tcflush(fd, termios.TCIFLUSH)


def take_typed_text() -> str:
    """What was typed at a plain prompt before a stop: taken at Ctrl-Z or still waiting in
    the terminal (a stop from elsewhere); the terminal's buffer is empty afterwards.

    Returns
    -------
    str
        The text without its line ends (undecodable bytes as U+FFFD); empty when nothing
        was typed or standard input is no terminal.
    """
    taken = b"".join(_TAKEN)
    _TAKEN.clear()
    fd = _stdin_tty()
    if fd is not None:
        with contextlib.suppress(ImportError, OSError):
            import termios

            with contextlib.suppress(termios.error):
                taken += _read_pending(fd)
    text = taken.decode("utf-8", "replace")
    return " ".join(text.replace("\r", "\n").split("\n")).strip()


def readline_text() -> str:
    """The line readline holds right now (typed, not yet entered); empty without readline."""
    readline = sys.modules.get("readline")
    get = getattr(readline, "get_line_buffer", None)
    if get is None:
        return ""
    try:
        return str(get())
    except Exception:  # a readline wrapper of another kind: nothing known
        return ""


def without_prefix(line: str, dropped: str) -> str:
    """``line`` without the text ``dropped`` at its start (readline kept it unseen).

    >>> without_prefix("стодом", "сто"), without_prefix("дом", "сто")
    ('дом', 'дом')
    """
    return line[len(dropped) :] if dropped and line.startswith(dropped) else line
