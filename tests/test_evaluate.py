"""evaluate: the DESIGN.md contract on a tiny vocabulary, file errors, and a real-model slice."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from fakes import FakeLexicon, dev_slice, tiny_vocabulary

from associatsiya_ai.research.evaluate import EvaluationError, evaluate_guesser, evaluate_hinter
from associatsiya_ai.vocab.vocabulary import Vocabulary


def _write(tmp_path: Path, rows: Sequence[object], name: str = "rows.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", "utf-8")
    return path


def test_guesser_metrics(tmp_path: Path) -> None:
    """The DESIGN.md contract, recomputed here from the model's own distribution."""
    import math

    import numpy as np

    from associatsiya_ai.bots import EmbeddingGuesser

    rows = [
        {"hint": "хвост", "responses": {"кошка": 3, "собака": 3, "мышь": 2}},
        {"hint": "стул", "responses": {"стол": 5, "дом": 5}},
        {"hint": "абажур", "responses": {"лампа": 4}},  # out of vocabulary: a miss
        {"hint": "стул", "responses": {"стол": 9, "окно": 1}},
    ]
    vocab = tiny_vocabulary()
    result = evaluate_guesser(_write(tmp_path, rows), vocab=vocab, level="hard")
    best = EmbeddingGuesser(vocab, "hard")
    hit1 = agreement = sampled = 0.0
    loglik = 0.0
    for row in rows:
        total = sum(row["responses"].values())
        share = {w: c / total for w, c in row["responses"].items()}
        modal = {w for w, c in row["responses"].items() if c == max(row["responses"].values())}
        dists = best.distribution([row["hint"]])
        if dists is None:
            loglik += math.log(1e-6)
            continue
        p, q = dists
        top = vocab.words[int(np.argmax(p))]
        hit1 += top in modal
        agreement += share.get(top, 0.0)
        sampled += sum(s * q[vocab.index[w]] for w, s in share.items() if w in vocab.index)
        loglik += sum(
            s * math.log(max(p[vocab.index[w]] if w in vocab.index else 0.0, 1e-6))
            for w, s in share.items()
        )
    assert result["n"] == 4 and result["coverage"] == 0.75
    assert result["hit@1"] == round(hit1 / 4, 4)
    assert result["agreement"] == round(agreement / 4, 4)
    assert result["log_likelihood"] == pytest.approx(loglik / 4, abs=1e-4)
    # at hard the guesser draws its best answer: sampled agreement is agreement
    assert result["sampled_agreement"] == result["agreement"] == round(sampled / 4, 4)
    assert 0 <= result["calibration_error"] <= 1


def test_calibration_error_bins() -> None:
    from associatsiya_ai.research.evaluate import calibration_error

    assert calibration_error([0.05, 0.95], [0.05, 0.95]) == 0.0
    # one bin [0.2, 0.3): mean confidence 0.25, mean observed 0.15
    assert calibration_error([0.2, 0.3 - 1e-9], [0.1, 0.2]) == pytest.approx(0.1, abs=1e-4)


def test_guesser_hit10_counts_a_modal_candidate(tmp_path: Path) -> None:
    rows = [{"hint": "стул", "responses": {"окно": 3, "дом": 1}}]
    result = evaluate_guesser(_write(tmp_path, rows), vocab=tiny_vocabulary())
    assert result["hit@1"] == 0.0 and result["hit@10"] == 1.0
    assert result["agreement"] == 0.25


def test_hinter_metrics(tmp_path: Path) -> None:
    rows = [
        {"target": "кошка", "hints": {"мышь": 0.5, "хвост": 0.25, "усы": 0.125}},
        {"target": "кошка", "hints": {"собака": 0.9}},
        {"target": "москва", "hints": {"кремль": 0.9}},  # not a valid secret: a miss
    ]
    progress: list[tuple[int, int]] = []
    result = evaluate_hinter(
        _write(tmp_path, rows),
        vocab=tiny_vocabulary(),
        checker=FakeLexicon(),
        progress=lambda done, total: progress.append((done, total)),
    )
    assert result["n"] == 3
    assert result["attested@1"] == round(1 / 3, 4)
    assert 0 < result["p_target"] <= 0.5 / 3 + 1e-4
    assert result["coverage"] == round(2 / 3, 4)
    assert progress[-1] == (3, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"hint": "кот", "responses": {"мышь": 1}}\n{oops\n', "строка 2: неверный JSON"),
        ('{"hint": "кот"}\n', "строка 1: нужно непустое поле «responses»"),
        ('{"responses": {"мышь": 1}}\n', "строка 1: нужно поле «hint»"),
        ('{"hint": "кот", "responses": {"мышь": "x"}}\n', "должно быть числом"),
        ("\n", "нет ни одной строки"),
        ('{"hint": "кот", "responses": {"мышь": NaN}}\n', "должно быть числом"),
        ('{"hint": "кот", "responses": {"мышь": Infinity}}\n', "должно быть числом"),
        ('{"hint": "кот", "responses": {"мышь": 0, "сыр": 0}}\n', "сумма 0"),
        ('{"hint": "кот", "responses": {"мышь": -5}}\n', "целым ≥ 0"),
        ('{"hint": "кот", "responses": {"мышь": 1.5}}\n', "целым ≥ 0"),
    ],
)
def test_bad_files_name_the_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, "utf-8")
    with pytest.raises(EvaluationError, match=message) as info:
        evaluate_guesser(path, vocab=tiny_vocabulary())
    assert str(path) in str(info.value)


@pytest.mark.parametrize("share", ["NaN", "-0.1", "1.5"])
def test_hinter_shares_must_lie_between_zero_and_one(tmp_path: Path, share: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"target": "кот", "hints": {"мышь": ' + share + "}}\n", "utf-8")
    with pytest.raises(EvaluationError, match="строка 1"):
        evaluate_hinter(path, vocab=tiny_vocabulary())


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(EvaluationError, match="не удалось прочитать"):
        evaluate_hinter(tmp_path / "none.jsonl", vocab=tiny_vocabulary())


def test_real_model_on_dev_slices(tmp_path: Path, real_vocab: Vocabulary) -> None:
    g = evaluate_guesser(dev_slice("guesser-dev.jsonl", 50, tmp_path), vocab=real_vocab)
    assert set(g) == {
        "n",
        "hit@1",
        "hit@10",
        "agreement",
        "log_likelihood",
        "calibration_error",
        "sampled_agreement",
        "coverage",
    }
    assert g["n"] == 50 and 0 <= g["hit@1"] <= g["hit@10"] <= 1
    assert g["hit@1"] > 0.05 and g["coverage"] > 0.8
    h = evaluate_hinter(dev_slice("hinter-dev.jsonl", 50, tmp_path), vocab=real_vocab)
    assert set(h) == {"n", "attested@1", "p_target", "partner_success", "coverage"}
    assert 0 < h["partner_success"] < 1
    assert h["n"] == 50 and h["attested@1"] > 0.3 and 0 < h["p_target"] <= h["attested@1"]
