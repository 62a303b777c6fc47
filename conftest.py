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
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

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


RELEASED_AFTER_EACH_TEST = frozenset({"test_vocab.py"})
"""Test modules whose tests each build vocabularies from tiny models, reading the wordnet,
wordfreq and the screen's tables: let go after every test, not only at the module's end
(the module's process peaked at 379 MiB holding one test's tables while the next read
theirs)."""


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last test of a module (its module fixtures torn down), and after every test
    of :data:`RELEASED_AFTER_EACH_TEST`: :func:`release_memory`."""
    if nextitem is None or nextitem.path != item.path or item.path.name in RELEASED_AFTER_EACH_TEST:
        release_memory()


# ---------------------------------------------------------------- modules run in a child
ISOLATED = frozenset(
    {
        "test_bench.py",
        "test_bots.py",
        "test_botvbot.py",
        "test_cli_bots.py",
        "test_cli_play.py",
        "test_dots.py",
        "test_embeddings.py",
        "test_evaluate.py",
        "test_glosses.py",
        "test_hinter_dots.py",
        "test_kernel.py",
        "test_lexicon.py",
        "test_model_trust.py",
        "test_people.py",
        "test_prebuilt.py",
        "test_vocab.py",
        "test_vocab_filter.py",
    }
)
"""Test modules (in ``tests/``) run in a pytest process of their own, one per module: each
loads the real vocabulary, the people model, the model or gensim, or reads the wordnet and
wordfreq several times over. Their tests and assertions are the same; the test process
reports their results as its own, and no process holds what all of them loaded (see
:func:`_group`)."""

_CHILD = "ASSOCIATSIYA_TEST_CHILD"
"""Set in a child: the file it writes its reports to (and so it isolates nothing itself)."""
_SELECTED = "ASSOCIATSIYA_TEST_SELECTED"
"""Set in a child: the file of the node ids the parent selected (``-k``, ``-m``) to run."""
_reports: dict[str, list[object]] = {}


def _group(item: pytest.Item) -> str | None:
    """The child process an item runs in (None: this one). An :data:`ISOLATED` module has
    two, its ``model`` tests and the others; the doctests of ``associatsiya_ai/vocab`` (which
    read wordfreq and the wordnet) one."""
    if os.environ.get(_CHILD):
        return None
    if item.path.parent.name == "vocab" and item.path.parent.parent.name == "associatsiya_ai":
        return "associatsiya_ai/vocab"
    if item.path.parent.name == "tests" and item.path.name in ISOLATED:
        return f"{item.path}::{'model' if item.get_closest_marker('model') else 'rest'}"
    return None


def _run_child(item: pytest.Item, group: str) -> None:
    """Run the selected tests of ``item``'s group in a child pytest; keep their reports."""
    config = item.config
    members = [i for i in item.session.items if _group(i) == group]
    nodeids = [i.nodeid for i in members]
    paths = list(dict.fromkeys(str(i.path) for i in members))
    with tempfile.TemporaryDirectory() as tmp:
        out, selected = Path(tmp) / "reports.jsonl", Path(tmp) / "selected.txt"
        selected.write_text("\n".join(nodeids), "utf-8")
        env = dict(os.environ, **{_CHILD: str(out), _SELECTED: str(selected)})
        args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *paths]
        done = subprocess.run(
            args, cwd=config.rootpath, env=env, capture_output=True, text=True, check=False
        )
        lines = out.read_text("utf-8").splitlines() if out.exists() else []
    for line in lines:
        report = config.hook.pytest_report_from_serializable(config=config, data=json.loads(line))
        _reports.setdefault(report.nodeid, []).append(report)
    for member in members:  # a child that crashed: its tests fail, with what it said
        if member.nodeid not in _reports:
            said = done.stdout + done.stderr
            longrepr = f"the child pytest exited with {done.returncode}:\n{said}"
            _reports[member.nodeid] = [
                pytest.TestReport(member.nodeid, member.location, {}, "failed", longrepr, "call")
            ]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """An item of an :data:`ISOLATED` module: its reports from the module's child process."""
    group = _group(item)
    if group is None:
        return None
    if item.nodeid not in _reports:
        _run_child(item, group)
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    for report in _reports.pop(item.nodeid, []):
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    # what the last test run here set up (the ``tests`` directory's fixtures) is torn down
    # when the next one is elsewhere, as pytest's own protocol would
    item.session._setupstate.teardown_exact(nextitem)
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a child: only the tests the parent selected."""
    path = os.environ.get(_SELECTED)
    if not path:
        return
    wanted = set(Path(path).read_text("utf-8").splitlines())
    keep = [i for i in items if i.nodeid in wanted]
    config.hook.pytest_deselected(items=[i for i in items if i.nodeid not in wanted])
    items[:] = keep


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """In a child: each report, one JSON line, for the parent."""
    path = os.environ.get(_CHILD)
    if path:
        data = _config.hook.pytest_report_to_serializable(config=_config, report=report)
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(data) + "\n")


_config: pytest.Config


def pytest_configure(config: pytest.Config) -> None:
    global _config
    _config = config
