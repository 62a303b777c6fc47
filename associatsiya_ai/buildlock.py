"""One build at a time: a second process that needs the same cache waits for the first.

Two games started at once on a cold cache would both build the vocabulary and the people
tables (twice the time and the memory); :func:`build_lock` holds an exclusive lock on a
file beside the cache while one builds, and the other, once it gets the lock, finds the
cache written and reads it. Advisory ``flock`` locks (POSIX); where they are unavailable —
no ``fcntl``, a read-only cache directory — the build goes on unlocked, as before.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = ["build_lock"]


@contextlib.contextmanager
def build_lock(path: Path, on_wait: Callable[[], None] | None = None) -> Iterator[bool]:
    """Hold an exclusive lock on ``path`` (created if need be) for the ``with`` block.

    Parameters
    ----------
    path : Path
        The lock file (e.g. the cache file's name plus ``.lock``); it is left in place.
    on_wait : callable, optional
        Called once, before blocking, when another process holds the lock.

    Yields
    ------
    bool
        Whether this process had to wait (the other one may have written the cache).
    """
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield False
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:  # a read-only cache directory: nothing will be written either
        yield False
        return
    waited = False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waited = True
            if on_wait is not None:
                on_wait()
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield waited
    finally:
        os.close(fd)  # releases the lock
