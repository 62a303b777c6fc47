"""A bot's explanation as short Russian lines, from the typed :class:`Decision`.

One renderer serves the game screen («?», ``--explain``) and replay (the arena's log reader
turns older logs' explanations into decisions). What a person who guesses
may not see mid-game is taken out of the data before rendering (:func:`for_guesser`): the
candidate list (the bots' unsaid hints or answers would be extra clues) and the secret, which a
hinter's reason names.

>>> from associatsiya_ai.bots.decision import Candidate
>>> from associatsiya_ai.rules.types import Mode
>>> d = Decision("мышь", Mode.SINGLE, ("мышь",), (Candidate("мышь", Mode.SINGLE, 0.9),), "близко")
>>> decision_lines(d)
['близко', 'режим: одно слово', 'лучшие варианты: мышь 0.90']
>>> low = (Candidate("сыр", Mode.SINGLE, 0.5), Candidate("мышь", Mode.SINGLE, 0.9))
>>> decision_lines(Decision("сыр", Mode.SINGLE, ("сыр",), low, ""))[1:] == [
...     "лучшие варианты: мышь 0.90, сыр 0.50", NOT_THE_BEST]
True
>>> decision_lines(*for_guesser(d, "кошка", hinter=True))
['близко', 'режим: одно слово', 'другие варианты наводок — после игры (associatsiya replay)']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from associatsiya_ai.bots.decision import Candidate, Decision, percent
from associatsiya_ai.terminal.labels import MODE_NAMES, MODE_PREFIX

__all__ = ["NOT_THE_BEST", "by_score", "decision_lines", "for_guesser", "not_the_best"]

SHOWN_CANDIDATES = 6
NO_EXPLANATION = "(объяснения нет)"
NOT_THE_BEST = (
    "выбран не лучший по оценке вариант: на уровнях easy и normal бот тянет жребий "
    "среди лучших, чтобы играть слабее и разнообразнее"
)
"""Said when a bot's word is not its best-scored candidate."""


def for_guesser(decision: Decision, secret: str, *, hinter: bool) -> tuple[Decision, str | None]:
    """The decision as a person who guesses may see it mid-game, and what was withheld.

    Parameters
    ----------
    decision : Decision
        A bot's decision.
    secret : str
        The secret (a hinter's reason names it; it is shown as ``***``).
    hinter : bool
        Whether a hinter bot made the decision (its candidates are hints, else answers).

    Returns
    -------
    decision : Decision
        :meth:`Decision.redacted`, the secret taken out of the reason.
    withheld : str or None
        ``"наводок"`` or ``"ответов"`` when a candidate list was withheld, else ``None``.
    """
    withheld = ("наводок" if hinter else "ответов") if decision.candidates else None
    shown = decision.redacted()
    if secret and hinter:
        shown = replace(shown, reason=shown.reason.replace(f"«{secret}»", "«***»"))
    return shown, withheld


def decision_lines(decision: Decision | None, withheld: str | None = None) -> list[str]:
    """Render a bot's decision as short Russian lines: the reason, the mode, the candidates.

    Parameters
    ----------
    decision : Decision or None
        What the bot decided (``None``: no explanation).
    withheld : str or None
        Which candidate list was withheld (see :func:`for_guesser`): a note says it is shown
        after the game.

    Returns
    -------
    list of str
        Plain text (no rich markup).
    """
    if decision is None:
        return [NO_EXPLANATION]
    lines: list[str] = []
    if decision.reason:
        lines.append(decision.reason)
    if decision.mode is not None:
        lines.append(f"режим: {MODE_NAMES[decision.mode]}")
    if withheld:
        lines.append(f"другие варианты {withheld} — после игры (associatsiya replay)")
    elif decision.candidates:
        ordered = by_score(decision.candidates)
        shown = [
            f"{MODE_PREFIX[c.mode] if c.mode else ''}{c.word} {_value(c)}"
            for c in ordered[:SHOWN_CANDIDATES]
        ]
        head = "лучшие варианты"
        if ordered[0].probability is not None:
            head = (
                "скорее всего ответят"
                if decision.mode is None
                else "лучшие наводки в порядке оценки бота (в процентах — шанс, что человек "
                "отгадает; оценка учитывает ещё, какие наводки люди дают сами, поэтому порядок "
                "не всегда по шансу)"
            )
        if any(s.startswith("+") for s in shown):
            head += " (+ своя цепочка, ++ общая)"
        lines.append(f"{head}: " + ", ".join(shown))
        if not_the_best(decision):
            lines.append(NOT_THE_BEST)
    return lines or [NO_EXPLANATION]


def _value(c: Candidate) -> str:
    """A candidate's figure: its probability where the bot has one, else its score."""
    return percent(c.probability) if c.probability is not None else f"{c.score:.2f}"


def by_score(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates best first (a stable sort: ties keep the bot's order)."""
    return sorted(candidates, key=lambda c: -c.score)


def not_the_best(decision: Decision) -> bool:
    """Whether the bot said another word than its best-scored candidate (a level's draw)."""
    ordered = by_score(decision.candidates)
    if not ordered:
        return False
    best = ordered[0]
    return best.word != decision.word and best.score > max(
        (c.score for c in ordered if c.word == decision.word), default=float("-inf")
    )
