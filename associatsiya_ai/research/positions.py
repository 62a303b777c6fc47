"""The game positions the speed bench times its bots on.

The guesser is timed on fresh first turns, the hinter mid-game: on turn 5, after four
turns nobody guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["guesser_view", "midgame_views"]


def guesser_view(hint: str) -> Any:
    """The guesser's view on a fresh game's first turn after the one-word chain ``hint``."""
    from associatsiya_ai.bots.guesser import heard

    return heard([hint])


def midgame_views(kit: Any, secrets: Sequence[str], n: int, seed: int) -> list[Any]:
    """Hinter views on turn 5, for ``n`` secrets: four turns played by the hinter bot.

    The guessers answer their best candidate that does not guess the secret (the real bots
    usually guess within two turns, which would leave no mid-game to time).
    """
    from associatsiya_ai.players.bot import BotHinter
    from associatsiya_ai.rules.game import Game

    rng = np.random.default_rng(seed)
    hinter = BotHinter(kit.hinter, rng)
    views: list[Any] = []
    for secret in secrets:
        if len(views) >= n:
            break
        try:
            game = Game(secret, kit.checker)
            for _ in range(4):
                word, mode, _ = hinter.hint(game.hinter_view())
                game.say(word, mode)
                if game.outcome() is not None:
                    break
                game.answer(_wrong_answer(kit, game, rng))
        except ValueError:
            continue
        if game.outcome() is None:
            views.append(game.hinter_view())
    return views


def _wrong_answer(kit: Any, game: Any, rng: np.random.Generator) -> str:
    """The guesser bot's best candidate that is a legal, wrong answer."""
    decision = kit.guesser.act(game.guesser_view(), rng)
    for word in [decision.word, *(c.word for c in decision.candidates)]:
        try:
            verdict = game.parse_answer(word)
        except ValueError:
            continue
        if verdict is not None and game.secret.lemma not in verdict.lemmas:
            return str(verdict.display)
    raise ValueError("no wrong answer among the guesser's candidates")  # skip this secret
