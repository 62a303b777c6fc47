"""The state of a game of «Ассоциация»: its typed turns, whose move it is, and the views.

:class:`GameState` is what has happened (the typed turns — the one record of a game), what
follows from it (R1: whose move it is) and what each seat may see (:class:`HinterView`,
:class:`GuesserView`). :class:`~associatsiya_ai.rules.game.Game` adds the moves. Pure: no
I/O, no models.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from associatsiya_ai.rules.types import (
    TURNS_PER_TEAM,
    IllegalMoveError,
    Outcome,
    Role,
    Seat,
    Termination,
    Turn,
    Utterance,
)
from associatsiya_ai.rules.views import GuesserView, HinterView
from associatsiya_ai.rules.words import PASS, Violation, WordVerdict

__all__ = ["GameState", "SpokenHint"]


@dataclass(frozen=True)
class SpokenHint:
    """A real hint spoken in a game: its team, display spelling and folded lemmas (R4)."""

    team: int
    display: str
    lemmas: frozenset[str]


@dataclass
class GameState:
    """The record of one game so far; :class:`~associatsiya_ai.rules.game.Game` plays it.

    Attributes
    ----------
    secret : WordVerdict
        The accepted secret.
    turns : list of Turn
        Every completed turn, in order.
    pending : Utterance or None
        This turn's utterance while its guesser has yet to answer.
    """

    secret: WordVerdict = field(init=False)
    turns: list[Turn] = field(init=False, default_factory=list)
    pending: Utterance | None = field(init=False, default=None)
    _outcome: Outcome | None = field(init=False, default=None)
    _hints: list[SpokenHint] = field(init=False, default_factory=list)
    _last_pass: dict[Seat, bool] = field(init=False, default_factory=dict)

    def outcome(self) -> Outcome | None:
        """The result; ``None`` while the game goes on."""
        return self._outcome

    @property
    def turn_number(self) -> int:
        """The number of the current (or, after the end, last) turn, 1–12."""
        return min(len(self.turns) + 1, 2 * TURNS_PER_TEAM)

    def team_on_turn(self, number: int) -> int:
        """The team that plays turn ``number`` (1-based): team 2 first, then alternating (R1)."""
        return 2 if number % 2 == 1 else 1

    def to_act(self) -> Seat | None:
        """The seat that must act now, or ``None`` when the game is over."""
        if self._outcome is not None:
            return None
        team = self.team_on_turn(len(self.turns) + 1)
        return Seat(team, Role.GUESSER if self.pending is not None else Role.HINTER)

    def turns_left(self, team: int) -> int:
        """How many turns ``team`` has left (of 6)."""
        return TURNS_PER_TEAM - sum(1 for t in self.turns if t.team == team)

    def hints(self, team: int | None = None) -> tuple[str, ...]:
        """Real hints spoken so far (display spelling), of one team or of both."""
        return tuple(h.display for h in self._hints if team is None or h.team == team)

    def answers(self) -> tuple[str, ...]:
        """Every non-``PASS`` answer given so far, in order."""
        return tuple(t.answer for t in self.turns if t.answer != PASS)

    # ----------------------------------------------------------------- views
    def hinter_view(self) -> HinterView:
        """The view of the hinter who must speak now.

        Raises
        ------
        IllegalMoveError
            When it is not a hinter's move.
        """
        seat = self._expect(Role.HINTER, "")
        return HinterView(
            team=seat.team,
            secret=self.secret,
            turns=tuple(self.turns),
            own_hints=self.hints(seat.team),
            all_hints=self.hints(),
            spoken_lemmas=frozenset().union(*(h.lemmas for h in self._hints)),
            last_own_was_pass=self._last_pass.get(seat, False),
            turn_number=self.turn_number,
        )

    def guesser_view(self) -> GuesserView:
        """The view of the guesser who must answer now.

        Raises
        ------
        IllegalMoveError
            When it is not a guesser's move.
        """
        seat = self._expect(Role.GUESSER, "")
        assert self.pending is not None
        return GuesserView(
            team=seat.team,
            utterance=self.pending,
            turns=tuple(self.turns),
            hints=self.hints(),
            wrong_answers=self.answers(),
            last_own_was_pass=self._last_pass.get(seat, False),
            turn_number=self.turn_number,
        )

    def _expect(self, role: Role, word: str) -> Seat:
        seat = self.to_act()
        if seat is None:
            raise IllegalMoveError(word, (Violation("R1", "game-over", "игра уже окончена"),))
        if seat.role is not role:
            who = "отгадывающего" if seat.role is Role.GUESSER else "наводящего"
            raise IllegalMoveError(
                word,
                (Violation("R1", "not-your-turn", f"сейчас очередь {who} команды {seat.team}"),),
            )
        return seat

    @property
    def moves(self) -> list[dict[str, object]]:
        """Every move in order, as JSON-ready dicts, derived from the typed turns.

        A hint is ``{"role": "hinter", "word", "mode"}``, an answer ``{"role": "guesser",
        "word"}``, a person quitting ``{"role": "abandon"}``; :meth:`from_dict` replays them.
        """
        out: list[dict[str, object]] = []
        for turn in self.turns:
            out.append(_hint_move(turn.utterance))
            out.append({"role": "guesser", "word": turn.answer})
        if self.pending is not None:
            out.append(_hint_move(self.pending))
        outcome = self._outcome
        if outcome is not None and outcome.termination is Termination.CONSONANCE:
            assert outcome.utterance is not None
            out.append(_hint_move(outcome.utterance))
        elif outcome is not None and outcome.termination is Termination.ABANDONED:
            out.append({"role": "abandon"})
        return out


def _hint_move(utterance: Utterance) -> dict[str, object]:
    return {"role": "hinter", "word": utterance.new, "mode": utterance.mode.value}
