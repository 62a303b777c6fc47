"""Bot-vs-bot runs: N games between two bot sides, in parallel, reproducible whatever the jobs.

Side A (``--model-1``/``--level-1``) and side B (``--model-2``/``--level-2``) play a match
(R8): the setter alternates A, B, A, …, so in game ``i`` side A is team 1 when ``i`` is even.
Every game's randomness comes from ``(seed, game index)`` alone — the seats' generators
from ``SeedSequence(seed, spawn_key=(i,))`` and the secret from one seeded permutation of
the secrets list — so ``jobs=1`` and ``jobs=4`` play the very same games, and results are
sorted by game index before anything is counted or logged.

A game that raises is counted as an error with its message and the run goes on; a model
that cannot be loaded stops the run (it is the user's mistake, not a game's), and so does
Ctrl-C, even when the game loop caught it and recorded the game as interrupted.

>>> spec = BotSpec(model=None, level="hard")
>>> spec.label
'news_v1/hard'
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import numpy as np

from associatsiya_ai.report import game_summary, side_figures, summarise

__all__ = [
    "LEVELS",
    "BotKit",
    "BotSpec",
    "GameResult",
    "KitFactory",
    "RunResult",
    "embedding_kit",
    "game_rngs",
    "play_one",
    "run_comparison",
    "run_games",
    "secret_order",
]

LEVELS = ("easy", "normal", "hard")
_SECRETS_KEY = 0x5EC2E7
"""Extra entropy word that keeps the secrets' permutation apart from the seats' streams."""


@dataclass(frozen=True)
class BotSpec:
    """One side's bots: the embedding model and the level of its hinter and guesser.

    Attributes
    ----------
    model : str or None
        A model spec for ``load_embeddings`` (``None``: the default navec ``news_v1``).
    level : str
        ``easy``, ``normal`` or ``hard``.
    """

    model: str | None = None
    level: str = "normal"
    params: tuple[tuple[str, Any], ...] = ()
    """Extra bot keyword arguments, ``("guesser.NAME", value)`` or ``("hinter.NAME",
    value)`` (a parameter sweep); a tuple so that the spec stays hashable."""

    @property
    def label(self) -> str:
        """``model/level`` for tables and logs."""
        name = self.model if self.model is not None else "news_v1"
        return f"{os.path.basename(str(name))}/{self.level}"

    def bot_kwargs(self, role: str) -> dict[str, Any]:
        """The extra keyword arguments of the ``role`` bot (``"hinter"`` or ``"guesser"``).

        >>> BotSpec(params=(("guesser.prior", 0.5), ("hinter.top", 3))).bot_kwargs("guesser")
        {'prior': 0.5}
        """
        prefix = f"{role}."
        return {k[len(prefix) :]: v for k, v in self.params if k.startswith(prefix)}


class BotKit(Protocol):
    """What one side needs to play: a word checker, the secrets, and two bots.

    ``hinter`` and ``guesser`` have ``act(view, rng)`` (the seats of
    :mod:`associatsiya_ai.players.bot` wrap them).
    """

    checker: Any
    secrets: Sequence[str]
    hinter: Any
    guesser: Any


KitFactory = Callable[[BotSpec], BotKit]
"""Builds a side's kit; must be a module-level function so worker processes can import it."""


@dataclass
class _Kit:
    checker: Any
    secrets: Sequence[str]
    hinter: Any
    guesser: Any
    vocab: Any = None


def embedding_kit(spec: BotSpec) -> BotKit:
    """The real side: the embedding bots of ``spec.level`` over ``spec.model``.

    Raises
    ------
    ModelError
        When the model cannot be found or read.
    """
    from associatsiya_ai.vocab import load_vocabulary

    # On a warm cache the vocabulary loads without the model, which is read (through
    # load_embeddings) only when a word outside the vocabulary first needs a vector.
    vocab = load_vocabulary(model=spec.model)
    from associatsiya_ai.bots import EmbeddingGuesser, EmbeddingHinter
    from associatsiya_ai.lexicon import default_lexicon

    checker = default_lexicon()
    hinter_kwargs = {"checker": checker, **spec.bot_kwargs("hinter")}
    return _Kit(
        checker=checker,
        secrets=list(vocab.secrets),
        hinter=EmbeddingHinter(vocab, level=spec.level, **hinter_kwargs),
        guesser=EmbeddingGuesser(vocab, level=spec.level, **spec.bot_kwargs("guesser")),
        vocab=vocab,
    )


# ----------------------------------------------------------------- per-process cache
_KITS: dict[tuple[Any, BotSpec], BotKit] = {}


def _kit(factory: KitFactory, spec: BotSpec) -> BotKit:
    key = (factory, spec)
    kit = _KITS.get(key)
    if kit is None:
        kit = _KITS[key] = factory(spec)
    return kit


_SECRETS: dict[tuple[Any, tuple[BotSpec, ...]], list[str]] = {}


def _secrets(factory: KitFactory, specs: tuple[BotSpec, ...]) -> list[str]:
    """The secrets every one of ``specs``' vocabularies knows, in the first one's order."""
    key = (factory, specs)
    if key not in _SECRETS:
        first = list(_kit(factory, specs[0]).secrets)
        common = set(first)
        for spec in specs[1:]:
            common &= set(_kit(factory, spec).secrets)
        _SECRETS[key] = [w for w in first if w in common]
    return _SECRETS[key]


_ORDERS: dict[tuple[int, int], np.ndarray] = {}


def secret_order(seed: int, n_secrets: int) -> np.ndarray:
    """The seeded permutation that assigns secrets to games (game ``i`` takes entry ``i``).

    >>> secret_order(1, 5).tolist() == secret_order(1, 5).tolist()
    True
    """
    key = (seed, n_secrets)
    if key not in _ORDERS:
        rng = np.random.default_rng(np.random.SeedSequence([seed, _SECRETS_KEY]))
        _ORDERS[key] = rng.permutation(n_secrets)
    return _ORDERS[key]


def game_rngs(seed: int, index: int) -> list[np.random.Generator]:
    """Four generators for game ``index``: A's hinter, A's guesser, B's hinter, B's guesser."""
    root = np.random.SeedSequence(seed, spawn_key=(index,))
    return [np.random.default_rng(s) for s in root.spawn(4)]


# ----------------------------------------------------------------------- one game
@dataclass
class GameResult:
    """One game's outcome as the parent process needs it.

    Attributes
    ----------
    index : int
        0-based game number.
    summary : dict
        :func:`associatsiya_ai.report.game_summary` plus ``seconds``.
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
    """
    from associatsiya_ai.arena import play_game, validate_secret
    from associatsiya_ai.players.bot import BotGuesser, BotHinter
    from associatsiya_ai.rules.game import Role, Seat
    from associatsiya_ai.rules.match import Match

    kit_a, kit_b = _kit(factory, side_a), _kit(factory, side_b)
    secrets = _secrets(factory, secret_specs or (side_a, side_b))
    setter = Match().setter(index)
    sides = {"1": setter, "2": "B" if setter == "A" else "A"}
    specs = {"A": (side_a, kit_a), "B": (side_b, kit_b)}
    rngs = game_rngs(seed, index)
    seat_rng = {"A": rngs[0:2], "B": rngs[2:4]}
    seats: dict[Any, Any] = {}
    for team, side in ((1, sides["1"]), (2, sides["2"])):
        spec, kit = specs[side]
        h_rng, g_rng = seat_rng[side]
        seats[Seat(team, Role.HINTER)] = BotHinter(kit.hinter, h_rng, level=spec.level)
        seats[Seat(team, Role.GUESSER)] = BotGuesser(kit.guesser, g_rng, level=spec.level)
    meta = {
        "seed": seed,
        "sides": sides,
        "models": {"A": side_a.model or "news_v1", "B": side_b.model or "news_v1"},
        "levels": {"A": side_a.level, "B": side_b.level},
    }
    started = time.perf_counter()
    secret = None
    try:
        if not secrets:
            raise ValueError("список загадываемых слов пуст")
        order = secret_order(seed, len(secrets))
        # The permutation entry for this game; an invalid secret passes to the next entry.
        for step in range(len(secrets)):
            word = secrets[int(order[(index + step) % len(secrets)])]
            try:
                secret = validate_secret(word, kit_a.checker)
                break
            except ValueError:
                continue
        if secret is None:
            raise ValueError("в списке загадываемых слов нет ни одного подходящего")
        record = play_game(secret, seats, kit_a.checker, index=index, meta=meta)
        if record.ended_by == "interrupt":  # play_game records Ctrl-C; the run must stop
            raise KeyboardInterrupt
        data = record.to_dict()
        summary = game_summary(data)
        keep = data if keep_record else None
    except Exception as exc:  # a bug in one game must not end the run
        message = f"{type(exc).__name__}: {exc}"
        summary = {
            "index": index,
            "secret": secret,
            "termination": None,
            "winner": None,
            "error": message,
            "sides": sides,
        }
        keep = {
            **meta,
            "game": index + 1,
            "secret": secret,
            "turns": [],
            "outcome": None,
            "error": message,
            "traceback": traceback.format_exc(limit=8),
        }
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


def _one_blas_thread() -> contextlib.AbstractContextManager[Any]:
    """Limit BLAS to one thread while bots play.

    A bot's products are small (one chain against ~10⁴ nouns): a second BLAS thread saves
    little, and waking it after the Python work between two products costs a scheduler
    tick, several milliseconds, on a virtual or busy machine — that made games 2–4 times
    slower here. Parallel games use ``jobs`` instead.
    """
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # threadpoolctl is optional (it comes with scikit-learn)
        return contextlib.nullcontext()
    limits: contextlib.AbstractContextManager[Any] = threadpool_limits(1)
    return limits


def _init_worker() -> None:
    """One BLAS thread per worker: the jobs already share the cores.

    Workers ignore Ctrl-C: the terminal sends SIGINT to the whole process group, and a
    ``KeyboardInterrupt`` inside a worker's queue handling can leave a lock held and hang
    the pool. The main process handles it and stops the workers.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _one_blas_thread()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Drop the queued games and end the running ones at once (Ctrl-C, a failed side)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    # Before shutdown(), which forgets them: a worker busy with a game would finish it and
    # every game already queued for it before the interpreter could exit.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()


# ----------------------------------------------------------------------- a run
@dataclass
class RunResult:
    """A finished run: the per-game results in game order and the figures.

    Attributes
    ----------
    results : list of GameResult
        Sorted by game index.
    report : dict
        :func:`associatsiya_ai.report.summarise` plus ``sides`` (per-side figures),
        ``seed``, ``jobs``, ``elapsed_s``.
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
    results: list[GameResult] = []
    # Build the sides here first: a missing model stops the run before any game, the
    # wall time counts play only (loading is bench's load_s), and forked workers inherit
    # the loaded model instead of each loading it again.
    _secrets(factory, secret_specs)
    for spec in (side_a, side_b):
        _kit(factory, spec)
    if jobs == 1:
        started = time.perf_counter()
        with _one_blas_thread():
            for task in tasks:
                result = _run_task(task)
                results.append(result)
                if on_result is not None:
                    on_result(result)
    else:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        started = time.perf_counter()
        with ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker) as pool:
            # All tasks are submitted (and, with fork, all workers started) before the
            # caller's progress display starts its thread.
            futures: list[Future[GameResult]] = [pool.submit(_run_task, t) for t in tasks]
            try:
                for future in as_completed(futures):
                    result = future.result()
                    results.append(result)
                    if on_result is not None:
                        on_result(result)
            except BaseException:
                # Ctrl-C or a side that cannot be built: drop the queued games at once.
                _stop_workers(pool)
                raise
    elapsed = time.perf_counter() - started
    results.sort(key=lambda r: r.index)
    summaries = [r.summary for r in results]
    report = summarise(summaries, elapsed_s=elapsed)
    report["sides"] = {
        name: {
            "model": spec.model or "news_v1",
            "level": spec.level,
            **side_figures(summaries, name),
        }
        for name, spec in (("A", side_a), ("B", side_b))
    }
    report["seed"] = seed
    report["jobs"] = jobs
    report["elapsed_s"] = round(elapsed, 3)
    return RunResult(results, report)


def _same_model(a: str | None, b: str | None) -> bool:
    return (a or "news_v1") == (b or "news_v1")


def run_comparison(
    n_games: int,
    seed: int,
    side_a: BotSpec,
    side_b: BotSpec,
    *,
    jobs: int = 1,
    factory: KitFactory = embedding_kit,
    keep_records: bool = False,
    on_result: Callable[[str, GameResult], None] | None = None,
    on_run: Callable[[str], None] | None = None,
) -> tuple[dict[str, Any], dict[str, RunResult]]:
    """The bot-vs-bot report: one run, or self-play and cross-model when the models differ.

    With one model (or the same model on both sides) this is one run of side A against
    side B. With two models, three runs of ``n_games`` each with the same seed: cross-model
    (A on model 1 against B on model 2), then the self-play of each model (both sides on
    it, the levels as given), all on the secrets both models know.

    Parameters
    ----------
    on_result : callable, optional
        ``(run name, result)`` as each game ends.
    on_run : callable, optional
        ``run name`` before each run starts (its models load at its start).

    Returns
    -------
    (dict, dict of str to RunResult)
        The report — the main run's figures (:func:`run_games`), plus ``cross_model``
        (bool) and, for two models, ``self_play`` {"model_1": figures, "model_2": figures}
        — and every run by name (``main``; or ``cross``, ``self_1``, ``self_2``).
    """
    if _same_model(side_a.model, side_b.model):
        plan = {"main": (side_a, side_b)}
    else:
        plan = {
            "cross": (side_a, side_b),
            "self_1": (side_a, replace(side_b, model=side_a.model)),
            "self_2": (replace(side_a, model=side_b.model), side_b),
        }
    runs: dict[str, RunResult] = {}
    for name, (a, b) in plan.items():
        if on_run is not None:
            on_run(name)

        def hook(result: GameResult, name: str = name) -> None:
            if on_result is not None:
                on_result(name, result)

        runs[name] = run_games(
            n_games,
            seed,
            side_a=a,
            side_b=b,
            jobs=jobs,
            factory=factory,
            keep_records=keep_records,
            on_result=hook,
            secret_specs=(side_a, side_b),  # every run plays the same secrets
        )
    main = runs.get("main") or runs["cross"]
    report = dict(main.report)
    report["cross_model"] = "cross" in runs
    if "cross" in runs:
        report["self_play"] = {
            "model_1": runs["self_1"].report,
            "model_2": runs["self_2"].report,
        }
    return report, runs
