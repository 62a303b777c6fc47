"""A bot's move and its reasons: the one contract shared by bots, seats, screen, log and replay.

A bot returns a :class:`Decision`; the seat hands it unchanged to the arena, the arena puts it
in the game's record, the log writes it with :meth:`Decision.to_dict` and replay reads it back
with :meth:`Decision.from_dict`. What a player may not see (a hinter's unsaid candidate hints,
shown to a person who guesses) is removed on the data with :meth:`Decision.redacted`, never
by filtering printed text.

>>> from associatsiya_ai.rules.types import Mode
>>> d = Decision("свет", Mode.SINGLE, ("свет",), (Candidate("свет", Mode.SINGLE, 0.61),), "близко")
>>> Decision.from_dict(d.to_dict()) == d
True
>>> d.redacted().candidates
()
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from associatsiya_ai.rules.types import Mode
from associatsiya_ai.rules.words import PASS

__all__ = ["Candidate", "Decision", "percent"]


@dataclass(frozen=True)
class Candidate:
    """One word a bot weighed.

    Attributes
    ----------
    word : str
        The word in its display spelling.
    mode : Mode or None
        The chain mode the hint would be spoken in (hinter); ``None`` for an answer.
    score : float
        The bot's criterion for this candidate (higher is better; unitless).
    probability : float or None
        A probability in [0, 1] where the bot has one: for a guesser the modelled chance
        that a person answers this word, for a hinter the modelled chance that the partner
        answers the secret on this hint.
    """

    word: str
    mode: Mode | None = None
    score: float = 0.0
    probability: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (scores rounded to 4 decimals, probabilities to 6: a percentage
        read back from a log rounds as it did in the game)."""
        out: dict[str, Any] = {
            "word": self.word,
            "mode": None if self.mode is None else self.mode.value,
            "score": round(float(self.score), 4),
        }
        if self.probability is not None:
            out["probability"] = round(float(self.probability), 6)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | list[Any]) -> Candidate:
        """Read :meth:`to_dict`'s form, or the older ``["word/mode", score]`` pair of logs.

        Raises
        ------
        ValueError
            If the data have neither shape.
        """
        if isinstance(data, list):  # logs written before the Decision contract
            if len(data) != 2:
                raise ValueError(f"кандидат в непонятном виде: {data!r}")
            word, _, mode = str(data[0]).partition("/")
            return cls(
                word, Mode(mode) if mode in Mode._value2member_map_ else None, float(data[1])
            )
        mode_value = data.get("mode")
        probability = data.get("probability")
        return cls(
            str(data["word"]),
            None if mode_value is None else Mode(mode_value),
            float(data.get("score", 0.0)),
            None if probability is None else float(probability),
        )


@dataclass(frozen=True)
class Decision:
    """A bot's move with its explanation.

    Attributes
    ----------
    word : str
        The hint or answer (display spelling) or ``PASS``.
    mode : Mode or None
        The chain mode (hinter only).
    chain : tuple of str
        The chain spoken (hinter) or heard (guesser).
    candidates : tuple of Candidate
        The best candidates, best first.
    reason : str
        A one-line explanation in Russian.
    chance : float or None
        For a hinter, the modelled chance in [0, 1] that the partner answers the secret on
        the chosen hint; ``None`` where the bot has no such model.
    """

    word: str
    mode: Mode | None = None
    chain: tuple[str, ...] = ()
    candidates: tuple[Candidate, ...] = field(default_factory=tuple)
    reason: str = ""
    chance: float | None = None

    @property
    def is_pass(self) -> bool:
        """True when the move is ``PASS``."""
        return self.word == PASS

    def redacted(self) -> Decision:
        """The decision as a person guessing may see it mid-game: no candidate list."""
        return replace(self, candidates=())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the move, its mode, chain, candidates, reason and chance."""
        out: dict[str, Any] = {
            "word": self.word,
            "mode": None if self.mode is None else self.mode.value,
            "chain": list(self.chain),
            "candidates": [c.to_dict() for c in self.candidates],
            "reason": self.reason,
        }
        if self.chance is not None:
            out["chance"] = round(float(self.chance), 6)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Decision:
        """Read :meth:`to_dict`'s form (and the older explanation dicts of logs).

        Raises
        ------
        ValueError, KeyError, TypeError
            If the data are not a decision.
        """
        mode_value = data.get("mode")
        chance = data.get("chance")
        return cls(
            word=str(data.get("word", "")),
            mode=None if mode_value is None else Mode(mode_value),
            chain=tuple(str(w) for w in data.get("chain", ())),
            candidates=tuple(Candidate.from_dict(c) for c in data.get("candidates", ())),
            reason=str(data.get("reason", "")),
            chance=None if chance is None else float(chance),
        )


def percent(p: float) -> str:
    """A probability as a player reads it (bots' reasons and the terminal alike).

    >>> percent(0.237), percent(0.004), percent(0.0001), percent(0.00996)
    ('24%', '0.4%', '<0.1%', '1%')
    """
    if p >= 0.0095:  # what shows as 1.0% reads as 1%, as its neighbours in a list do
        return f"{100 * p:.0f}%"
    return f"{100 * p:.1f}%" if p >= 0.001 else "<0.1%"
