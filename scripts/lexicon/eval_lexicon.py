"""The association lexicon alone against people: its first entry as the answer.

    python scripts/lexicon/eval_lexicon.py [--guesser ../shared/eval/guesser-dev.jsonl]
                                           [--hinter ../shared/eval/hinter-dev.jsonl]

- guesser norms: the first entry of the stimulus's forward list is the answer — ``hit@1``
  (a modal response), ``hit@10`` (a modal response among its first ten entries),
  ``agreement`` (the share of people who gave the first entry); a stimulus the lexicon lacks
  is a miss; ``coverage`` = share of stimuli it has;
- hinter norms: the first entry of the target's best-hints list is the hint — ``attested@1``
  and ``p_target`` as ``evaluate hinter`` defines them; ``coverage`` = share of targets it
  has.

Prints one JSON object. This only measures: nothing read here goes into the lexicon.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from associatsiya_ai.research.norms import read_rows
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.associations import shipped_lexicon

EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"


def guesser_figures(path: Path) -> dict[str, float]:
    forward = shipped_lexicon().forward
    rows = read_rows(path, "hint", "responses")
    hit1 = hit10 = agreement = covered = 0.0
    for hint, responses in rows:
        entries = [fold(w) for w in forward.get(fold(hint), ())]
        if not entries:
            continue
        covered += 1
        total, top = sum(responses.values()), max(responses.values())
        modal = {w for w, c in responses.items() if c == top}
        hit1 += entries[0] in modal
        hit10 += bool(modal & set(entries[:10]))
        agreement += responses.get(entries[0], 0) / total
    n = len(rows)
    return {"n": n, "hit@1": round(hit1 / n, 4), "hit@10": round(hit10 / n, 4),
            "agreement": round(agreement / n, 4), "coverage": round(covered / n, 4)}  # fmt: skip


def hinter_figures(path: Path) -> dict[str, float]:
    hints_of = shipped_lexicon().hints
    rows = read_rows(path, "target", "hints")
    attested = p_target = covered = 0.0
    for target, hints in rows:
        entries = [fold(w) for w in hints_of.get(fold(target), ())]
        if not entries:
            continue
        covered += 1
        attested += entries[0] in hints
        p_target += hints.get(entries[0], 0.0)
    n = len(rows)
    return {"n": n, "attested@1": round(attested / n, 4), "p_target": round(p_target / n, 4),
            "coverage": round(covered / n, 4)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--guesser", type=Path, default=EVAL / "guesser-dev.jsonl")
    parser.add_argument("--hinter", type=Path, default=EVAL / "hinter-dev.jsonl")
    args = parser.parse_args()
    out = {"guesser": guesser_figures(args.guesser), "hinter": hinter_figures(args.hinter)}
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
