"""Command ``associatsiya check SECRET HINT``: is this hint legal at a real table? (R3, R5).

Registered on :data:`associatsiya_ai.cli.base.app` on import. The verdict comes from the rules
engine (:func:`associatsiya_ai.rules.game.hint_violations`); this module only presents it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from associatsiya_ai.cli.base import app, console, fail
from associatsiya_ai.rules.words import Violation, consonance, is_pass

if TYPE_CHECKING:
    from associatsiya_ai.rules.words import WordVerdict

_HIGHLIGHT = "bold red"
_SHOWN_LIMIT = 40


def check_hint(
    secret: str, hint: str, *, strict: bool = False
) -> tuple[WordVerdict, WordVerdict | None, tuple[Violation, ...]]:
    """Check ``hint`` against ``secret`` under R3 (form) and R5 (consonance).

    Parameters
    ----------
    secret : str
        The secret as typed; it must pass R3, not be ``PASS`` and have at least 2 letters.
    hint : str
        The hint as typed; ``PASS`` («пропускаю», any case) is always legal.
    strict : bool
        Reject words the dictionary does not know (R3's strict option).

    Returns
    -------
    secret_verdict : WordVerdict
        The lexicon's verdict on the secret.
    hint_verdict : WordVerdict or None
        The lexicon's verdict on the hint; ``None`` for ``PASS``.
    violations : tuple of Violation
        R3 problems of the hint, or else its R5 consonance violations; empty when legal.

    Raises
    ------
    associatsiya_ai.rules.game.InvalidSecretError
        When the secret is not a valid secret.
    """
    from associatsiya_ai.lexicon import default_lexicon
    from associatsiya_ai.rules.game import Game, hint_violations

    lexicon = default_lexicon(strict=strict)
    secret_verdict = Game.check_secret(secret, lexicon)
    if is_pass(hint):
        return secret_verdict, None, hint_violations(secret_verdict, None, hint_word_is_pass=True)
    hint_verdict = lexicon.analyse(hint)
    return secret_verdict, hint_verdict, hint_violations(secret_verdict, hint_verdict)


def _clip(word: str) -> str:
    return word if len(word) <= _SHOWN_LIMIT else word[:_SHOWN_LIMIT] + "…"


def _marked(label: str, word: str, spans: list[tuple[int, int]]) -> tuple[Text, Text]:
    """Return the word with the shared letters highlighted, and a caret line under them."""
    line = Text(f"  {label:<10}", style="dim")
    text = Text(word)
    carets = [" "] * len(word)
    for start, end in spans:
        text.stylize(_HIGHLIGHT, start, end)
        carets[start:end] = "^" * (end - start)
    line.append_text(text)
    marks = Text(" " * (2 + 10) + "".join(carets).rstrip(), style=_HIGHLIGHT)
    return line, marks


def _print_overlaps(secret: WordVerdict, hint: WordVerdict) -> None:
    secret_spans: list[tuple[int, int]] = []
    rows: list[tuple[str, str, list[tuple[int, int]]]] = []
    for number, form in enumerate(hint.consonance_forms()):
        overlaps = consonance(secret.word, form)
        if not overlaps and number > 0:
            continue
        secret_spans.extend(span for o in overlaps for span in o.secret_spans)
        shown = hint.word if number == 0 else form
        label = "наводка:" if number == 0 else "ед. ч.:"
        rows.append((label, shown, [span for o in overlaps for span in o.hint_spans]))
    for label, word, spans in [("загадано:", secret.word, secret_spans), *rows]:
        line, marks = _marked(label, word, spans)
        console.print(line, soft_wrap=True)
        if spans:
            console.print(marks, soft_wrap=True)


def _say(message: str, style: str = "") -> None:
    console.print(Text(message, style=style), soft_wrap=True)


def _print_human(
    secret: WordVerdict, hint: WordVerdict | None, violations: tuple[Violation, ...]
) -> None:
    from associatsiya_ai.lexicon.form import shorten

    if hint is None:
        _say("✔ «пропускаю» — пропуск хода; на созвучие не проверяется (R6).", "green")
        return
    shown = shorten(hint.word)
    if not violations:
        _say(f"✔ «{hint.display}» можно говорить: созвучия с «{secret.display}» нет.", "green")
    elif violations[0].rule == "R5":
        _say(
            f"✘ «{hint.display}» созвучно с «{secret.display}» (R5): это фол, команда проиграет.",
            "red",
        )
    else:
        _say(f"✘ «{shown}» не подходит по форме (R3): это не фол, назовите другое слово.", "red")
    for v in violations:
        _say(f"  • {v.rule}: {v.detail}")
    for notice in hint.notices:
        _say(f"  ℹ {notice}", "yellow")
    if hint.ok:
        _print_overlaps(secret, hint)


_HELP = (
    "Проверить наводку HINT для загаданного слова SECRET: форму слова (R3), затем созвучие (R5)."
    "\n\n"
    "Наводка — одно русское нарицательное существительное в именительном падеже; с загаданным "
    "словом у неё не должны совпадать первые две буквы, последние две буквы и никакие три "
    "буквы подряд (ё = е). Наводка во множественном числе проверяется как сказана и в "
    "единственном. «пропускаю» можно всегда. Совпадающие буквы подсвечиваются.\n\n"
    "Код выхода: 0 — можно, 1 — нельзя, 2 — ошибка вызова (например, недопустимое "
    "загаданное слово).\n\n"
    "[bold]Примеры[/bold]\n\n"
    "  associatsiya check кошка мышь        [dim]# можно[/dim]\n\n"
    "  associatsiya check кошка мошка       [dim]# фол, созвучие: «ка», «ошк», «шка»[/dim]\n\n"
    "  associatsiya check рука реки --json  [dim]# фол, созвучие с ед. ч. «река»[/dim]"
)


@app.command("check", help=_HELP)
def check(
    secret: Annotated[str, typer.Argument(metavar="SECRET", help="Загаданное слово.")],
    hint: Annotated[
        str, typer.Argument(metavar="HINT", help="Проверяемая наводка или «пропускаю».")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Вывести один объект JSON вместо текста.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Отклонять слова, которых нет в словаре (R3)."),
    ] = False,
) -> None:
    """Check a hint against the secret (R3, then R5); exit 0 legal, 1 not, 2 usage error."""
    from associatsiya_ai.rules.types import InvalidSecretError
    from associatsiya_ai.terminal.errors import secret_refusal

    try:
        secret_v, hint_v, violations = check_hint(secret, hint, strict=strict)
    except InvalidSecretError as exc:
        raise fail(secret_refusal(secret, exc), 2) from None
    ok = not violations
    if as_json:
        payload = {
            "secret": _clip(secret_v.word),
            "hint": "пропускаю" if hint_v is None else _clip(hint_v.word),
            "ok": ok,
            "violations": [
                {"rule": v.rule, "kind": v.kind, "detail": v.detail} for v in violations
            ],
        }
        typer.echo(json.dumps(payload, ensure_ascii=False))
    else:
        _print_human(secret_v, hint_v, violations)
    if not ok:
        raise typer.Exit(1)
