"""Command ``bot-vs-bot`` for researchers: an evaluation run (``bench`` is in :mod:`.speed`).

Registered on :data:`associatsiya_ai.cli.base.app` on import. The work is done by
:mod:`associatsiya_ai.research.botvbot`, :mod:`associatsiya_ai.research.compare` and
:mod:`associatsiya_ai.research.bench`; this module parses options, shows progress on
stderr, and prints a table or one JSON object on stdout.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from associatsiya_ai.cli.base import (
    DEFAULT_LEVEL_CHOICE,
    AdultOption,
    LevelChoice,
    app,
    console,
    err_console,
    fail,
    open_log,
)
from associatsiya_ai.cli.help_texts import BOT_VS_BOT_HELP
from associatsiya_ai.cli.trust import TrustModelOption, trust_models
from associatsiya_ai.rules.words import plural
from associatsiya_ai.terminal.errors import os_error_text
from associatsiya_ai.terminal.texts import model_error_text
from associatsiya_ai.vectors.registry import DEFAULT_MODEL

if TYPE_CHECKING:
    from associatsiya_ai.research.botvbot import GameResult


MAX_GAMES = 100_000
"""The most games of one ``bot-vs-bot`` run: each is a task made before the first starts
and kept until it ends, so a count of hundreds of digits would fill the memory (a hundred
thousand games take about ten minutes on a 2-core machine)."""


def _at_most_max_games(games: int) -> int:
    """``--games`` within :data:`MAX_GAMES` (a range shown in ``--help`` would narrow every
    option's text)."""
    if games > MAX_GAMES:
        raise typer.BadParameter(f"нужно не больше {MAX_GAMES}")
    return games


_RUN_TITLES = {
    "main": "игры",
    "cross": "модель 1 против модели 2",
    "self_1": "модель 1 сама с собой",
    "self_2": "модель 2 сама с собой",
}


def progress_bar() -> Progress:
    """A progress bar on stderr for a long research run (off when stderr is no terminal)."""
    # No refresh thread (auto_refresh=False): worker processes are forked while it runs.
    # Off when stderr is no terminal: a stopped bar still prints an empty line there.
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        auto_refresh=False,
        disable=not err_console.is_terminal,
    )


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _ci(ci: list[float]) -> str:
    return f"[{100 * ci[0]:.1f}; {100 * ci[1]:.1f}]"


def _print_report(report: dict[str, Any], title: str) -> None:
    table = Table(title=title, title_justify="left")
    table.add_column("показатель / figure", no_wrap=True)
    table.add_column("значение", justify="right", no_wrap=True)
    table.add_column("95% ДИ, %", justify="right", no_wrap=True)
    n = report["n"]
    table.add_row("игр (завершено) / games", f"{report['games']} ({n})", "")
    table.add_row(
        "победы команды 1 / team 1 wins",
        f"{report['wins_team1']} ({_pct(report['win_share_team1'])})",
        _ci(report["wins_team1_ci"]),
    )
    table.add_row(
        "победы команды 2 / team 2 wins",
        f"{report['wins_team2']} ({_pct(report['win_share_team2'])})",
        _ci(report["wins_team2_ci"]),
    )
    table.add_row(
        "ничьи / draws",
        f"{report['draws']} ({_pct(report['draw_share'])})",
        _ci(report["draws_ci"]),
    )
    table.add_row(
        "первый ход побеждает / first mover",
        _pct(report["first_mover_win_share"]),
        _ci(report["first_mover_win_share_ci"]),
    )
    mean = report["mean_turns_to_solve"]
    table.add_row("ходов до отгадки / turns to solve", "—" if mean is None else f"{mean:.2f}", "")
    curve = report["solved_by_turn"]
    for k in (1, 2, 4, 6, 12):
        table.add_row(f"отгадано к ходу {k} / solved by turn {k}", _pct(curve[k - 1]), "")
    modes = report["chain_modes"]
    table.add_row(
        "цепочки / chain modes single·own·all", "·".join(str(modes[m]) for m in modes), ""
    )
    table.add_row(
        "пропуски / passes (З·О)", f"{report['hinter_passes']}·{report['guesser_passes']}", ""
    )
    table.add_row("созвучия / fouls", str(report["fouls"]), "")
    table.add_row("недопустимые ходы / illegal moves", str(report["illegal_moves"]), "")
    table.add_row("ошибки / errors", str(report["errors"]), "")
    gps = report["games_per_s"]
    table.add_row("игр в секунду / games per s", "—" if gps is None else f"{gps:.1f}", "")
    console.print(table)
    sides = Table(
        title="стороны / sides (R8: загадывают по очереди / the setter alternates)",
        title_justify="left",
    )
    sides.caption = "В·Н·П: победы·ничьи·поражения / wins·draws·losses"
    for column in ("сторона", "модель", "уровень", "В·Н·П", "созвучий"):
        sides.add_column(column, no_wrap=True, min_width=12 if column == "модель" else None)
    sides.add_column("доля побед, 95% ДИ", justify="right", no_wrap=True)
    for name, s in report["sides"].items():
        sides.add_row(
            name,
            escape(str(s["model"])),
            s["level"],
            f"{s['wins']}·{s['draws']}·{s['losses']}",
            str(s["fouls"]),
            f"{_pct(s['win_share'])} {_ci(s['win_share_ci'])}",
        )
    console.print(sides)
    for message in report["error_messages"]:
        err_console.print(f"[red]ошибка в игре:[/red] {escape(message)}", highlight=False)


def _capped_jobs(jobs: int) -> int:
    """``--jobs`` no larger than the CPUs this process may use, with a warning line."""
    from associatsiya_ai.research import pool

    cpus = pool.usable_cpus()
    if jobs <= cpus:
        return jobs
    workers = plural(cpus, "рабочий процесс", "рабочих процесса", "рабочих процессов")
    err_console.print(
        f"[yellow]Внимание:[/yellow] --jobs {jobs}, а доступно процессоров: {cpus}; запускаю "
        f"{workers} (лишние процессы только замедляют игры и занимают память).",
        highlight=False,
    )
    return cpus


@app.command("bot-vs-bot", help=BOT_VS_BOT_HELP)
def bot_vs_bot(
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            callback=_at_most_max_games,
            help=f"Число игр (не больше {MAX_GAMES}).",
        ),
    ] = 100,
    seed: Annotated[
        int, typer.Option(min=0, help="Зерно (seed): с тем же зерном — те же игры.")
    ] = 0,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Число рабочих процессов, не больше числа процессоров (на результат не влияет).",
        ),
    ] = 1,
    level_1: Annotated[
        LevelChoice, typer.Option("--level-1", help="Уровень ботов стороны 1.")
    ] = DEFAULT_LEVEL_CHOICE,
    level_2: Annotated[
        LevelChoice | None,
        typer.Option("--level-2", help="Уровень ботов стороны 2 (по умолчанию — как у стороны 1)."),
    ] = None,
    model_1: Annotated[
        str | None,
        typer.Option("--model-1", help=f"Эмбеддинги стороны 1 (по умолчанию {DEFAULT_MODEL})."),
    ] = None,
    model_2: Annotated[
        str | None,
        typer.Option(
            "--model-2",
            help="Эмбеддинги стороны 2 (по умолчанию — как у стороны 1). С другой моделью к "
            "игре моделей друг против друга добавляется игра каждой модели сама с собой.",
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Вывести один объект JSON.")] = False,
    log: Annotated[
        Path | None, typer.Option("--log", help="Дописывать в журнал JSONL по записи на игру.")
    ] = None,
    adult: AdultOption = False,
    trust_model: TrustModelOption = False,
) -> None:
    """The ``bot-vs-bot`` command (its help text is :data:`BOT_VS_BOT_HELP`)."""
    from associatsiya_ai.research import botvbot, compare
    from associatsiya_ai.vectors.registry import ModelError

    trust_models(trust_model, model_1, model_2)
    jobs = _capped_jobs(jobs)
    side_a = botvbot.BotSpec(model=model_1, level=level_1.value, adult=adult)
    side_b = botvbot.BotSpec(
        model=model_2 if model_2 is not None else model_1,
        level=(level_2 or level_1).value,
        adult=adult,
    )
    game_log = None if log is None else open_log(log)
    pending: dict[int, dict[str, Any]] = {}
    written = {"next": 0}
    log_failed: list[OSError] = []  # a full disk: said once after the run, exit code 1

    progress = progress_bar()
    tasks: dict[str, Any] = {}

    def on_run(name: str) -> None:
        written["next"] = 0
        pending.clear()
        tasks[name] = progress.add_task(_RUN_TITLES.get(name, name), total=games)
        progress.refresh()

    def on_result(name: str, result: GameResult) -> None:
        progress.update(tasks[name], advance=1, refresh=True)
        if game_log is not None and result.record is not None and not log_failed:
            # Keep the log in game order although games finish in any order.
            pending[result.index] = {"run": name, **result.record}
            while written["next"] in pending:
                try:
                    game_log.write(pending.pop(written["next"]))
                except OSError as exc:
                    log_failed.append(exc)
                    pending.clear()
                    break
                written["next"] += 1

    try:
        with progress:
            report, _ = compare.run_comparison(
                games,
                seed,
                side_a,
                side_b,
                jobs=jobs,
                factory=botvbot.embedding_kit,  # looked up now: tests swap in a fake
                keep_records=game_log is not None,
                on_result=on_result,
                on_run=on_run,
            )
    except ModelError as exc:
        raise fail(model_error_text(exc)) from None
    finally:
        if game_log is not None:
            game_log.close()
    if log_failed:
        where = f"{log}: {os_error_text(log_failed[0])}"
        raise fail(f"не удалось записать журнал {where}; записано игр: {written['next']}")
    if json_out:
        typer.echo(json.dumps(report, ensure_ascii=False))
        return
    main_title = (
        "модель 1 против модели 2 / cross-model"
        if report["cross_model"]
        else "бот против бота / bot vs bot"
    )
    _print_report(report, f"{main_title}: {plural(games, 'игра', 'игры', 'игр')}, seed {seed}")
    for key, title in (("model_1", "модель 1 / model 1"), ("model_2", "модель 2 / model 2")):
        if "self_play" in report:
            _print_report(report["self_play"][key], f"{title}: сама с собой / self-play")
    if log is not None:
        err_console.print(f"Журнал игр: {escape(str(log))}", highlight=False)
