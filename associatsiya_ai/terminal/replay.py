"""Replay rendering: a logged game, turn by turn, with the bots' full explanations.

Everything read from a log is printed through :func:`safe` (a log may hold anything:
control characters are shown as escapes, rich markup is escaped, long text is cut).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape

from associatsiya_ai.bots.decision import Decision
from associatsiya_ai.lexicon.form import shorten
from associatsiya_ai.rules.types import Mode, Outcome
from associatsiya_ai.rules.words import PASS
from associatsiya_ai.terminal.explain import decision_lines
from associatsiya_ai.terminal.labels import ENDED_BY, MODE_NAMES, miss_word, seat_label
from associatsiya_ai.terminal.texts import outcome_text

__all__ = ["ReplayStep", "render_game", "result_text", "safe"]

_MODES = frozenset(m.value for m in Mode)
FACTS = {"seed": "зерно", "model": "модель", "level": "уровень ботов"}
"""The logged facts shown under a replayed game's heading, with their Russian labels."""


class ReplayStep(Protocol):
    """One turn of a logged game as the table heard it (the log reader's turn)."""

    @property
    def number(self) -> int: ...
    @property
    def team(self) -> int: ...
    @property
    def mode(self) -> str: ...
    @property
    def new(self) -> str: ...
    @property
    def chain(self) -> tuple[str, ...]: ...
    @property
    def answer(self) -> str | None: ...
    @property
    def correct(self) -> bool: ...
    @property
    def foul(self) -> bool: ...
    @property
    def hinter(self) -> Decision | None: ...
    @property
    def guesser(self) -> Decision | None: ...


def safe(value: object, limit: int = 80) -> str:
    """Text from a log, safe to print: control characters shown as escapes, rich markup
    escaped, cut at ``limit`` characters.

    >>> safe("[b]кот\\x07")
    '\\\\[b]кот\\\\x07'
    """
    return escape(shorten(str(value), limit))


def _head(console: Console, number: int, record: Mapping[str, Any]) -> None:
    say = console.print
    say(f"\n[bold]Игра {number}[/bold]", highlight=False)
    secret = record.get("secret")
    if secret is None:  # left while the secret was chosen (UnstartedRecord)
        say("Загаданное слово: [dim]не загадано (игра прервана до начала)[/dim]", highlight=False)
    else:
        say(f"Загаданное слово: [bold]«{safe(secret)}»[/bold]", highlight=False)
    facts = [f"{name}: {safe(record[k])}" for k, name in FACTS.items() if k in record]
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
                who += f" ({safe(info['level'])})"
            parts.append(f"{safe(seat_label(key))} — {who}")
        say("[dim]" + "; ".join(parts) + "[/dim]", highlight=False)


def _explained(console: Console, who: str, decision: Decision | None) -> None:
    for line in decision_lines(decision) if decision is not None else []:
        console.print(f"   [dim]{who}: {safe(line, 300)}[/dim]", highlight=False)


def _step(console: Console, step: ReplayStep, rejected: Sequence[Mapping[str, Any]]) -> None:
    say = console.print
    mode = MODE_NAMES[Mode(step.mode)] if step.mode in _MODES else safe(step.mode)
    chain = safe(", ".join(step.chain), 300)
    spoken = f"«{safe(step.new)}»" if step.new == PASS else f"«{chain}» ({mode})"
    if step.new == PASS and chain:
        spoken += f", цепочка «{chain}» ({mode})"
    say(
        f"[bold]Ход {step.number}[/bold] · команда {step.team} · наводка: {spoken}",
        highlight=False,
    )
    _explained(console, "наводящий", step.hinter)
    _rejections(console, [r for r in rejected if r.get("turn") == step.number])
    if step.foul:
        say("   [red]созвучие![/red]", highlight=False)
    elif step.answer is not None:
        verdict = "[green]верно![/green]" if step.correct else miss_word(step.answer)
        say(f"   ответ: «{safe(step.answer)}» — {verdict}", highlight=False)
        _explained(console, "отгадывающий", step.guesser)


def _rejections(console: Console, rejected: Sequence[Mapping[str, Any]]) -> None:
    for r in rejected:
        who, why = safe(seat_label(r.get("seat"))), _why(r)
        word = r.get("word")
        if isinstance(word, str) and f"«{word.casefold()}»" not in why.casefold():  # named?
            why = f"«{word}» — {why}"
        console.print(f"   [dim]отклонено ({who}): {safe(why, 300)}[/dim]", highlight=False)


def _unfinished(console: Console, rejected: Sequence[Mapping[str, Any]]) -> None:
    """The rejections of a turn the game was left in (no step holds them), turn by turn."""
    shown: list[Any] = []
    for r in rejected:
        if r.get("turn") in shown:
            continue
        shown.append(r.get("turn"))
        seat = r.get("seat")
        team = f" · команда {safe(seat[0])}" if isinstance(seat, str) and seat[:1] in "12" else ""
        console.print(f"[bold]Ход {safe(r.get('turn'))}[/bold]{team} · не доигран", highlight=False)
        _rejections(console, [x for x in rejected if x.get("turn") == r.get("turn")])


def _why(rejected: Mapping[str, Any]) -> str:
    """Every violation of a rejected move (older logs keep only the first, as ``detail``)."""
    found = rejected.get("violations")
    if isinstance(found, list):
        details = [str(v.get("detail")) for v in found if isinstance(v, Mapping)]
        if details:
            return "; ".join(dict.fromkeys(details))
    return str(rejected.get("detail"))


def result_text(record: Mapping[str, Any]) -> str | None:
    """How a logged game ended in Russian (older logs hold the text as ``detail``)."""
    outcome = record.get("outcome")
    if not isinstance(outcome, Mapping):
        return None
    if outcome.get("detail"):
        return str(outcome["detail"])
    try:
        secret = record.get("secret")
        return outcome_text(
            Outcome.from_dict(dict(outcome)), secret if isinstance(secret, str) else None
        )
    except (KeyError, TypeError, ValueError):
        return None


def render_game(
    console: Console,
    number: int,
    record: Mapping[str, Any],
    steps: Sequence[ReplayStep],
    pause: Callable[[], None] | None = None,
) -> None:
    """Print logged game ``number`` (1-based): its facts, every turn, how it ended.

    Parameters
    ----------
    console : rich.console.Console
        Where to print.
    number : int
        The game's number in the log.
    record : mapping
        The logged game (secret, seed, model, level, practice, seats, rejected, ended_by).
    steps : sequence of ReplayStep
        Its turns in order (the fouling utterance last, if any).
    pause : callable, optional
        Called before each turn (interactive replay waits for Enter there).
    """
    _head(console, number, record)
    rejected = [r for r in record.get("rejected", []) if isinstance(r, dict)]
    for step in steps:
        if pause is not None:
            pause()
        _step(console, step, rejected)
    played = [step.number for step in steps]
    left = [r for r in rejected if r.get("turn") not in played]  # an unfinished turn's
    if left:
        if pause is not None:
            pause()
        _unfinished(console, left)
    if record.get("ended_by"):
        why = ENDED_BY.get(str(record["ended_by"]), str(record["ended_by"]))
        console.print(f"[yellow]Игра прервана: {safe(why)}.[/yellow]", highlight=False)
    elif result := result_text(record):
        console.print(f"[bold]{safe(result, 300)}[/bold]", highlight=False)
