"""Reading gensim / word2vec files, and the key normalisation every reader shares.

Formats: word2vec binary ``.bin``, word2vec text ``.txt`` / ``.vec`` (with or without the
``COUNT DIM`` header line), gensim native ``.kv``. RusVectōrēs keys ``слово_NOUN`` become
``слово``: when keys carry POS tags, only ``_NOUN`` and untagged keys are kept; keys are
lowercased and the first occurrence wins. The gensim package loads inside the reader.

>>> normalise_keys(["Кот_NOUN", "бежать_VERB", "кот_NOUN", "дом_NOUN"], tagged=True)
(['кот', 'дом'], [0, 3])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from associatsiya_ai.vectors.registry import ModelError
from associatsiya_ai.vectors.store import Embeddings

__all__ = ["FORMATS_HINT", "NAVEC_SPECIALS", "normalise_keys", "read_gensim"]

NAVEC_SPECIALS = frozenset({"<unk>", "<pad>"})
"""navec's special keys; never words."""
FORMATS_HINT = (
    "перескачайте файл или укажите модель navec .tar, word2vec .bin/.txt/.vec или gensim .kv"
)
"""The end of every "cannot read this file" message: what the loaders understand."""
_TAGGED = re.compile(r"^(.+)_([A-Z]+)$")


def normalise_keys(keys: Sequence[str], *, tagged: bool) -> tuple[list[str], list[int]]:
    """Lowercase keys, strip ``_TAG`` (keeping only NOUN / untagged when tagged), dedupe.

    Parameters
    ----------
    keys : sequence of str
        The model's keys in file order.
    tagged : bool
        Whether keys carry RusVectōrēs POS tags (``слово_NOUN``).

    Returns
    -------
    tuple of (list of str, list of int)
        The kept words and their original row numbers; the first occurrence wins.
    """
    seen: dict[str, int] = {}
    for i, key in enumerate(keys):
        if key in NAVEC_SPECIALS or not key:
            continue
        word = key
        if tagged:
            m = _TAGGED.match(key)
            if m:
                if m.group(2) != "NOUN":
                    continue
                word = m.group(1)
        word = word.lower()
        if word not in seen:
            seen[word] = i
    return list(seen), list(seen.values())


def _looks_tagged(keys: Sequence[str]) -> bool:
    sample = keys[:2000]
    if not sample:
        return False
    hits = sum(1 for k in sample if _TAGGED.match(k))
    return hits * 2 > len(sample)


def _has_header(path: Path) -> bool:
    with open(path, "rb") as f:
        first = f.readline(1024).split()
    return len(first) == 2 and all(part.isdigit() for part in first)


def read_gensim(path: Path, suffix: str) -> Embeddings:
    """Read a word2vec (``.bin``, ``.txt``, ``.vec``) or gensim ``.kv`` file.

    Returns
    -------
    Embeddings
        A matrix store: float32 rows, keys normalised (:func:`normalise_keys`).

    Raises
    ------
    ModelError
        An empty or inconsistent model; other read errors propagate (the loader names them).
    """
    from gensim.models import KeyedVectors

    kv: Any
    if suffix == ".kv":
        kv = KeyedVectors.load(str(path), mmap="r")
        kv = getattr(kv, "wv", kv)  # a whole Word2Vec / FastText model saved by mistake
        if not isinstance(kv, KeyedVectors):
            raise ModelError(f"{path} — не gensim KeyedVectors; {FORMATS_HINT}")
        kind = "gensim"
    else:
        binary = suffix == ".bin"
        kv = KeyedVectors.load_word2vec_format(
            str(path),
            binary=binary,
            unicode_errors="ignore",
            no_header=not binary and not _has_header(path),
        )
        kind = "word2vec"
    keys = [str(k) for k in kv.index_to_key]
    matrix = kv.vectors
    if not keys or matrix.ndim != 2 or matrix.shape[0] != len(keys):
        raise ModelError(f"модель {path} пуста или повреждена; {FORMATS_HINT}")
    tagged = _looks_tagged(keys)
    words, keep = normalise_keys(keys, tagged=tagged)
    if len(keep) != len(keys):
        matrix = np.ascontiguousarray(matrix[np.asarray(keep, dtype=np.int64)], np.float32)
    elif matrix.dtype != np.float32:
        matrix = matrix.astype(np.float32)
    counts = None
    if "count" in getattr(kv, "expandos", {}):
        counts = np.asarray(kv.expandos["count"], dtype=np.int64)[keep]
    return Embeddings(f"{kind} {path.stem}", path, words, matrix=matrix, counts=counts)
