"""Commands: ``vs-bot`` (play with and against the bots) and ``replay`` (a logged game).

The opposing team is two bots; the person takes one seat of their own team and a bot the
other. Heavy things (the model, the vocabulary, pymorphy3) load inside the command, not at
import. The bots come from :func:`load_kit`, a module-level factory tests replace with
tiny fakes.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape

from associatsiya_ai.cli.app import LevelChoice, app, console, err_console, fail
from associatsiya_ai.rules.words import plural

if TYPE_CHECKING:
    from associatsiya_ai.arena import AnySeat, GameRecord
    from associatsiya_ai.gamelog import GameLog
    from associatsiya_ai.rules.game import InvalidSecretError, Seat
    from associatsiya_ai.rules.words import WordChecker

__all__ = ["Kit", "load_kit", "replay", "secret_refusal", "vs_bot"]


class RoleOption(str, Enum):
    """The person's role."""

    guesser = "guesser"
    hinter = "hinter"


@dataclass
class Kit:
    """What a game with bots needs: the lexicon, the bots' secrets and bot factories.

    Attributes
    ----------
    checker : WordChecker
        The lexicon the engine judges words with.
    secrets : sequence of str
        The words bots draw secrets from.
    model_name : str
        Recorded in the log.
    level : str
        easy, normal or hard.
    make_hinter, make_guesser : callable
        Return a new bot with ``act(view, rng)``.
    knows : callable or None
        Whether the model has a vector for a word: a secret it lacks is refused (a bot
        hinter could not explain it). None accepts every valid secret.
    """

    checker: WordChecker
    secrets: Sequence[str]
    model_name: str
    level: str
    make_hinter: Callable[[], Any]
    make_guesser: Callable[[], Any]
    knows: Callable[[str], bool] | None = None


def load_kit(model: str | None, level: str) -> Kit:
    """Load the lexicon, the embeddings, the vocabulary and the bots (the slow part).

    Raises
    ------
    ModelError
        When the model cannot be found or read.
    """
    from associatsiya_ai.bots import EmbeddingGuesser, EmbeddingHinter
    from associatsiya_ai.lexicon import default_lexicon
    from associatsiya_ai.vectors import load_embeddings
    from associatsiya_ai.vocab import load_vocabulary

    embeddings = load_embeddings(model)
    vocabulary = load_vocabulary(embeddings)
    lexicon = default_lexicon()
    return Kit(
        checker=lexicon,
        secrets=list(vocabulary.secrets),
        model_name=vocabulary.model_name or embeddings.name,
        level=level,
        make_hinter=lambda: EmbeddingHinter(vocabulary, level=level, checker=lexicon),
        make_guesser=lambda: EmbeddingGuesser(vocabulary, level=level),
        knows=lambda word: vocabulary.vector(word) is not None,
    )


def secret_refusal(word: str, error: InvalidSecretError) -> str:
    """One line refusing ``word`` as the secret: the word, the reason and the fix, each once.

    The lexicon's reasons often start by naming the word («кошку» — …) and end with the
    fix (…: скажите «кошка»); both are said here only once.

    >>> from associatsiya_ai.rules.game import InvalidSecretError
    >>> from associatsiya_ai.rules.words import Violation
    >>> bad = Violation("R3", "case", "«кошку» — не в падеже: скажите «кошка»", "кошка")
    >>> secret_refusal("Кошку", InvalidSecretError("Кошку", (bad,)))
    '«Кошку» не может быть загаданным словом: не в падеже; правильная форма: «кошка»'
    """
    from associatsiya_ai.lexicon import shorten
    from associatsiya_ai.rules.words import is_pass

    shown = shorten(word.strip())
    head = f"«{shown}» не может быть загаданным словом"
    reason = error.violations[0].detail
    for said in dict.fromkeys((shown, shorten(word.strip().casefold()))):
        for prefix in (f"«{said}» не может быть загаданным словом", f"«{said}» — "):
            if reason.startswith(prefix):
                reason = reason[len(prefix) :].lstrip(" :—")
                break
    fix = error.suggestion
    if fix:
        reason = re.sub(rf"[:;,]?\s*скажите «{re.escape(fix)}»", "", reason).strip()
        if f"«{fix}»" not in reason:
            reason += ("; " if reason else "") + f"правильная форма: «{fix}»"
    if not reason and is_pass(word):
        reason = "это слово для пропуска хода"
    return f"{head}: {reason}" if reason else head


_ENDINGS = {
    "eof": ("Ввод закончился — игра прервана.", 0),
    "quit": ("Вы вышли из игры.", 0),
    "interrupt": ("Прервано (Ctrl-C).", 130),
    "bot-error": ("Бот не смог сделать допустимый ход — это ошибка программы.", 1),
}


@app.command("vs-bot")
def vs_bot(
    role: Annotated[
        RoleOption,
        typer.Option("--role", help="guesser: you guess for a bot hinter; hinter: you hint."),
    ] = RoleOption.guesser,
    team: Annotated[
        int | None,
        typer.Option(
            "--team",
            min=1,
            max=2,
            help="Your team in the first game: 1 sets the secret (as hinter you type it), "
            "2 moves first (default 2).",
        ),
    ] = None,
    word: Annotated[str | None, typer.Option("--word", help="A fixed secret.")] = None,
    level: Annotated[LevelChoice, typer.Option("--level", help="Bot strength.")] = (
        LevelChoice.NORMAL
    ),
    games: Annotated[
        int, typer.Option("--games", min=1, max=100, help="Play a match of N games (R8).")
    ] = 1,
    seed: Annotated[int | None, typer.Option("--seed", min=0, help="Random seed.")] = None,
    practice: Annotated[
        bool, typer.Option("--practice", help="Consonance is a warning, not a loss.")
    ] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Show why the bots chose their moves.")
    ] = False,
    log: Annotated[
        Path | None, typer.Option("--log", help="Append each game to this JSONL file.")
    ] = None,
    model: Annotated[
        str | None, typer.Option("--model", help="Embeddings: a name or a file.")
    ] = None,
) -> None:
    """Play «Ассоциация» in the terminal with a bot partner against two bots."""
    try:
        code = _vs_bot(
            role, team or 2, word, level.value, games, seed, practice, explain, log, model
        )
    except KeyboardInterrupt:
        err_console.print("\nПрервано (Ctrl-C).", highlight=False)
        raise typer.Exit(130) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:  # a bug: one line for the person, never a traceback
        raise fail(f"внутренняя ошибка ({type(exc).__name__}: {exc})") from exc
    if code:
        raise typer.Exit(code)


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
) -> int:
    import numpy as np

    from associatsiya_ai.arena import SideSeats, draw_secret, play_match, validate_secret
    from associatsiya_ai.gamelog import GameLog
    from associatsiya_ai.players import BotGuesser, BotHinter
    from associatsiya_ai.players.human import HumanGuesser, HumanHinter, Terminal
    from associatsiya_ai.players.screen import Screen
    from associatsiya_ai.rules.game import InvalidSecretError, Role
    from associatsiya_ai.vectors.registry import ModelError

    if seed is None:
        seed = int(np.random.SeedSequence().entropy % 2**32)  # type: ignore[operator]
    log: GameLog | None = None
    if log_path is not None:
        try:
            log = GameLog(log_path)
        except OSError as exc:
            raise fail(f"не удалось открыть журнал {log_path}: {exc.strerror or exc}") from None
    try:
        if console.is_terminal:  # a cold cache builds the vocabulary with its own progress bar
            console.print("[dim]Загружаю модель и словарь…[/dim]", highlight=False)
        kit = load_kit(model, level)
    except ModelError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"не удалось загрузить модель: {exc}") from None
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

    streams = np.random.SeedSequence(seed).spawn(5)
    rngs = [np.random.default_rng(s) for s in streams]
    screen = Screen(console, explain=explain, human_side="A")
    screen.n_games = games
    terminal = Terminal(screen)
    human_hinter: HumanHinter | None = None
    if role is RoleOption.guesser:
        side_a = SideSeats(
            BotHinter(kit.make_hinter(), rngs[0], level=level), HumanGuesser(terminal)
        )
    else:
        human_hinter = HumanHinter(terminal)
        side_a = SideSeats(human_hinter, BotGuesser(kit.make_guesser(), rngs[1], level=level))
    side_b = SideSeats(
        BotHinter(kit.make_hinter(), rngs[2], level=level),
        BotGuesser(kit.make_guesser(), rngs[3], level=level),
    )
    secret_rng = rngs[4]
    used: list[str] = []

    def secret_for(index: int, setter: str, seats: Mapping[Seat, AnySeat]) -> str:
        from associatsiya_ai.rules.game import Seat

        setter_hinter = seats[Seat(1, Role.HINTER)]
        if word is not None:
            secret = word
        elif setter_hinter is human_hinter and human_hinter is not None:
            screen.title(index, practice)
            secret = human_hinter.choose_secret(
                lambda w: validate_secret(w, kit.checker, kit.knows)
            )
        else:
            secret = draw_secret(kit.secrets, secret_rng, kit.checker, used, kit.knows)
        used.append(secret)
        return secret

    log_failed = False

    def on_game(record: GameRecord) -> None:
        nonlocal log_failed
        if log is None or log_failed:
            return
        try:
            log.write(record)
        except OSError as exc:
            log_failed = True
            err_console.print(
                f"[red]Ошибка:[/red] не удалось записать журнал {escape(str(log_path))}: "
                f"{escape(exc.strerror or str(exc))}",
                highlight=False,
            )

    meta = {
        "seed": seed,
        "model": kit.model_name,
        "level": level,
        "person": {"role": role.value, "side": "A"},
    }
    try:
        result = play_match(
            games,
            {"A": side_a, "B": side_b},
            kit.checker,
            secret_for,
            practice=practice,
            first_setter="A" if team == 1 else "B",
            on_event=screen,
            on_game=on_game,
            meta=meta,
        )
    except ValueError as exc:  # no valid secret in the bots' list
        raise fail(str(exc)) from None
    finally:
        if log is not None:
            log.close()
    code = 0
    if result.ended_by is not None:
        message, code = _ENDINGS.get(result.ended_by, ("Игра прервана.", 0))
        announced = bool(result.records) and result.records[-1].ended_by == result.ended_by
        if not announced:  # the screen has said it when a game was abandoned
            console.print(f"\n{message}", highlight=False)
    elif games > 1:
        console.print("\n[bold]Матч окончен.[/bold]", highlight=False)
    if log is not None and log.written:
        games_written = plural(log.written, "игра", "игры", "игр")
        console.print(f"Журнал: {escape(str(log_path))} (записано: {games_written}).")
    return code


# ------------------------------------------------------------------------------ replay
@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="A JSONL game log written by vs-bot --log.")],
    game: Annotated[
        int | None, typer.Option("--game", min=1, help="Replay only game N (1-based).")
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Print every turn at once, without pausing.")
    ] = False,
) -> None:
    """Step through a logged game turn by turn, with the bots' explanations."""
    from associatsiya_ai.gamelog import LogError, read_games

    try:
        contents = read_games(file)
    except LogError as exc:
        raise fail(str(exc)) from None
    warning = contents.warning(file)
    if warning:  # the other games are still worth replaying
        err_console.print(
            f"[yellow]Предупреждение:[/yellow] {_safe(warning, 300)}",
            highlight=False,
            soft_wrap=True,
        )
    records = contents.records
    if game is not None:
        if game > len(records):
            count = plural(len(records), "игра", "игры", "игр")
            raise fail(f"в журнале {file} {count}, игры №{game} нет")
        chosen = [(game, records[game - 1])]
    else:
        chosen = list(enumerate(records, start=1))
    interactive = not show_all and _stdin_is_tty()
    try:
        for number, record in chosen:
            _replay_one(number, record, interactive)
    except LogError as exc:
        raise fail(str(exc)) from None
    except (EOFError, _StopReplay):
        console.print("")
    except KeyboardInterrupt:
        err_console.print("\nПрервано (Ctrl-C).", highlight=False)
        raise typer.Exit(130) from None


class _StopReplay(Exception):
    pass


def _safe(value: object, limit: int = 80) -> str:
    """Text from a log, safe to print: control characters shown as escapes, rich markup
    escaped, cut at ``limit`` characters (a log may hold anything)."""
    from associatsiya_ai.lexicon import shorten

    return escape(shorten(str(value), limit))


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _seat_name(key: object) -> str:
    team, _, role = str(key).partition("-")
    names = {"hinter": "наводящий", "guesser": "отгадывающий"}
    return f"{names[role]} команды {team}" if role in names else str(key)


def _replay_one(number: int, record: dict[str, Any], interactive: bool) -> None:
    from associatsiya_ai.gamelog import replay_turns
    from associatsiya_ai.players.screen import ENDED_BY, MODE_NAMES, explanation_lines, miss_word
    from associatsiya_ai.rules.game import Mode

    steps = replay_turns(record)
    say = console.print
    say(f"\n[bold]Игра {number}[/bold]", highlight=False)
    say(f"Загаданное слово: [bold]«{_safe(record.get('secret'))}»[/bold]", highlight=False)
    facts = [f"{k}: {_safe(record[k])}" for k in ("seed", "model", "level") if k in record]
    if record.get("practice"):
        facts.append("тренировка")
    if facts:
        say("[dim]" + " · ".join(facts) + "[/dim]", highlight=False)
    seats = record.get("seats")
    if isinstance(seats, dict):
        parts = []
        for key, info in seats.items():
            kind = info.get("kind") if isinstance(info, dict) else info
            who = "человек" if kind == "human" else "бот"
            if isinstance(info, dict) and info.get("level"):
                who += f" ({_safe(info['level'])})"
            parts.append(f"{_safe(_seat_name(key))} — {who}")
        say("[dim]" + "; ".join(parts) + "[/dim]", highlight=False)
    rejected = [r for r in record.get("rejected", []) if isinstance(r, dict)]
    for step in steps:
        if interactive:
            line = input("⏎ дальше · q — выход > ")
            if line.strip().casefold() in ("q", "й", "выход"):
                raise _StopReplay
        mode = (
            MODE_NAMES.get(Mode(step.mode), step.mode)
            if step.mode in ("single", "own", "all")
            else _safe(step.mode)
        )
        chain = _safe(", ".join(step.chain), 300)
        spoken = f"«{_safe(step.new)}»" if step.new == "пропускаю" else f"«{chain}» ({mode})"
        if step.new == "пропускаю" and chain:
            spoken += f", цепочка «{chain}» ({mode})"
        say(
            f"[bold]Ход {step.number}[/bold] · команда {step.team} · наводка: {spoken}",
            highlight=False,
        )
        for line in explanation_lines(step.hinter_explanation) if step.hinter_explanation else []:
            say(f"   [dim]наводящий: {_safe(line, 300)}[/dim]", highlight=False)
        for r in rejected:
            if r.get("turn") == step.number:
                who, why = _safe(_seat_name(r.get("seat"))), str(r.get("detail"))
                word = r.get("word")
                if isinstance(word, str) and f"«{word}»" not in why:  # name the word itself
                    why = f"«{word}» — {why}"
                say(f"   [dim]отклонено ({who}): {_safe(why, 300)}[/dim]", highlight=False)
        if step.foul:
            say("   [red]созвучие![/red]", highlight=False)
        elif step.answer is not None:
            verdict = "[green]верно![/green]" if step.correct else miss_word(step.answer)
            say(f"   ответ: «{_safe(step.answer)}» — {verdict}", highlight=False)
            for line in (
                explanation_lines(step.guesser_explanation) if step.guesser_explanation else []
            ):
                say(f"   [dim]отгадывающий: {_safe(line, 300)}[/dim]", highlight=False)
    outcome = record.get("outcome")
    detail = outcome.get("detail") if isinstance(outcome, dict) else None
    if isinstance(outcome, dict) and not detail:
        from associatsiya_ai.rules.types import Outcome
        from associatsiya_ai.terminal.texts import outcome_text

        with contextlib.suppress(KeyError, TypeError, ValueError):
            detail = outcome_text(Outcome.from_dict(outcome))
    if record.get("ended_by"):
        why = ENDED_BY.get(str(record["ended_by"]), str(record["ended_by"]))
        say(f"[yellow]Игра прервана: {_safe(why)}.[/yellow]", highlight=False)
    elif detail:
        say(f"[bold]{_safe(detail, 300)}[/bold]", highlight=False)
