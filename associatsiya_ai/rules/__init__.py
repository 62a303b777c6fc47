"""The pure rules engine (RULES.md R1–R8): words, types, checks, views, state, game, serialise,
match.

No I/O and no models: importing it loads none of numpy, pymorphy3, rich or typer.

>>> from associatsiya_ai.rules import Game, WordVerdict
>>> class Tiny:
...     def analyse(self, word):
...         w = word.strip().lower()
...         return WordVerdict(word=w, display=w, lemma=w, lemmas=frozenset({w}))
>>> game = Game("кошка", Tiny())
>>> game.say("мышь").chain, game.answer("кошка").correct
(('мышь',), True)
>>> game.outcome().winner
2
"""

from associatsiya_ai.rules.checks import chains_for, check_chain, foul_overlaps, hint_violations
from associatsiya_ai.rules.game import Game
from associatsiya_ai.rules.match import Match
from associatsiya_ai.rules.types import (
    TURNS_PER_TEAM,
    ConsonanceError,
    GameRecordError,
    HintMove,
    IllegalMoveError,
    InvalidSecretError,
    InvalidWordError,
    Mode,
    Outcome,
    Role,
    RuleError,
    Seat,
    Termination,
    Turn,
    Utterance,
)
from associatsiya_ai.rules.views import GuesserView, HinterView
from associatsiya_ai.rules.words import (
    PASS,
    Overlap,
    Violation,
    WordChecker,
    WordVerdict,
    consonance,
    fold,
    is_consonant,
    is_pass,
)

__all__ = [
    "PASS",
    "TURNS_PER_TEAM",
    "ConsonanceError",
    "Game",
    "GameRecordError",
    "GuesserView",
    "HintMove",
    "HinterView",
    "IllegalMoveError",
    "InvalidSecretError",
    "InvalidWordError",
    "Match",
    "Mode",
    "Outcome",
    "Overlap",
    "Role",
    "RuleError",
    "Seat",
    "Termination",
    "Turn",
    "Utterance",
    "Violation",
    "WordChecker",
    "WordVerdict",
    "chains_for",
    "check_chain",
    "consonance",
    "fold",
    "foul_overlaps",
    "hint_violations",
    "is_consonant",
    "is_pass",
]
