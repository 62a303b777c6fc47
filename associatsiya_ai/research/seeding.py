"""Seeding of bot-vs-bot runs: every game's randomness comes from ``(seed, game index)`` alone.

The seats' generators come from ``SeedSequence(seed, spawn_key=(i,))`` and the secrets
from one seeded permutation of the secrets list, so any number of worker processes plays
the very same games.

>>> secret_order(1, 5).tolist() == secret_order(1, 5).tolist()
True
"""

from __future__ import annotations

import numpy as np

__all__ = ["game_rngs", "secret_order"]

_SECRETS_KEY = 0x5EC2E7
"""Extra entropy word that keeps the secrets' permutation apart from the seats' streams."""

_ORDERS: dict[tuple[int, int], np.ndarray] = {}


def secret_order(seed: int, n_secrets: int) -> np.ndarray:
    """The seeded permutation that assigns secrets to games (game ``i`` takes entry ``i``).

    Returns
    -------
    numpy.ndarray
        Shape (n_secrets,), int64: a permutation of ``range(n_secrets)``.
    """
    key = (seed, n_secrets)
    if key not in _ORDERS:
        rng = np.random.default_rng(np.random.SeedSequence([seed, _SECRETS_KEY]))
        _ORDERS[key] = rng.permutation(n_secrets)
    return _ORDERS[key]


def game_rngs(seed: int, index: int) -> list[np.random.Generator]:
    """Four generators for game ``index``: A's hinter, A's guesser, B's hinter, B's guesser."""
    root = np.random.SeedSequence(seed, spawn_key=(index,))
    return [np.random.default_rng(s) for s in root.spawn(4)]
