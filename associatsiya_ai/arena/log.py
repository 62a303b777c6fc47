"""The game log: one JSON object per game in a JSONL file, and reading it back for replay.

A record is written and flushed as soon as its game ends — an abandoned game too — so a
log cut short by Ctrl-C or a closed terminal is still valid JSONL. The record is
:meth:`associatsiya_ai.arena.record.GameRecord.to_dict` (secret, turns with the bots'
decisions, outcome, seats, rejected inputs, ``ended_by`` and the caller's facts).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from associatsiya_ai.arena.readback import LogError, replay_turns
from associatsiya_ai.oserrors import os_error_text

__all__ = ["GameLog", "LogContents", "LogError", "default_log_path", "read_games", "read_log"]

REQUIRED = ("secret", "turns", "outcome")


def default_log_path() -> Path:
    """The journal ``vs-bot`` appends every game to unless told otherwise, and ``replay``
    reads when given no file: ``games.jsonl`` in the user data directory (platformdirs:
    ``~/.local/share/associatsiya/games.jsonl`` on Linux, under ``$XDG_DATA_HOME`` when
    set). The directory may not exist yet."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("associatsiya")) / "games.jsonl"


class GameLog:
    """Append game records to a JSONL file.

    Each record is one ``write`` of its whole line to an unbuffered file, flushed to disk:
    nothing is held in a buffer, so a failed write (a full disk) fails once, loudly, and
    closing never fails afterwards. Text that UTF-8 cannot encode (a lone surrogate from
    undecodable input) is written as its JSON escape (``\\udcd0``): a write never fails
    on it, and the line reads back as the same string.

    Parameters
    ----------
    path : str or Path
        The log file; created if missing, appended to otherwise.

    Raises
    ------
    OSError
        When the file cannot be opened for appending.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._file: IO[bytes] = self.path.open("a+b", buffering=0)
        self._file.seek(0, os.SEEK_END)
        self.written = 0
        if self._file.tell() > 0:
            # A line cut short by a crash must not swallow the next record.
            self._file.seek(self._file.tell() - 1)
            if self._file.read(1) != b"\n":
                self._append(b"\n")

    def _append(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            done = self._file.write(view)
            if not done:
                raise OSError(errno.EIO, "nothing written")
            view = view[done:]
        with contextlib.suppress(OSError):  # pipes and some special files cannot be synced
            os.fsync(self._file.fileno())

    def write(self, record: Any) -> None:
        """Append one record (a ``GameRecord`` or a dict) as one line, flushed to disk.

        Raises
        ------
        OSError
            When the write fails (disk full, …).
        """
        data = record.to_dict() if hasattr(record, "to_dict") else record
        line = json.dumps(data, ensure_ascii=False, sort_keys=False) + "\n"
        self._append(line.encode("utf-8", "backslashreplace"))
        self.written += 1

    def close(self) -> None:
        """Close the file (never raises: nothing is buffered)."""
        with contextlib.suppress(OSError):
            self._file.close()

    def __enter__(self) -> GameLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_MAX_LINE = 16 * 2**20
"""The longest line a journal may have, in bytes: a game's record is a few kilobytes; a
longer line is not a journal (``/dev/zero`` has no end and no line break)."""


def _read_bounded(path: Path) -> bytearray:
    """The file's bytes, read a megabyte at a time (Ctrl-C is heard between reads).

    Raises
    ------
    LogError
        When a line is longer than :data:`_MAX_LINE`.
    OSError
        When the file cannot be read.
    """
    data = bytearray()
    line = 0  # bytes of the line not yet ended
    with path.open("rb") as f:
        while chunk := f.read(2**20):
            end = chunk.rfind(b"\n")
            line = line + len(chunk) if end < 0 else len(chunk) - end - 1
            if line > _MAX_LINE:
                raise LogError(f"{path}: строка длиннее 16 МБ — это не журнал игр")
            data += chunk
    return data


def _read_text(path: Path) -> str:
    """The log's text; a line that is not UTF-8 becomes a damaged line (skipped with the
    warning), unless no line of the file is a record (then it is not a log at all)."""
    try:
        raw = _read_bounded(path)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("utf-8", "replace")
            if any(_parse_line(line)[0] is not None for line in text.splitlines() if line.strip()):
                return text
            raise
    except FileNotFoundError:
        raise LogError(f"файл журнала не найден: {path}") from None
    except IsADirectoryError:
        raise LogError(f"{path} — это папка, а не файл журнала") from None
    except UnicodeDecodeError:
        raise LogError(f"{path} — не текстовый файл журнала (не UTF-8)") from None
    except OSError as exc:
        raise LogError(f"не удалось прочитать журнал {path}: {os_error_text(exc)}") from None


_JSON_PROBLEMS = {
    "Unterminated string": "строка оборвана",
    "Expecting value": "не JSON",
    "Extra data": "лишние данные после записи",
    "Expecting property name": "запись оборвана",
    "Expecting ',' delimiter": "запись оборвана",
    "Expecting ':' delimiter": "запись оборвана",
    "Invalid control character": "управляющий символ внутри строки",
    "Invalid \\escape": "неверная escape-последовательность",
}


def _json_problem(error: json.JSONDecodeError) -> str:
    """Why a line is not JSON, in Russian (with the column).

    A record is only "оборвана" (cut short) where the text ends; a fault before the end is
    a damaged record.

    >>> _json_problem(json.JSONDecodeError("Unterminated string starting at", "{\\"a", 1))
    'строка оборвана (символ 2)'
    >>> _json_problem(json.JSONDecodeError("Expecting ',' delimiter", '{"a": 1', 7))
    'запись оборвана (символ 8)'
    >>> _json_problem(json.JSONDecodeError("Expecting property name enclosed", "{not json", 1))
    'испорченная запись (символ 2)'
    """
    for english, russian in _JSON_PROBLEMS.items():
        if error.msg.startswith(english):
            if russian == "запись оборвана" and error.pos < len(error.doc.rstrip()):
                russian = "испорченная запись"
            return f"{russian} (символ {error.pos + 1})"
    return f"не JSON (символ {error.pos + 1})"


def _parse_line(line: str) -> tuple[dict[str, Any] | None, str]:
    """One log line: the record, or None and why it is not one (a Russian phrase)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        return None, _json_problem(exc)
    if not isinstance(data, dict):
        return None, "не запись игры"
    missing = [k for k in REQUIRED if k not in data]
    if missing or not isinstance(data.get("turns"), list):
        return None, f"нет полей {', '.join(missing) or 'turns'}"
    return data, ""


def read_log(path: str | Path) -> list[dict[str, Any]]:
    """Read every game record of a JSONL log (strict: any bad line is an error).

    Raises
    ------
    LogError
        When the file is missing or unreadable, a line is not a JSON object, a record lacks
        ``secret``/``turns``/``outcome``, or the log holds no game.
    """
    path = Path(path)
    records: list[dict[str, Any]] = []
    for number, line in enumerate(_read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        data, why = _parse_line(line)
        if data is None:
            if why.startswith("нет полей"):
                raise LogError(f"журнал {path} повреждён: в строке {number} {why}")
            sep = " — " if why == "не запись игры" else ": "
            raise LogError(f"журнал {path} повреждён: строка {number}{sep}{why}")
        records.append(data)
    if not records:
        raise LogError(f"в журнале {path} нет ни одной игры")
    return records


@dataclass(frozen=True)
class LogContents:
    """The readable games of a log and the lines that were skipped.

    Games are numbered by line: every non-empty line is one game, so a damaged line keeps
    its number and the games after it keep theirs (``replay --game N``).

    Attributes
    ----------
    records : list of dict
        The game records that can be replayed, in file order.
    skipped : list of (int, str)
        The 1-based line numbers that could not be read, with why.
    numbers : list of int
        Each record's game number (1-based, by non-empty line).
    lost : dict of int to (int, str)
        The game number of each skipped line → its line number and why.
    """

    records: list[dict[str, Any]]
    skipped: list[tuple[int, str]]
    numbers: list[int] = field(default_factory=list)
    lost: dict[int, tuple[int, str]] = field(default_factory=dict)

    @property
    def games(self) -> int:
        """How many games the log holds, damaged ones included."""
        return len(self.records) + len(self.lost)

    def warning(self, path: str | Path) -> str | None:
        """One Russian line naming the skipped lines, or None when none were."""
        if not self.skipped:
            return None
        shown = "; ".join(f"{n} ({why})" for n, why in self.skipped[:5])
        more = f" и ещё {len(self.skipped) - 5}" if len(self.skipped) > 5 else ""
        return f"в журнале {path} пропущены повреждённые строки: {shown}{more}"


def read_games(path: str | Path) -> LogContents:
    """Read the games of a JSONL log for replay, skipping lines that cannot be replayed.

    A line that is not JSON, not a game record, or whose turns are malformed is skipped
    and reported in :attr:`LogContents.skipped`; the other games are kept.

    Raises
    ------
    LogError
        When the file is missing or unreadable, or no game in it can be replayed.
    """
    path = Path(path)
    contents = LogContents([], [])
    game = 0
    for number, line in enumerate(_read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        game += 1
        data, why = _parse_line(line)
        if data is not None:
            try:
                replay_turns(data)
            except LogError:
                data, why = None, "ходы записаны неверно"
        if data is None:
            contents.skipped.append((number, why))
            contents.lost[game] = (number, why)
        else:
            contents.records.append(data)
            contents.numbers.append(game)
    records, skipped = contents.records, contents.skipped
    if not records:
        if skipped:
            lines = ", ".join(str(n) for n, _ in skipped[:10])
            raise LogError(f"журнал {path} повреждён: ни одной целой игры (строки {lines})")
        raise LogError(f"в журнале {path} нет ни одной игры")
    return contents
