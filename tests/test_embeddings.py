"""Embeddings: tiny hand-made navec / word2vec / gensim models, errors, and the real default."""

from __future__ import annotations

import shutil
import tarfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from associatsiya_ai.vectors import (
    Embeddings,
    ModelError,
    default_model_path,
    load_embeddings,
)
from associatsiya_ai.vectors import load as load_module
from associatsiya_ai.vectors.trust import TRUSTED_ENV, trust_model_file

WORDS = ["кошка", "собака", "лампа", "свет", "дом"]


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Hand-made models are written to fresh tmp paths; keep the real model's cache entry.
    monkeypatch.setenv("ASSOCIATSIYA_MODELS_DIR", str(tmp_path / "models"))


def make_navec(path: Path, words: list[str], dim: int = 6, qdim: int = 3, seed: int = 0) -> Any:
    """A tiny navec model: ``words`` + <unk>/<pad>, ``qdim`` sub-vectors, 4 centroids."""
    from navec import Navec
    from navec.meta import Meta
    from navec.pq import PQ
    from navec.vocab import PAD, UNK, Vocab

    rng = np.random.default_rng(seed)
    all_words = [*words, UNK, PAD]
    n, centroids = len(all_words), 4
    indexes = rng.integers(0, centroids, size=(n, qdim)).astype(np.uint8)
    codes = rng.normal(size=(qdim, centroids, dim // qdim)).astype(np.float32)
    vocab = Vocab(all_words, [n + 100 - i for i in range(n)])
    pq = PQ(n, dim, qdim, centroids, indexes, codes)
    navec = Navec(Meta("tiny_v1_1K_5_6d_3q"), vocab, pq)
    navec.dump(str(path))
    return navec


def make_kv(keys: list[str], dim: int = 4, seed: int = 1) -> Any:
    from gensim.models import KeyedVectors

    rng = np.random.default_rng(seed)
    kv = KeyedVectors(vector_size=dim)
    kv.add_vectors(keys, rng.normal(size=(len(keys), dim)).astype(np.float32))
    return kv


TAGGED = ["кошка_NOUN", "кошка_VERB", "бежать_VERB", "Собака_NOUN", "лампа_NOUN", "свет_NOUN"]


# --------------------------------------------------------------------------- navec


def test_navec_decode_equals_navec_getitem(tmp_path: Path) -> None:
    path = tmp_path / "tiny.tar"
    navec = make_navec(path, WORDS)
    emb = load_embeddings(path)
    assert isinstance(emb, Embeddings)
    assert emb.words == WORDS  # <unk>/<pad> dropped
    assert emb.dim == 6 and len(emb) == 5
    assert emb.name == "navec tiny_v1"
    assert "кошка" in emb and "<unk>" not in emb and "мышь" not in emb
    got = emb.vectors_for(["лампа", "кошка", "дом"])
    assert got.shape == (3, 6) and got.dtype == np.float32
    want = np.stack([navec[w] for w in ["лампа", "кошка", "дом"]])
    np.testing.assert_array_equal(got, want)
    assert emb.index("свет") == 3
    np.testing.assert_array_equal(emb.vector("свет"), navec["свет"])
    assert emb.counts is not None and list(emb.counts) == [107, 106, 105, 104, 103]


def test_navec_uppercase_keys_are_lowercased_first_wins(tmp_path: Path) -> None:
    path = tmp_path / "upper.tar"
    navec = make_navec(path, ["Кошка", "кошка", "Дом"])
    emb = load_embeddings(path)
    assert emb.words == ["кошка", "дом"]
    np.testing.assert_array_equal(emb.vectors_for(["кошка"])[0], navec["Кошка"])
    np.testing.assert_array_equal(emb.vectors_for(["дом"])[0], navec["Дом"])


def test_missing_word_keyerror_names_it(tmp_path: Path) -> None:
    path = tmp_path / "tiny.tar"
    make_navec(path, WORDS)
    emb = load_embeddings(path)
    with pytest.raises(KeyError, match="мышь"):
        emb.vectors_for(["кошка", "мышь"])
    with pytest.raises(KeyError, match="мышь"):
        emb.index("мышь")


def test_cache_and_fingerprint(tmp_path: Path) -> None:
    path = tmp_path / "tiny.tar"
    make_navec(path, WORDS)
    a = load_embeddings(path)
    assert load_embeddings(str(path)) is a
    fp = a.fingerprint()
    assert fp == a.fingerprint() and len(fp) == 16
    copy = tmp_path / "copy.tar"
    shutil.copy(path, copy)
    assert load_embeddings(copy).fingerprint() == fp  # content-based, not path-based
    other = tmp_path / "other.tar"
    make_navec(other, WORDS, seed=5)
    assert load_embeddings(other).fingerprint() != fp


def test_file_name_in_models_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    models = tmp_path / "mine"
    models.mkdir()
    monkeypatch.setenv("ASSOCIATSIYA_MODELS_DIR", str(models))
    make_navec(models / "navec_hudlit_v1_12B_500K_300d_100q.tar", WORDS)
    make_navec(models / "my.tar", WORDS)
    assert load_embeddings("my.tar").words == WORDS
    assert load_embeddings("hudlit_v1").path.name.startswith("navec_hudlit")


# --------------------------------------------------------------------------- gensim


@pytest.mark.parametrize("kind", ["bin", "txt", "vec-noheader", "kv"])
def test_gensim_formats_and_tags(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    kv = make_kv(TAGGED)
    if kind == "bin":
        path = tmp_path / "rv.bin"
        kv.save_word2vec_format(str(path), binary=True)
    elif kind == "txt":
        path = tmp_path / "rv.txt"
        kv.save_word2vec_format(str(path), binary=False)
    elif kind == "vec-noheader":
        path = tmp_path / "rv.vec"
        kv.save_word2vec_format(str(path), binary=False, write_header=False)
    else:
        path = tmp_path / "rv.kv"
        kv.save(str(path))
        monkeypatch.setenv(TRUSTED_ENV, "")  # a pickle: read only when trusted
        trust_model_file(path)
    emb = load_embeddings(path)
    # _NOUN kept and stripped, other tags dropped, lowercased, first occurrence wins
    assert emb.words == ["кошка", "собака", "лампа", "свет"]
    assert emb.dim == 4
    got = emb.vectors_for(["собака", "кошка"])
    assert got.dtype == np.float32 and got.shape == (2, 4)
    want = np.stack([kv["Собака_NOUN"], kv["кошка_NOUN"]])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_untagged_word2vec_keeps_all_keys(tmp_path: Path) -> None:
    kv = make_kv(["Кошка", "dog", "лампа_x"])
    path = tmp_path / "plain.txt"
    kv.save_word2vec_format(str(path), binary=False)
    emb = load_embeddings(path)
    assert emb.words == ["кошка", "dog", "лампа_x"]
    np.testing.assert_allclose(emb.vectors_for(["кошка"])[0], kv["Кошка"], rtol=1e-5)


# --------------------------------------------------------------------------- errors


def test_missing_file(tmp_path: Path) -> None:
    from associatsiya_ai.terminal.texts import model_error_text

    path = tmp_path / "nope.tar"
    with pytest.raises(ModelError) as err:
        load_embeddings(path)
    message = str(err.value)
    assert str(path) in message and "\n" not in message
    assert "associatsiya" not in message  # library code names no CLI command
    assert err.value.fix == "path-or-name"
    assert "«associatsiya models list»" in model_error_text(err.value)


def test_registry_name_not_downloaded() -> None:
    from associatsiya_ai.terminal.texts import model_error_text

    with pytest.raises(ModelError) as err:
        load_embeddings("hudlit_v1")
    assert (err.value.fix, err.value.model) == ("download", "hudlit_v1")
    assert model_error_text(err.value).endswith(
        "; скачайте её: associatsiya models download hudlit_v1"
    )


def test_a_model_error_keeps_its_fix_across_processes() -> None:
    import pickle

    error = pickle.loads(pickle.dumps(ModelError("x", fix="download", model="hudlit_v1")))
    assert (str(error), error.fix, error.model) == ("x", "download", "hudlit_v1")


def test_the_cli_adds_the_command_that_fixes_a_model_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from typer.testing import CliRunner

    from associatsiya_ai.cli import app, main

    result = CliRunner().invoke(app, ["models", "index", "--model", "hudlit_v1"])
    assert result.exit_code == 1
    assert "associatsiya models download hudlit_v1" in " ".join(result.output.split())
    monkeypatch.setattr("sys.argv", ["associatsiya", "hint", "кошка", "--model", "hudlit_v1"])
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 1
    assert "associatsiya models download hudlit_v1" in " ".join(capsys.readouterr().err.split())


def test_truncated_navec(tmp_path: Path) -> None:
    good = tmp_path / "good.tar"
    make_navec(good, [f"слово{i}" for i in range(300)])
    data = good.read_bytes()
    with tarfile.open(good) as tar:
        end = max(m.offset_data + m.size for m in tar.getmembers())
    for cut in (end // 3, end // 2, end - 10, 700):
        bad = tmp_path / f"cut{cut}.tar"
        bad.write_bytes(data[:cut])
        with pytest.raises(ModelError) as err:
            load_embeddings(bad)
        assert str(bad) in str(err.value)


@pytest.mark.parametrize("suffix", [".tar", ".bin", ".txt", ".vec", ".kv"])
def test_garbage_file(tmp_path: Path, suffix: str) -> None:
    bad = tmp_path / f"garbage{suffix}"
    bad.write_bytes(np.random.default_rng(3).bytes(5000))
    with pytest.raises(ModelError) as err:
        load_embeddings(bad)
    message = str(err.value)
    assert str(bad) in message and "\n" not in message


def test_empty_and_unknown_format(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(ModelError, match=str(empty)):
        load_embeddings(empty)
    other = tmp_path / "model.zip"
    other.write_bytes(b"PK")
    with pytest.raises(ModelError, match=r"\.kv"):
        load_embeddings(other)


def test_tar_without_navec_members(tmp_path: Path) -> None:
    path = tmp_path / "notnavec.tar"
    readme = tmp_path / "readme"
    readme.write_text("hello")
    with tarfile.open(path, "w") as tar:
        tar.add(readme, arcname="readme")
    with pytest.raises(ModelError, match="navec"):
        load_embeddings(path)


# --------------------------------------------------------------------------- real model


@pytest.fixture(scope="session")
def default_model() -> Embeddings:
    return load_embeddings()


NAVEC_VECTORS = (
    "import sys, numpy as np; from navec import Navec; "
    "navec = Navec.load(sys.argv[1]); "
    "sys.stdout.buffer.write(np.stack([navec[w] for w in sys.argv[2:]]).astype('<f4').tobytes())"
)
"""navec's own reader in a process of its own: ``Navec.load`` precomputes norms over all
250K words (a 100 MB temporary) that the test process need not carry."""


def test_default_model(default_model: Embeddings) -> None:
    import subprocess
    import sys

    emb = default_model
    assert emb.path == default_model_path().resolve()
    assert emb.name == "navec news_v1"
    assert emb.dim == 300
    assert 249_000 <= len(emb) <= 251_000
    assert "кошка" in emb and "<unk>" not in emb
    assert load_embeddings("news_v1") is emb
    words = ["кошка", "собака", "лампа"]
    navec = subprocess.run(
        [sys.executable, "-c", NAVEC_VECTORS, str(default_model_path()), *words],
        capture_output=True,
        check=True,
    ).stdout
    expected = np.frombuffer(navec, "<f4").reshape(len(words), 300)
    np.testing.assert_array_equal(emb.vectors_for(words), expected)
    assert emb.words[emb.index("кошка")] == "кошка"


def test_default_model_cache_is_module_level() -> None:
    assert isinstance(load_module._CACHE, dict)


@pytest.mark.slow
def test_public_api_is_reexported_and_light() -> None:
    import subprocess
    import sys

    import associatsiya_ai.vectors as vectors
    from associatsiya_ai.vectors.registry import DEFAULT_MODEL

    assert vectors.load_embeddings is load_embeddings and vectors.Embeddings is Embeddings
    assert vectors.DEFAULT_MODEL == DEFAULT_MODEL and DEFAULT_MODEL in vectors.REGISTRY
    code = "import sys, associatsiya_ai.vectors; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"  # the CLI's --help imports the registry only


def test_no_news_v1_literal_outside_the_registry() -> None:
    package = Path(__file__).resolve().parents[1] / "associatsiya_ai" / "vectors"
    for path in package.glob("*.py"):
        if path.name != "registry.py":
            assert '"news_v1"' not in path.read_text("utf-8"), path
