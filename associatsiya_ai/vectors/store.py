"""The word → vector store: :class:`Embeddings`, rows decoded on demand.

A store holds either a float32 matrix (gensim files) or navec's product-quantised tables
(``indexes`` uint8 (n_words, q) and ``codes`` float32 (q, centroids, dim / q)); only the
requested rows are decoded, so a full navec matrix never exists in memory.

>>> import numpy as np
>>> e = Embeddings("tiny", Path("tiny.txt"), ["кот", "дом"], matrix=np.eye(2, dtype=np.float32))
>>> e.vectors_for(["дом"]).tolist(), "кот" in e
([[0.0, 1.0]], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from pathlib import Path

import numpy as np

from associatsiya_ai.vectors.locate import file_fingerprint

__all__ = ["Embeddings"]


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
