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


@pytest.mark.parametrize("compiled", [True, False])
def test_secret_given_hints_compiled_or_not_are_the_plain_formula(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dense part of ln P(secret | hint) in one compiled pass (``secret_pass``) or in
    numpy: the plain formula's floats, for every secret of the linked tiny tables."""
    from associatsiya_ai.bots.people import secret as secret_module

    if compiled and secret_module._kernel is None:
        pytest.skip("built without a C compiler")
    if not compiled:
        monkeypatch.setattr(secret_module, "_kernel", None)
    m = linked_model()
    for secret in range(len(m.vocab.words)):
        m.forget()
        got = m.secret_given_hints(secret)
        assert got.tobytes() == plain_secret_given_hints(m, secret).tobytes()


@pytest.mark.parametrize("compiled", [True, False])
def test_pooled_chances_compiled_or_not_are_softmax_at_of_the_plain_logits(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Queries of one to four words, a bot's word, a lone person's word, repeated and
    unsorted bans: P(secret) is the softmax of each query's own logits, bit for bit."""
    from associatsiya_ai.bots import hinter_chains
    from associatsiya_ai.bots.people import softmax_at

    if compiled and hinter_chains._kernel is None:
        pytest.skip("built without a C compiler")
    if not compiled:
        monkeypatch.setattr(hinter_chains, "_kernel", None)
    m = linked_model()
    queries = [
        (["хвост", "кошка"], ("дом",), ()),
        (["вода", "кошка"], ("дом", "хвост"), {"вода"}),
        (["рыба"], (), ()),
        (["рыба"], (), {"рыба"}),
        (["кошка", "хвост", "рыба", "вода"], ("небо",), ()),
    ]
    heards, alone = m.heard_many(queries)
    secret = m.vocab.index["мышь"]
    rng = np.random.default_rng(8)
    n = len(m.vocab.words)
    allowed = [i for i in range(n) if i not in (secret, 2, 9)]
    assert secret not in (2, 9)
    banned = [rng.choice(allowed, k) for k in (0, 3, 5, 2, 7)]
    banned[1] = np.array([4, 1, 4, 0])  # repeats, any order
    static = m.static.astype(np.float32)
    common = np.array([2, 9, 2])  # banned in every query, a repeat too
    got = hinter_chains.pooled_chances(heards, alone, static, m.weights, common, banned, secret)
    for q, (z, rows) in enumerate(zip(m.logits_many(queries), banned, strict=True)):
        mask = np.zeros(n, bool)
        mask[rows] = True
        mask[common] = True
        assert z is not None
        assert got[q].tobytes() == softmax_at(z[None], mask[None], secret)[0].tobytes()


def test_weighted_ranking_terms_in_the_kept_array_are_the_plain_terms_weighted() -> None:
    """Secrets with and without a sense, one after the other, ``weighted`` and ``terms``
    interleaved: each is the plain terms (times the weights), nothing left over from the
    secret before."""
    from associatsiya_ai.bots.hinter_terms import RankingTerms

    m = linked_model()
    m.vocab.news = np.linspace(-1.0, 1.0, len(m.vocab.words)).astype(np.float32)
    maker = RankingTerms(m)
    w = np.linspace(0.3, -0.4, 7)
    secrets = [*range(len(m.vocab.words)), 0, 5, 0]
    assert any(maker.sense(s) is None for s in secrets)
    assert any(maker.sense(s) is not None for s in secrets)
    for secret in secrets:
        plain = plain_ranking_terms(m, secret)
        assert maker.weighted(secret, w).tobytes() == (plain @ w).tobytes()
        assert maker.terms(secret).tobytes() == plain.tobytes()
