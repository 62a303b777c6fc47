"""Command ``vs-bot``: play with and against the bots (``replay`` is in :mod:`.replay`).

The opposing team is two bots; the person takes one seat of their own team and a bot the
other (:func:`associatsiya_ai.terminal.table.play_person_match`). Heavy things (the model,
the vocabulary, pymorphy3) load inside the command, not at import: the bots come from
:func:`load_kit`, a module-level name tests replace with tiny fakes.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from associatsiya_ai.cli import collector_paused
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
from associatsiya_ai.cli.help_texts import VS_BOT_HELP
from associatsiya_ai.cli.journal import LogWriter, open_default_log, shown_path
from associatsiya_ai.cli.trust import TrustModelOption, trust_models
from associatsiya_ai.kit import Kit, load_kit
from associatsiya_ai.rules.words import plural
from associatsiya_ai.terminal.errors import os_error_text, secret_refusal
from associatsiya_ai.terminal.texts import model_error_text

if TYPE_CHECKING:
    from associatsiya_ai.arena import MatchResult
    from associatsiya_ai.arena.log import GameLog

__all__ = ["Kit", "load_kit", "secret_refusal", "vs_bot"]

_LOAD_KIT = load_kit


class RoleOption(str, Enum):
    """The person's role, in English or in Russian (``отгадывающий``, ``наводящий``)."""

    guesser = "guesser"
    hinter = "hinter"
    otgadyvayushchiy = "отгадывающий"
    navodyashchiy = "наводящий"

    @property
    def role(self) -> RoleOption:
        """The English member of the same role."""
        return RoleOption.guesser if self in GUESSER_NAMES else RoleOption.hinter


GUESSER_NAMES = (RoleOption.guesser, RoleOption.otgadyvayushchiy)


@app.command("vs-bot", help=VS_BOT_HELP)
def vs_bot(
    role: Annotated[
        RoleOption,
        typer.Option(
            "--role",
            metavar="<guesser|hinter>",  # the Russian names are in the help: no mid-word wrap
            help="guesser (отгадывающий): вы отгадываете по наводкам бота; "
            "hinter (наводящий): вы даёте наводки боту-отгадывающему.",
        ),
    ] = RoleOption.guesser,
    team: Annotated[
        int | None,
        typer.Option(
            "--team",
            min=1,
            max=2,
            help="Ваша команда в первой игре: 1 — загадывает (если вы наводящий, слово "
            "вводите вы), 2 — ходит первой (по умолчанию 2).",
        ),
    ] = None,
    word: Annotated[
        str | None,
        typer.Option(
            "--word",
            help="Загаданное слово первой игры; в матче следующие слова загадывает бот (или "
            "вы, если вы наводящий команды 1).",
        ),
    ] = None,
    level: Annotated[LevelChoice, typer.Option("--level", help="Сила ботов.")] = (
        DEFAULT_LEVEL_CHOICE
    ),
    games: Annotated[
        int,
        typer.Option(
            "--games",
            min=1,
            max=100,
            help="Матч из N игр, от 1 до 100; загадывающая сторона чередуется (R8).",
        ),
    ] = 1,
    seed: Annotated[
        int | None, typer.Option("--seed", min=0, help="Зерно случайности (seed).")
    ] = None,
    practice: Annotated[
        bool,
        typer.Option("--practice", help="Тренировка: созвучие — предупреждение, а не проигрыш."),
    ] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Показывать, почему боты так сходили.")
    ] = False,
    log: Annotated[
        Path | None,
        typer.Option(
            "--log",
            help="Дописывать каждую игру в этот журнал JSONL (по умолчанию — в общий журнал "
            "игр в папке данных пользователя; его показывает associatsiya replay).",
        ),
    ] = None,
    no_log: Annotated[bool, typer.Option("--no-log", help="Не записывать игры в журнал.")] = False,
    model: Annotated[
        str | None, typer.Option("--model", help="Модель эмбеддингов: имя или файл.")
    ] = None,
    adult: AdultOption = False,
    trust_model: TrustModelOption = False,
) -> None:
    """The ``vs-bot`` command (its help text is :data:`VS_BOT_HELP`)."""
    try:
        if no_log and log is not None:
            raise fail("--log и --no-log вместе не имеют смысла: выберите одно", 2)
        trust_models(trust_model, model)
        code = _vs_bot(
            role.role, team or 2, word, level.value, games, seed, practice, explain, log, model,
            adult, default_log=log is None and not no_log,
        )  # fmt: skip
    except KeyboardInterrupt:
        err_console.print("\nПрервано (Ctrl-C).", highlight=False)
        raise typer.Exit(130) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:  # a bug: one line for the person, never a traceback
        raise fail(f"внутренняя ошибка ({type(exc).__name__}: {exc})") from exc
    if code:
        raise typer.Exit(code)


def _kit(model: str | None, level: str, adult: bool = False) -> Kit:
    from associatsiya_ai.vectors.registry import ModelError

    # the kit lives as long as the program: no collector pass walks it while it loads,
    # and it is frozen out of the collector's way after (tests' fakes are not)
    with collector_paused(freeze=load_kit is _LOAD_KIT):
        try:
            if console.is_terminal:  # a cold cache builds the vocabulary with its own progress bar
                console.print("[dim]Загружаю модель и словарь…[/dim]", highlight=False)
            if load_kit is _LOAD_KIT:  # (tests swap in fakes that need no vocabulary)
                from associatsiya_ai.terminal.progress import open_vocabulary_shown

                # the build's progress bar, and a damaged cache said to be rebuilt
                open_vocabulary_shown(err_console, model=model)
            # adult is passed only when set: tests replace load_kit with two-argument fakes
            kit = load_kit(model, level, adult=True) if adult else load_kit(model, level)
            if load_kit is _LOAD_KIT:  # (the bots are made later, in the game)
                from associatsiya_ai.terminal.progress import (
                    note_damaged_people_cache,
                    prepare_people_shown,
                )

                note_damaged_people_cache(err_console, kit.damaged_people_cache())
                prepare_people_shown(err_console, kit.vocab)  # a first start: a moving line
            return kit
        except ModelError as exc:
            raise fail(model_error_text(exc)) from None
        except OSError as exc:
            where = f" ({exc.filename})" if exc.filename else ""
            raise fail(f"не удалось загрузить модель: {os_error_text(exc)}{where}") from None


def _vs_bot(
    role: RoleOption,
    team: int,
    word: str | None,
    level: str,
    games: int,
    seed: int | None,
    practice: bool,
    explain: bool,
    log_path: Path | None,
    model: str | None,
    adult: bool = False,
    *,
    default_log: bool = False,
) -> int:
    from associatsiya_ai.arena import BotMoveError, validate_secret
    from associatsiya_ai.arena.loop import Abandoned, abandon_on_signals
    from associatsiya_ai.rules.types import InvalidSecretError, Role
    from associatsiya_ai.terminal.line_input import Terminal
    from associatsiya_ai.terminal.screen import Screen
    from associatsiya_ai.terminal.table import fresh_seed, play_person_match

    seed = fresh_seed() if seed is None else seed
    unwritten = False  # the default journal could not be opened: said, and exit code 1
    if default_log:  # no --log, no --no-log
        log_path, log = open_default_log()
        unwritten = log is None
    else:
        log = None if log_path is None else open_log(log_path)
    kit = _kit(model, level, adult)
    if word is not None:
        try:
            word = validate_secret(word, kit.checker, kit.knows)
        except InvalidSecretError as exc:
            raise fail(secret_refusal(word, exc)) from None
    # The banner comes after the checks: a refused --word is the only line printed.
    you = "отгадывающий" if role is RoleOption.guesser else "наводящий"
    console.print(
        f"[bold]«Ассоциация»[/bold] — вы {you}, ваш партнёр и соперники — боты (уровень {level}).",
        highlight=False,
    )
    screen = Screen(console, explain=explain, human_side="A", n_games=games, given=word)
    on_game = LogWriter(log, log_path)
    on_game.failed = unwritten
    meta = {"seed": seed, "model": kit.model_name, "level": level}
    try:
        with abandon_on_signals():  # a hang-up or kill ends the game; its record is written
            result = play_person_match(
                kit,
                Terminal(screen),
                role=Role.GUESSER if role is RoleOption.guesser else Role.HINTER,
                seed=seed,
                games=games,
                word=word,
                first_team=team,
                practice=practice,
                on_event=screen,
                on_game=on_game,
                before_secret=lambda index: screen.title(index, practice),
                meta={**meta, "person": {"role": role.value, "side": "A"}},
            )
    except BotMoveError:  # the screen has said the game was abandoned
        return _finish(None, games, log, log_path, ended_by="bot-error", failed=on_game.failed)
    except Abandoned as stop:  # between games: every finished game is in the log
        return _finish(None, games, log, log_path, ended_by=stop.reason, failed=on_game.failed)
    except ValueError as exc:  # no valid secret in the bots' list
        raise fail(str(exc)) from None
    finally:
        if log is not None:
            log.close()
    return _finish(result, games, log, log_path, ended_by=result.ended_by, failed=on_game.failed)


def _finish(
    result: MatchResult | None,
    games: int,
    log: GameLog | None,
    log_path: Path | None,
    *,
    ended_by: str | None,
    failed: bool = False,
) -> int:
    """Print how the match ended and where the log is; return the exit code (1 when a
    game could not be written to the log)."""
    from associatsiya_ai.terminal.labels import ENDINGS

    code = 0
    if ended_by is not None:
        message, code = ENDINGS.get(ended_by, ("Игра прервана.", 0))
        records = [] if result is None else result.records
        announced = result is None or (bool(records) and records[-1].ended_by == ended_by)
        if not announced:  # the screen has said it when a game was abandoned
            console.print(f"\n{message}", highlight=False)
    elif games > 1:
        console.print("\n[bold]Матч окончен.[/bold]", highlight=False)
    if log is not None and log.written:
        games_written = plural(log.written, "игра", "игры", "игр")
        console.print(  # a path is copied from the screen: never broken across lines
            f"Журнал: {escape(shown_path(log_path))} (записано: {games_written}).",
            highlight=False,
            soft_wrap=True,
        )
    if failed and log is None:  # the default journal never opened (warned at the start)
        err_console.print(
            "[yellow]Игры не записаны:[/yellow] журнал не открылся (см. начало).", highlight=False
        )
    return code or (1 if failed else 0)
