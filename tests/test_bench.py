"""bench: the figures' keys and units on a tiny real run, the gensim baseline, the CLI."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from associatsiya_ai.cli import app
from associatsiya_ai.research import bench as bench_module
from associatsiya_ai.research.bench import (
    TARGETS,
    bench,
    bench_steps,
    gensim_baseline,
    met_targets,
    time_calls,
    time_pairs,
)
from associatsiya_ai.research.timing import time_blocks

FIGURES = (
    "load_s",
    "guess_ms",
    "hint_ms",
    "games_per_s",
    "peak_rss_mb",
    "gensim_most_similar_ms",
    "guess_ratio",
    "guess_ms_blocks",
    "gensim_ms_blocks",
    "guess_ratio_blocks",
)
UNTARGETED = ("gensim_most_similar_ms", "guess_ratio", "gensim_ms_blocks", "guess_ratio_blocks")
"""Figures with no target of their own (the guesser's targets are relative to gensim)."""


def test_gensim_baseline_on_a_tiny_matrix() -> None:
    words = ["кошка", "кот", "собака", "стол"]
    matrix = np.array([[1, 0, 0], [0.9, 0.1, 0], [0.5, 0.5, 0], [0, 0, 1]], dtype=np.float32)
    kv = gensim_baseline(words, matrix)
    assert [w for w, _ in kv.most_similar("кошка", topn=2)] == ["кот", "собака"]
    assert time_calls(lambda w: kv.most_similar(w, topn=1), words[:2])[0] >= 0.0


def test_pairs_alternate_which_call_goes_first() -> None:
    calls: list[str] = []
    first, second = time_pairs(
        lambda a: calls.append(f"a{a}"),
        lambda b: calls.append(f"b{b}"),
        [(1, 1), (2, 2), (3, 3)],
        warmup=1,
        before=lambda: calls.append("-"),
    )
    warm = ["a1", "b1", "a2", "b2", "a3", "b3"]
    assert calls == [*warm, "-", "a1", "b1", "b2", "-", "a2", "-", "a3", "b3"]
    assert len(first) == len(second) == 3
    assert min(first + second) >= 0.0


def test_blocks_run_each_call_back_to_back_alternating_which_block_first() -> None:
    """Round 1: every first call, then every second; round 2 the other way round. Each
    round's figures are its blocks' medians and their ratio."""
    calls: list[str] = []

    def call(name: str) -> int:
        calls.append(name)
        return sum(range(1000))  # some work: a time above the clock's resolution

    firsts, seconds, ratios = time_blocks(
        lambda a: call(f"a{a}"),
        lambda b: call(f"b{b}"),
        [(1, 1), (2, 2)],
        rounds=2,
        before=lambda: calls.append("-"),
    )
    round1 = ["-", "a1", "-", "a2", "b1", "b2"]
    round2 = ["b1", "b2", "-", "a1", "-", "a2"]
    assert calls == round1 + round2
    assert len(firsts) == len(seconds) == len(ratios) == 2
    assert all(r == f / s for f, s, r in zip(firsts, seconds, ratios, strict=True))


def test_target_verdicts() -> None:
    fig = {
        "load_s": 0.5,
        "guess_ms": 2.0,
        "gensim_most_similar_ms": 1.0,
        "guess_ms_blocks": 1.1,
        "gensim_ms_blocks": 1.0,
        "hint_ms": 6.0,
        "games_per_s": 125.0,
        "peak_rss_mb": None,
    }
    assert met_targets(fig) == {
        "load_s": True,
        "guess_ms": False,
        "guess_ms_blocks": True,
        "hint_ms": False,
        "games_per_s": True,
        "peak_rss_mb": None,
    }
    assert set(TARGETS) == set(FIGURES) - set(UNTARGETED)


@pytest.fixture(scope="module")
def tiny_bench() -> dict[str, Any]:
    """One real bench on the default model: 1 repetition, a few samples and games."""
    steps: list[str] = []
    figures = bench(1, samples=4, games=2, on_step=steps.append)
    figures["_steps"] = steps
    return figures


def test_bench_figures_on_the_real_model(tiny_bench: dict[str, Any]) -> None:
    fig = tiny_bench
    for key in (*FIGURES, "model", "vocab_size"):
        assert key in fig, key
    for key in FIGURES:
        assert isinstance(fig[key], float) and fig[key] > 0, (key, fig[key])
    assert isinstance(fig["model"], str) and fig["model"]
    assert fig["vocab_size"] > 1000
    assert 30 < fig["peak_rss_mb"] < 4000  # MB, not KB
    # the ratios are of the figures reported beside them (rounded to 3 digits)
    assert fig["guess_ratio"] == pytest.approx(
        fig["guess_ms"] / fig["gensim_most_similar_ms"], 0.01
    )
    assert fig["samples"]["block_rounds"] == 1 and fig["samples"]["block_calls"] > 0
    assert fig["guess_ratio_blocks"] == pytest.approx(
        fig["guess_ms_blocks"] / fig["gensim_ms_blocks"], 0.01
    )
    assert fig["load_s"] < 60
    assert set(fig["target_met"]) == set(TARGETS)
    assert len(fig["_steps"]) == bench_steps(1)
    json.dumps({k: v for k, v in fig.items() if k != "_steps"})


def test_bench_cli(monkeypatch, tiny_bench: dict[str, Any]) -> None:
    figures = {k: v for k, v in tiny_bench.items() if k != "_steps"}

    def fake_bench(repeat: int, **kw: Any) -> dict[str, Any]:
        for _ in range(bench_steps(repeat)):
            kw["on_step"]("step")
        return figures

    monkeypatch.setattr(bench_module, "bench", fake_bench)
    result = CliRunner().invoke(app, ["bench", "--json", "--repeat", "2"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == figures
    table = CliRunner().invoke(app, ["bench"])
    assert table.exit_code == 0, table.output
    assert "gensim_most_similar_ms" in table.stdout and "load_s" in table.stdout
    assert "guess_ratio_blocks" in table.stdout and "gensim_ms_blocks" in table.stdout


def test_bench_cli_bad_model() -> None:
    result = CliRunner().invoke(app, ["bench", "--model", "/nonexistent/model.bin"])
    assert result.exit_code == 1
    assert "/nonexistent/model.bin" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
