"""The logits of chains and histories: each heard word's evidence added up, many queries at
once.

A query's logits are ``static + Σ_h c_h · w_h · a_h · (z_h − static)``
(:meth:`PeopleModel.logits_many <associatsiya_ai.bots.people.model.PeopleModel.
logits_many>`), ``z_h`` the logits of the heard word ``h`` heard alone. :func:`pooled`
adds the terms of all queries together, one heard-word position at a time, with the very
float32 operations, in the very order, of adding up each query on its own (zeros, plus
each term in turn, plus ``static``): the numbers are the same bit for bit, from a handful
of numpy calls instead of two per heard word and query. :func:`cosines` gives the heard
words' cosines to the vocabulary, from which their logits heard alone are made.

Chains and history: each heard word is scored as if heard alone, ``z_h``, and the words'
evidence ``z_h − static`` is added up with weights — ``logit = static + W^(γ − 1) · Σ_h w_h
· a_h · (z_h − static)``, ``W = Σ_h w_h``. ``w_h`` is the word's weight: every chain word 1
(``decay`` = 1: all of them are hints for the same secret, whatever their order), other
earlier hints ``history`` (0.25: public, but not repeated by the hinter; an assumption).
``γ`` (``sharpness``) goes from a logarithmic pool (0: Genest & Zidek 1986, the evidence
averaged) to a product of experts (1: summed); it is fitted by ``scripts/fit_chains.py`` on
chains of a person's attested hints (chains-dev) by the Bernoulli likelihood of a person's
rate of answering the target (between the chain's bounds), the same for two and three
words (``people/weights.json``; the plain likelihood of the target makes the model surer than
any person could be). ``a_h`` is the word's strength: 1 for a person's word, and
``bot_discount`` for a word chosen by a bot of this model — the optimizer's curse (Smith &
Winkler 2006): a bot hinter picks the hints where this model is most optimistic, so a guesser
reading the same model must discount them; it is fitted so that the ``normal`` partner
answers the secret on the bot hinter's first hints as often as people do
(``partner_success / p_target`` = 1 on the hinter-dev rows whose target is one of the bots'
secrets, where the bots play and the secret's best-hints list guides hinter and partner
alike). A person's words are heard at full
strength. A bot's words are also pooled (``c_h = 1 / W``) rather than added up: adding
assumes each word is independent evidence, as a person's are, but a bot hinter chains a
word because its model already finds that the words agree (with them added, bot-vs-bot
normal games were solved in 2.28 turns on average, 2.54 with them pooled).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.bots.people.compiled import kernel

if TYPE_CHECKING:
    from associatsiya_ai.bots.people.features import Heard
    from associatsiya_ai.bots.people.params import PeopleWeights

__all__ = [
    "cosines",
    "factors_of",
    "key_of",
    "logits_of",
    "padded_product",
    "pooled",
    "pooled_row",
    "scales",
]

_MAX_POOLED = 64
"""The most heard words of a query the compiled pass adds up (numpy adds up more)."""

_ROWS = 4
"""The matrix product of :func:`cosines` is made for a multiple of this many words."""


def key_of(h: Heard) -> int | str:
    """What identifies a heard word's logits heard alone: its vocabulary row, else its
    folded spelling."""
    return h.row if h.row is not None else h.key


def cosines(matrix: np.ndarray, vectors: Sequence[np.ndarray]) -> np.ndarray:
    """Each vector's dot products with every row of ``matrix``: ``np.stack(vectors) @
    matrix.T``, the very floats, made faster.

    OpenBLAS's single-precision product computes each number as the same fused
    multiply-add chain whatever the other rows, but it is slow for a number of rows that is
    not a multiple of four (its kernel's width: 7 rows took 1.9 ms on the 11 520 × 300
    vocabulary, 8 rows 1.5 ms); so the rows are padded with zeros to a multiple of four
    (:data:`_ROWS`), and the padding's products dropped (:func:`padded_product`). Where the
    compiled pass sums those chains as OpenBLAS does (:func:`~.dots.exact`), it makes them
    instead, without the product's copy of the matrix (:func:`~.dots.products`).

    Parameters
    ----------
    matrix : numpy.ndarray
        Shape (n, dim).
    vectors : sequence of numpy.ndarray
        Two or more, each shape (dim,) (a single vector's product is a matrix-vector
        product, whose numbers differ).

    Returns
    -------
    numpy.ndarray
        Shape (len(vectors), n), C-contiguous, in the vectors' and matrix's common dtype.
    """
    from associatsiya_ai.bots.people.dots import exact, products

    if np.result_type(matrix, *vectors) == np.float32 and exact(matrix):
        return products(matrix, vectors, [False] * len(vectors))
    return padded_product(matrix, np.stack(vectors))


def padded_product(matrix: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """``vectors @ matrix.T`` by BLAS, ``vectors`` (k, dim) padded with zero rows to a
    multiple of :data:`_ROWS` (the same floats, faster); (k, n), C-contiguous."""
    k = len(vectors)
    padded = np.zeros((-(-k // _ROWS) * _ROWS, matrix.shape[1]), vectors.dtype)
    padded[:k] = vectors
    out: np.ndarray = (padded @ matrix.T)[:k]
    return out


def scales(heard: Sequence[Heard], weights: PeopleWeights) -> list[np.float32]:
    """Each heard word's factor ``c_h · w_h · a_h`` in float32, as the plain sum rounds it:
    ``c_h`` = ``W^(γ − 1)`` for a person's word, ``1 / W`` for a bot's (pooled: chosen to
    agree, not independent evidence), ``W`` the words' total weight."""
    total = sum(h.weight for h in heard)
    person = total ** (weights.sharpness - 1.0)
    bot = 1.0 / total
    return [np.float32((bot if h.by_bot else person) * h.weight * h.strength) for h in heard]


def factors_of(heard: Sequence[Heard], weights: PeopleWeights) -> np.ndarray:
    """Each heard word's factor ``c_h · w_h · a_h``, (len(heard),) float32, as
    :func:`pooled` rounds them (known before the heard words' logits are)."""
    return np.array(scales(heard, weights), np.float32)


def pooled_row(
    heard: Sequence[Heard],
    alone: Mapping[int | str, np.ndarray],
    static: np.ndarray,
    weights: PeopleWeights,
    factors: np.ndarray | None = None,
) -> np.ndarray:
    """One query's row of :func:`pooled`, (n,) float32, bit for bit; ``factors``: its
    :func:`factors_of` when made already."""
    if kernel is None or not heard or len(heard) > _MAX_POOLED:
        row: np.ndarray = pooled([heard], alone, static, weights)[0]
        return row
    out = np.empty(len(static), np.float32)
    if factors is None:
        factors = factors_of(heard, weights)
    kernel.pool(out, static, tuple(alone[key_of(h)] for h in heard), factors)
    return out


def pooled(
    heards: Sequence[Sequence[Heard]],
    alone: Mapping[int | str, np.ndarray],
    static: np.ndarray,
    weights: PeopleWeights,
) -> np.ndarray:
    """The added-up logits of several queries (see the module docstring).

    Parameters
    ----------
    heards : sequence of sequences of Heard
        Each query's heard words (:meth:`PeopleModel.heard`), none empty.
    alone : mapping
        Each heard word's logits heard alone by :func:`key_of`, (n,) float32.
    static : numpy.ndarray
        The candidates' own logits, (n,) float32.
    weights : PeopleWeights
        Its ``sharpness`` (γ).

    Returns
    -------
    numpy.ndarray
        Shape (len(heards), n), float32: row ``q`` is bit for bit query ``q`` added up on
        its own, ``static + Σ_h c_h · w_h · a_h · (z_h − static)``.

    Raises
    ------
    ValueError
        When a query has no heard word.
    """
    if any(not heard for heard in heards):
        raise ValueError("every query needs a heard word")
    if kernel is not None and max(len(heard) for heard in heards) <= _MAX_POOLED:
        z = np.empty((len(heards), len(static)), np.float32)
        for q, heard in enumerate(heards):  # the same float32 operations, in one pass
            kernel.pool(
                z[q], static, tuple(alone[key_of(h)] for h in heard), factors_of(heard, weights)
            )
        return z
    keys = list(dict.fromkeys(key_of(h) for heard in heards for h in heard))
    slot = {key: i for i, key in enumerate(keys)}
    evidence = np.stack([alone[key] for key in keys])
    evidence -= static  # each word's z_h − static, once for all queries
    factors = [scales(heard, weights) for heard in heards]
    z = np.zeros((len(heards), len(static)), np.float32)
    for j in range(max(len(heard) for heard in heards)):  # the j-th term of every query
        rows = [q for q, heard in enumerate(heards) if len(heard) > j]
        at = [slot[key_of(heards[q][j])] for q in rows]
        part = evidence[at]
        part *= np.array([factors[q][j] for q in rows], np.float32)[:, None]
        if len(rows) == len(heards):
            z += part
        else:
            z[rows] += part
    z += static
    return z


def logits_of(
    heards: Sequence[Sequence[Heard]],
    alone: Mapping[int | str, np.ndarray],
    static: np.ndarray,
    weights: PeopleWeights,
) -> list[np.ndarray | None]:
    """Each query's logits (:meth:`PeopleModel.logits_many
    <associatsiya_ai.bots.people.model.PeopleModel.logits_many>`), arguments as
    :func:`pooled`, except that a query may be empty.

    Returns
    -------
    list of numpy.ndarray or None
        Per query, (n,) float32: a lone person's word's own array from ``alone``, the
        others' rows of :func:`pooled`; None for a query without a heard word.
    """
    out: list[np.ndarray | None] = []
    todo: list[int] = []
    for q, heard in enumerate(heards):
        if len(heard) == 1 and not heard[0].by_bot:  # a lone person's word: its own logits
            out.append(alone[key_of(heard[0])])
        else:
            out.append(None)
            if heard:
                todo.append(q)
    if todo:
        z = pooled([heards[q] for q in todo], alone, static, weights)
        for q, row in zip(todo, z, strict=True):
            out[q] = row
    return out
