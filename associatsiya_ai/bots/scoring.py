"""What both bots share: the words a guesser never answers, and sampling among the best.

(The scores themselves come from the human-response model, :mod:`associatsiya_ai.bots.people`.)
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from associatsiya_ai.bots.levels import Level
from associatsiya_ai.bots.people.compiled import kernel
from associatsiya_ai.rules.words import PASS, fold
from associatsiya_ai.vocab.vocabulary import Vocabulary

__all__ = ["choose", "excluded", "exclusions"]


def excluded(vocab: Vocabulary, hints: Iterable[str], answers: Iterable[str]) -> np.ndarray:
    """Words a guesser never answers: spoken hints, wrong answers, words consonant with a hint.

    A legal hint is never consonant with the secret (R5), so no consonant word can be it.

    Returns
    -------
    numpy.ndarray
        Shape (n,), bool: True for the excluded words.
    """
    return exclusions(vocab, hints, answers)[0]


def exclusions(
    vocab: Vocabulary, hints: Iterable[str], answers: Iterable[str]
) -> tuple[np.ndarray, bool]:
    """:func:`excluded`, and whether it excludes every word; the mask set in one compiled
    call where built (numpy's indexed assignments cost microseconds each when the caches
    are cold, as they are after the previous decision's matrix product).

    Returns
    -------
    mask : numpy.ndarray
        Shape (n,), bool.
    none_left : bool
        True when every word is excluded.
    """
    n = len(vocab)
    mask = np.zeros(n, dtype=bool)
    spoken = set()
    consonant = []
    for h in hints:
        key = fold(h)
        if key != PASS:
            consonant.append(vocab.consonant_rows(key))
            spoken.add(key)
    spoken.update(fold(a) for a in answers if fold(a) != PASS)
    lemma = vocab.lemma_rows(spoken)
    if kernel is not None:
        return mask, kernel.ban(mask, tuple(consonant), lemma) == n
    for rows in consonant:
        mask[rows] = True
    mask[lemma] = True
    return mask, bool(mask.all())


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
