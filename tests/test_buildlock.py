"""One build at a time (``associatsiya_ai/buildlock.py``): a second process waits."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from associatsiya_ai.buildlock import build_lock

HOLD = """
import sys, time
from pathlib import Path
from associatsiya_ai.buildlock import build_lock
with build_lock(Path(sys.argv[1])) as waited:
    print("held", waited, flush=True)
    time.sleep(1.0)
    Path(sys.argv[2]).write_text("built")
"""


def test_a_second_process_waits_for_the_build_and_then_finds_it(tmp_path: Path) -> None:
    lock, result = tmp_path / "cache.npz.lock", tmp_path / "cache.npz"
    first = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(lock), str(result)], stdout=subprocess.PIPE, text=True
    )
    assert first.stdout is not None
    assert first.stdout.readline().strip() == "held False"  # the first builds unhindered
    waits: list[float] = []
    with build_lock(lock, on_wait=lambda: waits.append(time.monotonic())) as waited:
        assert waited and len(waits) == 1  # told before it blocked
        assert result.read_text() == "built"  # the first one's work is there to read
    first.wait(timeout=30)
    with build_lock(lock) as again:  # free again: no wait
        assert not again


def test_an_unwritable_place_builds_without_a_lock(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    with build_lock(blocked / "sub" / "x.lock") as waited:  # its parent is a file
        assert not waited
