"""Fit the hinter's ranking weights on the hinter norms (conditional logit, MLE).

    PYTHONPATH=. python scripts/fit_hinter.py [../shared/eval/hinter-dev.jsonl] [--write]

Each row ``{"target": T, "hints": {H: p}}`` is a fresh game's first turn with the secret T.
The hinter ranks every legal hint h by ``ln P(a person answers T | h) + Σ_k w_k · x_k(h)``,
``x`` the generic terms of :func:`~associatsiya_ai.bots.hinter_terms.ranking_terms`
(frequency, dictionary sense, news jargon, the rank bucket in T's best-hints list of the
association lexicon). Read as a conditional logit over the candidate hints, the weights
maximise Σ_rows Σ_H q(H) ln softmax(score)(H), ``q`` the row's attested hints in
proportion to p (the hints that put people on T, the better ones more), with a small L2
penalty; then the weights are divided by the one on ln P (the ranking is the same), so ln P
keeps its place. The candidates of a row are its 300 legal hints likeliest by the model and
every legal hint of T's best-hints list. Deterministic: same data, same weights.

Prints the weights, and attested@1 and p_target of the best-ranked hint on all rows and
two-fold (fitted on the even rows, measured on the odd, and back); ``--write`` saves
``associatsiya_ai/bots/hinter.json``. Run it after ``fit_people.py`` (it ranks by that
model) and before ``fit_chains.py`` (whose bot discount is fitted on this hinter's hints).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import minimize
from threadpoolctl import threadpool_limits

from associatsiya_ai.bots import EmbeddingHinter
from associatsiya_ai.bots.hinter_terms import (
    HINTER_TERMS,
    HINTER_WEIGHTS_PATH,
    load_hinter_weights,
    ranking_terms,
)
from associatsiya_ai.kit import load_kit
from associatsiya_ai.lexicon import default_lexicon
from associatsiya_ai.research.evaluate import read_rows
from associatsiya_ai.rules.game import Game, RuleError
from associatsiya_ai.rules.words import fold

DEV = Path(__file__).resolve().parents[2] / "shared" / "eval" / "hinter-dev.jsonl"
POOL = 300
L2 = 0.01

Row = tuple[np.ndarray, np.ndarray]  # X (m, 1 + terms), p (m,) of each candidate


def build(path: Path) -> list[Row | None]:
    """Per norms row: the candidates' columns (ln P, then the terms) and attested p."""
    vocab = load_kit(None, "normal").vocab
    checker = default_lexicon()
    hinter = EmbeddingHinter(vocab, "hard", checker=checker, weights={})
    out: list[Row | None] = []
    for target, hints in read_rows(path, "target", "hints"):
        attested = {fold(h): float(p) for h, p in hints.items()}
        try:
            view = Game(target, checker).hinter_view()
        except RuleError:
            out.append(None)
            continue
        row = hinter._secret_row(view)
        if row is None:
            out.append(None)
            continue
        legal = hinter.legal(view)
        base = hinter.people.secret_given_hints(row)
        terms = ranking_terms(hinter.people, row)
        idx = np.flatnonzero(legal)
        k = min(POOL, idx.size)
        top = idx[np.argpartition(-base[idx], k - 1)[:k]]
        listed = np.flatnonzero(legal & (terms[:, 3:].sum(1) > 0))  # the lexicon's lists
        cand = np.union1d(top, listed)
        X = np.column_stack([base[cand], terms[cand]])
        p = np.array([attested.get(vocab.folded[c], 0.0) for c in cand])
        out.append((X, p))
    return out


def fit(rows: list[Row | None], sel: list[int]) -> np.ndarray:
    """Weights of (ln P, terms…) maximising the p-weighted log-likelihood of the attested
    hints on rows ``sel`` (rows with no attested candidate carry no information)."""
    data = [(X, p / p.sum()) for i in sel if (r := rows[i]) is not None for X, p in [r]
            if p.sum() > 0]  # fmt: skip

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        total, grad = 0.0, np.zeros_like(w)
        for X, q in data:
            s = X @ w
            s -= s.max()
            e = np.exp(s)
            pr = e / e.sum()
            total -= float(q @ np.log(pr + 1e-300))
            grad -= X.T @ (q - pr)
        n = max(len(data), 1)
        return total / n + L2 * float(w @ w), grad / n + 2 * L2 * w

    start = np.zeros(1 + len(HINTER_TERMS))
    start[0] = 1.0
    res = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": 1000})
    w = np.asarray(res.x)
    return np.asarray(w / w[0])


def measure(rows: list[Row | None], w: np.ndarray, sel: list[int]) -> dict[str, float]:
    """attested@1 and p_target of the best-ranked candidate on rows ``sel`` (a row the
    rules or the vocabulary reject counts as a miss, as in ``evaluate hinter``)."""
    attested = p_target = 0.0
    for i in sel:
        r = rows[i]
        if r is not None:
            X, p = r
            best = int(np.argmax(X @ w))
            attested += p[best] > 0
            p_target += p[best]
    n = max(len(sel), 1)
    return {"attested@1": round(float(attested) / n, 4), "p_target": round(float(p_target) / n, 4)}


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    with threadpool_limits(1):
        rows = build(Path(args[0]) if args else DEV)
    every = list(range(len(rows)))
    even, odd = every[::2], every[1::2]
    w = fit(rows, every)
    shipped = load_hinter_weights()
    old = np.array([1.0, *(shipped[t] for t in HINTER_TERMS)])
    print("weights:", {t: round(float(x), 4) for t, x in zip(HINTER_TERMS, w[1:], strict=True)})
    print("shipped, all rows:", measure(rows, old, every))
    print("fitted, all rows:", measure(rows, w, every))
    print("two-fold: odd rows by the even fit", measure(rows, fit(rows, even), odd),
          "even rows by the odd fit", measure(rows, fit(rows, odd), even))  # fmt: skip
    if "--write" in sys.argv:
        out = {"weights": {t: round(float(x), 4) for t, x in zip(HINTER_TERMS, w[1:], strict=True)}}
        HINTER_WEIGHTS_PATH.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
        print("wrote", HINTER_WEIGHTS_PATH)


if __name__ == "__main__":
    main()
