"""Speed and memory figures (DESIGN.md, "Measuring speed"): what the bench reports.

Every figure is a median over repeated runs on the default model (the in-process timings
after one untimed warm-up pass over the same calls):

- ``load_s``: model + vocabulary + bots + lexicon ready, on a warm cache, timed inside a
  fresh subprocess each repetition (so nothing already in this process's memory helps);
  one unmeasured subprocess first makes sure the on-disk vocabulary cache is warm;
- ``guess_ms``: one guesser decision on a one-word chain (a fresh game's first turn);
- ``hint_ms``: one full hinter decision (every candidate and chain mode) mid-game: on
  turn 5, after four turns that nobody guessed;
- ``games_per_s``: bot-vs-bot throughput in one process;
- ``peak_rss_mb``: ``ru_maxrss`` of a fresh process that loads and plays one game;
- ``gensim_most_similar_ms``: gensim ``KeyedVectors.most_similar`` (top 10) over the very
  same noun vectors as the vocabulary — the baseline a user would write.

``guess_ms`` and ``gensim_most_similar_ms`` are timed in pairs
(:func:`.timing.time_pairs`): each sample is one guesser decision and one ``most_similar``
of the same word, which goes first alternating, so both see the same machine state;
``guess_ratio`` is the ratio of their medians. Both read a 14 MB matrix, about half the
32 MB L3 cache this machine shares with other tenants, so a call's time depends on whether
the matrix is still cached. Timed as two separate blocks, the gensim block (60 calls on one
matrix, back to back) kept its matrix cached in some runs and not in others: on one idle
machine its median ran from 0.5 to 1.6 ms between runs, and the ratio of the two figures
from 0.9 to 2.3. Timed in pairs, the ratio stayed within 1.13–1.26 over twelve runs.

The blocks are reported too, as a user timing either alone would see them
(:func:`.timing.time_blocks`): in each of ``repeat`` rounds, every guesser decision in a
row, then every ``most_similar`` in a row (the order alternating between rounds):
``guess_ms_blocks`` and ``gensim_ms_blocks`` are the medians over rounds of each block's
median, ``guess_ratio_blocks`` the median of the rounds' ratios.

``load_s`` and ``peak_rss_mb`` are measured in :mod:`associatsiya_ai.research.fresh`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from associatsiya_ai.research.fresh import run_fresh
from associatsiya_ai.research.pool import blas_threads as numpy_blas_threads
from associatsiya_ai.research.positions import guesser_view, midgame_views
from associatsiya_ai.research.targets import GOALS, TARGETS, Target, met_targets
from associatsiya_ai.research.timing import median, ratio, time_blocks, time_calls, time_pairs

__all__ = [
    "GOALS",
    "TARGETS",
    "Target",
    "bench",
    "bench_steps",
    "gensim_baseline",
    "met_targets",
    "time_calls",
    "time_pairs",
]


def compiled_pass() -> bool:
    """Whether the human-response model's compiled pass was built (else numpy runs it)."""
    from associatsiya_ai.bots.people.alone import COMPILED

    return COMPILED


def _load_average() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):  # not on every platform
        return None


# ----------------------------------------------------------------- in this process
def gensim_baseline(words: Sequence[str], matrix: np.ndarray) -> Any:
    """A gensim ``KeyedVectors`` over the vocabulary's words and vectors, norms filled.

    Parameters
    ----------
    words : sequence of str
        The vocabulary, shape (n_words,).
    matrix : numpy.ndarray
        Shape (n_words, dim), float32.
    """
    from gensim.models import KeyedVectors

    kv = KeyedVectors(vector_size=int(matrix.shape[1]), count=0, dtype=np.float32)
    kv.add_vectors(list(words), np.asarray(matrix, dtype=np.float32))
    kv.fill_norms()
    return kv


def bench(
    repeat: int = 5,
    *,
    model: str | None = None,
    samples: int = 60,
    games: int = 20,
    seed: int = 0,
    blas_threads: int | None = None,
    on_step: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Measure every figure of DESIGN.md "Measuring speed".

    Parameters
    ----------
    repeat : int
        Fresh subprocesses for ``load_s``/``peak_rss_mb`` and bot-vs-bot runs for
        ``games_per_s`` (each figure is the median over them).
    model : str, optional
        A model name or file (default: the default model).
    samples : int
        Decisions timed for ``guess_ms``, ``hint_ms`` and ``gensim_most_similar_ms`` (and in
        each block of ``guess_ms_blocks`` and ``gensim_ms_blocks``, ``repeat`` rounds).
    games : int
        Games in each bot-vs-bot run.
    seed : int
        Chooses the secrets and hints timed.
    blas_threads : int, optional
        Limit BLAS threads, here and in the subprocesses (default: as configured, which
        is what a user gets). Bot-vs-bot play always uses one (see ``botvbot``).
    on_step : callable, optional
        Called with a short description before each step (progress).

    Returns
    -------
    dict
        ``model``, ``vocab_size``, ``load_s``, ``guess_ms``, ``hint_ms``, ``games_per_s``,
        ``peak_rss_mb``, ``gensim_most_similar_ms`` (medians), ``guess_ratio`` (of the
        paired medians), ``guess_ms_blocks``, ``gensim_ms_blocks``, ``guess_ratio_blocks``
        (timed in blocks), ``repeat``, ``samples``,
        ``games_per_run``, ``compiled_pass`` (whether the human-response model's compiled pass
        was built), ``blas_threads``, ``load_average`` (1-minute, at the start and
        the end), ``cpus``, ``targets`` and ``target_met`` (per figure: True, False or
        None).

    Raises
    ------
    ModelError
        When the model cannot be loaded.
    RuntimeError
        When a measuring subprocess fails.
    """
    if blas_threads is not None:
        from threadpoolctl import threadpool_limits

        with threadpool_limits(blas_threads):
            return _bench(repeat, model, samples, games, seed, blas_threads, on_step)
    return _bench(repeat, model, samples, games, seed, blas_threads, on_step)


def _bench(
    repeat: int,
    model: str | None,
    samples: int,
    games: int,
    seed: int,
    blas_threads: int | None,
    on_step: Callable[[str], None] | None,
) -> dict[str, Any]:
    from associatsiya_ai.research.botvbot import BotSpec, embedding_kit, run_games

    def step(text: str) -> None:
        if on_step is not None:
            on_step(text)

    repeat = max(1, repeat)
    spec = BotSpec(model=model)
    load_before = _load_average()
    step("загрузка модели / loading the model")
    kit: Any = embedding_kit(spec)  # also builds the on-disk vocabulary cache if missing
    kit.checker.analyse("кошка")
    rng = np.random.default_rng(seed)
    secrets = list(kit.secrets)
    order = [secrets[int(i)] for i in rng.permutation(len(secrets))]
    hints = order[:samples]

    step("load_s, peak_rss_mb: новые процессы / fresh processes")
    run_fresh(model, blas_threads)  # warm the disk caches; not counted
    children = []
    for _ in range(repeat):
        children.append(run_fresh(model, blas_threads))
        step("load_s, peak_rss_mb: новые процессы / fresh processes")

    step("games_per_s")
    run_games(2, seed, side_a=spec, jobs=1)  # warm-up, not counted
    rates = []
    for r in range(repeat):
        run = run_games(games, seed + r, side_a=spec, jobs=1)
        rates.append(float(run.report["games_per_s"] or 0.0))
        step("games_per_s")

    step("hint_ms")
    hint_views = midgame_views(kit, order[samples:] or order, samples, seed)
    hint_rng = np.random.default_rng(seed)
    hint_times = time_calls(
        lambda v: kit.hinter.act(v, hint_rng), hint_views, warmup=1, before=kit.hinter.forget
    )

    # gensim's index is built after the bots' other timings, so it cannot disturb them.
    step("gensim_most_similar_ms: индекс / the index")
    vocab = kit.vocab
    kv = gensim_baseline(vocab.words, vocab.matrix)
    pairs = [(guesser_view(h), h) for h in hints if h in kv.key_to_index]

    step("guess_ms, gensim_most_similar_ms: в парах / in pairs")
    guess_rng = np.random.default_rng(seed)
    guess_times, gensim_times = time_pairs(
        lambda v: kit.guesser.act(v, guess_rng),
        lambda w: kv.most_similar(w, topn=10),
        pairs,
        warmup=1,
        before=kit.guesser.people.forget,
    )
    step("guess_ms_blocks, gensim_ms_blocks: блоками / in blocks")
    guess_blocks, gensim_blocks, block_ratios = time_blocks(
        lambda v: kit.guesser.act(v, guess_rng),
        lambda w: kv.most_similar(w, topn=10),
        pairs,
        rounds=repeat,
        before=kit.guesser.people.forget,
    )

    figures: dict[str, Any] = {
        "model": children[0].get("model") or spec.label,
        "vocab_size": len(vocab.words),
        "load_s": median([c["load_s"] for c in children]),
        "guess_ms": median(guess_times),
        "hint_ms": median(hint_times),
        "games_per_s": median(rates, 2),
        "peak_rss_mb": median([c["peak_rss_mb"] for c in children], 1),
        "gensim_most_similar_ms": median(gensim_times),
        "guess_ratio": ratio(median(guess_times, 6), median(gensim_times, 6)),
        "guess_ms_blocks": median(guess_blocks),
        "gensim_ms_blocks": median(gensim_blocks),
        "guess_ratio_blocks": median(block_ratios),
        "repeat": repeat,
        "samples": {
            "guess": len(guess_times),
            "hint": len(hint_times),
            "gensim": len(gensim_times),
            "block_rounds": len(block_ratios),
            "block_calls": len(pairs),
        },
        "games_per_run": games,
        "compiled_pass": compiled_pass(),
        "blas_threads": numpy_blas_threads(),
        # Other processes on the machine skew the timings: the 1-minute load average at
        # the start and the end of the run, beside the CPU count.
        "load_average": [load_before, _load_average()],
        "cpus": os.cpu_count(),
    }
    figures["targets"] = dict(TARGETS)
    figures["target_met"] = met_targets(figures)
    return figures


def bench_steps(repeat: int) -> int:
    """The number of ``on_step`` calls :func:`bench` makes for ``repeat`` (progress total)."""
    return 7 + 2 * max(1, repeat)
