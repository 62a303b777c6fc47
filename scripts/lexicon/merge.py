"""Validate the writers' drafts and merge them into the shipped association lexicon.

    python scripts/lexicon/merge.py [--json] [--check]

Reads ``drafts/forward-NN.txt`` and ``drafts/hints-NN.txt`` (the format of INSTRUCTIONS.md:
``head: w1, w2, …``), keeps for each head word of its batch list (``batches/``) the first 15
entries that pass every check, and writes ``associatsiya_ai/data/lexicon/forward.txt`` and
``hints.txt`` (one line a head word, sorted, the same format). Each entry must:

- be accepted by a person's own R3 check (``Lexicon.analyse``: a common noun in the
  nominative; a plural-only or plural answer is kept as said), and be spelt as the
  vocabulary spells it (ё ≡ е; a plural whose singular is a vocabulary word becomes that
  word);
- not be consonant with its head word (R5: first two letters, last two, three in a row —
  the forms R5 checks), and not share a lemma with it;
- not be on the offensive lists (obscene, slurs, insults);
- not repeat a lemma already in its line.

A head word not in its batch, a line that is not ``head: …``, or a head word given twice
is reported and skipped. Prints the coverage (head words of the batches with an entry) and
what was dropped and why, with examples; ``--json`` prints the same as one object.
``--check`` writes nothing. Nothing here reads association norms.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from associatsiya_ai.lexicon import default_lexicon
from associatsiya_ai.rules.words import fold, is_consonant
from associatsiya_ai.vocab import load_vocabulary
from associatsiya_ai.vocab.lists import offensive_reason

HERE = Path(__file__).parent
OUT = HERE.parents[1] / "associatsiya_ai" / "data" / "lexicon"
KEEP = 15
KINDS = ("forward", "hints")


def read_drafts(kind: str, report: dict[str, Counter[str]]) -> dict[str, list[str]]:
    """Head word -> raw entries from every draft of ``kind``, checked against the batches."""
    out: dict[str, list[str]] = {}
    for draft in sorted((HERE / "drafts").glob(f"{kind}-*.txt")):
        batch = HERE / "batches" / draft.name
        heads = set(batch.read_text("utf-8").split()) if batch.exists() else set()
        for line in draft.read_text("utf-8").splitlines():
            head, sep, rest = line.partition(":")
            head = head.strip().lower()
            if not line.strip():
                continue
            if not sep or not rest.strip():
                report["bad-line"][f"{draft.name}: {line[:40]}"] += 1
            elif head not in heads:
                report["head-not-in-batch"][f"{draft.name}: {head}"] += 1
            elif head in out:
                report["head-twice"][head] += 1
            else:
                out[head] = [w.strip().lower() for w in rest.split(",") if w.strip()]
    return out


def clean(head: str, raw: list[str], vocab, lexicon, report) -> list[str]:  # type: ignore[no-untyped-def]
    """The first :data:`KEEP` entries of ``raw`` that pass every check, spelt as the
    vocabulary spells them; each dropped one counted in ``report`` by reason."""
    head_v = lexicon.analyse(head)
    head_lemmas = head_v.all_lemmas | {fold(head)}
    kept: list[str] = []
    seen: set[str] = set()
    for word in raw:
        v = lexicon.analyse(word)
        if not v.ok:
            reason = f"not-accepted ({v.problems[0].kind})"
        elif head_lemmas & (v.all_lemmas | {fold(v.word)}):
            reason = "head-lemma"
        elif any(is_consonant(h, f) for h in head_v.consonance_forms() or (fold(head),)
                 for f in v.consonance_forms()):  # fmt: skip
            reason = "consonant (R5)"
        elif offensive_reason(fold(v.word), *v.all_lemmas):
            reason = "offensive"
        elif seen & (v.all_lemmas | {fold(v.word)}):
            reason = "duplicate-lemma"
        else:
            reason = ""
        if reason:
            report[reason][f"{head}: {word}"] += 1
            continue
        seen |= v.all_lemmas | {fold(v.word)}
        row = next((vocab.index[k] for k in (fold(v.word), v.singular, v.lemma)
                    if k and k in vocab.index), None)  # fmt: skip
        spelt = vocab.words[row] if row is not None else v.display
        if row is None:
            report["kept-outside-vocabulary"][spelt] += 1
        kept.append(spelt)
        if len(kept) == KEEP:
            break
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--check", action="store_true", help="validate only, write nothing")
    args = parser.parse_args()
    vocab, lexicon = load_vocabulary(), default_lexicon()
    summary: dict[str, object] = {}
    for kind in KINDS:
        report: dict[str, Counter[str]] = defaultdict(Counter)
        drafts = read_drafts(kind, report)
        heads = [w for b in sorted((HERE / "batches").glob(f"{kind}-*.txt"))
                 for w in b.read_text("utf-8").split()]  # fmt: skip
        lines = {}
        for head in sorted(drafts):
            kept = clean(head, drafts[head], vocab, lexicon, report)
            if kept:
                lines[head] = kept
        entries = sum(len(v) for v in lines.values())
        summary[kind] = {
            "head_words": len(heads),
            "written": len(drafts),
            "kept": len(lines),
            "coverage": round(len(lines) / max(len(heads), 1), 4),
            "entries": entries,
            "mean_entries": round(entries / max(len(lines), 1), 2),
            "full_lines": sum(len(v) == KEEP for v in lines.values()),
            "dropped": {r: sum(c.values()) for r, c in sorted(report.items())},
            "examples": {r: [w for w, _ in c.most_common(5)] for r, c in sorted(report.items())},
        }
        if not args.check:
            OUT.mkdir(parents=True, exist_ok=True)
            text = "".join(f"{h}: {', '.join(ws)}\n" for h, ws in sorted(lines.items()))
            (OUT / f"{kind}.txt").write_text(text, "utf-8")
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return
    for kind, figures in summary.items():
        print(f"{kind}: {json.dumps(figures, ensure_ascii=False, indent=1)}")


if __name__ == "__main__":
    main()
