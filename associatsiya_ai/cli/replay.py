"""Command ``replay``: step through logged games turn by turn, with the bots' reasons.

Without a file it reads ``vs-bot``'s default journal
(:func:`~associatsiya_ai.arena.log.default_log_path`) and shows its newest game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from associatsiya_ai.cli.base import app, console, err_console, fail
from associatsiya_ai.cli.help_texts import REPLAY_HELP
from associatsiya_ai.rules.words import plural

__all__ = ["replay"]


@app.command("replay", help=REPLAY_HELP)
def replay(
    file: Annotated[
        Path | None,
        typer.Argument(
            help="Журнал игр JSONL (vs-bot --log); без него — общий журнал vs-bot и в нём "
            "последняя игра (все его игры: replay с путём журнала, который vs-bot печатает "
            "в конце).",
            show_default=False,
        ),
    ] = None,
    game: Annotated[
        int | None,
        typer.Option(
            "--game",
            min=1,
            help="Показать только игру N: N-я строка журнала (счёт с 1; повреждённые строки "
            "тоже считаются).",
        ),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Показать все ходы сразу, без пауз.")
    ] = False,
) -> None:
    """The ``replay`` command (its help text is :data:`REPLAY_HELP`)."""
    from associatsiya_ai.arena.log import default_log_path, read_games
    from associatsiya_ai.arena.readback import LogError, replay_turns
    from associatsiya_ai.terminal.line_input import stdin_is_tty, stdout_is_tty
    from associatsiya_ai.terminal.replay import render_game, safe

    last = file is None  # the journal of every game played: its newest unless --game
    if file is None:
        file = default_log_path()
        if not file.exists():
            raise fail(
                f"журнала игр ещё нет ({file}): сыграйте (associatsiya vs-bot) или укажите файл"
            )
    try:
        contents = read_games(file)
    except LogError as exc:
        raise fail(str(exc)) from None
    warning = contents.warning(file)
    if warning:  # the other games are still worth replaying
        err_console.print(
            f"[yellow]Предупреждение:[/yellow] {safe(warning, 300)}",
            highlight=False,
            soft_wrap=True,
        )
    # games are numbered by line: a damaged line keeps its number, the others keep theirs
    numbered = dict(zip(contents.numbers, contents.records, strict=True))
    if game is not None and game > contents.games:
        count = plural(contents.games, "игра", "игры", "игр")
        raise fail(f"в журнале {file} {count}, игры №{game} нет")
    if game is not None and game in contents.lost:
        line, why = contents.lost[game]
        raise fail(f"игра №{game} в журнале {file} повреждена (строка {line}: {why})")
    if last and game is None and numbered:
        game = max(numbered)
    chosen = [(game, numbered[game])] if game else list(numbered.items())
    # step through only when a person both reads and answers: never into a pipe or a file
    pause = _pause if not show_all and stdin_is_tty() and stdout_is_tty() else None
    try:
        for number, record in chosen:
            render_game(console, number, record, replay_turns(record), pause)
    except LogError as exc:
        raise fail(str(exc)) from None
    except (EOFError, _StopReplay):
        console.print("")
    except KeyboardInterrupt:
        err_console.print("\nПрервано (Ctrl-C).", highlight=False)
        raise typer.Exit(130) from None


class _StopReplay(Exception):
    pass


def _pause() -> None:
    """Wait for Enter before the next turn; «q» stops the replay."""
    from associatsiya_ai.terminal.line_input import read_line

    line = read_line("⏎ дальше · q — выход > ")
    if line.strip().casefold() in ("q", "й", "выход"):
        raise _StopReplay
