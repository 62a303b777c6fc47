"""Frozen value types and errors of the rules engine (RULES.md terms). Pure, no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from associatsiya_ai.rules.words import PASS, Overlap, Violation, WordVerdict

TURNS_PER_TEAM = 6
"""R1.3: each team has at most 6 turns; 12 turns in a game."""


class Mode(str, Enum):
    """Chain modes (R2): the new hint alone, with this hinter's, or with all earlier hints."""

    SINGLE = "single"
    OWN = "own"
    ALL = "all"


class Role(str, Enum):
    """A player's role: the hinter knows the secret, the guesser answers."""

    HINTER = "hinter"
    GUESSER = "guesser"


class Termination(str, Enum):
    """How a game ended (RULES.md, "Outcome record")."""

    GUESSED = "guessed"
    CONSONANCE = "consonance"
    DRAW = "draw"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Seat:
    """A seat at the table: team 1 (the setter's) or 2, and a role."""

    team: int
    role: Role


@dataclass(frozen=True)
class HintMove:
    """A parsed hint (R3 passed), not yet checked against the position or applied.

    Attributes
    ----------
    word : str
        The display spelling of the hint, or ``PASS``.
    mode : Mode
        The chain mode chosen.
    verdict : WordVerdict or None
        The lexicon's verdict; ``None`` for ``PASS``.
    """

    word: str
    mode: Mode
    verdict: WordVerdict | None

    @property
    def display(self) -> str:
        """The word as it is spoken and recorded."""
        return PASS if self.verdict is None else self.verdict.display


@dataclass(frozen=True)
class Utterance:
    """What a hinter says on a turn (R2).

    Attributes
    ----------
    team : int
        The hinter's team.
    mode : Mode
        The chain mode as chosen.
    new : str
        The new element: a hint (display spelling) or ``PASS``.
    chain : tuple of str
        The chain as spoken (real hints only; may be empty after ``PASS``).
    """

    team: int
    mode: Mode
    new: str
    chain: tuple[str, ...]

    @property
    def is_pass(self) -> bool:
        """True when the new element is ``PASS``."""
        return self.new == PASS

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "team": self.team,
            "mode": self.mode.value,
            "new": self.new,
            "chain": list(self.chain),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Utterance:
        """Rebuild an utterance from :meth:`to_dict`.

        Raises
        ------
        KeyError, TypeError, ValueError
            When ``data`` is not an utterance record.
        """
        return cls(
            team=int(data["team"]),
            mode=Mode(data["mode"]),
            new=str(data["new"]),
            chain=tuple(str(w) for w in data["chain"]),
        )


@dataclass(frozen=True)
class Turn:
    """One completed turn: the hinter's utterance and the partner's answer (R1.2).

    Attributes
    ----------
    number : int
        1–12 in the game.
    team : int
        The team that played it.
    utterance : Utterance
        The hinter's utterance.
    answer : str
        The guesser's answer (display spelling) or ``PASS``.
    correct : bool
        Whether the answer guessed the secret (R7).
    """

    number: int
    team: int
    utterance: Utterance
    answer: str
    correct: bool

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "number": self.number,
            "team": self.team,
            "utterance": self.utterance.to_dict(),
            "answer": self.answer,
            "correct": self.correct,
        }


@dataclass(frozen=True)
class Outcome:
    """The single termination of a finished game: data only.

    Its Russian text is :func:`associatsiya_ai.terminal.texts.outcome_text`.

    Attributes
    ----------
    termination : Termination
        guessed, consonance, draw or abandoned.
    winner, loser : int or None
        Teams; both ``None`` for a draw or an abandoned game.
    word : str or None
        The correct answer, or the consonant hint.
    overlaps : tuple of Overlap
        For a consonance foul: the overlapping letters.
    utterance : Utterance or None
        For a consonance foul: the utterance that fouled.
    """

    termination: Termination
    winner: int | None
    loser: int | None
    word: str | None = None
    overlaps: tuple[Overlap, ...] = ()
    utterance: Utterance | None = None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "termination": self.termination.value,
            "winner": self.winner,
            "loser": self.loser,
            "word": self.word,
            "overlaps": [
                {"kind": o.kind, "letters": list(o.letters), **({"form": o.form} if o.form else {})}
                for o in self.overlaps
            ],
            "utterance": None if self.utterance is None else self.utterance.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        """Rebuild an outcome from :meth:`to_dict` (a log's ``outcome``; ``detail`` ignored).

        Overlaps come back without their highlight spans (the record does not keep them).

        Raises
        ------
        KeyError, TypeError, ValueError
            When ``data`` is not an outcome record.
        """
        utterance = data.get("utterance")
        return cls(
            Termination(data["termination"]),
            winner=data.get("winner"),
            loser=data.get("loser"),
            word=data.get("word"),
            overlaps=tuple(
                Overlap(o["kind"], tuple(o["letters"]), (), (), str(o.get("form") or ""))
                for o in data.get("overlaps") or ()
            ),
            utterance=None if utterance is None else Utterance.from_dict(utterance),
        )


class RuleError(ValueError):
    """A move or word that breaks a rule; the message names the word, rule and reason.

    Attributes
    ----------
    word : str
        The offending word as said.
    violations : tuple of Violation
        Every rule broken (at least one).
    """

    def __init__(self, word: str, violations: tuple[Violation, ...]) -> None:
        self.word = word
        self.violations = violations
        first = violations[0]
        shown = word if len(word) <= 40 else word[:40] + "…"
        super().__init__(f"«{shown}»: {first.rule}: {first.detail}")

    @property
    def rule(self) -> str:
        """The rule number of the first violation, e.g. ``"R3"``."""
        return self.violations[0].rule

    @property
    def suggestion(self) -> str | None:
        """The suggested correct form, where the lexicon gave one."""
        return next((v.suggestion for v in self.violations if v.suggestion), None)


class InvalidWordError(RuleError):
    """The word breaks R3 (form): re-ask; it costs no turn."""


class InvalidSecretError(InvalidWordError):
    """The secret breaks R3, is ``PASS`` or has fewer than 2 letters."""


class IllegalMoveError(RuleError):
    """The move breaks R1 (turn order, game over), R4 (repeat) or R6 (``PASS`` twice)."""


class ConsonanceError(IllegalMoveError):
    """Practice mode only: the hint is consonant with the secret (R5) and was not applied.

    Attributes
    ----------
    overlaps : tuple of Overlap
        The overlapping letters, for highlighting.
    """

    def __init__(
        self, word: str, violations: tuple[Violation, ...], overlaps: tuple[Overlap, ...]
    ) -> None:
        super().__init__(word, violations)
        self.overlaps = overlaps


class GameRecordError(ValueError):
    """A saved game (JSON) is malformed or replays an illegal move."""
