"""Measure the human-response model (issue 9) on the dev norms, full and 2-fold CV.

    PYTHONPATH=. python scripts/eval_people.py [--cv] [--hinter-only]

Guesser (guesser-dev): log_likelihood, calibration_error, hit@1/hit@10 of the argmax,
agreement, and sampled_agreement for candidate level draws (temperature × top-k).
Hinter (hinter-dev): for each target T, the legal single-mode first hint maximising
ln P_model(T | h) (+ ``FREQ`` · zipf(h)); attested@1, p_target, partner_success at each
candidate level draw and its ratio to p_target. With ``--cv`` the weights are refitted on
even guesser rows and tested on odd ones and vice versa (the hinter rows are split the same
way by parity, each half scored with the weights fitted on the other guesser half).
"""

from __future__ import annotations

import dataclasses
import sys

import numpy as np
from fit_people import KNOWLEDGE, Data, calibrate, fit, load, logits, metrics

from associatsiya_ai.bots.people import LevelDraw, PeopleModel, load_weights
from associatsiya_ai.bots.people.features import FEATURES
from associatsiya_ai.bots.scoring import excluded
from associatsiya_ai.research.evaluate import read_rows
from associatsiya_ai.rules.words import fold

HINTER_DEV = "/work/shared/eval/hinter-dev.jsonl"
DRAWS = [(0.9, 0), (0.95, 0), (1.0, 0), (1.0, 300), (1.0, 100), (0.95, 300), (1.3, 0)]
FREQ = 0.0


def sampled(data: Data, w: np.ndarray, sel: slice, temperature: float, draw: tuple) -> float:
    """Mean Σ_r q(r) s(r), q the level draw over the calibrated model's logits."""
    t, k = draw
    z = logits(data, w, sel) / (temperature * t)
    if k:
        cut = -np.partition(-z, k - 1, axis=1)[:, k - 1 : k]
        z = np.where(z >= cut, z, -np.inf)
    z -= z.max(1, keepdims=True)
    q = np.exp(z)
    q /= q.sum(1, keepdims=True)
    rows = range(len(data.rows))[sel]
    return float(np.mean([q[j, data.resp[i]] @ data.share[i] for j, i in enumerate(rows)]))


def hinter(model: PeopleModel, rows: list, draws: list, checker) -> dict:  # type: ignore[no-untyped-def]
    """attested@1, p_target and partner_success per draw for the model's best first hints."""
    from associatsiya_ai.rules.game import Game, RuleError

    vocab = model.vocab
    long = np.array([len(w) >= 3 for w in vocab.folded])
    att, pt, ps = 0, 0.0, np.zeros(len(draws))
    for target, hints in rows:
        row = vocab.index.get(fold(target))
        try:
            view = Game(target, checker).hinter_view()
        except RuleError:
            continue
        if row is None:
            continue
        s = view.secret
        legal = vocab.legal_mask(s.word) & long
        for form in s.consonance_forms():
            legal &= vocab.legal_mask(form)
        legal &= ~vocab.lemma_mask({s.lemma, *s.lemmas, *view.spoken_lemmas})
        value = model.secret_given_hints(row) + FREQ * vocab.zipf
        value[~legal] = -np.inf
        for h in np.argsort(-value)[:50]:
            verdict = checker.analyse(vocab.words[h])
            if verdict.ok and not view.violations(verdict):
                break
        word = vocab.words[h]
        att += fold(word) in hints
        pt += hints.get(fold(word), 0.0)
        z = model.logits([word])
        banned = excluded(vocab, [word], [])
        for d, (t, k) in enumerate(draws):
            model.weights.levels["x"] = LevelDraw(t, k)
            ps[d] += model.level_distribution(z, banned, "x")[row]
    n = len(rows)
    out = {"n": n, "attested@1": att / n, "p_target": pt / n}
    out.update({f"partner_success T{t} k{k}": ps[d] / n for d, (t, k) in enumerate(draws)})
    return out


def report(name: str, values: dict) -> None:
    print(name, {k: round(v, 4) if isinstance(v, float) else v for k, v in values.items()})


def main() -> None:
    from associatsiya_ai.lexicon import default_lexicon

    vocab, tables, data = load()
    checker = default_lexicon()
    hrows = read_rows(HINTER_DEV, "target", "hints")
    shipped = load_weights()
    halves = [(slice(None), slice(None))]
    if "--cv" in sys.argv:
        halves = [(slice(0, None, 2), slice(1, None, 2)), (slice(1, None, 2), slice(0, None, 2))]
    for train, test in halves:
        if train == slice(None):
            w = np.array([shipped.weights.get(f, 0.0) for f in FEATURES])
            t = shipped.temperature
        else:
            w = fit(data, train)
            t, s = calibrate(data, w, train)
            w[KNOWLEDGE] *= s
        print(f"== train {train} test {test}: T={t}")
        if "--hinter-only" not in sys.argv:
            report("guesser", metrics(data, w, test, t))
            report("sampled", {f"T{a} k{b}": sampled(data, w, test, t, (a, b)) for a, b in DRAWS})
        weights = dataclasses.replace(
            shipped, weights=dict(zip(FEATURES, w.tolist(), strict=True)), temperature=t
        )
        model = PeopleModel(vocab, tables, weights)
        report("hinter", hinter(model, hrows[test], DRAWS, checker))


if __name__ == "__main__":
    main()
