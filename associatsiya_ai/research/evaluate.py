"""Play quality against human association norms (DESIGN.md, "Measuring play quality").

Both functions run the same bot code as a game, on a fresh game's first turn:

- :func:`evaluate_guesser`: rows ``{"hint": S, "responses": {R: count}}``; the guesser
  hears the chain ``[S]``. ``hit@1``: its answer is a modal response (ties all count);
  ``hit@10``: a modal response is among its 10 best candidates; ``agreement``: mean of
  count(answer) / sum(counts).
- :func:`evaluate_hinter`: rows ``{"target": T, "hints": {H: p}}``; the hinter gives its
  first hint for secret T. ``attested@1``: the hint is one of H; ``p_target``: its p, else 0.

Words are compared folded (``ё`` ≡ ``е``). A row the model cannot handle counts as a miss;
``coverage`` is the share of rows it could handle.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from associatsiya_ai.kit import load_kit
from associatsiya_ai.rules.game import Game, RuleError
from associatsiya_ai.rules.words import PASS, fold

__all__ = ["EvaluationError", "evaluate_guesser", "evaluate_hinter", "read_rows"]

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called after each row."""


class EvaluationError(ValueError):
    """A norms file is missing or malformed; the message names the file and the line."""


def _dict_of(row: Any, key: str, kind: type, where: str) -> dict[str, Any]:
    """The row's table ``key`` with folded words; counts are whole and ≥ 0 with a positive
    sum, shares lie in [0, 1]."""
    value = row.get(key) if isinstance(row, dict) else None
    if not isinstance(value, dict) or not value:
        raise EvaluationError(f"{where}: нужно непустое поле «{key}» (объект)")
    for k, v in value.items():
        if not isinstance(v, (int, float)) or isinstance(v, bool) or not k or not math.isfinite(v):
            raise EvaluationError(f"{where}: в «{key}» значение «{k}» должно быть числом")
        if kind is int and (v < 0 or v != int(v)):
            raise EvaluationError(f"{where}: в «{key}» у «{k}» число людей должно быть целым ≥ 0")
        if kind is float and not 0 <= v <= 1:
            raise EvaluationError(f"{where}: в «{key}» у «{k}» доля должна быть от 0 до 1")
    if kind is int and sum(value.values()) <= 0:
        raise EvaluationError(f"{where}: в «{key}» нет ни одного ответа (сумма 0)")
    return {fold(k): kind(v) for k, v in value.items()}


def read_rows(path: str | Path, word_key: str, table_key: str) -> list[tuple[str, dict[str, Any]]]:
    """Read a JSONL norms file into ``(word, {folded word: value})`` rows.

    Raises
    ------
    EvaluationError
        When the file cannot be read or a line is not a valid row (file and line named).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise EvaluationError(f"не удалось прочитать {path}: файла нет") from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise EvaluationError(f"не удалось прочитать {path}: {reason}") from None
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}, строка {number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvaluationError(f"{where}: неверный JSON ({exc.msg})") from None
        word = row.get(word_key) if isinstance(row, dict) else None
        if not isinstance(word, str) or not word.strip():
            raise EvaluationError(f"{where}: нужно поле «{word_key}» (строка)")
        kind = float if table_key == "hints" else int
        rows.append((word.strip(), _dict_of(row, table_key, kind, where)))
    if not rows:
        raise EvaluationError(f"{path}: в файле нет ни одной строки")
    return rows


def _rates(n: int, totals: dict[str, float]) -> dict[str, float | int]:
    """``{"n": n}`` and each total over ``n`` rows, rounded to 4 places."""
    return {"n": n, **{name: round(total / n, 4) for name, total in totals.items()}}


def evaluate_guesser(
    path: str | Path,
    model: str | None = None,
    *,
    level: str = "hard",
    progress: Progress | None = None,
    vocab: Any = None,
    **params: Any,
) -> dict[str, float | int]:
    """Measure the guesser on a norms file.

    Parameters
    ----------
    path : str or Path
        JSONL rows ``{"hint": S, "responses": {R: count}}``.
    model : str, optional
        Model spec for ``load_embeddings`` (default model when None).
    level : str
        Bot level (``hard``: deterministic best answer).
    progress : callable, optional
        ``progress(done, total)`` after each row.
    vocab : Vocabulary, optional
        Use this vocabulary instead of loading ``model``'s.
    **params
        :class:`~associatsiya_ai.bots.GuesserParams` overrides.

    Returns
    -------
    dict
        ``{"n", "hit@1", "hit@10", "agreement", "coverage"}``; rates rounded to 4 places.

    Raises
    ------
    EvaluationError
        Bad file or line. ``ModelError`` when the model cannot be loaded.
    """
    from associatsiya_ai.bots import EmbeddingGuesser

    rows = read_rows(path, "hint", "responses")
    if vocab is None:
        bot = load_kit(model, level, guesser=params).guesser
    else:
        bot = EmbeddingGuesser(vocab, level=level, **params)
    rng = np.random.default_rng(0)
    hit1 = hit10 = covered = 0
    agreement = 0.0
    for done, (hint, responses) in enumerate(rows, 1):
        decision = bot.answer_chain([hint], rng)
        top = max(responses.values())
        modal = {w for w, c in responses.items() if c == top}
        answer = fold(decision.word)
        if decision.word != PASS:
            covered += 1
            hit1 += answer in modal
            agreement += responses.get(answer, 0) / sum(responses.values())
        hit10 += any(fold(c.word) in modal for c in decision.candidates[:10])
        if progress is not None:
            progress(done, len(rows))
    return _rates(len(rows), {"hit@1": hit1, "hit@10": hit10, "agreement": agreement,
                              "coverage": covered})  # fmt: skip


def evaluate_hinter(
    path: str | Path,
    model: str | None = None,
    *,
    level: str = "hard",
    progress: Progress | None = None,
    vocab: Any = None,
    checker: Any = None,
    **params: Any,
) -> dict[str, float | int]:
    """Measure the hinter's first hint on a norms file.

    Parameters
    ----------
    path : str or Path
        JSONL rows ``{"target": T, "hints": {H: p}}``.
    model, level, progress, vocab
        As for :func:`evaluate_guesser`.
    checker : WordChecker, optional
        The lexicon (default: the real one).
    **params
        :class:`~associatsiya_ai.bots.EmbeddingHinter` keyword overrides.

    Returns
    -------
    dict
        ``{"n", "attested@1", "p_target", "coverage"}``; rates rounded to 4 places.

    Raises
    ------
    EvaluationError
        Bad file or line. ``ModelError`` when the model cannot be loaded.
    """
    from associatsiya_ai.bots import EmbeddingHinter

    rows = read_rows(path, "target", "hints")
    if vocab is None:
        kit = load_kit(model, level, hinter={**params, **({"checker": checker} if checker else {})})
        bot, checker = kit.hinter, checker or kit.checker
    else:
        if checker is None:
            from associatsiya_ai.lexicon import default_lexicon

            checker = default_lexicon()
        bot = EmbeddingHinter(vocab, level=level, checker=checker, **params)
    rng = np.random.default_rng(0)
    attested = covered = 0
    p_target = 0.0
    for done, (target, hints) in enumerate(rows, 1):
        try:
            view = Game(target, checker).hinter_view()
        except RuleError:
            view = None  # a secret the rules reject is a miss
        if view is not None:
            decision = bot.act(view, rng)
            if decision.word != PASS:
                covered += 1
                hint = fold(decision.word)
                attested += hint in hints
                p_target += hints.get(hint, 0.0)
        if progress is not None:
            progress(done, len(rows))
    return _rates(len(rows), {"attested@1": attested, "p_target": p_target, "coverage": covered})
