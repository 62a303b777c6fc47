"""Shared fixtures for the bot tests: a tiny hand-made vocabulary and the real one.

The tiny vocabulary has 8-dimensional vectors built by hand: a "cat" cluster around
``кошка`` (dimension 0) and two distractor clusters (dimensions 5–7), so tests can reason
about which hint or answer is best without any model.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from fakes import FakeLexicon

from associatsiya_ai.vocab.vocabulary import Vocabulary

EVAL_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "eval"

# word -> vector components {dimension: value}
_TINY: dict[str, dict[int, float]] = {
    "кошка": {0: 1.0},
    "мышь": {0: 1.0, 1: 0.8},
    "хвост": {0: 1.0, 2: 0.8},
    "усы": {0: 1.0, 3: 0.8},
    "молоко": {0: 0.8, 4: 1.0},
    "сыр": {1: 1.0, 4: 0.6},
    "стул": {5: 1.0},
    "дом": {5: 1.0, 6: 0.6},
    "окно": {6: 1.0},
    "небо": {7: 1.0},
    "трава": {7: 1.0, 6: 0.5},
    "вода": {7: 0.7, 4: 0.3},
    "рыба": {7: 0.6, 0: 0.3},
    "книга": {5: 0.6, 3: 0.4},
}


def tiny_vocabulary() -> Vocabulary:
    """A 14-word vocabulary with hand-made vectors (no model, no pymorphy3)."""
    words = list(_TINY)
    matrix = np.zeros((len(words), 8), np.float32)
    for i, w in enumerate(words):
        for d, x in _TINY[w].items():
            matrix[i, d] = x
    zipf = np.full(len(words), 4.0, np.float32)
    return Vocabulary(words, matrix, zipf=zipf, secrets=words[:6], model_name="tiny")


@pytest.fixture
def tiny_vocab() -> Vocabulary:
    return tiny_vocabulary()


@pytest.fixture
def fake_lexicon() -> FakeLexicon:
    return FakeLexicon()


@pytest.fixture(scope="session")
def real_vocab() -> Vocabulary:
    """The default model's vocabulary (built once and cached on disk; loaded once here)."""
    from associatsiya_ai.vectors.embeddings import load_embeddings
    from associatsiya_ai.vocab.vocabulary import load_vocabulary

    return load_vocabulary(load_embeddings(), progress=False)


def dev_slice(name: str, rows: int, tmp: Path) -> Path:
    """The first ``rows`` lines of a shared dev file, written to ``tmp`` (skip if absent)."""
    source = EVAL_DIR / name
    if not source.exists():
        pytest.skip(f"no dev file {source}")
    lines = source.read_text(encoding="utf-8").splitlines()[:rows]
    out = tmp / name
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out
