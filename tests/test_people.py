"""The human-response model on the tiny hand-made vocabulary (no model, no wordnet)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from fakes import tiny_vocabulary

from associatsiya_ai.bots.people import LevelDraw, PeopleModel, PeopleWeights
from associatsiya_ai.bots.people.features import (
    FEATURES,
    STATIC,
    Heard,
    feature_matrix,
    log_rank,
)
from associatsiya_ai.bots.people.tables import RELATIONS, _csr, precompute
from associatsiya_ai.bots.scoring import excluded
from associatsiya_ai.vocab import Vocabulary
from associatsiya_ai.vocab.associations import AssociationLexicon

TRUE = {"cos": 6.0, "cos2": -2.0, "fwd": -0.4, "rev": -0.3, "zipf": 0.5, "length": -0.1}


def model(weights: dict[str, float] = TRUE, vocab: Vocabulary | None = None) -> PeopleModel:
    vocab = vocab if vocab is not None else tiny_vocabulary()
    levels = {"easy": LevelDraw(2.0, 0), "normal": LevelDraw(1.0, 3), "hard": LevelDraw(0.0, 1)}
    return PeopleModel(vocab, precompute(vocab, wordnet=False), PeopleWeights(weights, 1.0,
                       levels=levels))  # fmt: skip


def plain_logits(
    m: PeopleModel, chain: list[str], history: tuple[str, ...] = (), vocab: Vocabulary | None = None
) -> np.ndarray:
    """The logits by the plain dense computation: each heard word's feature matrix times the
    weights, pooled by weight share with the candidates' own prior counted once."""
    vocab = vocab if vocab is not None else m.vocab
    heard = m.heard(chain, history)
    static = m.tables.static @ m.w[list(STATIC)]
    total = sum(h.weight for h in heard)
    parts = [h.weight / total * (feature_matrix(vocab, m.tables, h) @ m.w - static) for h in heard]
    out: np.ndarray = static + sum(parts)
    return out


def test_probabilities_sum_to_one_and_banned_are_zero() -> None:
    m = model()
    banned = excluded(m.vocab, ["кошка"], ["мышь"])
    p = m.probabilities(["кошка"], banned=banned)
    assert p is not None
    assert p.sum() == pytest.approx(1.0)
    assert np.all(p[banned] == 0) and np.all(p[~banned] > 0)
    assert m.vocab.words[int(np.argmax(p))] in {"хвост", "усы", "молоко"}


def test_logits_match_the_feature_matrix() -> None:
    m = model()
    for chain, history in ((["кошка"], []), (["кошка", "вода"], ["дом"])):
        expected = plain_logits(m, chain, history)
        got = m.logits(chain, history)
        assert got is not None
        np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)


def test_a_chain_pools_its_words_heard_alone() -> None:
    """Chain words weigh alike, earlier hints outside the chain ``history``: the logits are
    the weight-share mean of each word's logits heard alone (the prior counted once)."""
    m = model()
    z = {w: m.logits([w]) for w in ("кошка", "молоко", "дом")}
    chain = m.logits(["кошка", "молоко"])
    assert chain is not None
    np.testing.assert_allclose(chain, (z["кошка"] + z["молоко"]) / 2, rtol=1e-5, atol=1e-5)
    both = m.logits(["молоко", "кошка"])  # the order of a chain does not matter
    assert both is not None
    np.testing.assert_allclose(both, chain, rtol=1e-6, atol=1e-6)
    with_history = m.logits(["кошка"], ["дом"])
    assert with_history is not None
    share = m.weights.history / (1.0 + m.weights.history)
    want = (1 - share) * z["кошка"] + share * z["дом"]
    np.testing.assert_allclose(with_history, want, rtol=1e-5, atol=1e-5)


def test_news_bias_features_are_the_candidates_own() -> None:
    """«news» is the positive news bias, «everyday» minus the negative one, the same
    whatever was heard; with weights on them the fast logits still match the matrix."""
    tiny = tiny_vocabulary()
    news = np.linspace(-1.0, 1.0, len(tiny)).astype(np.float32)
    vocab = Vocabulary(tiny.words, tiny.matrix, zipf=tiny.zipf, news=news, secrets=tiny.secrets)
    m = model({**TRUE, "news": -1.5, "everyday": 0.5}, vocab)
    x = feature_matrix(vocab, m.tables, m.heard(["кошка"])[0])
    np.testing.assert_allclose(x[:, FEATURES.index("news")], np.maximum(news, 0))
    np.testing.assert_allclose(x[:, FEATURES.index("everyday")], np.maximum(-news, 0))
    for chain in (["кошка"], ["кошка", "вода"]):
        got = m.logits(chain)
        assert got is not None
        want = plain_logits(m, chain)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    secret = vocab.index["кошка"]
    p = m.probabilities(["хвост"], banned=excluded(vocab, ["хвост"], []))
    assert p is not None
    fast = m.secret_given_hints(secret)[vocab.index["хвост"]]
    assert np.exp(fast) == pytest.approx(p[secret], rel=1e-4)


def test_secret_given_hints_matches_full_softmax() -> None:
    m = model()
    secret = m.vocab.index["кошка"]
    fast = m.secret_given_hints(secret)
    for h in ("хвост", "стул", "вода"):
        hi = m.vocab.index[h]
        p = m.probabilities([h], banned=excluded(m.vocab, [h], []))
        assert p is not None
        assert np.exp(fast[hi]) == pytest.approx(p[secret], rel=1e-4)


def test_log_rank_is_monotone_and_bounded() -> None:
    q = np.array([[0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0, -0.1, -0.2, -0.3, -0.4]])
    cos = np.linspace(1.0, -1.0, 41, dtype=np.float32)
    lr = log_rank(cos[:, None], np.repeat(q, 1, 0))[:, 0]
    assert lr[0] == 0.0 and np.all(np.diff(lr) >= -1e-6)
    np.testing.assert_allclose(lr, log_rank(cos, q[0]), atol=1e-5)


def test_level_draws_match_their_distribution() -> None:
    m = model()
    z = m.logits(["кошка"])
    assert z is not None
    banned = excluded(m.vocab, ["кошка"], [])
    rng = np.random.default_rng(7)
    for level in ("easy", "normal", "hard"):
        q = m.level_distribution(z, banned, level)
        assert q.sum() == pytest.approx(1.0) and np.all(q[banned] == 0)
        draws = rng.choice(len(q), size=20000, p=q)
        freq = np.bincount(draws, minlength=len(q)) / len(draws)
        np.testing.assert_allclose(freq, q, atol=0.015)
    assert (m.level_distribution(z, banned, "normal") > 0).sum() == 3
    assert m.level_distribution(z, banned, "hard").max() == 1.0


def test_fit_recovers_known_weights() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from fit_people import Data, fit

    tiny = tiny_vocabulary()
    zipf = np.linspace(2.5, 6.0, len(tiny)).astype(np.float32)[::-1].copy()
    m = model(vocab=Vocabulary(tiny.words, tiny.matrix, zipf=zipf, secrets=tiny.secrets))
    vocab = m.vocab
    rng = np.random.default_rng(0)
    rows, X, banned, resp, share = [], [], [], [], []
    for k in range(1500):
        a = int(rng.integers(len(vocab)))
        x = feature_matrix(vocab, m.tables, Heard(vocab.matrix[a], a, 1.0))
        ban = np.zeros(len(vocab), bool)
        ban[a] = True
        z = np.where(ban, -np.inf, x @ m.w)
        p = np.exp(z - z.max())
        counts = np.bincount(rng.choice(len(vocab), 40, p=p / p.sum()), minlength=len(vocab))
        idx = np.flatnonzero(counts)
        rows.append((str(k), {}))
        X.append(x)
        banned.append(ban)
        resp.append(idx)
        share.append(counts[idx] / counts.sum())
    data = Data(np.stack(X), np.stack(banned), resp, share, np.zeros(1500), [], rows)
    w = fit(data, slice(None), l2=0.0)
    got = dict(zip(FEATURES, w.tolist(), strict=True))
    for f in ("zipf", "length", "fwd", "rev"):
        assert got[f] == pytest.approx(TRUE[f], abs=0.25), (f, got)
    z_true = data.X[:50] @ m.w
    z_fit = data.X[:50] @ w.astype(np.float32)
    d = (z_fit - z_true) - (z_fit - z_true).mean(axis=1, keepdims=True)
    assert np.abs(d).max() < 0.5


def test_people_cache_is_rebuilt_when_damaged_then_read(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from associatsiya_ai.bots.people import cache as people_cache

    tiny = tiny_vocabulary()
    vocab = Vocabulary(tiny.words, tiny.matrix, zipf=tiny.zipf, fingerprint="test-model")
    path = tmp_path / "people.npz"
    path.write_bytes(b"PK\x03\x04 not a zip at all")
    monkeypatch.setattr(people_cache, "people_cache_path", lambda v: path)
    monkeypatch.setattr(people_cache, "_MODELS", {})
    built = people_cache.people_model(vocab)
    assert np.load(path)["logz"].shape == (len(vocab),)  # rebuilt and written
    monkeypatch.setattr(people_cache, "_MODELS", {})

    def no_build(*args: object, **kwargs: object) -> None:
        raise AssertionError("the cache should have been read")

    monkeypatch.setattr(people_cache, "precompute", no_build)
    read = people_cache.people_model(vocab)
    np.testing.assert_allclose(read.log_partitions(), built.log_partitions())


def test_a_people_cache_that_cannot_be_saved_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder where the cache file should be: the model is built and used, the save fails
    quietly, and its 20 MB temporary file does not stay behind (one more on every start)."""
    from associatsiya_ai.bots.people import cache as people_cache

    tiny = tiny_vocabulary()
    vocab = Vocabulary(tiny.words, tiny.matrix, zipf=tiny.zipf, fingerprint="test-model")
    path = tmp_path / "people-blocked.npz"
    path.mkdir()
    monkeypatch.setattr(people_cache, "people_cache_path", lambda v: path)
    monkeypatch.setattr(people_cache, "_MODELS", {})
    model = people_cache.people_model(vocab)
    assert model.log_partitions().shape == (len(vocab),)
    assert path.is_dir() and not list(tmp_path.glob("*.tmp.npz"))


def test_old_people_caches_are_swept_when_a_new_one_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from associatsiya_ai.bots.people import cache as people_cache

    for k in range(6):  # caches of earlier weights, older the higher k
        old = tmp_path / f"people-old{k}.npz"
        old.write_bytes(b"x")
        os.utime(old, (1000.0 - k, 1000.0 - k))
    (tmp_path / "vocab-keep.npz").write_bytes(b"x")  # not a people cache: never touched
    tiny = tiny_vocabulary()
    vocab = Vocabulary(tiny.words, tiny.matrix, zipf=tiny.zipf, fingerprint="test-model")
    path = tmp_path / "people-new.npz"
    monkeypatch.setattr(people_cache, "people_cache_path", lambda v: path)
    monkeypatch.setattr(people_cache, "_MODELS", {})
    people_cache.people_model(vocab)
    left = sorted(p.name for p in tmp_path.glob("*.npz"))
    assert left == ["people-new.npz", "people-old0.npz", "people-old1.npz", "people-old2.npz",
                    "vocab-keep.npz"]  # fmt: skip


def test_people_cache_key_tells_vocabulary_builds_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """A vocabulary built by other rules (a new ``VOCAB_VERSION``) may keep its words but move
    their vectors: it must not read the old tables."""
    from associatsiya_ai.bots.people.cache import people_cache_path
    from associatsiya_ai.vocab import build

    tiny = tiny_vocabulary()
    one = Vocabulary(tiny.words, tiny.matrix, zipf=tiny.zipf, fingerprint="test-model")
    again = Vocabulary(tiny.words, tiny.matrix * 2.0, zipf=tiny.zipf, fingerprint="test-model")
    assert people_cache_path(one) == people_cache_path(again)  # read back from its cache
    before = people_cache_path(one)
    monkeypatch.setattr(build, "VOCAB_VERSION", build.VOCAB_VERSION + 1)
    assert people_cache_path(one) != before


def test_a_word_outside_the_vocabulary_is_linked_to_what_its_entry_names() -> None:
    """A person's «абажур» (no vocabulary row) raises what its dictionary entry names by the
    gloss weight, in the fast logits as in the feature matrix."""
    tiny = tiny_vocabulary()
    vectors = {"абажур": np.eye(8, dtype=np.float32)[5]}
    vocab = Vocabulary(tiny.words, tiny.matrix, zipf=tiny.zipf, secrets=tiny.secrets,
                       encoder=vectors.get)  # fmt: skip
    m = model({**TRUE, "gloss": 2.0}, vocab)
    assert not m.glosses and len(m.named("абажур")) == 0  # hand-made tables: no dictionary
    m.glosses = True
    m._named["абажур"] = np.array([vocab.index["окно"], vocab.index["книга"]], np.int32)
    for chain, outside in ((["абажур"], [True]), (["абажур", "дом"], [False, True])):
        heard = m.heard(chain)  # the newest word first; every chain word weighs 1
        assert [h.row is None for h in heard] == outside
        assert [h.weight for h in heard] == [1.0] * len(chain)
        x = feature_matrix(vocab, m.tables, heard[-1])  # «абажур» heard alone
        gloss = x[:, FEATURES.index("gloss")]
        assert set(np.flatnonzero(gloss)) == {vocab.index["окно"], vocab.index["книга"]}
        assert gloss[vocab.index["окно"]] == 1.0
        got = m.logits(chain)
        assert got is not None
        np.testing.assert_allclose(got, plain_logits(m, chain), rtol=1e-4, atol=1e-4)


def test_dictionary_interactions_match_the_feature_matrix_everywhere() -> None:
    """With gloss, glossed, co-mention and lexicon links and weights on every such column, the
    fast logits, the log-partitions and P(secret | hint) are the feature matrix's."""
    tiny = tiny_vocabulary()
    n, ix = len(tiny), tiny.index
    pairs = {(ix["кошка"], ix["молоко"]), (ix["молоко"], ix["кошка"]),  # they name each other
             (ix["хвост"], ix["кошка"]), (ix["дом"], ix["окно"])}  # fmt: skip
    cm = {(ix["кошка"], ix["рыба"]): 0.7, (ix["дом"], ix["стул"]): 1.1}
    comention = _csr_values({**cm, **{(j, i): v for (i, j), v in cm.items()}}, n)
    lexicon = AssociationLexicon(
        {"хвост": ("кошка", "мышь", "дом"), "окно": ("дом", "небо")},
        {"кошка": ("усы", "молоко", "хвост", "мышь")},
    )
    base = precompute(tiny, wordnet=False, lexicon=lexicon)
    assert set(base.linked(RELATIONS.index("said1"), ix["хвост"]).tolist()) == {ix["кошка"]}
    assert set(base.linked(RELATIONS.index("hint1"), ix["усы"]).tolist()) == {ix["кошка"]}
    links = (*base.links[:4], _csr(pairs, n), _csr({(j, i) for i, j in pairs}, n), *base.links[6:])
    tables = replace(base, links=links, comention=comention)
    weights = {**TRUE, "gloss": 1.2, "glossed": 0.8, "gloss_fwd": 0.4, "glossed_rev": 0.3,
               "mutual": -0.9, "cm": 0.5, "cm_fwd": 0.2, "said1": 2.0, "said2": 1.0, "said3": 0.5,
               "sayer2": 0.6, "hint1": 1.5, "hint2": 0.7, "hinted1": 0.9,
               "said_cos": -1.3}  # fmt: skip
    m = PeopleModel(tiny, tables, PeopleWeights(weights, 1.0))
    for chain in (["кошка"], ["хвост"], ["кошка", "дом"], ["дом", "хвост", "кошка"]):
        got = m.logits(chain)
        assert got is not None
        np.testing.assert_allclose(got, plain_logits(m, chain, vocab=tiny), rtol=1e-5, atol=1e-5)
    x = feature_matrix(tiny, tables, m.heard(["кошка"])[0])
    assert x[ix["молоко"], FEATURES.index("gloss")] > 0 and x[ix["рыба"], FEATURES.index("cm")] > 0
    for secret in ("кошка", "окно", "рыба"):
        fast = m.secret_given_hints(ix[secret])
        for h in ("хвост", "кошка", "дом", "стул", "рыба"):
            if h == secret:
                continue
            p = m.probabilities([h], banned=excluded(tiny, [h], []))
            assert p is not None
            assert np.exp(fast[ix[h]]) == pytest.approx(p[ix[secret]], rel=1e-4)


def _csr_values(values: dict[tuple[int, int], float], n: int) -> tuple[np.ndarray, ...]:
    indptr, indices = _csr(set(values), n)
    ordered = sorted(values)
    return indptr, indices, np.array([values[k] for k in ordered], np.float32)
