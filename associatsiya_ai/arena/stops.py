"""How a game ends early: a person quitting, end of input, Ctrl-C, or a hang-up, terminate or
quit (Ctrl-\\) signal (:func:`abandon_on_signals`), or a front-end whose screen is gone
(:class:`Abandoned`).

The loop (:mod:`associatsiya_ai.arena.loop`) catches :data:`STOPS`, ends the game as
abandoned with :func:`ended_by`'s reason and keeps the record.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

from associatsiya_ai.players.base import QuitGame

__all__ = ["STOPS", "Abandoned", "abandon_on_signals", "armed", "ended_by", "raise_pending"]


class Abandoned(BaseException):
    """Stop the game now, from outside it: a hang-up or terminate signal, a lost screen.

    A ``BaseException`` (like ``KeyboardInterrupt``) so that no ``except Exception`` of a
    bot or a front-end swallows it. :func:`play_game` ends the game as abandoned with
    ``ended_by = reason`` and returns its record, so the caller writes it as for any game.

    Attributes
    ----------
    reason : str
        The record's ``ended_by``: ``"hangup"``, ``"terminate"``, ``"quit-signal"``,
        ``"output-closed"``.
    exit_code : int
        The process's exit code for it (128 + the signal number for a signal).
    """

    def __init__(self, reason: str, exit_code: int = 1) -> None:
        super().__init__(reason)
        self.reason, self.exit_code = reason, exit_code


_SIGNALS = {"SIGHUP": "hangup", "SIGTERM": "terminate", "SIGQUIT": "quit-signal"}
"""The signals that end a game being played, and the record's ``ended_by`` for each
(SIGQUIT is Ctrl-\\ at a terminal: without a handler it kills the process with no record)."""


class _Guard:
    """Where a hang-up or terminate may stop the game at once (``armed``: while a game is
    played or a secret asked), and the one that came while not (``pending``: while a
    record is written or shown), raised at the next armed point or the match's end."""

    armed = False
    pending: Abandoned | None = None


def _on_signal(signum: int, frame: object) -> None:
    number = signal.Signals(signum)
    stop = Abandoned(_SIGNALS[number.name], 128 + int(number))
    if _Guard.armed:
        _Guard.armed = False
        raise stop
    _Guard.pending = _Guard.pending or stop


def raise_pending() -> None:
    stop, _Guard.pending = _Guard.pending, None
    if stop is not None:
        raise stop


@contextlib.contextmanager
def armed() -> Iterator[None]:
    """Let a signal stop what the block does (a pending one stops it at once)."""
    _Guard.armed = True
    try:
        raise_pending()
        yield
    finally:
        _Guard.armed = False


@contextlib.contextmanager
def abandon_on_signals() -> Iterator[None]:
    """Within the block, SIGHUP, SIGTERM and SIGQUIT (Ctrl-\\) end the game being played as
    abandoned.

    The game's ``ended_by`` is ``"hangup"``, ``"terminate"`` or ``"quit-signal"`` and its
    record goes to ``on_game`` like any other, so a closed terminal, ``kill`` or Ctrl-\\
    still leaves the game in the log; then :class:`Abandoned` (with ``exit_code`` 128 + the
    signal) leaves :func:`play_match`. A signal while a record is being written waits until
    it is written. The previous handlers come back after the block. Outside the main
    thread, or where the platform lacks a signal, nothing is installed.
    """
    previous: dict[signal.Signals, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for name in _SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                previous[number] = signal.signal(number, _on_signal)
    _Guard.pending = None
    try:
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, old)
        _Guard.armed, _Guard.pending = False, None


def ended_by(stop: BaseException) -> str:
    if isinstance(stop, Abandoned):
        return stop.reason
    return next(v for k, v in _ENDINGS.items() if isinstance(stop, k))


STOPS = (QuitGame, EOFError, KeyboardInterrupt, Abandoned)
"""What ends a game early as abandoned (the record is kept)."""

_ENDINGS: dict[type[BaseException], str] = {
    QuitGame: "quit",
    EOFError: "eof",
    KeyboardInterrupt: "interrupt",
}
