"""Commands ``hint`` and ``guess``: ask the bots (registered on import; ``evaluate`` is in
:mod:`.evaluate`).

Heavy things (the model, the vocabulary, pymorphy3) load inside the commands.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from associatsiya_ai.bots.decision import percent
from associatsiya_ai.bots.levels import LEVEL_NAMES
from associatsiya_ai.cli.base import AdultOption, app, console, err_console, fail
from associatsiya_ai.cli.help_texts import GUESS_HELP, HINT_HELP
from associatsiya_ai.cli.trust import TrustModelOption, trust_models
from associatsiya_ai.terminal.explain import NOT_THE_BEST
from associatsiya_ai.terminal.labels import levels_text, mode_name
from associatsiya_ai.vectors.registry import DEFAULT_MODEL

if TYPE_CHECKING:
    from associatsiya_ai.kit import Kit

__all__ = ["AsJson", "Level", "Model", "check_level", "guess_data", "hint_data"]

Level = Annotated[
    str,
    typer.Option(
        "--level",
        help=f"Сила бота: {', '.join(LEVEL_NAMES)} (hint и guess по умолчанию показывают "
        "лучшие ходы бота hard; vs-bot играет на normal).",
    ),
]
Model = Annotated[
    str | None,
    typer.Option(
        "--model", help=f"Модель эмбеддингов: имя или файл (по умолчанию {DEFAULT_MODEL})."
    ),
]
Top = Annotated[int, typer.Option("--top", min=1, max=50, help="Сколько вариантов показать.")]
AsJson = Annotated[bool, typer.Option("--json", help="Вывести ровно один объект JSON.")]
Seed = Annotated[
    int,
    typer.Option(
        "--seed", min=0, help="Зерно случайности (seed): от него зависит выбор ботов easy и normal."
    ),
]


def _kit(model: str | None, level: str, **bot: Any) -> Kit:
    """The bots from the one composition root; a cold cache is built with a progress bar."""
    from associatsiya_ai.kit import load_kit
    from associatsiya_ai.terminal.progress import (
        note_damaged_people_cache,
        open_vocabulary_shown,
        prepare_people_shown,
    )

    open_vocabulary_shown(err_console, model=model)  # load_kit then finds it in memory
    kit = load_kit(model, level, **bot)
    note_damaged_people_cache(err_console, kit.damaged_people_cache())  # before the bots are made
    prepare_people_shown(err_console, kit.vocab)
    return kit


def check_level(level: str) -> None:
    if level not in LEVEL_NAMES:
        raise fail(f"уровень «{level}» неизвестен: {levels_text(LEVEL_NAMES)}", 2)


def hint_data(
    secret: str,
    *,
    top: int = 5,
    level: str = "hard",
    seed: int = 0,
    model: str | None = None,
    adult: bool = False,
) -> dict[str, Any]:
    """The bot's first hint for ``secret`` and its best (hint, mode) candidates.

    Raises
    ------
    associatsiya_ai.rules.game.InvalidSecretError
        When the secret breaks R3 (or is ``PASS`` / shorter than 2 letters).
    """
    import numpy as np

    from associatsiya_ai.lexicon import default_lexicon
    from associatsiya_ai.rules.game import Game

    game = Game(secret, default_lexicon())  # a bad secret is refused before the model loads
    kit = _kit(model, level, hinter={"candidates": top}, adult=adult)
    decision = kit.hinter.act(game.hinter_view(), np.random.default_rng(seed))
    return {
        "secret": game.secret.display,
        "hint": decision.word,
        "mode": None if decision.mode is None else decision.mode.value,
        "chain": list(decision.chain),
        "reason": decision.reason,
        "candidates": [
            {
                "hint": c.word,
                "mode": c.mode.value if c.mode else None,
                "score": round(c.score, 4),
                "probability": None if c.probability is None else round(c.probability, 6),
            }
            for c in decision.candidates
        ],
    }


def guess_data(
    chain: list[str],
    *,
    top: int = 5,
    level: str = "hard",
    seed: int = 0,
    model: str | None = None,
    adult: bool = False,
) -> dict[str, Any]:
    """The bot's answer to a chain heard on a fresh game's first turn, with candidates.

    The chain is checked first (:func:`associatsiya_ai.rules.checks.check_chain`):
    ``chain`` in the result is what the bot heard, without «пропускаю»; it may be empty.

    Raises
    ------
    associatsiya_ai.rules.game.RuleError
        When a word of the chain breaks R3 or R4.
    """
    import numpy as np

    from associatsiya_ai.lexicon import default_lexicon
    from associatsiya_ai.rules.checks import check_chain

    heard = list(check_chain(chain, default_lexicon()))
    kit = _kit(model, level, guesser={"candidates": max(top, 10)}, adult=adult)
    decision = kit.guesser.answer_chain(heard, np.random.default_rng(seed))
    return {
        "chain": heard,
        "answer": decision.word,
        "reason": decision.reason,
        "candidates": [
            {
                "answer": c.word,
                "score": round(c.score, 4),
                "probability": None if c.probability is None else round(c.probability, 6),
            }
            for c in decision.candidates[:top]
        ],
    }


@app.command("hint", help=HINT_HELP)
def hint_command(
    secret: Annotated[str, typer.Argument(help="Загаданное слово (существительное).")],
    top: Top = 5,
    as_json: AsJson = False,
    level: Level = "hard",
    seed: Seed = 0,
    model: Model = None,
    adult: AdultOption = False,
    trust_model: TrustModelOption = False,
) -> None:
    """The ``hint`` command (its help text is :data:`HINT_HELP`)."""
    from associatsiya_ai.rules.types import InvalidSecretError
    from associatsiya_ai.terminal.errors import secret_refusal

    check_level(level)
    trust_models(trust_model, model)
    try:
        data = hint_data(secret, top=top, level=level, seed=seed, model=model, adult=adult)
    except InvalidSecretError as exc:
        raise fail(secret_refusal(secret, exc)) from None
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return
    console.print(
        f"Загадано «{escape(data['secret'])}»: наводка [bold]{escape(data['hint'])}[/bold] "
        f"({mode_name(data['mode'])}, цепочка: {escape(' → '.join(data['chain'])) or '—'})",
        highlight=False,
    )
    if not data["candidates"]:
        console.print(f"Слова «{escape(data['secret'])}» нет в модели: бот пропускает ход.")
        return
    table = Table("№", "наводка", "режим", "шанс", "оценка")
    ranked = sorted(data["candidates"], key=lambda c: -c["score"])
    for i, c in enumerate(ranked, 1):
        chance = "—" if c["probability"] is None else percent(c["probability"])
        table.add_row(str(i), escape(c["hint"]), mode_name(c["mode"]), chance, f"{c['score']:.3f}")
    console.print(table)
    if ranked[0]["hint"] != data["hint"]:
        console.print(f"[dim]{NOT_THE_BEST}[/dim]", highlight=False)


@app.command("guess", help=GUESS_HELP)
def guess_command(
    hints: Annotated[
        list[str], typer.Argument(help="Услышанная цепочка наводок, от первой к последней.")
    ],
    top: Top = 5,
    as_json: AsJson = False,
    level: Level = "hard",
    seed: Seed = 0,
    model: Model = None,
    adult: AdultOption = False,
    trust_model: TrustModelOption = False,
) -> None:
    """The ``guess`` command (its help text is :data:`GUESS_HELP`)."""
    from associatsiya_ai.rules.types import RuleError
    from associatsiya_ai.terminal.errors import rule_message

    check_level(level)
    trust_models(trust_model, model)
    try:
        data = guess_data(list(hints), top=top, level=level, seed=seed, model=model, adult=adult)
    except RuleError as exc:
        raise fail(rule_message(exc)) from None
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return
    heard = (
        f"Цепочка {escape(' → '.join(data['chain']))}"
        if data["chain"]
        else "Наводок нет (только «пропускаю»): бот отвечает, не услышав ни одной"
    )
    console.print(
        f"{heard}: ответ [bold]{escape(data['answer'])}[/bold] ({escape(str(data['reason']))})",
        highlight=False,
    )
    table = Table("№", "ответ", "шанс", "оценка")
    ranked = sorted(data["candidates"], key=lambda c: -c["score"])
    for i, c in enumerate(ranked, 1):
        chance = "—" if c["probability"] is None else percent(c["probability"])
        table.add_row(str(i), escape(c["answer"]), chance, f"{c['score']:.3f}")
    if ranked:
        console.print(table)
        if ranked[0]["answer"] != data["answer"]:
            console.print(f"[dim]{NOT_THE_BEST}[/dim]", highlight=False)
