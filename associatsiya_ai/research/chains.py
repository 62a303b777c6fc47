"""How the guesser hears a person's chain, against people (``evaluate chains``).

Rows ``{"target": T, "chain": [H…], "shares": [p…]}``: a chain of human-attested hints of
T, each ``p`` the share of people who answered T to that word alone. The guesser hears a
fresh game's first turn whose only utterance is the chain, in shared mode, said by a
person (at full strength: no optimizer's-curse discount). Per row:

- ``target_rate``: the probability that the guesser at ``level`` answers T, exact, from the
  distribution it draws from (0 when T is outside the bots' vocabulary);
- ``hit@1``: T is its best answer; ``log_likelihood``: ln max(P(T), 1e-6) under the
  human-response model;
- ``person_floor``: max p — a person who hears the whole chain answers T at least this
  often; ``person_upper``: 1 − Π(1 − p), each word alone a separate chance, a generous
  upper bound for a person (a partner above it is better than any person could be);
- ``coverage``: T is in the vocabulary and some chain word has a vector (a chain word
  outside the vocabulary is heard as any word a person says).

``ratio`` = mean ``target_rate`` / mean ``person_floor``. The same figures per chain length
under ``by_length``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from associatsiya_ai.research.norms import ChainRow, read_chains
from associatsiya_ai.rules.words import fold

__all__ = ["evaluate_chains", "summarise"]

Progress = Callable[[int, int], None]

_FIELDS = ("target_rate", "person_floor", "person_upper", "hit@1", "log_likelihood", "coverage")


def summarise(rows: list[dict[str, float]]) -> dict[str, Any]:
    """Means of the per-row figures, rounded to 4 places, with ``n`` and ``ratio``.

    >>> summarise([{"target_rate": 0.2, "person_floor": 0.4, "person_upper": 0.5,
    ...             "hit@1": 1.0, "log_likelihood": -1.0, "coverage": 1.0}])["ratio"]
    0.5
    """
    n = len(rows)
    mean = {f: sum(r[f] for r in rows) / n for f in _FIELDS}
    ratio = mean["target_rate"] / mean["person_floor"] if mean["person_floor"] > 0 else 0.0
    out: dict[str, Any] = {"n": n, **{f: round(mean[f], 4) for f in _FIELDS}}
    out["ratio"] = round(ratio, 4)
    return out


def evaluate_chains(
    path: str | Path,
    model: str | None = None,
    *,
    level: str = "normal",
    progress: Progress | None = None,
    vocab: Any = None,
) -> dict[str, Any]:
    """Measure the guesser on chains of a person's hints (module docstring).

    Parameters
    ----------
    path : str or Path
        JSONL rows ``{"target": T, "chain": [H…], "shares": [p…]}``.
    model : str, optional
        Model spec (default model when None).
    level : str
        The level whose draw ``target_rate`` measures.
    progress : callable, optional
        ``progress(done, total)`` after each row.
    vocab : Vocabulary, optional
        Use this vocabulary instead of loading ``model``'s.

    Returns
    -------
    dict
        ``{"n", "target_rate", "person_floor", "person_upper", "hit@1", "log_likelihood",
        "coverage", "ratio", "by_length": {"2": {…}, …}}``, rounded to 4 places.

    Raises
    ------
    EvaluationError
        Bad file or line. ``ModelError`` when the model cannot be loaded.
    """
    from associatsiya_ai.research.evaluate import guessers

    rows = read_chains(path)
    _, drawn = guessers(model, level, vocab)
    scored = []
    for done, row in enumerate(rows, 1):
        scored.append((len(row.chain), score_row(drawn, row)))
        if progress is not None:
            progress(done, len(rows))
    by_length: dict[int, list[dict[str, float]]] = defaultdict(list)
    for k, figures in scored:
        by_length[k].append(figures)
    result = summarise([figures for _, figures in scored])
    result["by_length"] = {str(k): summarise(by_length[k]) for k in sorted(by_length)}
    return result


def score_row(guesser: Any, row: ChainRow) -> dict[str, float]:
    """The per-row figures of the module docstring for one chain row."""
    shares = row.shares
    out = {
        "person_floor": max(shares),
        "person_upper": 1.0 - math.prod(1.0 - p for p in shares),
        "target_rate": 0.0,
        "hit@1": 0.0,
        "log_likelihood": math.log(1e-6),
        "coverage": 0.0,
    }
    target = guesser.vocab.index.get(fold(row.target))
    dists = guesser.distribution(list(row.chain), fallback=True)
    if target is None or dists is None:
        return out
    p, q = dists
    out["target_rate"] = float(q[target])
    out["hit@1"] = float(p[target] > 0 and int(np.argmax(p)) == target)
    out["log_likelihood"] = math.log(max(float(p[target]), 1e-6))
    out["coverage"] = float(bool(guesser.people.heard(list(row.chain))))
    return out
