"""What a guesser never answers (``bots.scoring.exclusions``): the compiled mask is numpy's."""

from __future__ import annotations

import numpy as np
import pytest
from fakes import tiny_vocabulary

from associatsiya_ai.bots import scoring
from associatsiya_ai.bots.people.compiled import kernel
from associatsiya_ai.rules.words import PASS, is_consonant
from associatsiya_ai.vocab.vocabulary import Vocabulary


def _words() -> Vocabulary:
    words = ["кошка", "кошки", "мышь", "мошка", "окошко", "собака", "лампа", "свет", "котёнок"]
    rng = np.random.default_rng(3)
    return Vocabulary(words, rng.normal(size=(len(words), 4)).astype(np.float32))


@pytest.mark.parametrize("compiled", [True, False])
def test_exclusions_ban_the_consonant_words_the_hints_and_the_answers(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if compiled and kernel is None:
        pytest.skip("built without a C compiler")
    if not compiled:
        monkeypatch.setattr(scoring, "kernel", None)
    vocab = _words()
    mask, none_left = scoring.exclusions(vocab, ["Кошка", PASS], ["свет", PASS])
    expected = [is_consonant("кошка", w) or w in ("кошка", "свет") for w in vocab.folded]
    assert mask.dtype == bool
    assert mask.tolist() == expected
    assert none_left is False
    every = scoring.exclusions(vocab, list(vocab.words), [])
    assert every[0].all() and every[1] is True
    nothing = scoring.exclusions(vocab, [], [])
    assert not nothing[0].any() and nothing[1] is False


def test_exclusions_compiled_and_in_numpy_agree_on_the_tiny_vocabulary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if kernel is None:
        pytest.skip("built without a C compiler")
    vocab = tiny_vocabulary()
    rng = np.random.default_rng(4)
    cases = [
        (list(rng.choice(vocab.words, int(rng.integers(0, 4)))), list(rng.choice(vocab.words, 2)))
        for _ in range(50)
    ]
    compiled = [scoring.exclusions(vocab, h, a) for h, a in cases]
    monkeypatch.setattr(scoring, "kernel", None)
    plain = [scoring.exclusions(vocab, h, a) for h, a in cases]
    for (m1, n1), (m2, n2) in zip(compiled, plain, strict=True):
        assert np.array_equal(m1, m2) and n1 == n2


def test_ban_refuses_rows_outside_the_mask() -> None:
    if kernel is None:
        pytest.skip("built without a C compiler")
    mask = np.zeros(5, bool)
    assert kernel.ban(mask, (np.array([0, 2], np.int32),), [4]) == 3
    assert mask.tolist() == [True, False, True, False, True]
    with pytest.raises(IndexError):
        kernel.ban(mask, (np.array([5], np.int32),), [])
    with pytest.raises(IndexError):
        kernel.ban(mask, (), [-1])
    with pytest.raises(TypeError):
        kernel.ban(mask, (), [None])
    with pytest.raises(TypeError):  # int64 rows would be read as pairs of int32 rows
        kernel.ban(mask, (np.array([1], np.int64),), [])
    assert kernel.ban(mask, (np.array([1, 3], np.int32)[::-1].copy(),), []) == 5
