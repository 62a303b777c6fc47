"""Bot-vs-bot runs: N games between two bot sides, in parallel, reproducible whatever the jobs.

Side A (``--model-1``/``--level-1``) and side B (``--model-2``/``--level-2``) play a match
(R8): the setter alternates A, B, A, …, so in game ``i`` side A is team 1 when ``i`` is even.
Every game is played by :func:`associatsiya_ai.arena.loop.play_game` with the randomness of
:mod:`associatsiya_ai.research.seeding`, so ``jobs=1`` and ``jobs=4`` play the very same
games; results are sorted by game index before anything is counted or logged.

A game that raises (a bot's illegal move included) is counted as an error with its message
and the run goes on; a model that cannot be loaded stops the run (it is the user's
mistake, not a game's), and so does Ctrl-C, even when the game loop caught it.

The sides (:class:`BotSpec`, the kit factory) are in :mod:`associatsiya_ai.research.sides`;
the comparison of two models (cross-model and self-play runs) in
:mod:`associatsiya_ai.research.compare`.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from associatsiya_ai.arena.loop import play_game
from associatsiya_ai.arena.secrets import secret_at
from associatsiya_ai.arena.series import match_seats
from associatsiya_ai.kit import model_label
from associatsiya_ai.players.bot import BotGuesser, BotHinter
from associatsiya_ai.research.pool import run_tasks
from associatsiya_ai.research.report import game_summary, side_figures, summarise
from associatsiya_ai.research.seeding import game_rngs, secret_order
from associatsiya_ai.research.sides import BotSpec, KitFactory, embedding_kit, kit_for, secrets_for
from associatsiya_ai.rules.match import Match, Side

__all__ = [
    "BotSpec",
    "GameResult",
    "RunResult",
    "embedding_kit",
    "play_one",
    "run_games",
]


_SIDES: tuple[Side, Side] = ("A", "B")


# ----------------------------------------------------------------------- one game
@dataclass
class GameResult:
    """One game's outcome as the parent process needs it.

    Attributes
    ----------
    index : int
        0-based game number.
    summary : dict
        :func:`associatsiya_ai.research.report.game_summary` plus ``seconds``.
    record : dict or None
        The full JSON-ready game record (only when a log was asked for, or on error).
    """

    index: int
    summary: dict[str, Any]
    record: dict[str, Any] | None = None


@dataclass(frozen=True)
class _Task:
    index: int
    seed: int
    side_a: BotSpec
    side_b: BotSpec
    factory: KitFactory
    keep_record: bool
    secret_specs: tuple[BotSpec, ...]


def play_one(
    index: int,
    seed: int,
    side_a: BotSpec,
    side_b: BotSpec,
    *,
    factory: KitFactory = embedding_kit,
    keep_record: bool = False,
    secret_specs: tuple[BotSpec, ...] = (),
) -> GameResult:
    """Play game ``index`` of a run; an exception inside the game becomes an error result.

    The secret comes from the secrets that the vocabularies of ``secret_specs`` (default:
    both sides) all know.

    Raises
    ------
    Exception
        Whatever the factory raises when a side cannot be built (a missing model).
    KeyboardInterrupt
        Ctrl-C, even when the game loop recorded it.
    """
    kits = {"A": kit_for(factory, side_a), "B": kit_for(factory, side_b)}
    specs = {"A": side_a, "B": side_b}
    secrets = secrets_for(factory, secret_specs or (side_a, side_b))
    setter: Side = Match().setter(index)
    rngs = game_rngs(seed, index)
    same = model_label(side_a.model) == model_label(side_b.model)  # one model: one curse
    pairs: dict[Side, tuple[BotHinter, BotGuesser]] = {
        side: (
            BotHinter(kits[side].hinter, rngs[2 * k], level=specs[side].level),
            BotGuesser(
                kits[side].guesser_for(partner_is_bot=True, opponents_are_bots=same),
                rngs[2 * k + 1],
                level=specs[side].level,
            ),
        )
        for k, side in enumerate(_SIDES)
    }
    seats = match_seats(setter, pairs)
    sides = {"1": setter, "2": "B" if setter == "A" else "A"}
    meta = {
        "seed": seed,
        "sides": sides,
        "models": {"A": model_label(side_a.model), "B": model_label(side_b.model)},
        "levels": {"A": side_a.level, "B": side_b.level},
    }
    started = time.perf_counter()
    secret = None
    try:
        secret = secret_at(secrets, secret_order(seed, len(secrets)), index, kits["A"].checker)
        record = play_game(secret, seats, kits["A"].checker, index=index, meta=meta)
        if record.ended_by == "interrupt":  # play_game records Ctrl-C; the run must stop
            raise KeyboardInterrupt
        data = record.to_dict()
        summary = game_summary(data)
        keep = data if keep_record else None
    except Exception as exc:  # a bug in one game must not end the run
        message = f"{type(exc).__name__}: {exc}"
        summary = {"secret": secret, "termination": None, "winner": None, "error": message}
        summary["sides"] = sides
        keep = {**meta, "game": index + 1, "secret": secret, "turns": [], "outcome": None}
        keep.update(error=message, traceback=traceback.format_exc(limit=8))
    summary["index"] = index
    summary["seconds"] = round(time.perf_counter() - started, 4)
    return GameResult(index, summary, keep)


def _run_task(task: _Task) -> GameResult:
    return play_one(
        task.index,
        task.seed,
        task.side_a,
        task.side_b,
        factory=task.factory,
        keep_record=task.keep_record,
        secret_specs=task.secret_specs,
    )


# ----------------------------------------------------------------------- a run
@dataclass
class RunResult:
    """A finished run: the per-game results in game order and the figures.

    Attributes
    ----------
    results : list of GameResult
        Sorted by game index.
    report : dict
        :func:`associatsiya_ai.research.report.summarise` plus ``sides`` (per-side
        figures), ``seed``, ``jobs``, ``elapsed_s``.
    """

    results: list[GameResult]
    report: dict[str, Any] = field(default_factory=dict)


def run_games(
    n_games: int,
    seed: int,
    *,
    side_a: BotSpec | None = None,
    side_b: BotSpec | None = None,
    jobs: int = 1,
    factory: KitFactory = embedding_kit,
    keep_records: bool = False,
    on_result: Callable[[GameResult], None] | None = None,
    secret_specs: tuple[BotSpec, ...] = (),
) -> RunResult:
    """Play ``n_games`` bot-only games and summarise them.

    Parameters
    ----------
    n_games : int
        Number of games (≥ 0).
    seed : int
        The run's seed; game ``i`` depends only on ``(seed, i)``.
    side_a, side_b : BotSpec, optional
        The two sides (default: the default model at level normal).
    jobs : int
        Worker processes; 1 plays in this process.
    factory : callable
        Builds a side's kit (:func:`embedding_kit`; tests pass a fake). With ``jobs > 1``
        it must be importable by the workers (a module-level function).
    keep_records : bool
        Keep every game's full record (for ``--log``).
    on_result : callable, optional
        Called in this process as each game finishes (in completion order): progress.
    secret_specs : tuple of BotSpec
        Draw secrets from what all these sides' vocabularies know (default: the two
        sides); a comparison passes the same specs to every run so they share secrets.

    Returns
    -------
    RunResult

    Raises
    ------
    ValueError
        When ``n_games`` is negative.
    Exception
        What the factory raises when a side cannot be built (e.g. ``ModelError``).
    """
    side_a = side_a or BotSpec()
    side_b = side_b or side_a
    if n_games < 0:
        raise ValueError("число игр не может быть отрицательным")
    jobs = max(1, min(jobs, n_games or 1))
    secret_specs = secret_specs or (side_a, side_b)
    tasks = [
        _Task(i, seed, side_a, side_b, factory, keep_records, secret_specs) for i in range(n_games)
    ]
    # Build the sides here first: a missing model stops the run before any game, the
    # wall time counts play only (loading is bench's load_s), and forked workers inherit
    # the loaded model instead of each loading it again.
    secrets_for(factory, secret_specs)
    for spec in (side_a, side_b):
        kit_for(factory, spec)
    started = time.perf_counter()
    results = run_tasks(_run_task, tasks, jobs, on_result)
    elapsed = time.perf_counter() - started
    results.sort(key=lambda r: r.index)
    summaries = [r.summary for r in results]
    report = summarise(summaries, elapsed_s=elapsed)
    report["sides"] = {
        name: {"model": model_label(spec.model), "level": spec.level}
        | side_figures(summaries, name)
        for name, spec in (("A", side_a), ("B", side_b))
    }
    report.update(seed=seed, jobs=jobs, elapsed_s=round(elapsed, 3))
    return RunResult(results, report)
