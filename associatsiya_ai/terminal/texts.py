"""Russian texts for the engine's data records (the engine itself holds no prose).

>>> from associatsiya_ai.rules.types import Outcome, Termination
>>> outcome_text(Outcome(Termination.GUESSED, winner=2, loser=1, word="кошка"))
'Команда 2 отгадала слово «кошка» и победила.'
>>> outcome_text(Outcome(Termination.DRAW, winner=None, loser=None))
'Ничья: слово не отгадано за шесть ходов каждой команды.'
"""

from __future__ import annotations

from associatsiya_ai.rules.types import Outcome, Termination

__all__ = ["outcome_text"]


def outcome_text(outcome: Outcome) -> str:
    """Return a one-line Russian description of a game's result.

    Parameters
    ----------
    outcome : Outcome
        The engine's outcome record.

    Returns
    -------
    str
        E.g. «Команда 2 отгадала слово «кошка» и победила.»
    """
    if outcome.termination is Termination.GUESSED:
        return f"Команда {outcome.winner} отгадала слово «{outcome.word}» и победила."
    if outcome.termination is Termination.CONSONANCE:
        letters = "; ".join(o.describe() for o in outcome.overlaps)
        return (
            f"Созвучие: наводка «{outcome.word}» ({letters}). "
            f"Команда {outcome.loser} проиграла, победила команда {outcome.winner}."
        )
    if outcome.termination is Termination.DRAW:
        return "Ничья: слово не отгадано за шесть ходов каждой команды."
    return "Игра прервана: победителя нет."
