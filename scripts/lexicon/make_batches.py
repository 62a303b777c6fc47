"""Write the lexicon's batch word lists from the default vocabulary (run once per lexicon
version; the lists are committed beside this script).

    python scripts/lexicon/make_batches.py [--size 400]

``batches/forward-NN.txt``: every vocabulary noun, most frequent first (wordfreq Zipf, then
alphabetically), ``size`` a batch — the head words of the forward lists.
``batches/hints-NN.txt``: the bots' secrets, alphabetically, split in two — the head words
of the best-hints lists. Nothing here reads association norms.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from associatsiya_ai.vocab import load_vocabulary

HERE = Path(__file__).parent / "batches"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=400)
    args = parser.parse_args()
    vocab = load_vocabulary()
    order = sorted(range(len(vocab.words)), key=lambda i: (-float(vocab.zipf[i]), vocab.words[i]))
    words = [vocab.words[i] for i in order]
    HERE.mkdir(parents=True, exist_ok=True)
    for k in range(0, len(words), args.size):
        name = HERE / f"forward-{k // args.size + 1:02d}.txt"
        name.write_text("\n".join(words[k : k + args.size]) + "\n", encoding="utf-8")
    secrets = sorted(vocab.secrets)
    half = (len(secrets) + 1) // 2
    for j, part in enumerate((secrets[:half], secrets[half:]), 1):
        (HERE / f"hints-{j:02d}.txt").write_text("\n".join(part) + "\n", encoding="utf-8")
    print(
        f"{len(words)} head words in {-(-len(words) // args.size)} batches; {len(secrets)} secrets"
    )


if __name__ == "__main__":
    main()
