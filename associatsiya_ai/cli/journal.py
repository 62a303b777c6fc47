"""Where ``vs-bot`` keeps its games: the default journal, and the writer that appends each
game to a log as it ends (a failed write is said, never a traceback)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.markup import escape

from associatsiya_ai.cli.base import err_console
from associatsiya_ai.terminal.errors import os_error_text

if TYPE_CHECKING:
    from associatsiya_ai.arena import GameRecord, UnstartedRecord
    from associatsiya_ai.arena.log import GameLog

__all__ = ["LogWriter", "open_default_log", "shown_path"]


def open_default_log() -> tuple[Path | None, GameLog | None]:
    """The default journal (:func:`~associatsiya_ai.arena.log.default_log_path`), opened,
    its folder made.

    Returns
    -------
    path, log : Path and GameLog, or (None, None)
        When it cannot be opened: (None, None) after one Russian warning on stderr (the
        person asked for a game, not for a file; the game is played unrecorded).
    """
    from associatsiya_ai.arena.log import GameLog, default_log_path

    path = default_log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return path, GameLog(path)
    except OSError as exc:
        err_console.print(
            f"[yellow]Предупреждение:[/yellow] игры не записываются: не удалось открыть журнал "
            f"{escape(str(path))}: {escape(os_error_text(exc))} (--log ФАЙЛ — записать в другой "
            "файл).",
            highlight=False,
            soft_wrap=True,
        )
        return None, None


class LogWriter:
    """The ``on_game`` of a match: append each game to the log (none: nothing); a failed
    write is said once (in Russian) and the game goes on; ``failed`` makes the exit code 1
    at the end."""

    def __init__(self, log: GameLog | None, path: Path | None) -> None:
        self.log, self.path, self.failed = log, path, False

    def __call__(self, record: GameRecord | UnstartedRecord) -> None:
        if self.log is None or self.failed:
            return
        try:
            self.log.write(record)
        except OSError as exc:  # a full disk, a removed drive: never a traceback
            self.failed = True
            err_console.print(
                f"[red]Ошибка:[/red] не удалось записать игру в журнал {escape(str(self.path))}: "
                f"{escape(os_error_text(exc))}",
                highlight=False,
                soft_wrap=True,
            )


def shown_path(path: Path | None) -> str:
    """``path`` as the person can type it back: under the home folder as ``~/…``.

    >>> shown_path(Path.home() / "игры.jsonl")
    '~/игры.jsonl'
    """
    if path is None:
        return ""
    try:
        return str(Path("~") / path.resolve().relative_to(Path.home().resolve()))
    except (ValueError, RuntimeError, OSError):  # not under home, or no home
        return str(path)
