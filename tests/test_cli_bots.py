"""CLI ``hint``, ``guess`` and ``evaluate`` on the real default model (loaded once)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fakes import dev_slice
from typer.testing import CliRunner

from associatsiya_ai.cli import app
from associatsiya_ai.vocab.vocabulary import Vocabulary

runner = CliRunner()


@pytest.fixture(autouse=True)
def _loaded(real_vocab: Vocabulary) -> None:
    """The model and vocabulary load once per session; commands reuse them."""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_hint_json_shape() -> None:
    code, out, _ = run("hint", "кошка", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"secret", "hint", "mode", "chain", "reason", "candidates"}
    assert data["secret"] == "кошка" and data["mode"] == "single"
    assert data["chain"] == [data["hint"]]
    assert len(data["candidates"]) == 5
    first = data["candidates"][0]
    assert (first["hint"], first["mode"]) == (data["hint"], "single")
    assert all(set(c) == {"hint", "mode", "score", "probability"} for c in data["candidates"])
    scores = [c["score"] for c in data["candidates"]]
    assert scores == sorted(scores, reverse=True)  # the hinter's own order
    assert all(0.0 <= c["probability"] <= 1.0 for c in data["candidates"])


def test_hint_text_and_top() -> None:
    code, out, _ = run("hint", "автомат", "--top", "3")
    assert code == 0
    assert "наводка" in out and out.count("одно слово") >= 3
    assert "single" not in out and "режим single" not in out  # Russian labels, no jargon


def one_json_error(out: str, code: int) -> str:
    """``--json`` on an error: stdout is one JSON object with ``error`` (and the code)."""
    assert out.count("\n") == 1, out
    data = json.loads(out)
    assert data["code"] == code and isinstance(data["error"], str) and data["error"]
    return str(data["error"])


@pytest.mark.parametrize("secret", ["кошку", "москва", "пропускаю", "cat"])
def test_hint_invalid_secret_is_one_line(secret: str) -> None:
    code, out, err = run("hint", secret, "--json")
    assert code == 1 and one_json_error(out, 1)
    assert err.startswith("Ошибка:") and len(err.strip().splitlines()) == 1


def test_bad_level_is_a_usage_error() -> None:
    code, _, err = run("guess", "лампа", "--level", "godlike")
    assert code == 2 and "уровень" in err


def test_guess_json_shape() -> None:
    code, out, _ = run("guess", "абажур", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"chain", "answer", "reason", "candidates"}
    assert data["chain"] == ["абажур"]
    assert isinstance(data["answer"], str) and isinstance(data["candidates"], list)
    code, out, _ = run("guess", "лампа", "свет", "--json", "--top", "7")
    data = json.loads(out)
    assert data["chain"] == ["лампа", "свет"] and len(data["candidates"]) == 7
    assert data["candidates"][0]["answer"] == data["answer"]


def test_evaluate_json_and_text(tmp_path: Path) -> None:
    path = dev_slice("guesser-dev.jsonl", 20, tmp_path)
    code, out, _ = run("evaluate", "guesser", str(path), "--json")
    assert code == 0
    # the core figures (research/evaluate.py adds more: log_likelihood, calibration, …)
    assert set(json.loads(out)) >= {"n", "hit@1", "hit@10", "agreement", "coverage"}
    path = dev_slice("hinter-dev.jsonl", 10, tmp_path)
    code, out, _ = run("evaluate", "hinter", str(path))
    assert code == 0 and "attested@1" in out


def test_evaluate_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("{nope\n", "utf-8")
    code, out, err = run("evaluate", "guesser", str(path), "--json")
    assert code == 1 and "строка 1" in one_json_error(out, 1)
    assert "строка 1" in err and "bad.jsonl" in err


@pytest.mark.parametrize(
    ("hints", "named"),
    [
        (["123"], "«123»"),
        ([""], "пустое слово"),
        (["кошку"], "«кошка»"),
        (["бежать быстро"], "«бежать быстро»"),
        (["свет", "а" * 10_000], "…"),
        (["\x1b[31mкот"], "«\\x1b[31mкот»"),
    ],
)
def test_guess_checks_each_hint_like_a_real_one(hints: list[str], named: str) -> None:
    code, out, err = run("guess", *hints)
    assert code == 1 and out == ""
    assert err.startswith("Ошибка:") and len(err.strip().splitlines()) == 1
    assert "(R3)" in err and named in err and "\x1b" not in err
    assert len(err) < 300


def test_guess_suggests_the_nominative_once() -> None:
    _, _, err = run("guess", "кошку")
    assert err.count("кошка") == 1


def test_guess_refuses_a_repeated_hint() -> None:
    code, out, err = run("guess", "лампа", "свет", "лампы")
    assert code == 1 and out == ""
    assert "(R4)" in err and "«лампы»" in err and "«лампа»" in err


def test_guess_leaves_pass_out_of_the_chain() -> None:
    code, out, _ = run("guess", "пропускаю", "лампа", "ПРОПУСКАЮ", "--json")
    assert code == 0
    assert json.loads(out)["chain"] == ["лампа"]
    code, out, _ = run("guess", "пропускаю", "--json")
    assert code == 0 and json.loads(out)["chain"] == []
    code, out, _ = run("guess", "пропускаю")
    assert code == 0 and "Наводок нет" in out


def test_guess_gives_the_bot_the_dictionary_form() -> None:
    code, out, _ = run("guess", "  Ёлка ", "--json")
    assert code == 0 and json.loads(out)["chain"] == ["ёлка"]
