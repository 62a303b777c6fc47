"""Command ``bench`` for researchers: speed and memory figures (medians), beside gensim.

The work is done by :mod:`associatsiya_ai.research.bench`; this module parses options,
shows progress on stderr, and prints a table or one JSON object on stdout.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from associatsiya_ai.cli.base import app, console, fail
from associatsiya_ai.cli.help_texts import BENCH_HELP
from associatsiya_ai.cli.research import progress_bar
from associatsiya_ai.cli.trust import TrustModelOption, trust_models
from associatsiya_ai.rules.words import plural
from associatsiya_ai.terminal.texts import model_error_text
from associatsiya_ai.vectors.registry import DEFAULT_MODEL

__all__ = ["bench_command"]


_BENCH_ROWS = (
    ("load_s", "загрузка, с", "{:.3f}", "≤ 1.0"),
    ("guess_ms", "ответ, мс", "{:.3f}", "≤ 1.5 × gensim"),
    ("hint_ms", "наводка, мс", "{:.3f}", "≤ 25"),
    ("games_per_s", "игр в секунду", "{:.1f}", "≥ 20"),
    ("peak_rss_mb", "пик памяти, МБ", "{:.1f}", "≤ 400"),
    ("gensim_most_similar_ms", "gensim, мс", "{:.3f}", ""),
    ("guess_ratio", "отношение", "{:.2f}", ""),
    ("guess_ms_blocks", "блоки: ответ, мс", "{:.3f}", ""),
    ("gensim_ms_blocks", "блоки: gensim, мс", "{:.3f}", ""),
    ("guess_ratio_blocks", "блоки: отношение", "{:.2f}", ""),
)


@app.command("bench", help=BENCH_HELP)
def bench_command(
    json_out: Annotated[bool, typer.Option("--json", help="Вывести один объект JSON.")] = False,
    repeat: Annotated[
        int,
        typer.Option(
            "--repeat", "-r", min=1, help="Повторы (свежие процессы, прогоны bot-vs-bot)."
        ),
    ] = 5,
    model: Annotated[
        str | None, typer.Option("--model", help=f"Эмбеддинги (по умолчанию {DEFAULT_MODEL}).")
    ] = None,
    samples: Annotated[
        int, typer.Option("--samples", min=1, help="Сколько решений замерять на показатель.")
    ] = 60,
    games: Annotated[int, typer.Option("--games", min=1, help="Игр в прогоне bot-vs-bot.")] = 20,
    blas_threads: Annotated[
        int | None,
        typer.Option(
            "--blas-threads",
            min=1,
            help="Ограничить число потоков BLAS (по умолчанию — как настроено).",
        ),
    ] = None,
    trust_model: TrustModelOption = False,
) -> None:
    """The ``bench`` command (its help text is :data:`BENCH_HELP`)."""
    from associatsiya_ai.research.bench import bench, bench_steps
    from associatsiya_ai.vectors.registry import ModelError

    trust_models(trust_model, model)
    progress = progress_bar()
    task = progress.add_task("замер / bench", total=bench_steps(repeat))

    def on_step(text: str) -> None:
        progress.update(task, advance=1, description=text, refresh=True)

    try:
        with progress:
            figures = bench(
                repeat,
                model=model,
                samples=samples,
                games=games,
                blas_threads=blas_threads,
                on_step=on_step,
            )
    except ModelError as exc:
        raise fail(model_error_text(exc)) from None
    except RuntimeError as exc:
        raise fail(str(exc)) from None
    if json_out:
        typer.echo(json.dumps(figures, ensure_ascii=False))
        return
    table = Table(
        title=f"bench: {escape(str(figures['model']))}, "
        f"словарь: {plural(figures['vocab_size'], 'слово', 'слова', 'слов')}, "
        f"медианы замеров (повторов: {repeat})",
        title_justify="left",
    )
    for column in ("figure", "показатель", "значение", "цель / target", ""):
        table.add_column(column, no_wrap=True)
    for key, label, fmt, target in _BENCH_ROWS:
        value = figures.get(key)
        met = figures["target_met"].get(key)
        mark = "" if met is None else ("[green]✓[/green]" if met else "[red]✗[/red]")
        table.add_row(key, label, "—" if value is None else fmt.format(value), target, mark)
    console.print(table)
