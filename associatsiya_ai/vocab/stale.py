"""Temporary cache files left behind by a killed process, found and removed.

A cache file is written to ``NAME.<pid>.tmp.npz`` and renamed into place when whole
(:func:`write_atomically`: the vocabulary's cache and the bots' cache of people's answers).
A process killed mid-write (SIGKILL, a power cut) leaves its temporary
file: tens of MB that nothing would ever read. Such a file is stale when the process that
wrote it is gone, or when it is older than :data:`STALE_AFTER_S` (its process number may
have been reused).
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable
from pathlib import Path

__all__ = ["STALE_AFTER_S", "remove_stale_temporaries", "write_atomically"]

STALE_AFTER_S = 24 * 3600.0
"""A temporary file this old is stale whoever wrote it (no build takes a day)."""
_TEMPORARY = re.compile(r"\.(\d+)\.tmp\.npz$")


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Make ``path`` whole or not at all: ``write(tmp)`` writes ``NAME.<pid>.tmp.npz``
    beside it (builders may race: one file each), which is then renamed into place; after
    any failure (an error, a full disk, a folder in the file's place, Ctrl-C or a stop
    signal) the temporary file is removed, not left behind.

    Raises
    ------
    OSError
        When the directory or a file cannot be written (and whatever ``write`` raises).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp.npz")
    try:
        write(tmp)
        tmp.replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: it exists
        return True
    return True


def remove_stale_temporaries(directory: Path, *, now: float | None = None) -> list[Path]:
    """Remove the stale ``*.<pid>.tmp.npz`` files of ``directory``; return those removed.

    Parameters
    ----------
    directory : Path
        The cache directory (missing: nothing to do).
    now : float, optional
        The current time (``time.time()``), for tests.

    Returns
    -------
    list of Path
        The files removed. A file that cannot be examined or removed is left alone.
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        candidates = sorted(directory.glob("*.tmp.npz"))
    except OSError:
        return removed
    for path in candidates:
        match = _TEMPORARY.search(path.name)
        if match is None:
            continue
        try:
            old = now - path.stat().st_mtime > STALE_AFTER_S
        except OSError:
            continue
        if old or not _alive(int(match.group(1))):
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed
