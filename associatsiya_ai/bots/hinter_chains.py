"""The hinter's exact weighing of chain modes: ln P(a person answers the secret | the chain
spoken with a candidate hint, the other earlier hints) for every candidate and chain mode.

Every (candidate, mode) query is one chain and history for the human-response model
(:meth:`PeopleModel.logits_many <associatsiya_ai.bots.people.PeopleModel.logits_many>`,
the candidates' new words in one matrix product), and P(secret) is its softmax over the
words a guesser may answer: not an earlier hint or wrong answer, nor consonant with one
(:func:`~associatsiya_ai.bots.scoring.excluded`), nor the candidate or consonant with it.
:func:`secret_chances` gives the very floats of
:func:`~associatsiya_ai.bots.people.draw.softmax_at` over the dense masks, banning the
few rows by index instead.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from associatsiya_ai.bots.people import PeopleModel
from associatsiya_ai.bots.scoring import excluded
from associatsiya_ai.rules.types import Mode
from associatsiya_ai.rules.views import HinterView
from associatsiya_ai.rules.words import fold

__all__ = ["secret_chances", "weigh_chains"]


def secret_chances(
    z: Sequence[np.ndarray], banned: Sequence[np.ndarray], secret: int
) -> np.ndarray:
    """P(``secret``) of each row of logits, the row's ``banned`` words left out.

    Parameters
    ----------
    z : sequence of numpy.ndarray
        Each row's logits, shape (n,), float32 or float64 (or one (rows, n) array).
    banned : sequence of numpy.ndarray
        Per row, the rows of its banned words (int, any order, repeats allowed).
    secret : int
        The word whose probability is wanted (not banned).

    Returns
    -------
    numpy.ndarray
        Shape (rows,), float64: bit for bit ``softmax_at(z, mask, secret)`` with ``mask``
        the rows' dense bool masks.
    """
    x = np.empty((len(z), len(z[0])))
    for r, rows in enumerate(banned):  # widened row by row: no stacked float32 copy
        x[r] = z[r]
        x[r, rows] = -np.inf
    x -= x.max(axis=-1, keepdims=True)
    np.exp(x, out=x)
    out: np.ndarray = x[:, secret] / x.sum(axis=-1)  # summed as softmax_at sums each row
    return out


def weigh_chains(
    people: PeopleModel,
    view: HinterView,
    cand: np.ndarray,
    modes: Sequence[tuple[Mode, tuple[str, ...]]],
    secret: int,
) -> list[tuple[int, Mode, float]]:
    """ln P(a person answers ``secret``) of each candidate hint in each chain mode.

    Parameters
    ----------
    people : PeopleModel
    view : HinterView
        The turn: its earlier hints (the chains and the history) and wrong answers.
    cand : numpy.ndarray
        The candidate hints' vocabulary rows, shape (k,), int.
    modes : sequence of (Mode, tuple of str)
        Each chain mode with the earlier words it chains, distinct chains.
    secret : int
        The secret's vocabulary row.

    Returns
    -------
    list of (int, Mode, float)
        Candidate row, mode and ln P, candidate by candidate, mode by mode; a pair is left
        out when none of its words has a vector or the secret is banned after it.
    """
    vocab = people.vocab
    banned0 = excluded(vocab, view.all_hints, [turn.answer for turn in view.turns])
    common = np.flatnonzero(banned0)
    said = [(h, fold(h)) for h in view.all_hints]
    pairs: list[tuple[int, Mode]] = []
    queries: list[tuple[tuple[str, ...], list[str]]] = []
    for c in cand.tolist():
        hint = vocab.words[c]
        for mode, earlier in modes:
            in_chain = {fold(w) for w in earlier} | {vocab.folded[c]}
            pairs.append((c, mode))
            queries.append(((*earlier, hint), [h for h, key in said if key not in in_chain]))
    scores = people.logits_many(queries)
    own: dict[int, np.ndarray | None] = {}
    kept: list[tuple[int, Mode, np.ndarray, np.ndarray]] = []
    for (c, mode), z in zip(pairs, scores, strict=True):
        if c not in own:  # the candidate and the words consonant with it, unless it bans the secret
            rows = vocab.consonant_rows(vocab.words[c])
            hit = banned0[secret] or c == secret or bool(np.any(rows == secret))
            own[c] = None if hit else np.concatenate([common, rows, [c]])
        rows_c = own[c]
        if z is not None and rows_c is not None:
            kept.append((c, mode, z, rows_c))
    if not kept:
        return []
    ps = secret_chances([z for _, _, z, _ in kept], [b for *_, b in kept], secret)
    return [
        (c, mode, float(np.log(max(p, 1e-300))))
        for (c, mode, _, _), p in zip(kept, ps.tolist(), strict=True)
    ]
