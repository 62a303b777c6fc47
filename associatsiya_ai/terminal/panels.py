"""Fixed pieces of the game screen: a chain as spoken, consonant letters highlighted, the short
rules, what the person's input would say this turn, and the match score.

Each function prints to a rich console; user words are escaped here.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from associatsiya_ai.rules.types import Mode, Role, Seat, Utterance
from associatsiya_ai.rules.views import GuesserView, HinterView
from associatsiya_ai.rules.words import PASS, Overlap, plural
from associatsiya_ai.terminal.labels import MODE_NAMES, RULES_TEXT, seat_name

__all__ = [
    "chain_text",
    "guesser_turn",
    "highlight",
    "hinter_turn",
    "match_score",
    "overlaps",
    "rules",
]


def say(console: Console, markup: str = "") -> None:
    """Print rich markup (user words must be escaped by the caller)."""
    console.print(markup, highlight=False)


def chain_text(utterance: Utterance) -> str:
    """``«река, мост» (своя цепочка)`` or ``«пропускаю»`` (rich markup, words escaped)."""
    chain = ", ".join(utterance.chain)
    mode = MODE_NAMES[utterance.mode]
    if utterance.is_pass:
        return f"«{PASS}»" + (f" — цепочка «{escape(chain)}» ({mode})" if chain else "")
    return f"«{escape(chain)}» ({mode})"


def highlight(word: str, spans: tuple[tuple[int, int], ...]) -> Text:
    """``word`` with the letters in ``spans`` (folded positions) highlighted."""
    text = Text(word)
    for start, end in spans:
        text.stylize("bold black on yellow", start, end)
    return text


def overlaps(console: Console, secret: str, hint: str, found: tuple[Overlap, ...]) -> None:
    """Print the secret and the hint with the consonant letters highlighted."""
    line = Text("   загадано: ")
    line.append_text(highlight(secret, tuple(sp for o in found for sp in o.secret_spans)))
    line.append("   наводка: ")
    said = tuple(sp for o in found if not o.form for sp in o.hint_spans)
    line.append_text(highlight(hint, said))
    for form in dict.fromkeys(o.form for o in found if o.form):  # the singular checked too
        line.append(" → ")
        line.append_text(highlight(form, tuple(sp for o in found if o.form == form
                                               for sp in o.hint_spans)))  # fmt: skip
    console.print(line, highlight=False)
    say(console, "   совпадает: " + escape("; ".join(o.describe() for o in found)))


def rules(console: Console) -> None:
    """Print the short rules, a bullet's wrapped lines indented under its text."""
    width = max(console.width - 2, 20)
    for line in RULES_TEXT.splitlines():
        if not line.startswith("• "):
            say(console, line)
            continue
        for i, part in enumerate(Text.from_markup(line[2:]).wrap(console, width)):
            part.rstrip()
            console.print(Text("• " if i == 0 else "  ") + part, highlight=False)


def hinter_turn(console: Console, view: HinterView) -> None:
    """Show the person who hints what each input would speak now."""
    say(console, f"[bold]Ваш ход — {seat_name(Seat(view.team, Role.HINTER))}.[/bold]")
    if view.last_own_was_pass:
        say(console, "[dim](в прошлый раз вы пропустили: «пропускаю» сейчас нельзя)[/dim]")
    say(console, "  [bold]слово[/bold]      → одно новое слово: «слово»")
    chains = view.chains_for("слово")
    if view.own_hints:
        chain = escape(", ".join(chains[Mode.OWN]))
        say(console, f"  [bold]+слово[/bold]     → своя цепочка: «{chain}»")
    if view.all_hints and view.all_hints != view.own_hints:
        chain = escape(", ".join(chains[Mode.ALL]))
        say(console, f"  [bold]++слово[/bold]    → общая цепочка: «{chain}»")
    if not view.last_own_was_pass:
        say(console, "  [bold]пропускаю[/bold]  → пропустить ход")


def guesser_turn(console: Console, view: GuesserView) -> None:
    """Show the person who guesses the chain to answer and the history."""
    say(
        console,
        f"[bold]Ваш ход — {seat_name(Seat(view.team, Role.GUESSER))}.[/bold] "
        f"Вы слышите: [cyan]{chain_text(view.utterance)}[/cyan]",
    )
    if view.hints:
        say(console, f"[dim]Наводки в игре: {escape(', '.join(view.hints))}[/dim]")
    if view.wrong_answers:
        say(console, f"[dim]Неверные ответы: {escape(', '.join(view.wrong_answers))}[/dim]")
    if view.last_own_was_pass:
        say(console, "[dim](в прошлый раз вы пропустили: «пропускаю» сейчас нельзя)[/dim]")


def match_score(
    console: Console,
    score: Mapping[str, Mapping[str, int]],
    index: int,
    n_games: int,
    human_side: str | None,
) -> None:
    """Print the match score after game ``index`` (0-based) of ``n_games``."""
    names = {
        "A": "ваша сторона" if human_side == "A" else "сторона A",
        "B": "ваша сторона" if human_side == "B" else "сторона B",
    }
    if human_side in ("A", "B"):
        names["B" if human_side == "A" else "A"] = "боты"
    say(console, f"[bold]Счёт после игры {index + 1} из {n_games}:[/bold]")
    for side in ("A", "B"):
        s = score[side]
        say(
            console,
            f"  {names[side]} ({side}): победы {s['wins']} · ничьи {s['draws']} · "
            f"поражения {s['losses']} · из них созвучий {s['fouls']}",
        )
    if score["total"]["abandoned"]:
        say(console, f"  прервано: {plural(score['total']['abandoned'], 'игра', 'игры', 'игр')}")
