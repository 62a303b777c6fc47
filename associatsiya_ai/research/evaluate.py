"""Play quality against human association norms (DESIGN.md, "Measuring play quality").

Both functions run the same bot code as a game, on a fresh game's first turn:

- :func:`evaluate_guesser`: rows ``{"hint": S, "responses": {R: count}}``; the guesser
  hears the chain ``[S]``; s(r) = count(r) / Σ counts. ``hit@1``: its best answer is a
  modal response (ties all count); ``hit@10``: a modal response is among its 10 best;
  ``agreement``: s(best answer); ``log_likelihood``: Σ_r s(r) · ln max(P(r), 1e-6) with P
  the human-response model; ``calibration_error``: rows in 10 equal-width bins of
  c = P(top answer), Σ_b (n_b / n) · |mean c − mean s(top answer)|; ``sampled_agreement``:
  Σ_r q(r) · s(r), q the distribution the guesser at ``level`` draws from.
- :func:`evaluate_hinter`: rows ``{"target": T, "hints": {H: p}}``; the hinter gives its
  best first hint for secret T. ``attested@1``: the hint is one of H; ``p_target``: its p,
  else 0 (a person's chance); ``partner_success``: q(T | hint) of the guesser at ``level``.

The best answer and the best hint are each bot's best choice whatever the level (as at
``hard``); ``level`` selects the guesser whose draws are measured.

Words are compared folded (``ё`` ≡ ``е``). A row the model cannot handle counts as a miss;
``coverage`` is the share of rows it could handle.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from associatsiya_ai.kit import load_kit
from associatsiya_ai.research.norms import EvaluationError, read_rows
from associatsiya_ai.rules.game import Game, RuleError
from associatsiya_ai.rules.words import PASS, fold

__all__ = ["EvaluationError", "evaluate_guesser", "evaluate_hinter", "guessers", "read_rows"]

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called after each row."""


def _rates(n: int, totals: dict[str, float]) -> dict[str, float | int]:
    """``{"n": n}`` and each total over ``n`` rows, rounded to 4 places."""
    return {"n": n, **{name: round(total / n, 4) for name, total in totals.items()}}


def guessers(model: str | None, level: str, vocab: Any) -> tuple[Any, Any]:
    """The guesser at ``hard`` (best answers) and at ``level`` (draws), on one vocabulary,
    hearing words as in a game (a plural said as its singular: the game's word checker)."""
    from associatsiya_ai.bots import EmbeddingGuesser
    from associatsiya_ai.lexicon import default_lexicon

    if vocab is None:
        vocab = load_kit(model, level).vocab
    checker = default_lexicon()
    best = EmbeddingGuesser(vocab, "hard", checker=checker)
    return best, EmbeddingGuesser(vocab, level, people=best.people, checker=checker)


def calibration_bins(
    confidence: Sequence[float], observed: Sequence[float], n_bins: int = 10
) -> list[dict[str, float]]:
    """Rows grouped in equal-width bins of ``confidence`` in [0, 1] (empty bins left out).

    Returns
    -------
    list of dict
        Per bin: ``low``, ``high``, ``n`` (rows), ``confidence`` (mean) and ``observed``
        (mean), the points of a reliability diagram.

    >>> calibration_bins([0.05, 0.25], [0.1, 0.2])[1]["confidence"]
    0.25
    """
    c, o = np.asarray(confidence, float), np.asarray(observed, float)
    which = np.minimum((c * n_bins).astype(int), n_bins - 1)
    return [
        {
            "low": b / n_bins,
            "high": (b + 1) / n_bins,
            "n": int((which == b).sum()),
            "confidence": float(c[which == b].mean()),
            "observed": float(o[which == b].mean()),
        }
        for b in np.unique(which).tolist()
    ]


def calibration_error(confidence: Sequence[float], observed: Sequence[float]) -> float:
    """Expected calibration error over 10 equal-width bins of ``confidence`` in [0, 1].

    Σ_b (n_b / n) · |mean confidence − mean observed| (Guo et al. 2017, "On calibration of
    modern neural networks"); 0.0 for no rows.

    >>> calibration_error([0.2, 0.25, 0.9], [0.2, 0.3, 0.5])  # (2 · 0.025 + 0.4) / 3
    0.15
    """
    if len(confidence) == 0:
        return 0.0
    total = sum(b["n"] * abs(b["confidence"] - b["observed"]) for b in calibration_bins(
        confidence, observed))  # fmt: skip
    return round(total / len(confidence), 4)


def evaluate_guesser(
    path: str | Path,
    model: str | None = None,
    *,
    level: str = "normal",
    progress: Progress | None = None,
    vocab: Any = None,
    bins: bool = False,
) -> dict[str, Any]:
    """Measure the guesser on a norms file (the module docstring defines the figures).

    Parameters
    ----------
    path : str or Path
        JSONL rows ``{"hint": S, "responses": {R: count}}``.
    model : str, optional
        Model spec (default model when None).
    level : str
        The level whose draws ``sampled_agreement`` measures.
    progress : callable, optional
        ``progress(done, total)`` after each row.
    vocab : Vocabulary, optional
        Use this vocabulary instead of loading ``model``'s.
    bins : bool
        Also return ``calibration_bins`` (:func:`calibration_bins`: a reliability diagram).

    Returns
    -------
    dict
        ``{"n", "hit@1", "hit@10", "agreement", "log_likelihood", "calibration_error",
        "sampled_agreement", "coverage"}``, rounded to 4 places.

    Raises
    ------
    EvaluationError
        Bad file or line. ``ModelError`` when the model cannot be loaded.
    """
    rows = read_rows(path, "hint", "responses")
    best, drawn = guessers(model, level, vocab)
    index = best.vocab.index
    totals = dict.fromkeys(("hit@1", "hit@10", "agreement", "log_likelihood", "coverage",
                            "sampled_agreement"), 0.0)  # fmt: skip
    confidence: list[float] = []
    observed: list[float] = []
    for done, (hint, responses) in enumerate(rows, 1):
        total = sum(responses.values())
        share = {w: c / total for w, c in responses.items()}
        top = max(responses.values())
        modal = {w for w, c in responses.items() if c == top}
        dists = drawn.distribution([hint], fallback=True)
        if dists is not None:
            p, q = dists
            known = bool(best.people.heard([hint]))  # a vector for the stimulus (no scoring)
            order = np.argsort(-p)[:10]
            words = [best.vocab.folded[i] for i in order]
            totals["coverage"] += known
            totals["hit@1"] += known and words[0] in modal
            totals["hit@10"] += known and bool(modal & set(words))
            totals["agreement"] += share.get(words[0], 0.0) if known else 0.0
            rows_of = {w: index.get(w) for w in share}
            totals["log_likelihood"] += sum(
                s * math.log(max(float(p[r]) if r is not None else 0.0, 1e-6))
                for w, s in share.items()
                for r in (rows_of[w],)
            )
            totals["sampled_agreement"] += sum(
                s * float(q[r]) for w, s in share.items() if (r := rows_of[w]) is not None
            )
            confidence.append(float(p[order[0]]))
            observed.append(share.get(words[0], 0.0))
        else:
            totals["log_likelihood"] += math.log(1e-6)
        if progress is not None:
            progress(done, len(rows))
    result: dict[str, Any] = {
        **_rates(len(rows), totals),
        "calibration_error": calibration_error(confidence, observed),
    }
    if bins:
        result["calibration_bins"] = calibration_bins(confidence, observed)
    return result


def evaluate_hinter(
    path: str | Path,
    model: str | None = None,
    *,
    level: str = "normal",
    progress: Progress | None = None,
    vocab: Any = None,
    checker: Any = None,
    **params: Any,
) -> dict[str, float | int]:
    """Measure the hinter's best first hint on a norms file.

    Parameters
    ----------
    path : str or Path
        JSONL rows ``{"target": T, "hints": {H: p}}``.
    model, progress, vocab
        As for :func:`evaluate_guesser`.
    level : str
        The level of the partner guesser whose ``partner_success`` is measured.
    checker : WordChecker, optional
        The lexicon (default: the real one).
    **params
        :class:`~associatsiya_ai.bots.EmbeddingHinter` keyword overrides.

    Returns
    -------
    dict
        ``{"n", "attested@1", "p_target", "partner_success", "coverage"}``, rounded to 4.

    Raises
    ------
    EvaluationError
        Bad file or line. ``ModelError`` when the model cannot be loaded.
    """
    from associatsiya_ai.bots import EmbeddingHinter

    rows = read_rows(path, "target", "hints")
    best, drawn = guessers(model, level, vocab)
    if checker is None:
        from associatsiya_ai.lexicon import default_lexicon

        checker = default_lexicon()
    bot = EmbeddingHinter(best.vocab, "hard", checker=checker, people=best.people, **params)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(("attested@1", "p_target", "partner_success", "coverage"), 0.0)
    for done, (target, hints) in enumerate(rows, 1):
        try:
            view = Game(target, checker).hinter_view()
        except RuleError:
            view = None  # a secret the rules reject is a miss
        if view is not None:
            decision = bot.act(view, rng)
            if decision.word != PASS:
                totals["coverage"] += 1
                hint = fold(decision.word)
                totals["attested@1"] += hint in hints
                totals["p_target"] += hints.get(hint, 0.0)
                dists = drawn.distribution(list(decision.chain), by_bot=True)
                row = best.vocab.index.get(fold(view.secret.word))
                if dists is not None and row is not None:
                    totals["partner_success"] += float(dists[1][row])
        if progress is not None:
            progress(done, len(rows))
    return _rates(len(rows), totals)
