"""The vocabulary: consonance index equals the rule, cache round trip, building on a tiny model."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest
from fakes import tiny_vocabulary
from hypothesis import given, settings
from hypothesis import strategies as st

from associatsiya_ai.rules.words import consonance, fold
from associatsiya_ai.vocab import Vocabulary, build_vocabulary, cachefile
from associatsiya_ai.vocab import cache as cache_module
from associatsiya_ai.vocab.build import is_blocked
from associatsiya_ai.vocab.cachefile import read_vocabulary, save_vocabulary
from associatsiya_ai.vocab.secret_words import is_secret_word

LETTERS = "абвгдеёжклмо"
words_st = st.text(alphabet=LETTERS, min_size=1, max_size=7)


@settings(max_examples=200, deadline=None)
@given(st.lists(words_st, min_size=1, max_size=40), words_st)
def test_consonance_index_equals_the_rule(words: list[str], secret: str) -> None:
    unique = list({fold(w): w for w in words}.values())
    vocab = Vocabulary(unique, np.ones((len(unique), 3), np.float32))
    mask = vocab.consonant_mask(secret)
    legal = vocab.legal_mask(secret)
    for i, w in enumerate(unique):
        assert mask[i] == bool(consonance(secret, w)), (secret, w)
        assert legal[i] == (not consonance(secret, w))


@settings(max_examples=100, deadline=None)
@given(st.lists(words_st, min_size=1, max_size=40), st.lists(words_st, min_size=1, max_size=6))
def test_kept_consonant_rows_are_the_rule_and_stay_bounded(
    words: list[str], secrets: list[str]
) -> None:
    """The rows kept per word are the consonant words, asked again or not, and at most
    ``_CONSONANT_KEPT`` words' are kept."""
    from associatsiya_ai.vocab import vocabulary as vocabulary_module

    unique = list({fold(w): w for w in words}.values())
    vocab = Vocabulary(unique, np.ones((len(unique), 3), np.float32))
    for secret in [*secrets, *secrets]:  # the second time from the cache
        rows = vocab.consonant_rows(secret)
        expected = [i for i, w in enumerate(unique) if consonance(secret, w)]
        assert rows.dtype == np.int32 and rows.tolist() == expected
        assert not rows.flags.writeable
    assert len(vocab._consonant) <= vocabulary_module._CONSONANT_KEPT
    vocabulary_module._CONSONANT_KEPT, kept = 2, vocabulary_module._CONSONANT_KEPT
    try:
        for secret in secrets:
            vocab.consonant_rows(secret + "к")
        assert len(vocab._consonant) <= 2
    finally:
        vocabulary_module._CONSONANT_KEPT = kept


def test_lemma_rows_are_the_lemma_mask(tiny_vocab: Vocabulary) -> None:
    lemmas = {"кошка", "мышь", "небывалое"}
    expected = np.flatnonzero(tiny_vocab.lemma_mask(lemmas)).tolist()
    assert sorted(set(tiny_vocab.lemma_rows(lemmas))) == expected
    assert len(expected) == 2


def test_consonance_examples(tiny_vocab: Vocabulary) -> None:
    mask = tiny_vocab.consonant_mask("мошка")  # «мо» first two: мышь? no; молоко: yes
    assert {w for w, m in zip(tiny_vocab.words, mask, strict=True) if m} == {"кошка", "молоко"}


def test_normalise_passes_a_damaged_row_without_a_warning() -> None:
    """A model's row of NaN or inf (dropped later by the build) warns nobody: a warning
    printed before the game's Russian message read as a crash."""
    import warnings

    from associatsiya_ai.vocab.vocabulary import normalise

    rows = np.array([[np.nan, 1.0], [np.inf, 1.0], [3.0, 4.0], [0.0, 0.0]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = normalise(rows)
    assert out.dtype == np.float32 and out[2].tolist() == [0.6000000238418579, 0.800000011920929]
    assert out[3].tolist() == [0.0, 0.0] and not np.isfinite(out[:2]).all()


def test_matrix_is_normalised_and_words_unique() -> None:
    vocab = tiny_vocabulary()
    assert vocab.matrix.dtype == np.float32
    assert np.allclose(np.linalg.norm(vocab.matrix, axis=1), 1.0)
    with pytest.raises(ValueError, match="unique"):
        Vocabulary(["ёлка", "елка"], np.eye(2, dtype=np.float32))
    with pytest.raises(ValueError, match="rows"):
        Vocabulary(["ёлка"], np.eye(2, dtype=np.float32))


def test_vector_lookup_folds_and_uses_the_encoder() -> None:
    vocab = Vocabulary(["ёлка", "стол"], np.eye(2, dtype=np.float32))
    found = vocab.vector("ЕЛКА")
    assert found is not None and np.allclose(found, [1, 0])
    assert vocab.vector("абажур") is None
    encoded = Vocabulary(
        ["ёлка", "стол"], np.eye(2, dtype=np.float32), encoder=lambda w: np.array([3.0, 4.0])
    )
    made = encoded.vector("абажур")
    assert made is not None and np.allclose(made, [0.6, 0.8])
    assert "елка" in vocab and "абажур" not in vocab


class _TwoWordModel:
    """Just enough of an Embeddings for ``query_vector``: «пятно» and «ошибка»."""

    vectors: ClassVar[dict[str, np.ndarray]] = {
        "пятно": np.array([1.0, 0.0], np.float32),
        "ошибка": np.array([0.0, 1.0], np.float32),
    }

    def __contains__(self, word: object) -> bool:
        return word in self.vectors

    def vectors_for(self, words: list[str]) -> np.ndarray:
        return np.stack([self.vectors[w] for w in words])


def test_a_word_outside_the_model_is_encoded_by_its_wordnet_relatives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from associatsiya_ai.vocab import wordnet_vectors
    from associatsiya_ai.vocab.build import model_encoder

    table = {"клякса": {"пятно": 3.0, "ошибка": 4.0, "чернила": 1.0}}
    monkeypatch.setattr(wordnet_vectors, "weighted_relatives", lambda w: table.get(w, {}))
    encode = model_encoder(lambda: _TwoWordModel())  # type: ignore[arg-type, return-value]
    own = encode("пятно")
    assert own is not None and np.allclose(own, [1.0, 0.0])  # its own vector first
    mixed = encode("клякса")  # no vector of its own: 3·пятно + 4·ошибка («чернила» unknown)
    assert mixed is not None and np.allclose(mixed, [0.6, 0.8])
    assert encode("абажур") is None  # neither a vector nor a known relative


def test_a_drifted_vector_is_pulled_towards_its_dictionary_sense(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from associatsiya_ai.vocab import wordnet_vectors
    from associatsiya_ai.vocab.wordnet_vectors import SENSE_ANCHOR, anchor_senses, sense_matrix

    folded = ["дочка", "дочь", "сын", "акционер", "кот"]
    matrix = np.array(
        [[0.6, 0.8, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        np.float32,
    )
    table = {"дочка": {"дочь": 1.0, "сын": 0.5, "нетслова": 2.0}, "кот": {"кошка": 1.0}}
    monkeypatch.setattr(wordnet_vectors, "weighted_relatives", lambda w: table.get(w, {}))
    sense = sense_matrix(folded, matrix)
    assert np.allclose(sense[0], [1.0, 0.0, 0.0])  # the relatives in the vocabulary only
    assert not sense[1:].any()  # no relative in the vocabulary: no sense
    out = anchor_senses(folded, matrix)
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0)
    assert np.allclose(out[1:], matrix[1:])  # without a sense a row stays as it is
    drift = 1.0 - 0.6  # cos(дочка, its sense)
    moved = matrix[0] + SENSE_ANCHOR * drift * np.array([1.0, 0.0, 0.0])
    assert np.allclose(out[0], moved / np.linalg.norm(moved), atol=1e-6)
    assert out[0] @ matrix[1] > matrix[0] @ matrix[1]  # nearer «дочь»
    assert out[0] @ matrix[3] < matrix[0] @ matrix[3]  # farther from «акционер»


@pytest.mark.model
def test_the_real_wordnet_gives_unknown_words_a_sense(real_vocab: Vocabulary) -> None:
    assert "клякса" not in real_vocab and "ксерокс" not in real_vocab
    for word, near in (("клякса", "пятно"), ("ксерокс", "копия")):
        v = real_vocab.vector(word)
        assert v is not None
        nearest = [real_vocab.folded[i] for i in np.argsort(-(real_vocab.matrix @ v))[:5]]
        assert near in nearest
    assert real_vocab.vector("ыкжщ") is None


def test_lemma_mask() -> None:
    vocab = Vocabulary(["часы", "кот"], np.eye(2, dtype=np.float32), lemmas=["час", "кот"])
    assert vocab.lemma_mask({"час"}).tolist() == [True, False]
    assert vocab.lemma_mask(set()).tolist() == [False, False]


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    vocab = tiny_vocabulary()
    path = tmp_path / "v.npz"
    save_vocabulary(vocab, path)
    again = read_vocabulary(path)
    assert again.words == vocab.words
    assert again.secrets == vocab.secrets
    assert np.allclose(again.matrix, vocab.matrix)
    assert np.allclose(again.zipf, vocab.zipf)
    assert np.allclose(again.news, vocab.news)
    assert again.model_name == "tiny"


def test_blocklist() -> None:
    assert is_blocked("Блядь")
    assert is_blocked("мудак")
    assert not is_blocked("кошка")
    assert not is_blocked("мандарин")


def test_public_api_is_reexported() -> None:
    import associatsiya_ai
    import associatsiya_ai.vocab as vocab
    from associatsiya_ai.vocab import build as vocab_build

    assert build_vocabulary is vocab_build.build_vocabulary
    assert vocab.load_vocabulary is cache_module.load_vocabulary
    assert associatsiya_ai.load_vocabulary is cache_module.load_vocabulary
    assert vocab.VOCAB_VERSION == vocab_build.VOCAB_VERSION


@pytest.mark.parametrize(
    ("word", "zipf", "ok"),
    [
        ("кошка", 4.1, True),
        ("яблоко", 4.3, True),
        ("кошка", 3.5, False),  # not well known enough
        ("время", 5.9, False),  # too frequent, too vague
        ("ёж", 4.1, False),  # too short
        ("свобода", 4.6, True),  # no abstract suffix: the vector lean decides
        ("радость", 4.6, False),  # -ость
        ("движение", 4.6, False),  # -ение
        ("пара", 4.8, False),  # also a form of «пар»
        ("реал", 4.3, False),  # a club's name, blocklisted
    ],
)
def test_secret_word_rule(word: str, zipf: float, ok: bool) -> None:
    assert is_secret_word(word, zipf) is ok


def test_build_on_a_tiny_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from associatsiya_ai.vectors import Embeddings

    words = ["кошка", "кошки", "кошку", "москва", "бежать", "собака", "блядь", "стол", "ёлка"]
    words += ["елка", "qwerty", "зюзюкабра"]
    rng = np.random.default_rng(1)
    model = tmp_path / "tiny.bin"
    model.write_bytes(b"tiny model")
    emb = Embeddings("tiny", model, words, matrix=rng.normal(size=(len(words), 6)))
    monkeypatch.setattr(cache_module, "cache_path", lambda fp: tmp_path / f"v-{fp}.npz")
    cache_module._LOADED.clear()
    built = cache_module.load_vocabulary(emb)
    assert sorted(built.words) == ["кошка", "собака", "стол", "ёлка"]
    assert np.allclose(np.linalg.norm(built.matrix, axis=1), 1.0)
    assert (tmp_path / f"v-{emb.fingerprint()}.npz").exists()
    cache_module._LOADED.clear()
    cached = cache_module.load_vocabulary(emb)
    assert cached.words == built.words
    assert np.allclose(cached.matrix, built.matrix)
    # a word outside the vocabulary gets a vector from its forms in the model
    assert built.vector("кошки") is not None
    cache_module._LOADED.clear()


def test_a_build_runs_at_one_blas_thread_whoever_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script (numpy's default: a BLAS thread per core) and a game (one thread) build the
    same cache: OpenBLAS's split sums round differently, so the build asks for one."""
    from threadpoolctl import threadpool_limits

    from associatsiya_ai.research.pool import blas_threads
    from associatsiya_ai.vectors import Embeddings

    seen = []
    real_build = cache_module.build_vocabulary

    def build(*args: Any, **kwargs: Any) -> Vocabulary:
        seen.append(blas_threads())
        return real_build(*args, **kwargs)

    words = ["кошка", "собака", "стол"]
    model = tmp_path / "tiny.bin"
    model.write_bytes(b"tiny model")
    emb = Embeddings("tiny", model, words, matrix=np.random.default_rng(3).normal(size=(3, 6)))
    monkeypatch.setattr(cache_module, "cache_path", lambda fp: tmp_path / f"v-{fp}.npz")
    monkeypatch.setattr(cache_module, "build_vocabulary", build)
    cache_module._LOADED.clear()
    with threadpool_limits(2, user_api="blas"):
        cache_module.load_vocabulary(emb)
    cache_module._LOADED.clear()
    assert seen in ([1], [None])  # None: no BLAS threadpoolctl can see


def test_damaged_vectors_are_dropped_and_an_empty_model_is_a_model_error(
    tmp_path: Path,
) -> None:
    from associatsiya_ai.vectors import Embeddings, ModelError

    words = ["кошка", "собака", "стол"]
    matrix = np.random.default_rng(2).normal(size=(3, 6))
    matrix[0, 2] = np.nan
    model = tmp_path / "nan.bin"
    model.write_bytes(b"nan model")
    built = build_vocabulary(Embeddings("nan", model, words, matrix=matrix))
    assert sorted(built.words) == ["собака", "стол"] and np.isfinite(built.matrix).all()
    assert built.vector("кошка") is None
    junk = Embeddings("junk", model, ["qwerty", "бежать"], matrix=matrix[1:])
    with pytest.raises(ModelError, match=r"nan\.bin"):
        build_vocabulary(junk)


def test_real_vocabulary(real_vocab: Vocabulary) -> None:
    """The default model's vocabulary: common nouns, unit vectors, index equals the rule."""
    assert 5000 < len(real_vocab) < 30000
    assert {"кошка", "лампа", "собака", "стол"} <= set(real_vocab.folded)
    assert not {"кошки", "кошку", "москва", "бтр", "блядь"} & set(real_vocab.folded)
    assert set(real_vocab.secrets) <= set(real_vocab.words) and len(real_vocab.secrets) > 300
    secrets = {fold(w) for w in real_vocab.secrets}
    assert {"кошка", "собака", "стол", "дом"} <= secrets
    assert not {"миг", "реал", "сити", "пара", "время", "свобода", "ситуация"} & secrets
    assert all(len(w) >= 3 and not is_blocked(w) for w in secrets)
    assert np.allclose(np.linalg.norm(real_vocab.matrix[:100], axis=1), 1.0, atol=1e-4)
    rng = np.random.default_rng(0)
    sample = rng.choice(len(real_vocab), 3000, replace=False)
    for secret in ["кошка", "самолёт", "ёж", *rng.choice(real_vocab.words, 5)]:
        mask = real_vocab.consonant_mask(str(secret))
        for i in sample:
            assert mask[i] == bool(consonance(str(secret), real_vocab.words[i]))


def test_warm_cache_does_not_load_the_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from associatsiya_ai.vectors import load as embeddings_module

    words = ["кошка", "собака", "стол", "лампа", "кошки"]
    rng = np.random.default_rng(2)
    lines = [f"{len(words)} 4"]
    lines += [w + " " + " ".join(f"{x:.4f}" for x in rng.normal(size=4)) for w in words]
    model = tmp_path / "tiny.txt"
    model.write_text("\n".join(lines) + "\n", "utf-8")
    monkeypatch.setattr(cache_module, "cache_path", lambda fp: tmp_path / f"v-{fp}.npz")
    cache_module._LOADED.clear()
    built = cache_module.load_vocabulary(model=str(model))
    assert sorted(built.words) == ["кошка", "лампа", "собака", "стол"]
    cache_module._LOADED.clear()
    calls: list[object] = []
    real_load = embeddings_module.load_embeddings

    def counting_load(spec: object = None) -> object:
        calls.append(spec)
        return real_load(spec)  # type: ignore[arg-type]

    monkeypatch.setattr(embeddings_module, "load_embeddings", counting_load)
    warm = cache_module.load_vocabulary(model=str(model))
    assert warm.words == built.words and calls == []
    assert warm.vector("кошки") is not None  # the model loads on the first unknown word
    assert calls == [str(model)]
    cache_module._LOADED.clear()


def test_doctests() -> None:
    import doctest

    from associatsiya_ai.vocab import build as vocab_build
    from associatsiya_ai.vocab import secret_words
    from associatsiya_ai.vocab import vocabulary as vocab_module

    for module in (vocab_module, vocab_build, secret_words):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def _tiny_model(tmp_path: Path) -> Path:
    words = ["кошка", "собака", "стол", "лампа", "кошки"]
    rng = np.random.default_rng(3)
    lines = [f"{len(words)} 4"]
    lines += [w + " " + " ".join(f"{x:.4f}" for x in rng.normal(size=4)) for w in words]
    model = tmp_path / "tiny.txt"
    model.write_text("\n".join(lines) + "\n", "utf-8")
    return model


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),  # truncated zip
        lambda p: p.write_bytes(b"not a zip at all" * 10),  # garbage
        lambda p: np.savez(p, words=np.array(["кот"])),  # wrong keys
        lambda p: p.write_bytes(b""),  # empty
    ],
    ids=["truncated", "garbage", "wrong-keys", "empty"],
)
def test_a_damaged_cache_is_rebuilt_and_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], damage: Any
) -> None:
    model = _tiny_model(tmp_path)
    cache = tmp_path / "cache.npz"
    monkeypatch.setattr(cache_module, "cache_path", lambda fp: cache)
    cache_module._LOADED.clear()
    first = cache_module.open_vocabulary(model=str(model))
    assert first.source == "built" and first.damaged is None and cache.exists()
    cache_module._LOADED.clear()
    assert cache_module.open_vocabulary(model=str(model)).source == "cache"
    damage(cache)
    cache_module._LOADED.clear()
    again = cache_module.open_vocabulary(model=str(model))
    assert again.source == "built" and again.damaged is not None
    assert again.vocabulary.words == first.vocabulary.words
    cache_module._LOADED.clear()
    assert cache_module.open_vocabulary(model=str(model)).source == "cache"  # rewritten
    assert capsys.readouterr() == ("", "")  # the library prints nothing
    cache_module._LOADED.clear()


def test_build_reports_progress_and_prints_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from associatsiya_ai.vectors import load_embeddings

    calls: list[tuple[int, int]] = []
    build_vocabulary(
        load_embeddings(str(_tiny_model(tmp_path))), on_progress=lambda d, t: calls.append((d, t))
    )
    assert calls[0] == (0, 5) and calls[-1] == (5, 5)
    assert capsys.readouterr() == ("", "")


def test_vocab_modules_import_no_rich_and_no_cycle() -> None:
    import ast

    package = Path(__file__).resolve().parents[1] / "associatsiya_ai" / "vocab"
    imports: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
        imports[path.stem] = names
        assert not any(n.split(".")[0] in {"rich", "typer"} for n in names), path
    assert not any(n.startswith("associatsiya_ai.vocab.") for n in imports["vocabulary"])
    assert "associatsiya_ai.vocab.cache" not in imports["build"]


def test_news_bias_is_corpus_zipf_minus_wordfreq() -> None:
    """A word a billion-token corpus holds 10⁴ times has corpus Zipf 4.0; the bias is that
    minus wordfreq's Zipf; a word the model lacks, or a model without counts, gives 0."""
    from wordfreq import zipf_frequency

    from associatsiya_ai.vectors.store import Embeddings
    from associatsiya_ai.vocab.build import news_bias

    words = ["мама", "акционер", "стол"]
    counts = np.array([10_000, 10_000, 10**9 - 20_000])
    model = Embeddings("toy", Path("toy"), words, matrix=np.eye(3, dtype=np.float32), counts=counts)
    got = news_bias(model, ["мама", "акционер", "кот"])
    assert got[0] == pytest.approx(4.0 - zipf_frequency("мама", "ru"), abs=1e-4)
    assert got[1] == pytest.approx(4.0 - zipf_frequency("акционер", "ru"), abs=1e-4)
    assert got[1] > got[0] and got[2] == 0.0
    bare = Embeddings("toy", Path("toy"), words, matrix=np.eye(3, dtype=np.float32))
    assert not news_bias(bare, words).any()


def test_stale_temporary_cache_files_are_removed(tmp_path: Path) -> None:
    """A build killed mid-write leaves NAME.<pid>.tmp.npz: removed once its process is gone
    (or it is a day old); a live writer's file and other files stay."""
    import os
    import subprocess
    import sys
    import time

    from associatsiya_ai.vocab.stale import STALE_AFTER_S, remove_stale_temporaries

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    dead = tmp_path / f"vocab-x-v1.npz.{gone.stdout.strip()}.tmp.npz"
    live = tmp_path / f"vocab-x-v1.npz.{os.getpid()}.tmp.npz"
    old = tmp_path / f"people-y.npz.{os.getppid()}.tmp.npz"
    keep = tmp_path / "vocab-x-v1.npz"
    for path in (dead, live, old, keep):
        path.write_bytes(b"partial")
    day_ago = time.time() - STALE_AFTER_S - 60
    os.utime(old, (day_ago, day_ago))
    assert sorted(remove_stale_temporaries(tmp_path)) == sorted([dead, old])
    assert live.exists() and keep.exists() and not dead.exists() and not old.exists()
    assert remove_stale_temporaries(tmp_path / "missing") == []


def test_an_interrupted_save_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def killed(tmp: Path, vocab: Any) -> None:
        tmp.write_bytes(b"half")
        raise KeyboardInterrupt

    monkeypatch.setattr(cachefile, "_write_npz", killed)
    with pytest.raises(KeyboardInterrupt):
        save_vocabulary(tiny_vocabulary(), tmp_path / "vocab.npz")
    assert list(tmp_path.iterdir()) == []
