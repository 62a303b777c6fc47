"""How the human-response model hears chains: measured on chains built from hinter-dev.

    PYTHONPATH=. python scripts/eval_chains.py [../shared/eval/hinter-dev.jsonl] [--seed 0]

The norms hold single-word stimuli only, so a chain's weighting is not fitted; this is the
measurement behind the choice in ``bots/people/model.py`` (module docstring). Every hinter-dev
secret T with at least three attested hints in the vocabulary (share ≥ 0.05, among its
six best) gives one chain of three of them in a random order (seeded); its first two words
make a chain of two. Each hint makes people answer T, as each hint of a game's chain is
meant to. For each way of hearing a chain: the mean ln P(T) (floored at 1e-6), whether T
is the likeliest answer (hit@1) or among the ten likeliest (hit@10), and the chance that
the ``normal`` guesser answers T (its level draw), the words of the chain excluded as in a
game.

- ``pool``: the shipped model (each word's logits heard alone, averaged by weight share);
- ``sum``: the words' evidence added up (``static + Σ (z_h − static)``), sharper;
- ``last``: the newest word alone; ``last+history``: the newest word as the chain, the
  others as earlier hints outside it (weight ``history``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence

import numpy as np

from associatsiya_ai.bots.people import PeopleModel, softmax
from associatsiya_ai.bots.scoring import excluded
from associatsiya_ai.research.botvbot import BotSpec, embedding_kit
from associatsiya_ai.research.evaluate import read_rows

DEFAULT = "../shared/eval/hinter-dev.jsonl"


def chains(path: str, vocab, seed: int) -> list[tuple[str, list[str]]]:  # type: ignore[no-untyped-def]
    """(secret, three attested hints in a random order) per usable hinter-dev row."""
    rng = np.random.default_rng(seed)
    out = []
    for target, hints in read_rows(path, "target", "hints"):
        if target not in vocab.index:
            continue
        best = [h for h, p in sorted(hints.items(), key=lambda kv: -kv[1])
                if p >= 0.05 and h in vocab.index]  # fmt: skip
        if len(best) >= 3:
            out.append((target, [str(h) for h in rng.choice(best[:6], 3, replace=False)]))
    return out


def score(
    model: PeopleModel,
    rows: list[tuple[str, list[str]]],
    n: int,
    hear: Callable[[Sequence[str]], np.ndarray | None],
) -> dict[str, float]:
    """Mean ln P(secret), hit@1 and hit@10 over the chains of ``n`` words."""
    vocab = model.vocab
    lp, hit1, hit10, drawn = [], [], [], []
    for target, hints in rows:
        chain = hints[:n]
        z = hear(chain)
        if z is None:
            continue
        banned = excluded(vocab, chain, ())
        p = softmax(z, banned)
        row = vocab.index[target]
        drawn.append(float(model.level_distribution(z, banned, "normal")[row]))
        rank = int((p > p[row]).sum())
        lp.append(float(np.log(max(p[row], 1e-6))))
        hit1.append(rank == 0)
        hit10.append(rank < 10)
    return {
        "ln_p": round(float(np.mean(lp)), 3),
        "hit@1": round(float(np.mean(hit1)), 3),
        "hit@10": round(float(np.mean(hit10)), 3),
        "normal": round(float(np.mean(drawn)), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("norms", nargs="?", default=DEFAULT, help="hinter-dev.jsonl")
    parser.add_argument("--seed", type=int, default=0, help="orders each chain's hints")
    args = parser.parse_args()
    seed = args.seed
    kit = embedding_kit(BotSpec())
    model: PeopleModel = kit.guesser.people
    rows = chains(args.norms, model.vocab, seed)
    static = model.static.astype(np.float32)

    def summed(chain: Sequence[str]) -> np.ndarray:
        parts = [model.logits([w]) for w in chain]
        return static + sum(z - static for z in parts if z is not None)

    ways: dict[str, Callable[[Sequence[str]], np.ndarray | None]] = {
        "pool": lambda c: model.logits(c),
        "sum": summed,
        "last": lambda c: model.logits(c[-1:]),
        "last+history": lambda c: model.logits(c[-1:], c[:-1]),
    }
    report = {"chains": len(rows), "seed": seed}
    for n in (2, 3):
        report[f"{n} words"] = {name: score(model, rows, n, hear) for name, hear in ways.items()}
    print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
