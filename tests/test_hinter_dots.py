"""The hinter's secret and sense products made in one pass (bots/people/dots.py) give the
very numbers of the plain computation, on the tiny tables and on the real model."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from fakes import FakeLexicon
from test_hinter_fast import linked_model, plain_ranking_terms, plain_secret_given_hints

import associatsiya_ai.bots.hinter as hinter_module
from associatsiya_ai.bots import EmbeddingHinter
from associatsiya_ai.bots.people import dots
from associatsiya_ai.rules.game import Game
from associatsiya_ai.vocab.vocabulary import Vocabulary


def test_the_secret_and_its_sense_in_one_pass_are_the_plain_terms(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every secret of the linked tiny tables, from a cold start and kept: ln P of every
    hint and the ranking terms are the plain formulas' floats, the two products made by
    one call of :func:`dots.products` when neither is kept."""
    calls: list[int] = []

    def counted(matrix: np.ndarray, vectors: Any, gemv: Any) -> np.ndarray:
        calls.append(len(vectors))
        return dots.products(matrix, vectors, gemv)

    monkeypatch.setattr(hinter_module, "products", counted)
    m = linked_model()
    m.vocab.news = np.linspace(-1.0, 1.0, len(m.vocab.words)).astype(np.float32)
    hinter = EmbeddingHinter(m.vocab, "hard", checker=FakeLexicon(), people=m)
    with_sense = 0
    for secret in range(len(m.vocab.words)):
        expected_base = plain_secret_given_hints(m, secret)
        expected_extra = plain_ranking_terms(m, secret) @ hinter._w
        sense = hinter._ranking.sense(secret) is not None
        with_sense += sense
        for cold in (True, False):  # made, then kept
            if cold:
                hinter.forget()
            before = len(calls)
            base, extra = hinter._base_and_extra(secret)
            assert base.tobytes() == expected_base.tobytes()
            assert extra.tobytes() == expected_extra.tobytes()
            assert calls[before:] == ([2] if cold and sense else [])
    assert with_sense > 0


def _wrong_answer(game: Game) -> str:
    for word in ("стол", "вода", "дом", "книга"):
        verdict = game.parse_answer(word)
        if verdict is not None and game.secret.lemma not in verdict.lemmas:
            return word
    raise AssertionError("no wrong answer")


def test_the_real_hinters_weighing_is_the_blas_calls_bit_for_bit(
    real_vocab: Vocabulary, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fresh turns and turns after wrong answers on the default model: every weighed
    (hint, mode) pair's ln P and ranking terms, from a cold start, are the floats of the
    plain BLAS calls (the compiled pass switched off)."""
    from associatsiya_ai.lexicon import default_lexicon

    lexicon = default_lexicon()
    hinter = EmbeddingHinter(real_vocab, "normal", checker=lexicon)
    rng = np.random.default_rng(5)
    weighed = 0
    for secret in [*rng.choice(real_vocab.secrets, 12), "зонт", "мороз"]:
        game = Game(str(secret), lexicon)
        for _ in range(3):
            view = game.hinter_view()
            hinter.forget()
            fast = hinter._weigh(view)
            with monkeypatch.context() as plain:
                plain.setattr(dots, "exact", lambda matrix: False)
                hinter.forget()
                assert hinter._weigh(view) == fast
            weighed += len(fast)
            decision = hinter.act(view, rng)
            game.say(decision.word, decision.mode)
            if game.outcome() is not None:
                break
            game.answer(_wrong_answer(game))
    assert weighed > 100
