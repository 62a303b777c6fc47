"""A logged game read back: its turns as the table heard them, with the bots' decisions.

:func:`replay_turns` reads the log form of a game
(:meth:`associatsiya_ai.arena.record.GameRecord.to_dict`) for replay and the report alike,
and also reads logs written before the :class:`~associatsiya_ai.bots.decision.Decision`
contract: those held every game twice (``moves`` and ``turns``) and candidates as
``["word/mode", score]`` pairs; ``turns`` is read and ``moves`` ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from associatsiya_ai.bots.decision import Decision

__all__ = ["LogError", "ReplayTurn", "replay_turns"]


class LogError(Exception):
    """A log file or a logged game is missing, unreadable or corrupt (one Russian line)."""


@dataclass(frozen=True)
class ReplayTurn:
    """One step of a logged game: a turn as the table heard it, with the bots' decisions."""

    number: int
    team: int
    mode: str
    new: str
    chain: tuple[str, ...]
    answer: str | None
    correct: bool
    hinter: Decision | None
    guesser: Decision | None
    foul: bool = False


def _decision(value: Any, word: str) -> Decision | None:
    """A logged decision; older logs lack the word, or give the reason as ``text``."""
    if not isinstance(value, Mapping):
        return None
    data = dict(value)
    data.setdefault("word", word)
    if "reason" not in data and isinstance(data.get("text"), str):
        data["reason"] = data["text"]
    return Decision.from_dict(data)


def _step(u: Mapping[str, Any], number: int, team: Any, **rest: Any) -> ReplayTurn:
    return ReplayTurn(
        number=number,
        team=int(team),
        mode=str(u["mode"]),
        new=str(u["new"]),
        chain=tuple(str(w) for w in u["chain"]),
        **rest,
    )


def replay_turns(record: Mapping[str, Any]) -> list[ReplayTurn]:
    """The turns of a logged game in order, plus the fouling utterance if there was one.

    Raises
    ------
    LogError
        When a turn is malformed.
    """
    steps: list[ReplayTurn] = []
    try:
        for t in record["turns"]:
            u, answer = t["utterance"], str(t["answer"])
            steps.append(
                _step(
                    u,
                    int(t["number"]),
                    t["team"],
                    answer=answer,
                    correct=bool(t.get("correct", False)),
                    hinter=_decision(t.get("hinter_explanation"), str(u["new"])),
                    guesser=_decision(t.get("guesser_explanation"), answer),
                )
            )
        final = record.get("final")
        if isinstance(final, Mapping) and isinstance(final.get("utterance"), Mapping):
            u = final["utterance"]
            steps.append(
                _step(
                    u,
                    len(steps) + 1,
                    u["team"],
                    answer=None,
                    correct=False,
                    hinter=_decision(final.get("explanation"), str(u["new"])),
                    guesser=None,
                    foul=True,
                )
            )
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError(f"запись игры повреждена: нет поля или неверное значение ({exc})") from None
    return steps
