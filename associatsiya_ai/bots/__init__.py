"""Embedding bots: :class:`EmbeddingGuesser` and :class:`EmbeddingHinter` (``act(view, rng)``).

Both return a :class:`Decision` (the move, the chain mode, the top candidates with scores
and a reason). Levels ``easy``, ``normal`` and ``hard`` (see :data:`LEVELS`).
"""

from associatsiya_ai.bots.decision import Candidate, Decision
from associatsiya_ai.bots.guesser import EmbeddingGuesser
from associatsiya_ai.bots.hinter import EmbeddingHinter
from associatsiya_ai.bots.levels import LEVEL_NAMES, LEVELS, Level, level_of

__all__ = [
    "LEVELS",
    "LEVEL_NAMES",
    "Candidate",
    "Decision",
    "EmbeddingGuesser",
    "EmbeddingHinter",
    "Level",
    "level_of",
]
