"""The project's speed and memory targets (DESIGN.md "Measuring speed"), for ``bench``.

Each figure's target is written once here, as a :class:`Target`; the bench reports whether
each measured figure meets it. Tests never assert them (timings are the machine's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["GOALS", "TARGETS", "Target", "met_targets"]


@dataclass(frozen=True)
class Target:
    """A project target for one figure: ``figure <op> bound`` (× ``relative_to`` if given).

    >>> Target("<=", 1.5, "gensim_most_similar_ms").text
    '<= 1.5 x gensim_most_similar_ms'
    >>> Target(">=", 20).met(25.0, {})
    True
    """

    op: str
    bound: float | int
    relative_to: str | None = None

    @property
    def text(self) -> str:
        """How the target reads in the report, e.g. ``"<= 25"``."""
        scale = f" x {self.relative_to}" if self.relative_to else ""
        return f"{self.op} {self.bound}{scale}"

    def met(self, value: Any, figures: dict[str, Any]) -> bool | None:
        """Whether ``value`` meets the target (None when a figure is missing)."""
        bound = float(self.bound)
        if self.relative_to is not None:
            base = figures.get(self.relative_to)
            if base is None:
                return None
            bound *= float(base)
        if value is None:
            return None
        return float(value) <= bound if self.op == "<=" else float(value) >= bound


GOALS: dict[str, Target] = {
    "load_s": Target("<=", 1.0),
    "guess_ms": Target("<=", 1.5, "gensim_most_similar_ms"),
    "guess_ms_blocks": Target("<=", 1.2, "gensim_ms_blocks"),
    "hint_ms": Target("<=", 5),
    "games_per_s": Target(">=", 100),
    "peak_rss_mb": Target("<=", 200),
}
"""The project's targets (DESIGN.md "Measuring speed"; the guesser in back-to-back blocks,
the hinter, the games and the memory as "The first game in seconds" set them), written
once."""

TARGETS: dict[str, str] = {name: goal.text for name, goal in GOALS.items()}
"""The targets as they read in the report (not asserted by tests)."""


def met_targets(fig: dict[str, Any]) -> dict[str, bool | None]:
    """Per target figure of ``fig``: whether it meets its target (None when missing)."""
    return {name: goal.met(fig.get(name), fig) for name, goal in GOALS.items()}
