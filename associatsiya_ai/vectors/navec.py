"""Reading a navec ``.tar`` without the navec package: vocabulary and product quantisation.

The default model: 250K words × 300 dims, product-quantised into 100 sub-vectors of 3 dims
with 256 centroids each (25 MB). The quantised form is kept (``indexes`` uint8
(n_words, 100) plus ``codes`` float32 (100, 256, 3)); :class:`~.store.Embeddings` decodes
only the rows asked for.
"""

from __future__ import annotations

import gzip
import json
import tarfile
import zlib
from pathlib import Path

import numpy as np

from associatsiya_ai.vectors.gensim import FORMATS_HINT, NAVEC_SPECIALS, normalise_keys
from associatsiya_ai.vectors.registry import ModelError
from associatsiya_ai.vectors.store import Embeddings

__all__ = ["read_navec"]


def read_navec(path: Path) -> Embeddings:
    """Read a navec tar into a product-quantised store.

    ``Navec.load`` is not used: its ``PQ.precompute`` builds a 100 MB temporary for norms
    we do not need, which doubles load time and peak memory.

    Returns
    -------
    Embeddings
        ``<unk>`` / ``<pad>`` dropped, corpus counts kept (int64).

    Raises
    ------
    ModelError
        Missing members, a truncated file or tables whose sizes do not agree.
    """
    with tarfile.open(path, "r:") as tar:
        members = {m.name: m for m in tar.getmembers()}
        missing = {"meta.json", "vocab.bin", "pq.bin"} - members.keys()
        if missing:
            raise ModelError(
                f"в архиве {path} нет {', '.join(sorted(missing))}: это не модель navec; "
                f"{FORMATS_HINT}"
            )

        def read(name: str) -> bytes:
            member = members[name]
            f = tar.extractfile(member)
            data = f.read() if f is not None else b""
            if len(data) != member.size:
                raise ModelError(f"файл модели обрезан: {path}; перескачайте его")
            return data

        meta = json.loads(read("meta.json").decode("ascii"))
        vocab_raw = read("vocab.bin")
        pq_raw = read("pq.bin")

    # vocab.bin: gzip(uint32 n | uint32 counts[n] | "\n".join(words) utf-8)
    try:
        vocab = gzip.decompress(vocab_raw)
    except (OSError, EOFError, zlib.error) as exc:
        raise ModelError(f"словарь модели повреждён: {path}; перескачайте файл") from exc
    (n_vocab,) = np.frombuffer(vocab, np.uint32, count=1)
    counts = np.frombuffer(vocab, np.uint32, count=int(n_vocab), offset=4)
    text = vocab[4 + 4 * int(n_vocab) :].decode("utf-8")
    words = text.split("\n")

    # pq.bin: uint32 (n, dim, qdim, centroids) | uint8 indexes[n, qdim] | float32 codes
    n, dim, qdim, centroids = (int(x) for x in np.frombuffer(pq_raw, np.uint32, count=4))
    expected = 16 + n * qdim + 4 * qdim * centroids * (dim // max(qdim, 1))
    if len(words) != n or len(counts) != n or len(pq_raw) != expected or dim % qdim:
        raise ModelError(f"файл модели повреждён (размеры не сходятся): {path}; перескачайте")
    indexes = np.frombuffer(pq_raw, np.uint8, count=n * qdim, offset=16).reshape(n, qdim)
    codes = np.frombuffer(pq_raw, np.float32, offset=16 + n * qdim).reshape(
        qdim, centroids, dim // qdim
    )

    # Drop <unk>/<pad> (navec puts them last) and keep the store's rows aligned with words.
    rows: np.ndarray | None = None
    keep_n = len(words)
    while keep_n and words[keep_n - 1] in NAVEC_SPECIALS:
        keep_n -= 1
    words, counts = words[:keep_n], counts[:keep_n]
    if not text.islower() or any(special in words for special in NAVEC_SPECIALS):
        words, keep = normalise_keys(words, tagged=False)
        rows = np.asarray(keep, dtype=np.int64)
        counts = counts[rows]

    model_id = str(meta.get("id", path.stem))
    short = "_".join(model_id.split("_")[:2]) if "_v" in model_id else model_id
    return Embeddings(
        f"navec {short}",
        path,
        words,
        pq_indexes=indexes,
        pq_codes=codes,
        pq_rows=rows,
        counts=counts.astype(np.int64),
    )
