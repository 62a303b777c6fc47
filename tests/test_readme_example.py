"""README's piped example is what a real run prints (it is called the output of one)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.model
@pytest.mark.slow
def test_the_readme_example_is_a_real_run(tmp_path: Path) -> None:
    text = README.read_text("utf-8")
    block = re.search(
        r"```\n\$ printf '([^']*)' \| associatsiya (vs-bot[^\n]*)\n(.*?)```", text, re.S
    )
    assert block is not None, "the piped example is gone from README"
    answers, command, shown = block.groups()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "COLUMNS": "80"}
    run = subprocess.run(
        [sys.executable, "-m", "associatsiya_ai", *command.split()],
        input=answers.replace("\\n", "\n"),  # printf's escapes
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    journal = str(tmp_path / "associatsiya" / "games.jsonl")
    got = run.stdout.replace(journal, "~/.local/share/associatsiya/games.jsonl")
    assert got.splitlines() == shown.splitlines()
