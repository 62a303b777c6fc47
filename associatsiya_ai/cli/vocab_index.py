"""Command ``associatsiya models index``: build or load the bots' noun vocabulary of a model
and show its cache and what was dropped (registered on the ``models`` group on import)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from associatsiya_ai.cli.base import console, err_console, fail
from associatsiya_ai.cli.help_texts import INDEX_HELP
from associatsiya_ai.cli.models import models_app
from associatsiya_ai.cli.trust import TrustModelOption, trust_models
from associatsiya_ai.rules.words import plural
from associatsiya_ai.terminal.progress import open_vocabulary_shown
from associatsiya_ai.terminal.texts import model_error_text
from associatsiya_ai.vectors import DEFAULT_MODEL, ModelError

if TYPE_CHECKING:
    from associatsiya_ai.vocab.vocabulary import Vocabulary

__all__ = ["index_command", "vocabulary_report"]


@models_app.command("index", help=INDEX_HELP)
def index_command(
    model: Annotated[
        str | None,
        typer.Option("--model", help=f"Имя или файл модели (по умолчанию navec {DEFAULT_MODEL})."),
    ] = None,
    rebuild: Annotated[
        bool, typer.Option("--rebuild", help="Построить словарь заново, не глядя в кэш.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Вывести один объект JSON.")] = False,
    dropped: Annotated[
        int,
        typer.Option("--dropped", min=0, help="Показать также N отброшенных слов с причиной."),
    ] = 0,
    seed: Annotated[
        int, typer.Option("--seed", min=0, help="Зерно (seed) выборки для --dropped.")
    ] = 0,
    trust_model: TrustModelOption = False,
) -> None:
    """The ``index`` command (its help text is :data:`INDEX_HELP`)."""
    import time

    from associatsiya_ai.vocab.associations import lexicon_coverage

    trust_models(trust_model, model)
    start = time.perf_counter()
    try:
        report = open_vocabulary_shown(err_console, model=model, rebuild=rebuild)
    except ModelError as exc:
        raise fail(model_error_text(exc)) from None
    vocab, path, cached = report.vocabulary, report.path, report.source != "built"
    data: dict[str, Any] = {
        "model": vocab.model_name,
        "cache": None if path is None else str(path),
        "cached": cached,
        "seconds": round(time.perf_counter() - start, 3),
        **vocabulary_report(vocab, dropped, seed),
        "lexicon": lexicon_coverage(list(vocab.words), list(vocab.secrets)),
    }
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return
    how = "загружен из кэша" if cached else "построен"
    console.print(
        f"Словарь модели {data['model']} {how} за {data['seconds']} с: "
        f"{plural(data['words'], 'существительное', 'существительных', 'существительных')}, "
        f"{plural(data['secrets'], 'слово', 'слова', 'слов')} для загадывания.",
        highlight=False,
    )
    if path is not None:
        console.print(f"Кэш: {path}", highlight=False, soft_wrap=True)
    console.print(
        f"Слов только для взрослых (--adult): {data['adult_words']}. Отброшено: "
        + ", ".join(f"{reason} {n}" for reason, n in data["dropped"].items()),
        highlight=False,
        soft_wrap=True,
    )
    lex = data["lexicon"]
    console.print(
        f"Словарь ассоциаций (data/lexicon, версия {lex['version']}): списки ответов у "
        f"{lex['forward_coverage']:.0%} слов, списки наводок у {lex['hints_coverage']:.0%} "
        f"слов для загадывания; {lex['entries']} ассоциаций, из них в словаре ботов "
        f"{lex['in_vocabulary']:.0%}.",
        highlight=False,
    )
    for item in data.get("dropped_sample", []):
        console.print(f"  {item['word']}: {item['reason']}", highlight=False)


def vocabulary_report(vocab: Vocabulary, n_dropped: int = 0, seed: int = 0) -> dict[str, Any]:
    """The drop report of a built vocabulary, for ``models index``.

    Parameters
    ----------
    vocab : Vocabulary
        A full vocabulary (adult words in, as ``load_vocabulary(adult=True)`` returns).
    n_dropped : int
        How many audited dropped words to draw (seeded, without replacement).
    seed : int
        Seed of that draw.

    Returns
    -------
    dict
        ``words`` and ``secrets`` said by default (adult words left out), ``adult_words``,
        ``dropped`` ({reason: count}), ``audited`` (how many dropped words can be listed) and,
        when ``n_dropped`` > 0, ``dropped_sample``: [{"word", "reason"}, …].
    """
    import numpy as np

    adult = {vocab.words[i] for i in np.flatnonzero(vocab.adult)}
    out: dict[str, Any] = {
        "words": len(vocab) - len(adult),
        "secrets": sum(w not in adult for w in vocab.secrets),
        "adult_words": len(adult),
        "dropped": dict(vocab.report),
        "audited": len(vocab.dropped),
    }
    if n_dropped > 0 and vocab.dropped:
        rng = np.random.default_rng(seed)
        rows = rng.choice(len(vocab.dropped), min(n_dropped, len(vocab.dropped)), replace=False)
        out["dropped_sample"] = [
            {"word": vocab.dropped[i][0], "reason": vocab.dropped[i][1]} for i in rows.tolist()
        ]
    return out
