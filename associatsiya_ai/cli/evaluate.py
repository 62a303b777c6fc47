"""Command ``evaluate``: play quality against human association norms (registered on import).

The work is done by :mod:`associatsiya_ai.research.evaluate` (guesser, hinter) and
:mod:`associatsiya_ai.research.chains` (chains); this module parses options, shows
progress on stderr and prints one line or one JSON object.
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from associatsiya_ai.cli.base import app, console, err_console, fail
from associatsiya_ai.cli.bots import AsJson, Model, check_level
from associatsiya_ai.cli.help_texts import EVALUATE_HELP
from associatsiya_ai.cli.trust import TrustModelOption, trust_models

__all__ = ["EvalRole", "summary_line"]


class EvalRole(str, Enum):
    """What ``evaluate`` measures."""

    GUESSER = "guesser"
    HINTER = "hinter"
    CHAINS = "chains"


def summary_line(role: EvalRole, result: dict[str, Any], level: str) -> str:
    """The human-readable line of an ``evaluate`` result (Russian)."""
    if role is EvalRole.GUESSER:
        return (
            f"Отгадывающий на {result['n']} строках: hit@1 {result['hit@1']:.3f}, "
            f"hit@10 {result['hit@10']:.3f}, согласие с людьми (agreement) "
            f"{result['agreement']:.3f}, log-правдоподобие {result['log_likelihood']:.3f}, "
            f"ошибка калибровки {result['calibration_error']:.3f}, согласие ответов уровня "
            f"{level} {result['sampled_agreement']:.3f}, покрытие {result['coverage']:.3f}"
        )
    if role is EvalRole.HINTER:
        return (
            f"Наводящий на {result['n']} строках: attested@1 {result['attested@1']:.3f}, "
            f"p_target {result['p_target']:.3f}, успех партнёра-бота ({level}) "
            f"{result['partner_success']:.3f}, покрытие {result['coverage']:.3f}"
        )
    lines = [
        f"Цепочки человека на {result['n']} строках, отгадывающий {level}: "
        f"называет загаданное {result['target_rate']:.3f} (человек — не меньше "
        f"{result['person_floor']:.3f}, не больше {result['person_upper']:.3f}; "
        f"доля от человека {result['ratio']:.3f}), hit@1 {result['hit@1']:.3f}, "
        f"log-правдоподобие {result['log_likelihood']:.3f}, покрытие {result['coverage']:.3f}"
    ]
    for k, part in result["by_length"].items():
        lines.append(
            f"  из {k} слов ({part['n']}): {part['target_rate']:.3f} против "
            f"{part['person_floor']:.3f}–{part['person_upper']:.3f} у человека, доля "
            f"{part['ratio']:.3f}, hit@1 {part['hit@1']:.3f}"
        )
    return "\n".join(lines)


@app.command("evaluate", help=EVALUATE_HELP)
def evaluate_command(
    role: Annotated[
        EvalRole,
        typer.Argument(
            help="guesser (отгадывающий), hinter (наводящий) или chains (цепочки человека)."
        ),
    ],
    file: Annotated[Path, typer.Argument(help="Файл норм (JSONL), см. shared/eval/README.md.")],
    as_json: AsJson = False,
    level: Annotated[
        str,
        typer.Option(
            "--level",
            help="Уровень, чей случайный выбор измеряется (sampled_agreement, "
            "partner_success, target_rate); лучший ответ и лучшая наводка — как на уровне hard.",
        ),
    ] = "normal",
    model: Model = None,
    trust_model: TrustModelOption = False,
) -> None:
    """The ``evaluate`` command (its help text is :data:`EVALUATE_HELP`)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from associatsiya_ai.research import chains, evaluate

    check_level(level)
    trust_models(trust_model, model)
    run = {
        EvalRole.GUESSER: evaluate.evaluate_guesser,
        EvalRole.HINTER: evaluate.evaluate_hinter,
        EvalRole.CHAINS: chains.evaluate_chains,
    }[role]
    try:
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=err_console,
            transient=True,
            disable=not err_console.is_terminal,  # no stray blank line before an error
        ) as bar:
            task = bar.add_task(f"evaluate {role.value}", total=None)

            def step(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            result = run(file, model, level=level, progress=step)
    except evaluate.EvaluationError as exc:
        raise fail(str(exc)) from None
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return
    console.print(summary_line(role, result, level), highlight=False)
