"""The noun vocabulary bots may say: words, vectors, frequency prior and a consonance index.

A :class:`Vocabulary` holds the embedding words that the lexicon accepts as common nouns in
the nominative singular (R3, the dictionary form), frequent enough per ``wordfreq``, minus a
short blocklist, with unit vectors and the secrets bots choose. The building rules live in
:mod:`associatsiya_ai.vocab.build`, the on-disk cache in :mod:`associatsiya_ai.vocab.cache`.

>>> import numpy as np
>>> v = Vocabulary(["кот", "мышь", "сыр"], np.eye(3, dtype=np.float32))
>>> v.legal_mask("кошка").tolist()  # «кот» shares «ко» with «кошка»
[False, True, True]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property

import numpy as np

from associatsiya_ai.rules.words import fold

__all__ = ["Encoder", "Vocabulary", "normalise"]

_CONSONANT_KEPT = 2048
"""How many words' :meth:`Vocabulary.consonant_rows` are kept (a few kilobytes each)."""
_NO_ROWS = np.zeros(0, np.int32)

Encoder = Callable[[str], "np.ndarray | None"]
"""``encoder(word) -> vector or None``: raw model vectors for words outside a vocabulary."""


def normalise(x: np.ndarray) -> np.ndarray:
    """Rows (or a vector) scaled to unit L2 norm, float32; zero rows stay zero.

    Parameters
    ----------
    x : numpy.ndarray
        Shape (n, dim) or (dim,), any float dtype.

    Returns
    -------
    numpy.ndarray
        Same shape, float32.
    """
    with np.errstate(invalid="ignore", over="ignore"):  # a damaged row (NaN, inf): dropped later
        norms = np.linalg.norm(x, axis=-1, keepdims=True)
        return (x / np.where(norms > 0, norms, 1.0)).astype(np.float32)


class Vocabulary:
    """The nouns a bot may say, with their vectors and frequency prior.

    Parameters
    ----------
    words : sequence of str
        Display spellings (``ё`` where the dictionary has it), unique after folding.
    matrix : numpy.ndarray
        Shape (n_words, dim); normalised here and stored float32 in column-major (Fortran)
        order: a bot's hot product ``matrix @ query`` then runs OpenBLAS's column kernel,
        measured 3–4 times faster single-threaded on (11540, 300) than the row kernel a
        C-ordered array gets (the values are the same dot products, summed in another
        order, so they may differ in the last bit).
    zipf : numpy.ndarray, optional
        Shape (n_words,), the frequency prior (effective Zipf); 4.0 for all when omitted.
    news : numpy.ndarray, optional
        Shape (n_words,): how much commoner the word is in the model's corpus than in
        Russian at large, in Zipf (:func:`~associatsiya_ai.vocab.build.news_bias`; news
        jargon such as «акционер» is high); 0 for all when omitted.
    lemmas : sequence of str, optional
        Folded lemmas (R4); the folded words when omitted.
    secrets : sequence of str, optional
        Words bots choose as secrets; the whole vocabulary when omitted.
    mean : numpy.ndarray, optional
        Shape (dim,): the centring vector subtracted from query vectors (zeros if omitted).
    components : numpy.ndarray, optional
        Shape (k, dim), orthonormal rows projected out of query vectors after centring.
    encoder : callable, optional
        ``encoder(word) -> vector or None`` for words outside the vocabulary (raw model
        vectors; centred and normalised here). Without it such words have no vector.
    model_name, fingerprint : str
        The model the vocabulary was built from.
    adult : numpy.ndarray, optional
        Shape (n_words,), bool: sexual or graphic violent-crime terms, said in adult mode
        only (see :meth:`family`); all False when omitted.
    report : dict of str to int, optional
        How many model words the build dropped per reason
        (:data:`associatsiya_ai.vocab.filter.REASONS`).
    dropped : sequence of (str, str), optional
        (word, reason) of the dropped words a reader may audit.
    """

    def __init__(
        self,
        words: Sequence[str],
        matrix: np.ndarray,
        *,
        zipf: np.ndarray | None = None,
        news: np.ndarray | None = None,
        lemmas: Sequence[str] | None = None,
        secrets: Sequence[str] | None = None,
        mean: np.ndarray | None = None,
        components: np.ndarray | None = None,
        encoder: Callable[[str], np.ndarray | None] | None = None,
        model_name: str = "",
        fingerprint: str = "",
        adult: np.ndarray | None = None,
        report: dict[str, int] | None = None,
        dropped: Sequence[tuple[str, str]] | None = None,
        _folded: Sequence[str] | None = None,
    ) -> None:
        self.words = list(words)
        # _folded: the words already folded, lemmas too (family() passes its own rows)
        self.folded = [fold(w) for w in self.words] if _folded is None else list(_folded)
        if len(set(self.folded)) != len(self.folded):
            raise ValueError("vocabulary words must be unique after folding (ё≡е)")
        self.matrix = np.asfortranarray(normalise(np.asarray(matrix, dtype=np.float32)))
        if self.matrix.shape[0] != len(self.words):
            raise ValueError("matrix rows must match words")
        n = len(self.words)
        self.zipf = np.full(n, 4.0, np.float32) if zipf is None else np.asarray(zipf, np.float32)
        self.news = np.zeros(n, np.float32) if news is None else np.asarray(news, np.float32)
        if lemmas is None:
            self.lemmas = self.folded.copy()
        else:
            self.lemmas = list(lemmas) if _folded is not None else [fold(x) for x in lemmas]
        self.secrets = self.words.copy() if secrets is None else list(secrets)
        dim = self.matrix.shape[1]
        self.mean = np.zeros(dim, np.float32) if mean is None else np.asarray(mean, np.float32)
        self.components = (
            np.zeros((0, dim), np.float32)
            if components is None
            else np.asarray(components, np.float32).reshape(-1, dim)
        )
        self.encoder = encoder
        self.model_name = model_name
        self.fingerprint = fingerprint
        self.adult = np.zeros(n, bool) if adult is None else np.asarray(adult, bool).reshape(n)
        self.report = dict(report or {})
        self.dropped = [(str(w), str(r)) for w, r in (dropped or [])]
        self.index = {w: i for i, w in enumerate(self.folded)}
        self._vectors: dict[str, np.ndarray | None] = {}
        self._consonant: dict[str, np.ndarray] = {}
        self._by_lemma: dict[str, list[int]] | None = None

    def _lemma_rows(self) -> dict[str, list[int]]:
        """The rows of each folded lemma, built on first use."""
        if self._by_lemma is None:
            by_lemma: dict[str, list[int]] = defaultdict(list)
            for i, lemma in enumerate(self.lemmas):
                by_lemma[lemma].append(i)
            self._by_lemma = by_lemma
        return self._by_lemma

    @cached_property
    def _consonance(self) -> tuple[dict[str, np.ndarray], ...]:
        """Rows by first two letters, last two letters and three-letter run (int64 arrays),
        made on the first consonance question (tens of milliseconds: a start that only
        derives :meth:`family` from a vocabulary never needs its own)."""
        first: dict[str, list[int]] = defaultdict(list)
        last: dict[str, list[int]] = defaultdict(list)
        tri: dict[str, set[int]] = defaultdict(set)
        for i, w in enumerate(self.folded):
            if len(w) >= 2:
                first[w[:2]].append(i)
                last[w[-2:]].append(i)
            for j in range(len(w) - 2):
                tri[w[j : j + 3]].add(i)
        return (
            {k: np.array(v, np.int64) for k, v in first.items()},
            {k: np.array(v, np.int64) for k, v in last.items()},
            {k: np.fromiter(v, np.int64, len(v)) for k, v in tri.items()},
        )

    def family(self) -> Vocabulary:
        """This vocabulary without its adult words: the default a family plays with.

        Words, vectors, priors and secrets are this one's minus the adult rows; the drop
        report and audit list are shared. Returns ``self`` when there is no adult word.
        """
        if not self.adult.any():
            return self
        keep = np.flatnonzero(~self.adult)
        adult_words = {self.words[i] for i in np.flatnonzero(self.adult)}
        family = Vocabulary(
            [self.words[i] for i in keep],
            self.matrix[keep],
            zipf=self.zipf[keep],
            news=self.news[keep],
            lemmas=[self.lemmas[i] for i in keep],
            secrets=[w for w in self.secrets if w not in adult_words],
            mean=self.mean,
            components=self.components,
            encoder=self.encoder,
            model_name=self.model_name,
            fingerprint=self.fingerprint,
            _folded=[self.folded[i] for i in keep],
        )
        family.report, family.dropped = self.report, self.dropped  # shared, not copied
        return family

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and fold(word) in self.index

    def __repr__(self) -> str:
        return f"Vocabulary({len(self)} words, model={self.model_name!r})"

    def consonant_mask(self, word: str) -> np.ndarray:
        """Which vocabulary words are consonant with ``word`` (R5), via the index.

        Returns
        -------
        numpy.ndarray
            Shape (n_words,), bool: ``mask[i] == words.is_consonant(word, words[i])``.
        """
        mask = np.zeros(len(self.words), dtype=bool)
        mask[self.consonant_rows(word)] = True
        return mask

    def consonant_rows(self, word: str) -> np.ndarray:
        """The rows of the vocabulary words consonant with ``word`` (R5), ascending int32:
        the words sharing its first two letters, its last two or one of its three-letter
        runs; kept per folded word (the last :data:`_CONSONANT_KEPT`; treat as read-only).

        Returns
        -------
        numpy.ndarray
            Shape (k,), int32, distinct: ``np.flatnonzero(consonant_mask(word))``.
        """
        w = fold(word)
        hit = self._consonant.get(w)
        if hit is not None:
            return hit
        parts = self.consonant_parts(w)
        hit = np.unique(np.concatenate(parts)).astype(np.int32) if parts else _NO_ROWS
        hit.flags.writeable = False
        while len(self._consonant) >= _CONSONANT_KEPT:
            del self._consonant[next(iter(self._consonant))]
        self._consonant[w] = hit
        return hit

    def consonant_parts(self, word: str) -> list[np.ndarray]:
        """:meth:`consonant_rows` as the index gives them: the rows sharing the word's first
        two letters, its last two, each of its three-letter runs (int64 arrays, which
        overlap; read-only), not merged — enough to ban them all, without sorting, where
        every word is asked once (the log-partitions)."""
        w = fold(word)
        parts = []
        first, last, tri = self._consonance
        if len(w) >= 2:
            for table, key in ((first, w[:2]), (last, w[-2:])):
                rows = table.get(key)
                if rows is not None:
                    parts.append(rows)
        for j in range(len(w) - 2):
            rows = tri.get(w[j : j + 3])
            if rows is not None:
                parts.append(rows)
        return parts

    def legal_mask(self, secret: str) -> np.ndarray:
        """Which vocabulary words are not consonant with ``secret`` (R5); shape (n,), bool."""
        return ~self.consonant_mask(secret)

    def lemma_mask(self, lemmas: frozenset[str] | set[str]) -> np.ndarray:
        """Which vocabulary words have one of ``lemmas`` (folded) as lemma or spelling."""
        mask = np.zeros(len(self.words), dtype=bool)
        mask[self.lemma_rows(lemmas)] = True
        return mask

    def lemma_rows(self, lemmas: Iterable[str]) -> list[int]:
        """The rows of :meth:`lemma_mask` (a row may repeat)."""
        rows: list[int] = []
        for lemma in lemmas:
            key = fold(lemma)
            i = self.index.get(key)
            if i is not None:
                rows.append(i)
            rows.extend(self._lemma_rows().get(key, ()))
        return rows

    def vector(self, word: str) -> np.ndarray | None:
        """The centred, L2-normalised vector of any word, shape (dim,); None when unknown."""
        key = fold(word)
        i = self.index.get(key)
        if i is not None:
            row: np.ndarray = self.matrix[i]
            return row
        if key not in self._vectors:
            raw = None if self.encoder is None else self.encoder(key)
            self._vectors[key] = None if raw is None else normalise(normalise(raw) - self.mean)
        return self._vectors[key]
