"""Commands: ``vs-bot`` (play with and against the bots) and ``replay`` (a logged game).

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
from associatsiya_ai.kit import Kit, load_kit
from associatsiya_ai.rules.words import plural
from associatsiya_ai.terminal.errors import os_error_text, secret_refusal
from associatsiya_ai.terminal.texts import model_error_text

if TYPE_CHECKING:
    from associatsiya_ai.arena import GameRecord, MatchResult, UnstartedRecord
    from associatsiya_ai.arena.log import GameLog

__all__ = ["Kit", "load_kit", "replay", "secret_refusal", "vs_bot"]

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


@app.command("vs-bot")
def vs_bot(
    role: Annotated[
        RoleOption,
        typer.Option(
            "--role",
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
) -> None:
    """Сыграть в «Ассоциацию» в терминале: вы и бот — одна команда, против вас — два бота."""
    try:
        if no_log and log is not None:
            raise fail("--log и --no-log вместе не имеют смысла: выберите одно", 2)
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
            from associatsiya_ai.terminal.progress import note_damaged_people_cache

            note_damaged_people_cache(err_console, kit.vocab)
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
        log_path, log = _default_log()
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
    on_game = _log_writer(log, log_path)
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


def _default_log() -> tuple[Path | None, GameLog | None]:
    """The default journal, opened (its folder made); when it cannot be, a warning and no
    log: the person asked for a game, not for a file."""
    from associatsiya_ai.arena.log import GameLog, default_log_path

    path = default_log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return path, GameLog(path)
    except OSError as exc:
        err_console.print(
            f"[yellow]Предупреждение:[/yellow] игры не записываются: не удалось открыть журнал "
            f"{escape(str(path))}: {escape(os_error_text(exc))} (--log ФАЙЛ — записать в другой "
            "файл).",
            highlight=False,
            soft_wrap=True,
        )
        return None, None


class _LogWriter:
    """Append each game to the log; a failed write is said once (in Russian) and the game
    goes on; ``failed`` makes the exit code 1 at the end."""

    def __init__(self, log: GameLog | None, path: Path | None) -> None:
        self.log, self.path, self.failed = log, path, False

    def __call__(self, record: GameRecord | UnstartedRecord) -> None:
        if self.log is None or self.failed:
            return
        try:
            self.log.write(record)
        except OSError as exc:  # a full disk, a removed drive: never a traceback
            self.failed = True
            err_console.print(
                f"[red]Ошибка:[/red] не удалось записать игру в журнал {escape(str(self.path))}: "
                f"{escape(os_error_text(exc))}",
                highlight=False,
                soft_wrap=True,
            )


def _log_writer(log: GameLog | None, path: Path | None) -> _LogWriter:
    """The ``on_game`` that writes the log (see :class:`_LogWriter`)."""
    return _LogWriter(log, path)


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
            f"Журнал: {escape(_shown_path(log_path))} (записано: {games_written}).",
            highlight=False,
            soft_wrap=True,
        )
    if failed and log is None:  # the default journal never opened (warned at the start)
        err_console.print(
            "[yellow]Игры не записаны:[/yellow] журнал не открылся (см. начало).", highlight=False
        )
    return code or (1 if failed else 0)


def _shown_path(path: Path | None) -> str:
    """``path`` as the person can type it back: under the home folder as ``~/…``."""
    if path is None:
        return ""
    try:
        return str(Path("~") / path.resolve().relative_to(Path.home().resolve()))
    except (ValueError, RuntimeError, OSError):  # not under home, or no home
        return str(path)


# ------------------------------------------------------------------------------ replay
@app.command("replay")
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
        int | None, typer.Option("--game", min=1, help="Показать только игру N (счёт с 1).")
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Показать все ходы сразу, без пауз.")
    ] = False,
) -> None:
    """Разобрать записанную игру по ходам, с объяснениями ботов.

    Пауза между ходами (Enter — дальше, q — выход) только в терминале; в канал или в файл
    печатаются все ходы сразу.
    """
    from associatsiya_ai.arena.log import default_log_path, read_games
    from associatsiya_ai.arena.record import LogError, replay_turns
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
    records = contents.records
    if game is not None and game > len(records):
        count = plural(len(records), "игра", "игры", "игр")
        raise fail(f"в журнале {file} {count}, игры №{game} нет")
    if last and game is None and records:
        game = len(records)
    chosen = [(game, records[game - 1])] if game else list(enumerate(records, start=1))
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
