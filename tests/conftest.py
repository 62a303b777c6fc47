"""Shared fixtures and markers.

Fixtures: ``fake_lexicon`` and ``tiny_vocab`` (the fakes of :mod:`fakes`), and
``real_vocab``, the default model's vocabulary, loaded once per session. A test that uses
one of :data:`MODEL_FIXTURES` is marked ``model`` here; ``slow`` marks subprocess,
pty and notebook tests (``-m "not model and not slow"`` runs the quick unit tests only).

Memory: the first run on a machine builds the default model's vocabulary and people model
(:func:`pytest_collection_finish`) in a process of its own, as a first game does; the tables
a module read on demand (the wordnet, wordfreq) are let go after it (the root
``conftest.py``, which covers the package's doctests too).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fakes import FakeLexicon, tiny_vocabulary

from associatsiya_ai.vocab import Vocabulary


@pytest.fixture(autouse=True)
def own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test gets its own empty user data directory (``$XDG_DATA_HOME``): the games
    ``vs-bot`` keeps in its default journal never reach the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def tiny_vocab() -> Vocabulary:
    """The 14-word hand-made vocabulary of :func:`fakes.tiny_vocabulary`."""
    return tiny_vocabulary()


@pytest.fixture
def fake_lexicon() -> FakeLexicon:
    """A fresh :class:`fakes.FakeLexicon`."""
    return FakeLexicon()


@pytest.fixture(scope="session")
def real_vocab() -> Vocabulary:
    """The default model's vocabulary (built once and cached on disk; loaded once here). The
    model itself is loaded only when a word outside the vocabulary needs a vector."""
    from associatsiya_ai.vocab import load_vocabulary

    return load_vocabulary()


MODEL_FIXTURES = frozenset({"real_vocab", "default_model", "real_kit", "tiny_bench"})
"""Fixtures that load the real model: a test using one is marked ``model``."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the real model or vocabulary with ``model``."""
    for item in items:
        if MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.model)


WARM_UP = (
    "from associatsiya_ai.bots.people.cache import people_model; "
    "from associatsiya_ai.vocab import load_vocabulary; "
    "people_model(load_vocabulary())"
)
"""What a first game builds before its first prompt: the default model's vocabulary and the
model of people's answers over it, both written to the user cache."""


def _default_caches_missing() -> bool:
    """Whether the default model is installed and its vocabulary or any people model is not
    cached yet (a first run on this machine)."""
    from associatsiya_ai.vectors import file_fingerprint, resolve_model
    from associatsiya_ai.vocab.cache import cache_path

    try:
        vocab = cache_path(file_fingerprint(resolve_model(None)))
    except OSError:
        return False  # no model: the tests that need it say so themselves
    return not vocab.exists() or not list(vocab.parent.glob("people-*.npz"))


def pytest_collection_finish(session: pytest.Session) -> None:
    """On a cold cache, build what the ``model`` tests read in a child process (peak as a
    first game's) rather than inside the first of them, beside everything the test process
    has loaded by then. Its failure is left to the tests: they build and report it again."""
    if not any(item.get_closest_marker("model") for item in session.items):
        return
    if not _default_caches_missing():
        return
    root = Path(__file__).resolve().parents[1]
    path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
    subprocess.run(
        [sys.executable, "-c", WARM_UP],
        env=dict(os.environ, PYTHONPATH=path),
        capture_output=True,
        check=False,
    )
