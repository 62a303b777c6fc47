"""The compiled pass gives the very floats of the numpy computation it replaces."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import numpy as np
import pytest
from fakes import tiny_vocabulary

from associatsiya_ai.bots.people import PeopleModel, PeopleWeights
from associatsiya_ai.bots.people.alone import COMPILED, alone_scores
from associatsiya_ai.bots.people.features import RANKS, log_rank, reverse_log_rank
from associatsiya_ai.bots.people.ranks import LOG_RANKS
from associatsiya_ai.bots.people.rowterms import RowTerms
from associatsiya_ai.bots.people.tables import precompute
from associatsiya_ai.vocab.vocabulary import Vocabulary

needs_kernel = pytest.mark.skipif(not COMPILED, reason="built without a C compiler")

WEIGHTS = {"cos": 6.0, "cos2": -2.0, "fwd": -0.4, "rev": -0.3, "zipf": 0.5, "syn": 0.7}


def tiny_model() -> PeopleModel:
    vocab = tiny_vocabulary()
    return PeopleModel(vocab, precompute(vocab, wordnet=False), PeopleWeights(WEIGHTS, 0.9))


def descending_tables(rng: np.random.Generator, n: int) -> np.ndarray:
    tables = -np.sort(-rng.uniform(-0.2, 0.9, (n, len(RANKS))), axis=1).astype(np.float32)
    tables[: n // 4, 5:9] = tables[: n // 4, 5:6]  # ties: flat stretches
    tables[n // 4 : n // 3, :3] = tables[n // 4 : n // 3, :1]  # ties at the top
    return tables


@pytest.fixture(params=["vectorised", "narrow"])
def either_pass(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test of alone() twice: as it runs here (16 rows at a time where the processor
    has AVX-512) and with the pass every processor has."""
    from associatsiya_ai.bots.people import _kernel

    _kernel.vectorised(request.param == "vectorised")
    yield
    _kernel.vectorised(True)


def _dense(
    cos: np.ndarray, static: np.ndarray, fwd: np.ndarray, rev: np.ndarray, w: np.ndarray
) -> np.ndarray:
    """The dense logits of words heard alone, in numpy's order: ``cos · (w0 + w1 · cos) +
    static + fwd · w2 + rev · w3`` (what ``_kernel.alone`` must give bit for bit)."""
    plain = np.multiply(cos, w[1])
    plain += w[0]
    plain *= cos
    plain += static
    plain += fwd * w[2]
    plain += rev * w[3]
    return plain


@needs_kernel
@pytest.mark.usefixtures("either_pass")
def test_the_pass_is_the_numpy_features_bit_for_bit_on_random_tables() -> None:
    """Cosines on table entries, on the lowest entry, above the top, in flat stretches."""
    from associatsiya_ai.bots.people import _kernel

    rng = np.random.default_rng(11)
    n = 500
    q = descending_tables(rng, n)
    last = np.ascontiguousarray(q[:, -1])
    static = rng.normal(0, 1, n).astype(np.float32)
    w = np.float32([7.5, -1.25, -0.19, -0.055])
    for trial in range(40):
        cos = rng.uniform(-0.3, 1.0, n).astype(np.float32)
        cos[:40] = q[np.arange(40), rng.integers(0, len(RANKS), 40)]  # on a candidate's entry
        cos[40:60] = q[40:60, -1]
        table = q[trial]
        cos[60:80] = table[rng.integers(0, len(RANKS), 20)]  # on the heard word's entry
        cos[80:85] = np.float32(1.0)
        out = np.empty(n, np.float32)
        _kernel.alone(out, cos, static, last, q, table, LOG_RANKS, *map(float, w))
        fwd, rev = log_rank(cos, table), reverse_log_rank(cos[None], q)[0]
        plain = _dense(cos, static, fwd, rev, w)
        np.testing.assert_array_equal(out, plain)
        # the sparse terms: links (a row linked twice), interactions at rows, said rows
        terms = RowTerms(
            rng.integers(0, n, 25).astype(np.int32),
            rng.normal(0, 1, 25).astype(np.float32),
            rng.choice(n, 30, replace=False).astype(np.int64),
            *rng.normal(0, 1, (3, 30)).astype(np.float32),
            rng.choice(n, 12, replace=False).astype(np.int32),
            np.float32(-11.3),
        )
        expected = plain.copy()
        terms.add_to(expected, fwd, rev, cos)
        args = (
            terms.linked, terms.weights, terms.rows, terms.const, terms.by_fwd, terms.by_rev,
            terms.said, float(terms.said_weight),
        )  # fmt: skip
        _kernel.terms(out, cos, last, q, table, LOG_RANKS, *args)
        np.testing.assert_array_equal(out, expected)
        # the same with the ranks of the rows within a table kept by alone() for terms()
        kept, fwd_kept, rev_kept = (np.full(n, np.nan, np.float32) for _ in range(3))
        _kernel.alone(kept, cos, static, last, q, table, LOG_RANKS, *map(float, w), fwd_kept,
                      rev_kept)  # fmt: skip
        _kernel.terms(kept, cos, last, q, table, LOG_RANKS, *args, fwd_kept, rev_kept)
        np.testing.assert_array_equal(kept, expected)


@needs_kernel
@pytest.mark.usefixtures("either_pass")
@pytest.mark.parametrize("K", [2, 5, 14, 16, 17])
def test_the_pass_is_its_formula_for_any_table_length(K: int) -> None:
    """Tables of K entries (16 at most fit the vectorised pass's registers, 17 do not), on
    2500 rows (lists of several chunks, not a whole number of 16-row groups), most cosines
    within a table: the pass's numbers are np.interp's (fwd) and the rev formula's in
    float32, and it keeps the ranks of exactly the rows within a table."""
    from associatsiya_ai.bots.people import _kernel

    rng = np.random.default_rng(K)
    n = 2500
    q = -np.sort(-rng.uniform(-0.2, 0.9, (n, K)), axis=1).astype(np.float32)
    q[: n // 4, K // 2 :] = q[: n // 4, K // 2 : K // 2 + 1]  # ties: a flat end
    last = np.ascontiguousarray(q[:, -1])
    lr = np.log(np.cumsum(rng.integers(1, 9, K))).astype(np.float32)
    static = rng.normal(0, 1, n).astype(np.float32)
    w = np.float32([7.5, -1.25, -0.19, -0.055])
    for trial in range(6):
        table = q[trial]
        cos = rng.uniform(-0.6, 1.0, n).astype(np.float32)
        cos[:300] = q[np.arange(300), rng.integers(0, K, 300)]  # on a candidate's entry
        cos[300:400] = table[rng.integers(0, K, 100)]  # on the heard word's entry
        cos[400:410] = np.float32(1.0)
        fwd = np.interp(cos.astype(np.float64), table[::-1].astype(np.float64),
                        lr[::-1].astype(np.float64), right=0.0).astype(np.float32)  # fmt: skip
        fwd[cos < table[-1]] = lr[-1]
        k = (q[:, : K - 1] > cos[:, None]).sum(axis=1)  # entries above: the segment
        s = np.maximum(k - 1, 0)
        rows = np.arange(n)
        span = np.maximum(q[rows, s] - q[rows, s + 1], np.float32(1e-6))
        rev = (q[rows, s] - cos) / span * (lr[1:] - lr[:-1])[s]
        rev += lr[s]
        rev[k == 0] = 0.0
        rev[~(cos >= last)] = lr[-1]
        plain = _dense(cos, static, fwd, rev, w)
        out, fwd_kept, rev_kept = (np.full(n, np.nan, np.float32) for _ in range(3))
        _kernel.alone(out, cos, static, last, q, table, lr, *map(float, w), fwd_kept, rev_kept)
        np.testing.assert_array_equal(out, plain)
        within = (cos >= table[-1]) | (cos >= last)
        assert 0.4 < within.mean() < 0.9
        np.testing.assert_array_equal(fwd_kept, np.where(within, fwd, np.nan))
        np.testing.assert_array_equal(rev_kept, np.where(within, rev, np.nan))


@needs_kernel
def test_the_pass_refuses_buffers_of_the_wrong_size() -> None:
    from associatsiya_ai.bots.people import _kernel

    q = np.zeros((4, len(RANKS)), np.float32)
    v = np.zeros(4, np.float32)
    with pytest.raises(ValueError, match="static"):
        _kernel.alone(np.empty(4, np.float32), v, v[:3], v, q, q[0], LOG_RANKS, 1, 1, 1, 1)
    one, none = np.ones(1, np.float32), np.zeros(0, np.int32)
    with pytest.raises(IndexError, match="row 9"):
        _kernel.terms(
            v.copy(), v, v, q, q[0], LOG_RANKS, none, none.view(np.float32), np.int64([9]),
            one, one, one, none, 1.0,
        )  # fmt: skip
    with pytest.raises(ValueError, match="const"):
        _kernel.terms(
            v.copy(), v, v, q, q[0], LOG_RANKS, none, none.view(np.float32), np.int64([1]),
            none.view(np.float32), one, one, none, 1.0,
        )  # fmt: skip


def test_largest_is_the_partition_compiled_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    from associatsiya_ai.bots.people import compiled

    rng = np.random.default_rng(5)
    cases = []
    for trial in range(500):
        n = int(rng.integers(1, 300))
        x = rng.normal(0, 2, n)
        if trial % 3 == 0:
            x = np.round(x, 1)  # repeats
        x[rng.random(n) < 0.2] = -np.inf
        cases.append((x, int(rng.integers(1, n + 1))))
    for use in (True, False):
        if not use:
            monkeypatch.setattr(compiled, "kernel", None)
        elif not COMPILED:
            continue
        for x, k in cases:
            want = [np.partition(x, len(x) - j)[len(x) - j] for j in range(1, k + 1)]
            assert compiled.largest(x, k).tolist() == want


def scores_both_ways(model: PeopleModel, words: list[str]) -> tuple[np.ndarray, np.ndarray]:
    heard = [model.heard([w])[0] for w in words]
    cos = np.stack([h.vector for h in heard]) @ model.vocab.matrix.T
    args = (cos, heard, model.w, model.static, model.tables, model.row_terms)
    return alone_scores(*args, compiled=True), alone_scores(*args, compiled=False)


@needs_kernel
def test_alone_scores_are_the_numpy_ones_on_the_tiny_model() -> None:
    m = tiny_model()
    compiled, plain = scores_both_ways(m, list(m.vocab.words))
    np.testing.assert_array_equal(compiled, plain)


@needs_kernel
def test_alone_scores_with_links_are_the_numpy_ones() -> None:
    """The sparse terms (links, dictionary interactions) read the ranks at their rows."""
    m = tiny_model()
    n = len(m.vocab.words)
    indptr = np.arange(n + 1, dtype=np.int64)  # every word's "synonym" is the next one
    linked = ((np.arange(n) + 1) % n).astype(np.int32)
    links = list(m.tables.links)
    links[0] = (indptr, linked)
    tables = dataclasses.replace(m.tables, links=tuple(links))
    linked_model = PeopleModel(m.vocab, tables, m.weights)
    compiled, plain = scores_both_ways(linked_model, list(m.vocab.words))
    np.testing.assert_array_equal(compiled, plain)
    assert not np.array_equal(compiled, scores_both_ways(m, list(m.vocab.words))[0])


@needs_kernel
def test_a_table_that_does_not_descend_is_scored_in_numpy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pass's binary searches need descending rows: any other table goes to numpy."""
    from associatsiya_ai.bots.people import alone

    m = tiny_model()
    q = m.tables.quantiles.copy()
    q[1, 2], q[1, 3] = q[1, 3] - 0.5, q[1, 2]  # one row out of order
    shuffled = PeopleModel(m.vocab, dataclasses.replace(m.tables, quantiles=q), m.weights)
    calls: list[int] = []
    real = alone._numpy_scores
    monkeypatch.setattr(alone, "_numpy_scores", lambda *a: calls.append(1) or real(*a))
    compiled, plain = scores_both_ways(shuffled, list(m.vocab.words))
    np.testing.assert_array_equal(compiled, plain)
    assert len(calls) == 2  # the compiled call fell back to numpy


def test_without_the_pass_numpy_gives_the_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Built without a C compiler, the model runs in numpy; asking for the pass says why not."""
    from associatsiya_ai.bots.people import alone

    m = tiny_model()
    words = list(m.vocab.words)[:3]
    plain = scores_both_ways(m, words)[1] if COMPILED else None
    monkeypatch.setattr(alone, "_kernel", None)
    monkeypatch.setattr(alone, "COMPILED", False)
    z = m.logits(words[:1])
    assert z is not None and z.shape == (len(m.vocab.words),)
    if plain is not None:
        np.testing.assert_array_equal(z, plain[0])
    heard = [m.heard([words[0]])[0]]
    with pytest.raises(RuntimeError, match="C compiler"):
        alone_scores(z[None], heard, m.w, m.static, m.tables, m.row_terms, compiled=True)


@needs_kernel
def test_the_pass_on_the_real_vocabulary(real_vocab: Vocabulary) -> None:
    from associatsiya_ai.bots.people.cache import people_model

    m = people_model(real_vocab)
    words = [real_vocab.words[i] for i in range(0, len(real_vocab.words), 97)]
    compiled, plain = scores_both_ways(m, words)
    np.testing.assert_array_equal(compiled, plain)


def test_pooled_is_the_numpy_sum_compiled_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_kernel.pool`` adds up a query's evidence with numpy's float32 operations, in its
    order: the same bits, signed zeros, overflow and inf included."""
    from associatsiya_ai.bots.people import pool
    from associatsiya_ai.bots.people.features import Heard

    rng = np.random.default_rng(8)
    n = 203  # not a multiple of any vector width
    static = rng.normal(0, 3, n).astype(np.float32)
    static[:3] = [0.0, -0.0, 3e38]
    alone = {r: rng.normal(0, 5, n).astype(np.float32) for r in range(6)}
    alone[5][:3] = [-0.0, 0.0, np.inf]
    weights = PeopleWeights(WEIGHTS, 0.9, sharpness=0.6, bot_discount=0.59)
    vector = np.zeros(4, np.float32)
    queries = []
    for _ in range(60):
        rows = rng.choice(6, int(rng.integers(1, 5)), replace=False)
        queries.append(
            [
                Heard(vector, int(r), float(rng.choice([1.0, 0.25])), np.zeros(0, np.int32), "",
                      float(rng.choice([1.0, 0.59])), bool(rng.random() < 0.5))
                for r in rows
            ]
        )  # fmt: skip
    with np.errstate(over="ignore", invalid="ignore"):  # overflow is part of the test
        both = []
        for use in (True, False):
            if not use:
                monkeypatch.setattr(pool, "kernel", None)
            elif not COMPILED:
                continue
            both.append(pool.pooled(queries, alone, static, weights))
        if len(both) == 2:
            assert both[0].tobytes() == both[1].tobytes()
        for q, heard in enumerate(queries):  # each query as the plain sum says
            plain = np.zeros(n, np.float32)
            for h, scale in zip(heard, pool.scales(heard, weights), strict=True):
                plain += (alone[h.row] - static) * scale
            plain += static
            assert both[-1][q].tobytes() == plain.tobytes()


@needs_kernel
def test_sparse_sum_is_numpys_sum_of_the_dense_vector() -> None:
    from associatsiya_ai.bots.people import _kernel

    rng = np.random.default_rng(9)
    for trial in range(400):
        n = int(rng.integers(1, 20_000))
        k = n if trial % 10 == 0 else int(rng.integers(0, min(n, 500) + 1))
        rows = np.sort(rng.choice(n, k, replace=False)).astype(np.int64)
        values = rng.exponential(1.0, k) * 10.0 ** rng.integers(-9, 9, k)
        dense = np.zeros(n)
        dense[rows] = values
        assert _kernel.sparse_sum(values, rows, n) == dense.sum()
        assert _kernel.dense_sum(dense) == dense.sum()
    with pytest.raises(ValueError, match="ascend"):
        _kernel.sparse_sum(np.ones(2), np.int64([3, 1]), 5)


@needs_kernel
def test_settle_is_likeliest_and_the_level_draw() -> None:
    """The guesser's compiled last step gives the words, numbers and draw of the numpy one,
    or None where ties leave the order to it."""
    from associatsiya_ai.bots.people.draw import draw_at, level_probabilities
    from associatsiya_ai.bots.people.settle import likeliest, settle

    rng = np.random.default_rng(12)
    settled = 0
    for trial in range(600):
        n = int(rng.integers(20, 400))
        z = rng.normal(0, 3, n).astype(np.float32)
        if trial % 5 == 0:
            z = np.round(z, 0)  # ties
        support = np.sort(rng.choice(n, int(rng.integers(1, 19)), replace=False)).astype(np.int64)
        x = z.astype(np.float64)
        e = np.exp(x - x[support].max())
        total = float(e.sum())
        k = int(rng.integers(1, 12))
        temperature = float(rng.choice([1.0, 3.0]))
        u = float(rng.random()) if trial % 3 else None
        level = x[support]
        terms = None
        if temperature != 1.0:
            y = level / temperature
            terms = np.exp(y - y.max())
        got = settle(e, z, support, k, terms, u)
        if got is None:
            continue
        settled += 1
        top = likeliest(e, support, k, None, e[support])
        assert got[0] == top.tolist()
        assert got[1] == z[top].tolist()
        assert got[2] == (e[top] / total).tolist()
        want = 0
        if u is not None:
            q = level_probabilities(level, support, n, temperature, None, e[support])
            want = draw_at(q, u)
        assert got[3] == want
        assert got[4] == total
        assert got[5] == e[support[want]] / total
    assert settled > 200
