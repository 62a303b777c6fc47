"""Building a model's noun vocabulary: which words, their vectors, which of them are secrets.

:func:`build_vocabulary` reads every embedding word once (tens of seconds); the result is
cached by :func:`associatsiya_ai.vocab.cache.load_vocabulary`. It prints nothing: progress
goes to an ``on_progress(done, total)`` callback. The rules:

- **Said words** are screened by :func:`associatsiya_ai.vocab.screen.screen_model`: Cyrillic
  common nouns a person's own R3 check accepts in their dictionary form, known to the
  dictionary, mostly nouns, frequent enough in their noun reading (effective Zipf ≥
  ``MIN_ZIPF``), heard in the sense the vector means (not another word's inflection, a
  substantivised adjective or a name), one per lexeme, and not on the offensive lists
  (:func:`is_blocked`); sexual and violent terms are kept but flagged ``adult``. A noun
  whose nominative the model lacks is said when its other forms are there («удочка»).
- **Vectors** mix the mean over a word's inflected forms with its own vector (robust to one
  noisy news-corpus form), are mean-centred, have the top principal component removed
  ("all-but-the-top") and are L2-normalised; then each is pulled towards its dictionary sense
  (its wordnet relatives' mean) as far as the news corpus drifted from it
  (:func:`~associatsiya_ai.vocab.wordnet_vectors.anchor_senses`: «дочка» is a daughter, not a
  subsidiary).
- **Secrets** are concrete, well-known nouns (:mod:`associatsiya_ai.vocab.secret_words`): a
  Zipf band, at least 3 letters, no abstract-looking suffix, one plain noun reading that is
  the word itself, closer to things than to abstractions.

>>> is_blocked("Мудак"), is_blocked("мандарин")
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.lexicon import accepted_parses, default_lexicon
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vectors.registry import ModelError
from associatsiya_ai.vocab.lists import offensive_reason
from associatsiya_ai.vocab.screen import Screened, screen_model
from associatsiya_ai.vocab.secret_words import SECRET_CONCRETENESS, concreteness, is_secret_word
from associatsiya_ai.vocab.vocabulary import Encoder, Vocabulary, normalise
from associatsiya_ai.vocab.wordnet import release_tables
from associatsiya_ai.vocab.wordnet_vectors import anchor_senses, relatives_vector

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = [
    "VOCAB_VERSION",
    "ProgressCallback",
    "build_vocabulary",
    "is_blocked",
    "model_encoder",
    "news_bias",
    "query_vector",
]

VOCAB_VERSION = 18
"""Bump when the vocabulary rules change: the on-disk cache is keyed by it."""
ProgressCallback = Callable[[int, int], None]
"""``on_progress(done, total)``: model words examined so far, of all."""

MIN_ZIPF = 2.5
"""Effective Zipf frequency (of the word in its noun reading) a word needs to be said."""
N_COMPONENTS = 1
"""Top principal components removed after centring ("all-but-the-top"; dev-set tuned)."""
LEXEME_WEIGHT = 0.7
"""Weight of the mean over inflected forms against the word's own vector (dev-set tuned)."""


def is_blocked(word: str) -> bool:
    """Return True for a word a bot must never say (obscene, a slur or an insult).

    The reviewed lists are ``associatsiya_ai/data/words/*.txt`` (see
    :mod:`associatsiya_ai.vocab.lists`).
    """
    return offensive_reason(word) is not None


def _forms(word: str) -> list[str]:
    """The word and the inflected forms of its first accepted parse (``ё`` kept)."""
    for p in accepted_parses(word):
        return list(dict.fromkeys([word, *(x.word for x in p.lexeme)]))
    return [word]


def query_vector(embeddings: Embeddings, word: str) -> np.ndarray | None:
    """The raw vector of a word: its own vector mixed with the mean over its forms.

    Returns
    -------
    numpy.ndarray or None
        Shape (dim,), float32, L2-normalised, not centred; None when no form is known
        or the vector is not finite (a damaged model file).
    """
    w = fold(word)
    found = []
    for form in _forms(w):
        for key in dict.fromkeys([form, fold(form)]):
            if key in embeddings and key not in found:
                found.append(key)
    if not found:
        return None
    vecs = normalise(embeddings.vectors_for(found))
    lexeme = normalise(vecs.mean(axis=0))
    own = vecs[0] if fold(found[0]) == w else lexeme
    vector = normalise(LEXEME_WEIGHT * lexeme + (1 - LEXEME_WEIGHT) * own)
    return vector if np.isfinite(vector).all() else None  # a damaged file may hold NaN


def model_encoder(model: Callable[[], Embeddings]) -> Encoder:
    """The encoder of a vocabulary over a model: :func:`query_vector` of a word the model
    has, else the weighted mean of its wordnet relatives' vectors
    (:mod:`associatsiya_ai.vocab.wordnet_vectors`: «клякса» is heard near «пятно»).

    Parameters
    ----------
    model : callable
        ``model() -> Embeddings`` (called on the first word, so a warm start loads nothing).
    """

    def encode(word: str) -> np.ndarray | None:
        own = query_vector(model(), word)
        if own is not None:
            return own
        return relatives_vector(word, lambda lemma: query_vector(model(), lemma))

    return encode


def build_vocabulary(
    embeddings: Embeddings, *, on_progress: ProgressCallback | None = None
) -> Vocabulary:
    """Build the vocabulary of a model (tens of seconds; see ``load_vocabulary``).

    Which words are kept, and why each other is dropped, is
    :func:`associatsiya_ai.vocab.screen.screen_model` (for the default model, its result
    shipped with the package: :mod:`associatsiya_ai.vocab.prebuilt`); the result carries the
    drop report, the audit list and the adult mask.

    Parameters
    ----------
    embeddings : Embeddings
        The model; every word is read once.
    on_progress : callable, optional
        Called as ``on_progress(done, total)`` every 2000 model words and at the end.

    Returns
    -------
    Vocabulary
        With an encoder over ``embeddings`` for words outside it.

    Raises
    ------
    ModelError
        When the model has no usable noun (or its vectors are damaged).
    """
    from associatsiya_ai.vocab.prebuilt import shipped_screen

    total = len(embeddings.words)
    shipped = shipped_screen(embeddings.fingerprint(), VOCAB_VERSION)  # the default model's
    screened: Screened
    if shipped is not None:
        screened = shipped
        if on_progress is not None:
            on_progress(total, total)
    else:
        screened = screen_model(
            embeddings,
            default_lexicon(),
            min_zipf=MIN_ZIPF,
            tick=None if on_progress is None else lambda n: on_progress(n, total),
        )
    kept = screened.kept
    vectors = {w: query_vector(embeddings, w) for w in kept}
    folded = [w for w, v in vectors.items() if v is not None]  # None: unknown or NaN/inf
    if not folded:
        raise ModelError(
            f"в модели {embeddings.path} нет ни одного пригодного существительного "
            "(или её векторы повреждены): укажите другую модель",
            fix="another",
        )
    raw_vecs = np.stack([vectors[w] for w in folded])  # type: ignore[misc]
    mean = raw_vecs.mean(axis=0)
    centred = raw_vecs - mean
    components = np.linalg.svd(centred, full_matrices=False)[2][:N_COMPONENTS]
    zipf = np.array([kept[w][2] for w in folded], np.float32)
    words = [kept[w][0] for w in folded]
    news = news_bias(embeddings, words, screened.general)
    matrix = anchor_senses(folded, normalise(centred - (centred @ components.T) @ components))
    release_tables()  # the wordnet's last use here (about 80 MB): read again when next needed
    concrete = concreteness(matrix, folded)
    secrets = [
        words[i]
        for i, w in enumerate(folded)
        if concrete[i] > SECRET_CONCRETENESS and is_secret_word(w, float(zipf[i]))
    ]
    return Vocabulary(
        words,
        matrix,
        zipf=zipf,
        news=news,
        lemmas=[kept[w][1] for w in folded],
        secrets=secrets,
        mean=mean,
        components=components,
        encoder=model_encoder(lambda: embeddings),
        model_name=embeddings.name,
        fingerprint=embeddings.fingerprint(),
        adult=np.array([w in screened.adult for w in folded], dtype=bool),
        report=screened.report(),
        dropped=screened.audit(),
    )


def news_bias(
    embeddings: Embeddings, words: list[str], general: Mapping[str, float] | None = None
) -> np.ndarray:
    """How much commoner each word is in the model's corpus than in Russian at large.

    The corpus Zipf, log10 of the word's count per 10⁹ corpus tokens (the model's own
    counts; navec news_v1 is news), minus wordfreq's Zipf (a mix of subtitles, books, the
    web and news). News jargon is high («акционер» +0.86, «аэрофлот» +0.72), everyday words
    low («мама» −0.82, «шея» −0.90); the median vocabulary word is about −0.25.

    Parameters
    ----------
    embeddings : Embeddings
        The model, with ``counts`` (without them every bias is 0).
    words : list of str
        Display spellings; the folded spelling is tried too, and wordfreq's higher Zipf of
        the two is used.
    general : mapping of str to float, optional
        That Zipf by folded word, when known (:attr:`Screened.general
        <associatsiya_ai.vocab.screen.Screened.general>`): wordfreq is then not loaded.

    Returns
    -------
    numpy.ndarray
        Shape (len(words),), float32, in Zipf units; 0 for a word the model lacks.
    """
    from associatsiya_ai.vocab.reading import general_zipf

    out = np.zeros(len(words), np.float32)
    counts = embeddings.counts
    if counts is None or not len(counts):
        return out
    per_billion = 1e9 / float(np.sum(counts))
    for i, word in enumerate(words):
        key = fold(word)
        found = next((w for w in (word, key) if w in embeddings), None)
        j = None if found is None else embeddings.index(found)
        if j is not None and counts[j] > 0:
            known = None if general is None else general.get(key)
            zipf = known if known is not None else general_zipf(word, key)
            out[i] = np.log10(float(counts[j]) * per_billion) - zipf
    return out
