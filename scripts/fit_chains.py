"""Fit how chains add up and how much a bot's own words are discounted (two generic numbers).

    python scripts/fit_chains.py [--chains ../shared/eval/chains-dev.jsonl]
                                 [--hinter ../shared/eval/hinter-dev.jsonl] [--write]

1. ``sharpness`` γ: a chain's evidence is ``W^(γ − 1) · Σ_h w_h (z_h − static)``
   (``bots/people/model.py``; 0 = the logarithmic pool, 1 = the sum). Chosen on a grid of
   0.025 on chains of a person's attested hints (chains-dev, rows whose target and words are
   in the vocabulary; the chain's words excluded as in a game) by the Bernoulli likelihood
   of a person's rate r of answering the target, ``r ln P(T) + (1 − r) ln(1 − P(T))``, r the
   midpoint of the row's bounds (max p and 1 − Π(1 − p), p the words' shares alone): the
   plain likelihood of the target, ln P(T), takes the target for every person's answer and
   makes the model surer than any person could be (reported beside it, jointly and per
   chain length; one γ is kept when they agree).
2. ``bot_discount`` λ: a word chosen by a bot of the same model is heard as
   ``static + λ (z_h − static)``. The hinter gives its best first hint for every hinter-dev
   target (at person strength, so λ does not move it); λ is found by bisection so that the
   ``normal`` partner's mean chance (its level's draw, ``people/weights.json``) of answering
   the target on that hint equals the mean share of people who answer the target to it
   (``partner_success / p_target`` = 1) on the rows whose target is one of the bots'
   secrets: the optimizer's curse (Smith & Winkler 2006) corrected where it arises — where
   the bots play, the secret's best-hints list guides the hinter and the partner's model
   alike (on the other rows the same λ leaves the partner a little below people).

The single-word model (weights, temperature) is untouched. Deterministic (no sampling): the
same data give the same numbers. ``--write`` stores them in ``people/weights.json``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path

import numpy as np

from associatsiya_ai.bots.people import WEIGHTS_PATH, PeopleModel
from associatsiya_ai.bots.people.draw import softmax
from associatsiya_ai.bots.scoring import excluded
from associatsiya_ai.research.norms import read_chains, read_rows
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab import load_vocabulary

EVAL = Path(__file__).resolve().parents[2] / "shared" / "eval"
GRID = np.round(np.arange(0.0, 1.5001, 0.025), 3)


Row = tuple[int, np.ndarray, np.ndarray, int, float]


def chain_evidence(model: PeopleModel, path: Path) -> list[Row]:
    """Per usable row: (chain length k, summed evidence Σ_h (z_h − static) (n,) float32,
    banned (n,) bool, the target's row, a person's rate: the midpoint of the row's bounds,
    max p and 1 − Π(1 − p))."""
    summed = PeopleModel(
        model.vocab,
        model.tables,
        dataclasses.replace(model.weights, sharpness=1.0, bot_discount=1.0),
    )
    out = []
    for row in read_chains(path):
        target = model.vocab.index.get(fold(row.target))
        heard = summed.heard(list(row.chain))
        z = summed.logits(list(row.chain))
        if target is None or z is None or len(heard) != len(row.chain):
            continue
        banned = excluded(model.vocab, list(row.chain), ())
        if banned[target]:
            continue
        rate = (max(row.shares) + 1.0 - float(np.prod([1.0 - p for p in row.shares]))) / 2
        out.append((len(heard), z - model.static.astype(np.float32), banned, target, rate))
    return out


def mean_log_p(model: PeopleModel, rows: list[Row], gamma: float) -> tuple[float, float, float]:
    """At sharpness ``gamma``, over ``rows``: the mean Bernoulli log-likelihood of a
    person's rate, r ln P(T) + (1 − r) ln(1 − P(T)); the mean ln P(T); the mean P(T)."""
    static = model.static.astype(np.float32)
    bern = log_p = mean_p = 0.0
    for k, evidence, banned, target, rate in rows:
        p = float(softmax(static + np.float32(k ** (gamma - 1.0)) * evidence, banned)[target])
        p = min(max(p, 1e-6), 1 - 1e-6)
        bern += rate * np.log(p) + (1 - rate) * np.log(1 - p)
        log_p += np.log(p)
        mean_p += p
    n = len(rows)
    return bern / n, log_p / n, mean_p / n


def fit_sharpness(model: PeopleModel, path: Path) -> float:
    rows = chain_evidence(model, path)
    report = {}
    one = int(np.flatnonzero(GRID == 1.0)[0])
    for name, part in (("all", rows), *((str(k), [r for r in rows if r[0] == k]) for k in (2, 3))):
        scores = [mean_log_p(model, part, g) for g in GRID]
        best = int(np.argmax([s[0] for s in scores]))
        report[name] = {
            "rows": len(part),
            "gamma": float(GRID[best]),
            "person_rate": round(float(np.mean([r[4] for r in part])), 4),
            **{f"{what}_{at}": round(scores[i][j], 4)
               for at, i in (("fit", best), ("pool", 0), ("sum", one))
               for j, what in enumerate(("bernoulli", "ln_p", "p"))},
            "gamma_by_ln_p": float(GRID[int(np.argmax([s[1] for s in scores]))]),
        }  # fmt: skip
    print(json.dumps({"sharpness": report}, ensure_ascii=False))
    return report["all"]["gamma"]


def first_hints(model: PeopleModel, path: Path) -> list[tuple[int, int, float]]:
    """(hint row, target row, p_target) of the hinter's best first hint per hinter-dev row."""
    from associatsiya_ai.bots import EmbeddingHinter
    from associatsiya_ai.lexicon import default_lexicon
    from associatsiya_ai.rules.game import Game, RuleError

    bot = EmbeddingHinter(model.vocab, "hard", checker=default_lexicon(), people=model)
    rng = np.random.default_rng(0)
    out = []
    for target, hints in read_rows(path, "target", "hints"):
        try:
            view = Game(target, bot.checker).hinter_view()
        except RuleError:
            continue
        decision = bot.act(view, rng)
        t = model.vocab.index.get(fold(view.secret.word))
        h = model.vocab.index.get(fold(decision.word))
        if t is not None and h is not None:
            out.append((h, t, hints.get(fold(decision.word), 0.0)))
    return out


def fit_discount(model: PeopleModel, path: Path) -> float:
    """λ such that the normal partner's mean chance of answering the target on the hinter's
    first hints equals people's share, on the rows whose target is one of the bots' secrets
    — where the bots play: their secrets have best-hints lists in the lexicon, which the
    hinter follows and the partner's model reads, so the curse is larger there. The same
    λ's figures on every row are reported beside it."""
    every = first_hints(model, path)
    vocab = model.vocab
    secrets = {vocab.index[fold(w)] for w in vocab.secrets if fold(w) in vocab.index}
    hints = [x for x in every if x[1] in secrets]
    static = model.static.astype(np.float64)
    alone = {h: model.logits([vocab.words[h]]).astype(np.float64) for h, _, _ in every}

    def success(lam: float, rows: list[tuple[int, int, float]]) -> float:
        total = 0.0
        for h, t, _ in rows:
            z = static + lam * (alone[h] - static)
            banned = excluded(vocab, [vocab.words[h]], ())
            total += float(model.level_distribution(z, banned, "normal")[t])
        return total / len(rows)

    def report(rows: list[tuple[int, int, float]], lam: float) -> dict[str, float]:
        return {"rows": len(rows), "p_target": round(float(np.mean([p for *_, p in rows])), 4),
                "partner_success_at_1": round(success(1.0, rows), 4),
                "partner_success": round(success(lam, rows), 4)}  # fmt: skip

    p_target = float(np.mean([p for _, _, p in hints]))
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if success(mid, hints) < p_target else (lo, mid)
    lam = round((lo + hi) / 2, 4)
    print(json.dumps({"bot_discount": {"lambda": lam, "secrets": report(hints, lam),
                                       "all_rows": report(every, lam)}}))  # fmt: skip
    return lam


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chains", type=Path, default=EVAL / "chains-dev.jsonl")
    parser.add_argument("--hinter", type=Path, default=EVAL / "hinter-dev.jsonl")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    model = PeopleModel(load_vocabulary())
    raw = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    gamma = fit_sharpness(model, args.chains)
    lam = fit_discount(model, args.hinter)
    if args.write:
        raw["sharpness"], raw["bot_discount"] = gamma, lam
        WEIGHTS_PATH.write_text(json.dumps(raw, ensure_ascii=False, indent=1) + "\n", "utf-8")
        print(f"written {WEIGHTS_PATH}")


if __name__ == "__main__":
    main()
