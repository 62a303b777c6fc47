"""Word embeddings: a read-only word → vector store over navec and gensim model files.

Supported files
---------------
- navec ``.tar`` (the default ``news_v1``: 250K words × 300 dims, product-quantised into
  100 sub-vectors of 3 dims with 256 centroids each, 25 MB). The quantised form is kept:
  ``indexes`` uint8 (n_words, 100) plus ``codes`` float32 (100, 256, 3); only the requested
  rows are decoded, so the full 300 MB float32 matrix never exists in memory.
- gensim ``KeyedVectors``: word2vec binary ``.bin``, word2vec text ``.txt`` / ``.vec``
  (with or without the ``COUNT DIM`` header line), gensim native ``.kv``.
  RusVectōrēs keys ``слово_NOUN`` become ``слово``: when keys carry POS tags, only
  ``_NOUN`` and untagged keys are kept; keys are lowercased and the first occurrence wins.

Every failure to read a file is a ``ModelError`` with one Russian line, never a traceback.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.metadata
import json
import re
import tarfile
import threading
import zlib
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from associatsiya_ai.vectors.registry import (
    DEFAULT_MODEL,
    MODEL_SUFFIXES,
    REGISTRY,
    ModelError,
    models_dir,
)

__all__ = [
    "Embeddings",
    "ModelError",
    "default_model_path",
    "load_embeddings",
]

_NAVEC_SPECIALS = frozenset({"<unk>", "<pad>"})
_TAGGED = re.compile(r"^(.+)_([A-Z]+)$")
_FORMATS_HINT = (
    "перескачайте файл или укажите модель navec .tar, word2vec .bin/.txt/.vec или gensim .kv"
)


class Embeddings:
    """A read-only word → vector store.

    Attributes
    ----------
    name : str
        Human-readable model name, e.g. ``"navec news_v1"`` or ``"word2vec ruscorpora"``.
    path : Path
        The resolved model file.
    words : list of str
        All keys, lowercase plain words (POS tags stripped), in file order (for navec and
        RusVectōrēs files that is descending corpus frequency).
    dim : int
        Vector dimension (300 for navec).
    counts : numpy.ndarray or None
        Shape (n_words,), int64: corpus counts aligned with ``words`` when the file has
        them (navec does), else None.

    Notes
    -----
    Vectors are returned as stored: float32, NOT L2-normalised.
    """

    def __init__(
        self,
        name: str,
        path: Path,
        words: list[str],
        *,
        matrix: np.ndarray | None = None,
        pq_indexes: np.ndarray | None = None,
        pq_codes: np.ndarray | None = None,
        pq_rows: np.ndarray | None = None,
        counts: np.ndarray | None = None,
    ) -> None:
        self.name = name
        self.path = path
        self.words = words
        self.counts = counts
        self._matrix = matrix
        self._pq_indexes = pq_indexes
        self._pq_codes = pq_codes
        # Row of words[i] in the quantised tables; None means row i (the navec case).
        self._pq_rows = pq_rows
        if matrix is not None:
            self.dim = int(matrix.shape[1])
        elif pq_codes is not None:
            self.dim = int(pq_codes.shape[0] * pq_codes.shape[2])
        else:
            raise ValueError("Embeddings needs a matrix or product-quantised tables")
        self._fingerprint: str | None = None

    def __repr__(self) -> str:
        return f"Embeddings(name={self.name!r}, words={len(self)}, dim={self.dim})"

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._word_ids

    @cached_property
    def _word_ids(self) -> dict[str, int]:
        return dict(zip(self.words, range(len(self.words)), strict=True))

    def index(self, word: str) -> int:
        """Position of ``word`` in ``words``.

        Raises
        ------
        KeyError
            If the word is not in the model; the message names the word.
        """
        try:
            return self._word_ids[word]
        except KeyError:
            raise KeyError(f"слова «{word}» нет в модели {self.name}") from None

    def vectors_at(self, ids: Sequence[int] | np.ndarray) -> np.ndarray:
        """Vectors for word positions (indices into ``words``), decoded in one numpy step.

        Parameters
        ----------
        ids : sequence of int or ndarray, shape (k,)

        Returns
        -------
        numpy.ndarray
            Shape (k, dim), float32, not normalised; a fresh array the caller may modify.
        """
        rows = np.asarray(ids, dtype=np.int64).reshape(-1)
        if self._matrix is not None:
            return np.array(self._matrix[rows], dtype=np.float32)
        assert self._pq_indexes is not None and self._pq_codes is not None
        if self._pq_rows is not None:
            rows = self._pq_rows[rows]
        qdim = self._pq_codes.shape[0]
        # codes[q, indexes[row, q]] for every q: (k, qdim, chunk) → (k, dim)
        parts = self._pq_codes[np.arange(qdim), self._pq_indexes[rows]]
        return np.ascontiguousarray(parts.reshape(len(rows), self.dim), dtype=np.float32)

    def vectors_for(self, words: Sequence[str]) -> np.ndarray:
        """Vectors for ``words``, in order.

        Parameters
        ----------
        words : sequence of str
            Keys as in ``words`` (lowercase, no POS tag).

        Returns
        -------
        numpy.ndarray
            Shape (len(words), dim), float32, not normalised.

        Raises
        ------
        KeyError
            If a word is absent; the message names it.
        """
        return self.vectors_at([self.index(word) for word in words])

    def vector(self, word: str) -> np.ndarray:
        """The vector of one word: shape (dim,), float32, not normalised."""
        row: np.ndarray = self.vectors_for([word])[0]
        return row

    def fingerprint(self) -> str:
        """A cheap, stable id of the model file's content, for cache keys.

        SHA-256 over the size and the first and last MiB, 16 hex digits. It does not
        depend on the path or mtime, so a copied or reinstalled file keeps its id; it
        takes about a millisecond.
        """
        if self._fingerprint is None:
            self._fingerprint = file_fingerprint(self.path)
        return self._fingerprint


def file_fingerprint(path: Path) -> str:
    """SHA-256 (16 hex digits) of a file's size, first MiB and last MiB."""
    block = 1 << 20
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        f.seek(0, 2)
        size = f.tell()
        digest.update(str(size).encode())
        f.seek(0)
        digest.update(f.read(block))
        if size > block:
            f.seek(max(block, size - block))
            digest.update(f.read(block))
    return digest.hexdigest()[:16]


# --------------------------------------------------------------------------- locating


def default_model_path() -> Path:
    """The navec ``news_v1`` file shipped inside the natasha wheel (natasha is not imported).

    Raises
    ------
    ModelError
        If natasha is not installed.
    """
    info = REGISTRY[DEFAULT_MODEL]
    try:
        dist = importlib.metadata.distribution("natasha")
    except importlib.metadata.PackageNotFoundError:
        raise ModelError(
            "пакет natasha не установлен, а в нём модель по умолчанию: pip install natasha "
            "или укажите путь к модели"
        ) from None
    return Path(str(dist.locate_file(f"natasha/data/emb/{info.file_name}")))


def resolve_model(spec: str | Path | None = None) -> Path:
    """Turn a model spec into a file path (not checked for existence beyond the lookup).

    ``None`` or ``"news_v1"`` → the default; a registry name → its file in ``models_dir()``;
    an existing path → itself; a bare file name → that file in ``models_dir()``.
    """
    if spec is None or spec == DEFAULT_MODEL:
        return default_model_path()
    text = str(spec)
    if isinstance(spec, str) and text in REGISTRY:
        return models_dir() / REGISTRY[text].file_name
    path = Path(text).expanduser()
    if path.exists():
        return path
    candidate = models_dir() / text
    if path.parent == Path(".") and candidate.exists():
        return candidate
    return path


_CACHE: dict[Path, Embeddings] = {}
_CACHE_LOCK = threading.Lock()


def load_embeddings(spec: str | Path | None = None) -> Embeddings:
    """Load a model, once per process.

    Parameters
    ----------
    spec : str or Path, optional
        None → navec ``news_v1`` (the default, inside natasha); a registry name
        (``news_v1``, ``hudlit_v1``); a path to a file; or a file name inside the models
        directory (``ASSOCIATSIYA_MODELS_DIR`` or ``./models``).

    Returns
    -------
    Embeddings
        Cached per resolved path: the second call returns the same object.

    Raises
    ------
    ModelError
        Missing file, truncated or corrupt file, unknown format. One Russian line naming
        the file and the fix.
    """
    path = resolve_model(spec)
    if not path.is_file():
        from associatsiya_ai.vectors.registry import REGISTRY

        name = str(spec) if spec is not None else ""
        fix = (
            f"скачайте её: associatsiya models download {name}"
            if name in REGISTRY
            else "укажите путь к файлу модели или имя из «associatsiya models list»"
        )
        raise ModelError(f"файл модели не найден: {path}; {fix}")
    key = path.resolve()
    with _CACHE_LOCK:
        cached = _CACHE.get(key)
        if cached is None:
            cached = _load_file(key)
            _CACHE[key] = cached
    return cached


def _load_file(path: Path) -> Embeddings:
    suffix = path.suffix.lower()
    if suffix not in MODEL_SUFFIXES:
        raise ModelError(f"неизвестный формат модели: {path}; {_FORMATS_HINT}")
    try:
        if suffix == ".tar":
            return _load_navec(path)
        return _load_gensim(path, suffix)
    except ModelError:
        raise
    except MemoryError:
        raise ModelError(f"не хватает памяти, чтобы загрузить модель {path}") from None
    except Exception as exc:  # tarfile.ReadError, EOFError, ValueError, pickle errors, …
        raise ModelError(
            f"не удалось прочитать модель {path} ({type(exc).__name__}): файл повреждён или "
            f"не в том формате; {_FORMATS_HINT}"
        ) from exc


# --------------------------------------------------------------------------- navec


def _load_navec(path: Path) -> Embeddings:
    """Read a navec tar without ``Navec.load``: its ``PQ.precompute`` builds a 100 MB
    temporary for norms we do not need, which doubles load time and peak memory."""
    with tarfile.open(path, "r:") as tar:
        members = {m.name: m for m in tar.getmembers()}
        missing = {"meta.json", "vocab.bin", "pq.bin"} - members.keys()
        if missing:
            raise ModelError(
                f"в архиве {path} нет {', '.join(sorted(missing))}: это не модель navec; "
                f"{_FORMATS_HINT}"
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
    while keep_n and words[keep_n - 1] in _NAVEC_SPECIALS:
        keep_n -= 1
    words, counts = words[:keep_n], counts[:keep_n]
    if not text.islower() or any(special in words for special in _NAVEC_SPECIALS):
        words, keep = _normalise_keys(words, tagged=False)
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


# --------------------------------------------------------------------------- gensim


def _normalise_keys(keys: Sequence[str], *, tagged: bool) -> tuple[list[str], list[int]]:
    """Lowercase keys, strip ``_TAG`` (keeping only NOUN / untagged when tagged), dedupe.

    Returns the kept words and their original row numbers; the first occurrence wins.
    """
    seen: dict[str, int] = {}
    for i, key in enumerate(keys):
        if key in _NAVEC_SPECIALS or not key:
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


def _load_gensim(path: Path, suffix: str) -> Embeddings:
    from gensim.models import KeyedVectors

    kv: Any
    if suffix == ".kv":
        kv = KeyedVectors.load(str(path), mmap="r")
        kv = getattr(kv, "wv", kv)  # a whole Word2Vec / FastText model saved by mistake
        if not isinstance(kv, KeyedVectors):
            raise ModelError(f"{path} — не gensim KeyedVectors; {_FORMATS_HINT}")
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
        raise ModelError(f"модель {path} пуста или повреждена; {_FORMATS_HINT}")
    tagged = _looks_tagged(keys)
    words, keep = _normalise_keys(keys, tagged=tagged)
    if len(keep) != len(keys):
        matrix = np.ascontiguousarray(matrix[np.asarray(keep, dtype=np.int64)], np.float32)
    elif matrix.dtype != np.float32:
        matrix = matrix.astype(np.float32)
    counts = None
    if "count" in getattr(kv, "expandos", {}):
        counts = np.asarray(kv.expandos["count"], dtype=np.int64)[keep]
    return Embeddings(f"{kind} {path.stem}", path, words, matrix=matrix, counts=counts)
