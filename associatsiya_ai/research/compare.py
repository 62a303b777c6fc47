"""The bot-vs-bot report: one run, or cross-model and self-play runs when the models differ.

:func:`run_comparison` plays the runs that the ``bot-vs-bot`` command asks for (each
one :func:`associatsiya_ai.research.botvbot.run_games`), all with the same seed and on the
same secrets, and puts their figures in one report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from associatsiya_ai.kit import model_label
from associatsiya_ai.research.botvbot import GameResult, RunResult, run_games
from associatsiya_ai.research.sides import BotSpec, KitFactory, embedding_kit

__all__ = ["run_comparison"]


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
    if model_label(side_a.model) == model_label(side_b.model):
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
        report["self_play"] = {"model_1": runs["self_1"].report, "model_2": runs["self_2"].report}
    return report, runs
