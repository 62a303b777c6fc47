"""The test process's memory, for every test item (``tests/`` and the package's doctests).

After each test module the process lets go of the tables a module reads on demand (the
wordnet's, about 80 MB; wordfreq's, about 120 MB): a module that needs them reads them again
in half a second, the next, unrelated ones do not carry them. The C heap's free pages go
back to the system too (glibc ``malloc_trim``): without it a long run keeps the high-water
mark of every module before it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys

import pytest


def _trim_heap() -> None:
    """Return the C heap's free pages to the system (glibc only; elsewhere nothing)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        trim = libc.malloc_trim
    except (OSError, AttributeError, TypeError):
        return
    trim(0)


def release_memory() -> None:
    """Drop the wordnet and wordfreq tables (if read), collect, trim the C heap."""
    wordnet = sys.modules.get("associatsiya_ai.vocab.wordnet")
    if wordnet is not None:
        wordnet.release_tables()
    reading = sys.modules.get("associatsiya_ai.vocab.reading")
    if reading is not None:
        reading.release_frequencies()
    gc.collect()
    _trim_heap()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last test of a module (its module fixtures torn down): :func:`release_memory`."""
    if nextitem is None or nextitem.path != item.path:
        release_memory()
