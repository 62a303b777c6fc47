"""Matches (R8): a series of games between two fixed sides with the setter alternating.

Pure: no I/O. In each game the setting side is that game's team 1; the setter alternates
A, B, A, … starting from ``first_setter``, so the sides take turns at moving first (team 2
moves first, R1).

>>> from associatsiya_ai.rules.types import Outcome, Termination
>>> m = Match()
>>> m.setter(0), m.setter(1), m.team_of("A", 1)
('A', 'B', 2)
>>> m.record(Outcome(Termination.GUESSED, winner=2, loser=1, word="кошка"))
>>> m.score()["B"]["wins"], m.score()["A"]["losses"]
(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from associatsiya_ai.rules.types import Outcome, Termination

Side = Literal["A", "B"]
SIDES: tuple[Side, Side] = ("A", "B")


def other(side: Side) -> Side:
    """The opposing side."""
    return "B" if side == "A" else "A"


@dataclass
class Match:
    """A match between sides A and B (R8).

    Parameters
    ----------
    first_setter : {"A", "B"}
        The side that sets the secret in the first game (A by default).

    Attributes
    ----------
    outcomes : list of Outcome
        The finished games, in order.
    """

    first_setter: Side = "A"
    outcomes: list[Outcome] = field(default_factory=list)

    def setter(self, game_index: int) -> Side:
        """The side that sets the secret (team 1) in game ``game_index`` (0-based)."""
        return self.first_setter if game_index % 2 == 0 else other(self.first_setter)

    def team_of(self, side: Side, game_index: int) -> int:
        """The team number (1 or 2) that ``side`` plays in game ``game_index``."""
        return 1 if self.setter(game_index) == side else 2

    def side_of(self, team: int, game_index: int) -> Side:
        """The side that plays ``team`` in game ``game_index``."""
        setter = self.setter(game_index)
        return setter if team == 1 else other(setter)

    @property
    def next_index(self) -> int:
        """The 0-based index of the next game to play."""
        return len(self.outcomes)

    def record(self, outcome: Outcome) -> None:
        """Record the outcome of the next game."""
        self.outcomes.append(outcome)

    def score(self) -> dict[str, dict[str, int]]:
        """Wins, draws, losses, fouls per side, and abandoned games.

        Returns
        -------
        dict
            ``{"A": {"wins", "draws", "losses", "fouls"}, "B": {...},
            "total": {"games", "draws", "abandoned"}}``; an abandoned game is neither a
            draw nor a loss.
        """
        table = {s: {"wins": 0, "draws": 0, "losses": 0, "fouls": 0} for s in SIDES}
        total = {"games": len(self.outcomes), "draws": 0, "abandoned": 0}
        for i, outcome in enumerate(self.outcomes):
            if outcome.termination is Termination.ABANDONED:
                total["abandoned"] += 1
                continue
            if outcome.winner is None:
                total["draws"] += 1
                for s in SIDES:
                    table[s]["draws"] += 1
                continue
            winner = self.side_of(outcome.winner, i)
            table[winner]["wins"] += 1
            table[other(winner)]["losses"] += 1
            if outcome.termination is Termination.CONSONANCE:
                table[other(winner)]["fouls"] += 1
        return {"A": table["A"], "B": table["B"], "total": total}
