"""Regenerate the shipped screen of the default model (bit for bit).

    PYTHONPATH=. python scripts/prebuild_screen.py [--check]

Screens every word of navec ``news_v1`` (:func:`associatsiya_ai.vocab.screen.screen_model`,
about half a minute) and writes ``associatsiya_ai/data/vocabulary/screen-<fingerprint>.txt``
(:mod:`associatsiya_ai.vocab.prebuilt`), removing the file of an older model. ``--check``
writes nothing and exits 1 when the shipped file differs from a fresh screen. Run it after
changing the vocabulary rules (with ``VOCAB_VERSION`` bumped) or the word lists.
"""

from __future__ import annotations

import sys

from associatsiya_ai.lexicon import default_lexicon
from associatsiya_ai.vectors import load_embeddings
from associatsiya_ai.vectors.registry import DEFAULT_MODEL
from associatsiya_ai.vocab.build import MIN_ZIPF, VOCAB_VERSION
from associatsiya_ai.vocab.prebuilt import screen_path, screen_text
from associatsiya_ai.vocab.screen import screen_model


def main() -> int:
    embeddings = load_embeddings(DEFAULT_MODEL)
    fingerprint = embeddings.fingerprint()
    screened = screen_model(embeddings, default_lexicon(), min_zipf=MIN_ZIPF)
    text = screen_text(screened, fingerprint, VOCAB_VERSION)
    path = screen_path(fingerprint)
    if "--check" in sys.argv:
        same = path.is_file() and path.read_text("utf-8") == text
        print(f"{path}: {'up to date' if same else 'differs from a fresh screen'}")
        return 0 if same else 1
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob("screen-*.txt"):
        if old != path:
            old.unlink()
    path.write_text(text, "utf-8")
    print(f"wrote {path} ({len(screened.kept)} words kept)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
