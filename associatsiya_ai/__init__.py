"""associatsiya_ai: the Russian word game «Ассоциация» with embedding bots.

The public API is re-exported here. The rules engine loads eagerly (it is pure); the heavy
parts (:class:`Lexicon` with pymorphy3, the bots and the vocabulary with numpy, the arena)
load on first use of their name, so ``import associatsiya_ai`` stays light.

A whole game on a tiny fake lexicon (the real one is ``Lexicon()``):

>>> from associatsiya_ai import Game, Mode, Termination, WordVerdict
>>> class Tiny:
...     def analyse(self, word):
...         w = word.strip().lower()
...         return WordVerdict(word=w, display=w, lemma=w, lemmas=frozenset({w}))
>>> game = Game("кошка", Tiny())
>>> game.say("мышь").chain        # team 2 hints first
('мышь',)
>>> game.answer("сыр").correct
False
>>> game.say("хвост", Mode.OWN).chain  # team 1 has no earlier hint of its own
('хвост',)
>>> game.answer("собака").correct
False
>>> game.say("усы", Mode.ALL).chain
('мышь', 'хвост', 'усы')
>>> game.answer("кошка").correct
True
>>> game.outcome().termination is Termination.GUESSED, game.outcome().winner
(True, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from associatsiya_ai.rules import (
    PASS,
    ConsonanceError,
    Game,
    GameRecordError,
    IllegalMoveError,
    InvalidSecretError,
    InvalidWordError,
    Match,
    Mode,
    Outcome,
    Overlap,
    RuleError,
    Termination,
    Violation,
    WordChecker,
    WordVerdict,
    consonance,
    fold,
    is_consonant,
)

if TYPE_CHECKING:
    from associatsiya_ai.arena import play_game
    from associatsiya_ai.bots import EmbeddingGuesser, EmbeddingHinter
    from associatsiya_ai.lexicon import Lexicon
    from associatsiya_ai.vocab import load_vocabulary

__version__ = "0.1.0"

_LAZY = {
    "Lexicon": "associatsiya_ai.lexicon",
    "EmbeddingGuesser": "associatsiya_ai.bots",
    "EmbeddingHinter": "associatsiya_ai.bots",
    "play_game": "associatsiya_ai.arena",
    "load_vocabulary": "associatsiya_ai.vocab",
}

__all__ = [
    "PASS",
    "ConsonanceError",
    "EmbeddingGuesser",
    "EmbeddingHinter",
    "Game",
    "GameRecordError",
    "IllegalMoveError",
    "InvalidSecretError",
    "InvalidWordError",
    "Lexicon",
    "Match",
    "Mode",
    "Outcome",
    "Overlap",
    "RuleError",
    "Termination",
    "Violation",
    "WordChecker",
    "WordVerdict",
    "__version__",
    "consonance",
    "fold",
    "is_consonant",
    "load_vocabulary",
    "play_game",
]


def __getattr__(name: str) -> Any:
    """Import a heavy public name on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'associatsiya_ai' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
