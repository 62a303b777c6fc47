"""Shared fixtures and markers.

Fixtures: ``fake_lexicon`` and ``tiny_vocab`` (the fakes of :mod:`fakes`), and
``real_vocab``, the default model's vocabulary, loaded once per session. A test that uses
one of :data:`MODEL_FIXTURES` is marked ``model`` here; ``slow`` marks subprocess,
pty and notebook tests (``-m "not model and not slow"`` runs the quick unit tests only).
"""

from __future__ import annotations

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
    """The default model's vocabulary (built once and cached on disk; loaded once here)."""
    from associatsiya_ai.vectors import load_embeddings
    from associatsiya_ai.vocab import load_vocabulary

    return load_vocabulary(load_embeddings())


MODEL_FIXTURES = frozenset({"real_vocab", "default_model", "real_kit", "tiny_bench"})
"""Fixtures that load the real model: a test using one is marked ``model``."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the real model or vocabulary with ``model``."""
    for item in items:
        if MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.model)
