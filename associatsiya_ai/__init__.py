"""associatsiya_ai: the Russian word game «Ассоциация» with embedding bots.

The public API is re-exported here; heavy parts (embeddings, vocabulary, pymorphy3)
load lazily on first use.
"""

from associatsiya_ai.rules.words import (
    PASS,
    Overlap,
    Violation,
    WordChecker,
    WordVerdict,
    consonance,
    fold,
    is_consonant,
)

__version__ = "0.1.0"

__all__ = [
    "PASS",
    "Overlap",
    "Violation",
    "WordChecker",
    "WordVerdict",
    "__version__",
    "consonance",
    "fold",
    "is_consonant",
]
