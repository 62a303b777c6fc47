"""The shipped screen of the default model (``vocab/prebuilt.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from associatsiya_ai.vocab import prebuilt
from associatsiya_ai.vocab.build import VOCAB_VERSION
from associatsiya_ai.vocab.prebuilt import screen_text, shipped_screen
from associatsiya_ai.vocab.screen import Screened


def _screen() -> Screened:
    out = Screened()
    out.kept = {"кошка": ("кошка", "кошка", 4.25), "ёж": ("ёж", "еж", 3.1000000000000001)}
    out.kept["оргия"] = ("оргия", "оргия", 2.9)
    out.adult = {"оргия"}
    out.dropped = {"путин": "proper-name", "xyz": "not-cyrillic", "кот": "duplicate-lexeme"}
    return out


def test_a_screen_reads_back_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prebuilt, "screen_path", lambda fp: tmp_path / f"screen-{fp}.txt")
    screened = _screen()
    text = screen_text(screened, "abc", VOCAB_VERSION)
    (tmp_path / "screen-abc.txt").write_text(text, "utf-8")
    got = shipped_screen("abc", VOCAB_VERSION)
    assert got is not None
    assert got.kept == screened.kept and list(got.kept) == list(screened.kept)  # model order
    assert got.adult == {"оргия"}
    assert got.report() == screened.report()  # the counts, rare drops included
    assert (
        got.audit() == screened.audit() == [("путин", "proper-name"), ("кот", "duplicate-lexeme")]
    )
    assert screen_text(got, "abc", VOCAB_VERSION) == text  # the same text again


def test_a_screen_that_does_not_fit_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(prebuilt, "screen_path", lambda fp: tmp_path / f"screen-{fp}.txt")
    text = screen_text(_screen(), "abc", VOCAB_VERSION)
    path = tmp_path / "screen-abc.txt"
    path.write_text(text, "utf-8")
    assert shipped_screen("other", VOCAB_VERSION) is None  # another model: no file
    assert shipped_screen("abc", VOCAB_VERSION + 1) is None  # other vocabulary rules
    path.write_text(text.replace("# lists: ", "# lists: 0"), "utf-8")
    assert shipped_screen("abc", VOCAB_VERSION) is None  # other word lists
    path.write_text(text.replace("\t4.25\t", "\tfour\t"), "utf-8")
    assert shipped_screen("abc", VOCAB_VERSION) is None  # damaged: screened afresh
    path.write_bytes(b"\xff\xfe garbage")
    assert shipped_screen("abc", VOCAB_VERSION) is None


@pytest.mark.model
@pytest.mark.slow
def test_the_shipped_screen_is_what_the_screen_gives_today() -> None:
    """``scripts/prebuild_screen.py`` reproduces the package's file bit for bit (run it and
    commit the file when the vocabulary rules or word lists change).

    Its ``--check`` screens all 250K words of the default model afresh and compares the
    text with the shipped file; in a process of its own, whose pymorphy3, wordfreq and
    wordnet tables end with it instead of staying in the test process.
    """
    import subprocess
    import sys

    from associatsiya_ai.vectors import file_fingerprint, resolve_model
    from associatsiya_ai.vectors.registry import DEFAULT_MODEL
    from associatsiya_ai.vocab.prebuilt import screen_path

    fingerprint = file_fingerprint(resolve_model(DEFAULT_MODEL))
    root = Path(__file__).resolve().parents[1]
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
    )
    done = subprocess.run(
        [sys.executable, str(root / "scripts" / "prebuild_screen.py"), "--check"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == f"{screen_path(fingerprint)}: up to date"
    assert shipped_screen(fingerprint, VOCAB_VERSION) is not None
