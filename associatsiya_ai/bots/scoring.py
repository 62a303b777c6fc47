"""The guesser's scoring, shared by both bots (the hinter predicts its partner with it).

A chain is read as a weighted sum of its words' vectors (the newest word strongest), plus
the rest of the public history more weakly; every vocabulary noun is scored by cosine to
that query plus a frequency prior: ``score = cos(query, w) + prior · min(zipf(w), cap)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from associatsiya_ai.bots.levels import Level
from associatsiya_ai.rules.words import PASS, fold
from associatsiya_ai.vocab.vocabulary import Vocabulary

__all__ = [
    "GuesserParams",
    "chain_weights",
    "choose",
    "excluded",
    "prior",
    "query",
]


@dataclass(frozen=True)
class GuesserParams:
    """The guesser's generic parameters (tuned on the dev sets; see ``evaluate``).

    Attributes
    ----------
    prior : float
        Weight of the frequency prior per Zipf unit.
    zipf_cap : float
        Zipf values above this count as this (very frequent words are not favoured more).
    decay : float
        Weight of each older chain word relative to the next newer one.
    history : float
        Weight of each earlier hint outside the chain.
    """

    prior: float = 0.1
    zipf_cap: float = 5.5
    decay: float = 0.7
    history: float = 0.25


def chain_weights(
    chain: Sequence[str], history: Iterable[str], params: GuesserParams
) -> list[tuple[str, float]]:
    """The weight of each word in a guesser's query: the newest chain word 1, each older one
    ``decay`` times the next, every other earlier hint ``history``."""
    in_chain = {fold(w) for w in chain}
    weighted = [(w, params.decay**k) for k, w in enumerate(reversed(chain))]
    weighted += [(w, params.history) for w in history if fold(w) not in in_chain]
    return [(w, x) for w, x in weighted if x > 0]


def query(
    vocab: Vocabulary,
    chain: Sequence[str],
    history: Iterable[str] = (),
    params: GuesserParams = GuesserParams(),
) -> tuple[np.ndarray | None, tuple[str, ...]]:
    """The query vector of a chain (and history), and the words that had vectors.

    Returns
    -------
    (numpy.ndarray or None, tuple of str)
        Shape (dim,) float32, L2-normalised; None when no word has a vector.
    """
    total, used = None, []
    for word, weight in chain_weights(chain, history, params):
        v = vocab.vector(word)
        if v is None:
            continue
        total = weight * v if total is None else total + weight * v
        used.append(word)
    if total is None:
        return None, ()
    norm = float(np.linalg.norm(total))
    return (total / norm if norm > 0 else total).astype(np.float32), tuple(used)


def prior(vocab: Vocabulary, params: GuesserParams) -> np.ndarray:
    """The frequency prior term of every vocabulary word, shape (n,)."""
    return params.prior * np.minimum(vocab.zipf, params.zipf_cap)


def excluded(vocab: Vocabulary, hints: Iterable[str], answers: Iterable[str]) -> np.ndarray:
    """Words a guesser never answers: spoken hints, wrong answers, words consonant with a hint.

    A legal hint is never consonant with the secret (R5), so no consonant word can be it.
    """
    mask = np.zeros(len(vocab), dtype=bool)
    spoken = set()
    for h in hints:
        if fold(h) != PASS:
            mask |= vocab.consonant_mask(h)
            spoken.add(fold(h))
    spoken.update(fold(a) for a in answers if fold(a) != PASS)
    out: np.ndarray = mask | vocab.lemma_mask(spoken)
    return out


def choose(
    values: np.ndarray,
    allowed: np.ndarray,
    level: Level,
    rng: np.random.Generator,
    n: int = 10,
) -> list[int]:
    """Order allowed indices best first; the first is the pick (sampled per ``level``).

    Returns
    -------
    list of int
        Up to ``max(n, level.pool)`` indices, the chosen one first, then the rest by value;
        empty when none is allowed.
    """
    idx = np.flatnonzero(allowed)
    if idx.size == 0:
        return []
    k = min(max(n, level.pool), idx.size)
    top = idx[np.argpartition(-values[idx], k - 1)[:k]]
    top = top[np.argsort(-values[top], kind="stable")]
    pool = top[: max(1, min(level.pool, top.size))]
    if pool.size > 1:
        logits = (values[pool] - values[pool[0]]) / max(level.temperature, 1e-6)
        p = np.exp(logits)
        pick = int(pool[rng.choice(pool.size, p=p / p.sum())])
        return [pick, *(int(i) for i in top if i != pick)]
    return [int(i) for i in top]
