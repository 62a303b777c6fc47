"""Russian texts for the engine's data records (the engine itself holds no prose).

>>> from associatsiya_ai.rules.types import Outcome, Termination
>>> outcome_text(Outcome(Termination.GUESSED, winner=2, loser=1, word="ёлки"), "ёлка")
'Команда 2 отгадала слово «ёлка» и победила.'
>>> outcome_text(Outcome(Termination.CONSONANCE, winner=1, loser=2, word="кошка"), "кошка")
'Созвучие: наводка «кошка» (это само загаданное слово). Команда 2 проиграла, победила команда 1.'
>>> outcome_text(Outcome(Termination.DRAW, winner=None, loser=None))
'Ничья: слово не отгадано за шесть ходов каждой команды.'
>>> model_error_text(ModelError("файл модели не найден: x.tar", fix="download", model="hudlit_v1"))
'файл модели не найден: x.tar; скачайте её: associatsiya models download hudlit_v1'
"""

from __future__ import annotations

from associatsiya_ai.rules.types import Outcome, Termination
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vectors.registry import ModelError

__all__ = ["model_error_text", "outcome_text"]


def outcome_text(outcome: Outcome, secret: str | None = None) -> str:
    """Return a one-line Russian description of a game's result.

    Parameters
    ----------
    outcome : Outcome
        The engine's outcome record.
    secret : str or None
        The secret: a guessed game names it, not the answer's form («ёлки» → «ёлка»); a
        hint that is the secret itself is called so, not listed letter by letter.

    Returns
    -------
    str
        E.g. «Команда 2 отгадала слово «кошка» и победила.»
    """
    if outcome.termination is Termination.GUESSED:
        return f"Команда {outcome.winner} отгадала слово «{secret or outcome.word}» и победила."
    if outcome.termination is Termination.CONSONANCE:
        letters = "; ".join(o.describe() for o in outcome.overlaps)
        if secret and outcome.word and fold(outcome.word) == fold(secret):
            letters = "это само загаданное слово"
        return (
            f"Созвучие: наводка «{outcome.word}» ({letters}). "
            f"Команда {outcome.loser} проиграла, победила команда {outcome.winner}."
        )
    if outcome.termination is Termination.DRAW:
        return "Ничья: слово не отгадано за шесть ходов каждой команды."
    return "Игра прервана: победителя нет."


def model_error_text(error: ModelError) -> str:
    """Return a model error's line with the command that fixes it, where there is one.

    Parameters
    ----------
    error : ModelError
        Raised by the vectors or vocabulary layer (:attr:`ModelError.fix` says the fix).

    Returns
    -------
    str
        One Russian line.
    """
    message = str(error)
    if error.fix == "download" and error.model:
        return f"{message}; скачайте её: associatsiya models download {error.model}"
    if error.fix == "path-or-name":
        return f"{message}; укажите путь к файлу модели или имя из «associatsiya models list»"
    if error.fix == "trust":
        return (
            f"{message}; если вы доверяете источнику файла, укажите путь к нему и добавьте "
            "--trust-model (например: --model ./модель.kv --trust-model)"
        )
    if error.fix == "another":
        return f"{message} (associatsiya models list)"
    return message
