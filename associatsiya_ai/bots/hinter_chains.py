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

from collections.abc import Mapping, Sequence

import numpy as np

from associatsiya_ai.bots.people import PeopleModel, PeopleWeights
from associatsiya_ai.bots.people.compiled import kernel as _kernel
from associatsiya_ai.bots.people.features import Heard
from associatsiya_ai.bots.people.pool import key_of, logits_of, scales
from associatsiya_ai.bots.scoring import excluded
from associatsiya_ai.rules.types import Mode
from associatsiya_ai.rules.views import HinterView
from associatsiya_ai.rules.words import fold

__all__ = ["pooled_chances", "secret_chances", "weigh_chains"]


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
    heards, alone = people.heard_many(queries)
    own: dict[int, np.ndarray | None] = {}
    kept: list[tuple[int, Mode, list[Heard], np.ndarray]] = []
    for (c, mode), heard in zip(pairs, heards, strict=True):
        if c not in own:  # the candidate and the words consonant with it, unless it bans the secret
            rows = vocab.consonant_rows(vocab.words[c])
            hit = banned0[secret] or c == secret or bool(np.any(rows == secret))
            own[c] = None if hit else np.append(rows, c)
        rows_c = own[c]
        if heard and rows_c is not None:
            kept.append((c, mode, heard, rows_c))
    if not kept:
        return []
    static = people.static.astype(np.float32, copy=False)
    heard_kept, banned = [h for _, _, h, _ in kept], [b for *_, b in kept]
    ps = pooled_chances(heard_kept, alone, static, people.weights, common, banned, secret)
    return [
        (c, mode, float(np.log(max(p, 1e-300))))
        for (c, mode, _, _), p in zip(kept, ps.tolist(), strict=True)
    ]


def pooled_chances(
    heards: Sequence[Sequence[Heard]],
    alone: Mapping[int | str, np.ndarray],
    static: np.ndarray,
    weights: PeopleWeights,
    common: np.ndarray,
    banned: Sequence[np.ndarray],
    secret: int,
) -> np.ndarray:
    """:func:`secret_chances` of the queries' logits (:func:`~associatsiya_ai.bots.people.
    pool.logits_of`), the very floats: the logits added up, widened, banned and shifted
    by each row's largest in one compiled pass (``pooled_chances`` in
    ``people/kernel_src/pool.c``) where it was built, without the queries' float32 logits.
    The banned words' exponentials are set to 0 after the exponential rather than made from
    -inf, for which numpy's vector exponential takes a slow path lane by lane (four times
    slower on this project's machine; the other lanes' values are the same either way).

    Parameters
    ----------
    heards : sequence of sequences of Heard
        Each query's heard words, none empty.
    alone, static, weights
        As :func:`~associatsiya_ai.bots.people.pool.pooled`.
    common : numpy.ndarray
        The rows every query bans, int.
    banned : sequence of numpy.ndarray
        Per query, the rows it bans besides (int, any order, repeats allowed).
    secret : int
        As :func:`secret_chances` (banned by no query).

    Returns
    -------
    numpy.ndarray
        Shape (len(heards),), float64.
    """
    if _kernel is None or static.dtype != np.float32 or any(not h for h in heards):
        z = logits_of(heards, alone, static, weights)
        rows = [np.concatenate([common, b]) for b in banned]
        return secret_chances([r for r in z if r is not None], rows, secret)
    keys = list(dict.fromkeys(key_of(h) for heard in heards for h in heard))
    slot = {key: i for i, key in enumerate(keys)}
    width = max(len(heard) for heard in heards)
    slots = np.full((len(heards), width), -1, np.int32)
    factors = np.zeros((len(heards), width), np.float32)
    lone = bytearray(len(heards))
    for q, heard in enumerate(heards):
        slots[q, : len(heard)] = [slot[key_of(h)] for h in heard]
        factors[q, : len(heard)] = scales(heard, weights)
        lone[q] = len(heard) == 1 and not heard[0].by_bot  # its own logits (logits_of)
    words = np.stack([alone[key] for key in keys]).astype(np.float32, copy=False)
    starts = np.zeros(len(banned) + 1, np.int64)
    np.cumsum([len(b) for b in banned], out=starts[1:])
    own = np.concatenate(banned).astype(np.int64, copy=False)
    everywhere = np.asarray(common, np.int64)
    x = np.empty((len(heards), len(static)))
    _kernel.pooled_chances(x, words, static, slots, factors, bytes(lone), everywhere, own, starts)
    np.exp(x, out=x)  # each value on its own (numpy's vector exp is the same lane by lane)
    x[:, everywhere] = 0.0  # exp(-inf): banned (made at 0, whose exp is quicker)
    for q, more in enumerate(banned):
        x[q, more] = 0.0
    out: np.ndarray = x[:, secret] / x.sum(axis=-1)  # summed as softmax_at sums each row
    return out
