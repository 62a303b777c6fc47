"""The human-response model's fast paths give the very numbers of the plain computations."""

from __future__ import annotations

import numpy as np
import pytest
from fakes import tiny_vocabulary

from associatsiya_ai.bots.people import (
    LevelDraw,
    PeopleModel,
    PeopleWeights,
    neighbour_table,
    softmax,
    softmax_at,
)
from associatsiya_ai.bots.people.features import RANKS, log_rank, reverse_log_rank
from associatsiya_ai.bots.people.tables import precompute
from associatsiya_ai.bots.scoring import excluded

WEIGHTS = {"cos": 6.0, "cos2": -2.0, "fwd": -0.4, "rev": -0.3, "zipf": 0.5, "length": -0.1}
LEVELS = {"easy": LevelDraw(2.0, 0), "normal": LevelDraw(1.4, 3), "hard": LevelDraw(0.0, 1)}
LR = np.log(RANKS).astype(np.float32)


def model() -> PeopleModel:
    vocab = tiny_vocabulary()
    weights = PeopleWeights(WEIGHTS, 0.9, levels=LEVELS)
    return PeopleModel(vocab, precompute(vocab, wordnet=False), weights)


def plain_log_rank(c: np.ndarray, table: np.ndarray) -> np.ndarray:
    """ln rank of c[i] in table[i] (m, K): count, interpolate, in float32, every row."""
    K = len(RANKS)
    k = (table > c[:, None]).sum(1)
    hi = np.clip(k, 1, K - 1)
    rows = np.arange(len(c))
    q0, q1 = table[rows, hi - 1], table[rows, hi]
    frac = np.clip((q0 - c) / np.maximum(q0 - q1, np.float32(1e-6)), 0.0, 1.0)
    res = LR[hi - 1] + frac * (LR[hi] - LR[hi - 1])
    res[k <= 0] = 0.0
    res[k >= K] = LR[-1]
    return res.astype(np.float32)


def descending_tables(rng: np.random.Generator, n: int) -> np.ndarray:
    tables = -np.sort(-rng.uniform(-0.2, 0.9, (n, len(RANKS))), axis=1).astype(np.float32)
    tables[: n // 4, 5:9] = tables[: n // 4, 5:6]  # ties: flat stretches
    return tables


def test_reverse_log_rank_is_the_plain_computation_bit_for_bit() -> None:
    rng = np.random.default_rng(3)
    tables = descending_tables(rng, 400)
    cos = rng.uniform(-0.3, 1.0, (3, 400)).astype(np.float32)
    cos[0, :50] = tables[np.arange(50), rng.integers(0, len(RANKS), 50)]  # on an entry
    cos[1, :50] = tables[:50, -1]  # exactly the last entry
    cos[2, :50] = tables[:50, -2]
    got = reverse_log_rank(cos, tables)
    assert got.shape == cos.shape and got.dtype == np.float32
    for row in range(3):
        expected = plain_log_rank(cos[row], tables)
        np.testing.assert_array_equal(got[row], expected)
        np.testing.assert_array_equal(log_rank(cos[row], tables), expected)
    m = model()  # the tables of a small vocabulary: ranks beyond it repeat the last cosine
    c = m.vocab.matrix @ m.vocab.matrix[0]
    np.testing.assert_array_equal(
        reverse_log_rank(c, m.tables.quantiles), plain_log_rank(c, m.tables.quantiles)
    )


def test_one_table_log_rank_is_np_interp() -> None:
    rng = np.random.default_rng(4)
    table = descending_tables(rng, 1)[0]
    cos = np.concatenate([rng.uniform(-0.5, 1.0, 500), table]).astype(np.float32)
    expected = np.interp(cos, table[::-1].astype(np.float64), LR[::-1], left=LR[-1], right=0.0)
    np.testing.assert_array_equal(log_rank(cos, table), expected.astype(np.float32))


def test_neighbour_table_is_the_cosines_at_the_ranks() -> None:
    rng = np.random.default_rng(5)
    for n in (5, 40, 5000):
        cos = rng.uniform(-1, 1, n).astype(np.float32)
        ranks = np.minimum(RANKS.astype(np.int64), n - 1)
        np.testing.assert_array_equal(neighbour_table(cos), -np.partition(-cos, ranks)[ranks])


def test_batched_scores_are_each_heard_words_own() -> None:
    m = model()
    heard = [h for chain in (["кошка"], ["вода"], ["хвост"]) for h in m.heard(chain)]
    cos = np.stack([m.vocab.matrix @ h.vector for h in heard])
    together = m._scorer(heard)(cos)
    for j, h in enumerate(heard):
        np.testing.assert_array_equal(together[j], m._scorer([h])(cos[j : j + 1])[0])


def test_softmax_at_and_in_place_softmax() -> None:
    rng = np.random.default_rng(6)
    z = rng.normal(0, 3, 300).astype(np.float32)
    banned = rng.random(300) < 0.2
    x = np.where(banned, -np.inf, z.astype(np.float64))
    expected = np.exp(x - x.max()) / np.exp(x - x.max()).sum()
    p = softmax(z, banned)
    np.testing.assert_array_equal(p, expected)
    for i in (0, 7, int(np.argmax(p))):
        assert softmax_at(z, banned, i) == p[i]
    zs = rng.normal(0, 3, (4, 300)).astype(np.float32)
    bans = rng.random((4, 300)) < 0.3
    bans[:, 7] = False
    rows = softmax_at(zs, bans, 7)
    assert rows.tolist() == [softmax(zs[j], bans[j])[7] for j in range(4)]


def test_a_draw_is_the_dense_distributions_draw() -> None:
    m = model()
    z = m.logits(["кошка"])
    assert z is not None
    banned = excluded(m.vocab, ["кошка"], [])
    for level in ("easy", "normal", "hard", "unknown"):
        q = m.level_distribution(z, banned, level)
        for seed in range(40):
            dense, sparse = np.random.default_rng(seed), np.random.default_rng(seed)
            assert m.draw(z, banned, level, sparse) == int(dense.choice(len(q), p=q))
            assert dense.random() == sparse.random()  # the same random numbers used
    x = np.where(banned, -np.inf, z.astype(np.float64))
    assert m.draw(x, None, "normal", np.random.default_rng(1)) == m.draw(
        z, banned, "normal", np.random.default_rng(1)
    )


def test_secret_given_hints_are_kept_per_secret() -> None:
    m = model()
    first = m.secret_given_hints(0).copy()
    for secret in range(1, len(m.vocab)):
        m.secret_given_hints(secret)
    again = m.secret_given_hints(0)
    np.testing.assert_array_equal(again, first)
    assert not again.flags.writeable


def test_guesser_decides_as_the_plain_dense_computation() -> None:
    from associatsiya_ai.bots.guesser import EmbeddingGuesser, heard

    m = model()
    for level in ("easy", "normal", "hard"):
        guesser = EmbeddingGuesser(m.vocab, level, candidates=4, people=m)
        for chain, answers in ((["кошка"], []), (["хвост", "кошка"], ["мышь"])):
            z = m.logits(chain)
            assert z is not None
            banned = excluded(m.vocab, chain, answers)
            p = softmax(z, banned)
            q = m.level_distribution(z, banned, level)
            for seed in range(10):
                rng = np.random.default_rng(seed)
                pick = int(np.argmax(q)) if level == "hard" else int(rng.choice(len(q), p=q))
                got = guesser.act(heard(chain, answers=answers), np.random.default_rng(seed))
                assert got.word == m.vocab.words[pick]
                top = np.argsort(-p, kind="stable")[:4]
                assert [c.word for c in got.candidates] == [m.vocab.words[i] for i in top]
                assert [c.probability for c in got.candidates] == [p[i] for i in top]


def test_kept_logits_are_the_same_and_stay_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A chain's logits are the same whether its words' logits heard alone were kept or
    computed anew, and no more than ``_ALONE_KEPT`` words' are kept."""
    from associatsiya_ai.bots.people import model as people_module

    m = model()
    monkeypatch.setattr(people_module, "_ALONE_KEPT", 2)
    chain, history = ["хвост", "кошка"], ["дом"]
    cold = m.logits(chain, history)
    warm = m.logits(chain, history)
    assert cold is not None and warm is not None
    np.testing.assert_array_equal(warm, cold)
    assert len(m._alone) <= 2
    m.forget()
    assert not m._alone
    again = m.logits(chain, history)
    assert again is not None
    np.testing.assert_array_equal(again, cold)
    kept = m.logits(["кошка"])
    assert kept is not None and not kept.flags.writeable


def test_draw_index_is_rng_choice() -> None:
    """The guesser's draw is ``rng.choice(k, p=q)``: the same index from the same number."""
    from associatsiya_ai.bots.people.draw import draw_index

    gen = np.random.default_rng(8)
    for _ in range(3000):
        k = int(gen.integers(1, 20))
        w = gen.exponential(1.0, k) ** gen.uniform(0.2, 8.0)
        w[gen.integers(0, k)] = 0.0 if k > 1 else 1.0
        q = w / w.sum()
        seed = int(gen.integers(0, 2**31))
        dense, fast = np.random.default_rng(seed), np.random.default_rng(seed)
        assert draw_index(q, fast) == int(dense.choice(k, p=q))
        assert dense.random() == fast.random()


def test_likeliest_is_the_plain_argpartition_even_with_ties() -> None:
    from associatsiya_ai.bots.people.settle import likeliest, likeliest_plain

    gen = np.random.default_rng(9)
    for trial in range(600):
        n = int(gen.integers(5, 400))
        e = np.exp(gen.normal(0, 3, n) - 10)
        if trial % 3 == 0:  # ties, also at the edge of the k largest
            e = np.round(e, int(gen.integers(1, 4)))
        e[gen.random(n) < 0.1] = 0.0
        k = int(gen.integers(1, 15))
        support = np.sort(gen.choice(n, min(n, int(gen.integers(1, 20))), replace=False))
        if (e > 0).sum() == 0:
            continue
        np.testing.assert_array_equal(likeliest(e, support, k), likeliest_plain(e, support, k))


@pytest.mark.parametrize("compiled", [True, False])
def test_masked_support_is_the_level_support_of_the_masked_logits(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Compiled (``_kernel.prepare``) or in numpy, the same floats and words."""
    from associatsiya_ai.bots.people import draw as draw_module
    from associatsiya_ai.bots.people.draw import (
        level_logits,
        level_probabilities,
        level_support,
        masked_support,
    )

    if compiled and draw_module.kernel is None:
        pytest.skip("built without a C compiler")
    if not compiled:
        monkeypatch.setattr(draw_module, "kernel", None)
    gen = np.random.default_rng(10)
    for trial in range(400):
        n = int(gen.integers(3, 300))
        z = gen.normal(0, 3, n).astype(np.float32)
        if trial % 4 == 0:
            z = np.round(z, 1)  # ties
        banned = gen.random(n) < (0.2 if trial % 7 else 0.95)
        banned[int(gen.integers(0, n))] = False
        draw = LevelDraw(float(gen.choice([0.0, 1.0, 2.0])), int(gen.integers(0, 12)))
        k = int(gen.integers(1, 15))
        shifted, support, near = masked_support(z, banned, draw, k)
        level = level_logits(z, banned, support)
        plain = np.where(banned, -np.inf, z.astype(np.float64))
        np.testing.assert_array_equal(shifted, plain - plain.max())
        expected_support, expected_q = level_support(plain, None, draw)
        np.testing.assert_array_equal(support, expected_support)
        np.testing.assert_array_equal(level, plain[support])
        if draw.temperature > 0 and draw.top_k != 1:  # the guesser's q, summed in x's array
            e = np.exp(shifted)
            q = level_probabilities(level, support, n, draw.temperature, e.copy(), e[support])
            assert q.tolist() == expected_q.tolist()
        if support.size < k < n:
            edge = np.sort(plain)[n - k - 1]
            assert near is not None
            np.testing.assert_array_equal(near, np.flatnonzero(plain >= edge))
        else:
            assert near is None


def test_all_links_are_the_relations_links_in_order() -> None:
    from associatsiya_ai.bots.people.tables import PeopleTables

    m = model()
    ptr = ([0, 2, 2, 3], [0, 0, 1, 1], [0, 0, 0, 0], [0, 1, 1, 3])
    idx = ([1, 2, 0], [0], [], [2, 1, 0])
    links = tuple(
        (np.array(p, np.int64), np.array(i, np.int32)) for p, i in zip(ptr, idx, strict=True)
    )
    tables = PeopleTables(m.tables.quantiles[:3], m.tables.static[:3], links)
    indptr, indices, relation = tables.all_links
    for row in range(3):
        at = slice(indptr[row], indptr[row + 1])
        expected = [(int(j), k) for k in range(4) for j in tables.linked(k, row)]
        assert list(zip(indices[at].tolist(), relation[at].tolist(), strict=True)) == expected


def test_direct_links_are_the_gloss_and_glossed_links_together() -> None:
    from associatsiya_ai.bots.people.tables import GLOSS, RELATIONS, PeopleTables, _csr

    m = model()
    gloss = {(0, 2), (0, 1), (2, 0)}
    glossed = {(0, 2), (1, 0)}  # 0 and 2 name each other
    links = [_csr(set(), 3)] * len(RELATIONS)
    links[GLOSS], links[GLOSS + 1] = _csr(gloss, 3), _csr(glossed, 3)
    tables = PeopleTables(m.tables.quantiles[:3], m.tables.static[:3], tuple(links))
    indptr, rows, in_gloss, in_glossed = tables.direct
    for row in range(3):
        at = slice(indptr[row], indptr[row + 1])
        expected = sorted({j for i, j in gloss | glossed if i == row})
        assert rows[at].tolist() == expected
        assert in_gloss[at].tolist() == [(row, j) in gloss for j in expected]
        assert in_glossed[at].tolist() == [(row, j) in glossed for j in expected]


def test_kept_row_terms_add_the_plain_sparse_terms_bit_for_bit() -> None:
    """A heard word's links, dictionary interactions and ``said_cos``, gathered once per word
    (:class:`RowTerms`), add the very floats of the plain sparse computation."""
    from fakes import linked_tiny_tables

    from associatsiya_ai.bots.people.features import LINKED, SAID_COS
    from associatsiya_ai.bots.people.mix import said_rows, single_terms
    from associatsiya_ai.bots.people.tables import RELATIONS

    tiny, tables = linked_tiny_tables()
    n, ix = len(tiny), tiny.index
    weights = {**WEIGHTS, "syn": 0.7, "gloss": 1.2, "glossed": 0.8, "gloss_fwd": 0.4,
               "glossed_rev": 0.3, "mutual": -0.9, "said1": 2.0, "said_cos": -1.3}  # fmt: skip
    m = PeopleModel(tiny, tables, PeopleWeights(weights, 0.9))
    w, rng = m.w, np.random.default_rng(11)
    for word in ("кошка", "хвост", "молоко", "окно", "дом"):
        row = ix[word]
        fwd, rev, cos = (rng.uniform(0, 8, n).astype(np.float32) for _ in range(3))
        indptr, linked, relation = tables.all_links
        at = slice(indptr[row], indptr[row + 1])
        rows, const, by_fwd, by_rev = single_terms(tables, row, w)
        said = said_rows(tables, row)
        got = rng.normal(0, 3, n).astype(np.float32)
        start = got.copy()
        m.row_terms(row).add_to(got, fwd, rev, cos)
        again = start.copy()
        m.row_terms(row).add_to(again, fwd, rev, cos)  # kept: the same terms
        np.testing.assert_array_equal(got, again)
        expected = start.copy()
        np.add.at(expected, linked[at], w[LINKED][relation[at]])
        expected[rows] += const + by_fwd * fwd[rows] + by_rev * rev[rows]
        expected[said] += w[SAID_COS] * cos[said]
        assert expected.tobytes() == got.tobytes()
    assert RELATIONS[0] == "syn" and len(m.tables.linked(0, ix["кошка"])) == 2
    assert len(m._terms) == 5


def test_a_batch_of_chains_sharing_words_gives_each_chains_own_logits() -> None:
    """The hinter's batch (chain modes sharing their earlier words) gives every chain the
    very logits it gets alone, the shared words' evidence computed once."""
    m = model()
    queries = [
        (["хвост", "кошка"], ("дом",)),
        (["вода", "кошка"], ("дом", "хвост")),
        (["кошка"], ("дом", "вода")),
        (["хвост"], ()),
    ]
    together = m.logits_many(queries)
    for (chain, history), got in zip(queries, together, strict=True):
        m.forget()
        alone = m.logits(chain, history)
        assert got is not None and alone is not None
        assert got.tobytes() == alone.tobytes()
