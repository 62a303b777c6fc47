"""Building a model's noun vocabulary: which words, their vectors, which of them are secrets.

:func:`build_vocabulary` reads every embedding word once (tens of seconds); the result is
cached by :func:`associatsiya_ai.vocab.cache.load_vocabulary`. It prints nothing: progress
goes to an ``on_progress(done, total)`` callback. The rules:

- **Said words** are Cyrillic common nouns the lexicon accepts (R3) in their dictionary
  form, known to the dictionary, not abbreviations, mostly nouns, frequent enough in their
  noun reading (effective Zipf ≥ ``MIN_ZIPF``) and not blocked (:func:`is_blocked`).
- **Vectors** mix the mean over a word's inflected forms with its own vector (robust to one
  noisy news-corpus form), are mean-centred, have the top principal component removed
  ("all-but-the-top") and are L2-normalised.
- **Secrets** are concrete, well-known nouns (:func:`is_secret_word` and the concreteness
  direction): a Zipf band, at least 3 letters, no abstract-looking suffix, one plain noun
  reading that is the word itself, closer to things than to abstractions.

>>> is_blocked("Мудак"), is_blocked("мандарин")
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.lexicon import (
    accepted_parses,
    default_lexicon,
    is_common_noun,
    is_cyrillic_word,
    morph,
)
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vectors.registry import ModelError
from associatsiya_ai.vocab.vocabulary import Vocabulary, normalise

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = [
    "VOCAB_VERSION",
    "ProgressCallback",
    "build_vocabulary",
    "is_blocked",
    "is_secret_word",
    "query_vector",
]

VOCAB_VERSION = 8
"""Bump when the vocabulary rules change: the on-disk cache is keyed by it."""
ProgressCallback = Callable[[int, int], None]
"""``on_progress(done, total)``: model words examined so far, of all."""

MIN_ZIPF = 2.5
"""Effective Zipf frequency (of the word in its noun reading) a word needs to be said."""
SECRET_ZIPF = (4.0, 5.6)
"""Secrets bots choose: well-known nouns in this effective Zipf band (the most frequent
ones, «время», «год», «человек», are too vague to guess from a few hints)."""
SECRET_NOUN_SHARE = 0.9
"""Share of the word's parses that must be the plain noun itself (not another lemma's form,
another part of speech, a name, slang or an archaism)."""
SECRET_CONCRETENESS = 0.02
"""Minimum lean towards concrete things on the seed direction (see ``_concreteness``)."""
N_COMPONENTS = 1
"""Top principal components removed after centring ("all-but-the-top"; dev-set tuned)."""
LEXEME_WEIGHT = 0.7
"""Weight of the mean over inflected forms against the word's own vector (dev-set tuned)."""
_ABSTRACT = ("ость", "ние", "ство", "ция", "изм", "тие", "ика", "ота")
# Parses marking a word as a name, an abbreviation, slang, archaic, informal or a misspelling.
_ODD_GRAMMEMES = frozenset(
    {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Init", "Abbr", "Slng", "Arch", "Infr",
     "Erro", "Dist"}
)  # fmt: skip
# Frequent nouns whose everyday use is a name or a loan fragment («Реал», «Сити», «веб»).
_SECRET_BLOCKLIST = frozenset(
    {"веб", "реал", "сан", "сити", "миг", "мисс", "форд", "вконтакте", "христос", "полчаса"}
)
# Secrets lean to the concrete: closer to these things than to these abstractions.
_CONCRETE_SEEDS = (
    "стол кошка яблоко дом машина молоко дерево книга нож река собака хлеб окно гора рыба"
)
_ABSTRACT_SEEDS = (
    "свобода идея процесс причина результат мнение условие ситуация уровень система право "
    "вопрос период способ представитель"
)
# Obscene and slur roots; a word containing one is never said by a bot.
BLOCKED_ROOTS = (
    "хуй", "хуе", "хуё", "хуя", "пизд", "ебан", "ебат", "ебал", "ебл", "ёб", "бляд",
    "блят", "пидор", "пидар", "педик", "гандон", "залуп", "мудак", "мудил", "шлюх",
    "сучк", "говн", "дерьм", "жоп", "сперм", "минет", "дрочи", "хрен",
)  # fmt: skip
BLOCKED_WORDS = frozenset({"сука", "манда", "блядь", "хер", "срака", "педераст", "ниггер"})


def is_blocked(word: str) -> bool:
    """Return True for a word a bot must never say (obscene or a slur)."""
    w = fold(word)
    return w in BLOCKED_WORDS or any(root in w for root in BLOCKED_ROOTS)


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


def _noun_stats(word: str) -> tuple[float, float, bool]:
    """(share of parses that are this noun in nom./acc., share of other POS, usable).

    Usable: known to the dictionary and not an abbreviation («бтр», «вмф»).
    """
    parses = morph().parse(word)
    noun = other = 0.0
    for p in parses:
        if "NOUN" in p.tag:
            if is_common_noun(p) and p.tag.case in ("nomn", "accs") and fold(p.normal_form) == word:
                noun += p.score
        elif p.tag.POS is not None:
            other += p.score
    abbr = any("Abbr" in p.tag for p in parses if "NOUN" in p.tag)
    return noun, other, any(p.is_known for p in parses) and not abbr


def _quick_noun(word: str) -> bool:
    """Whether an accepted parse of ``word`` is its own dictionary form (a cheap first test)."""
    return any(fold(p.normal_form) == fold(word) for p in accepted_parses(word))


def is_secret_word(word: str, zipf: float) -> bool:
    """Whether a vocabulary noun is plain and well known enough to be a secret.

    The concreteness lean is checked separately (it needs the whole vocabulary's vectors).

    >>> is_secret_word("кошка", 4.3), is_secret_word("пара", 4.8), is_secret_word("ёж", 4.1)
    (True, False, False)
    """
    w = fold(word)
    if not SECRET_ZIPF[0] <= zipf <= SECRET_ZIPF[1] or len(w) < 3 or w.endswith(_ABSTRACT):
        return False
    if w in _SECRET_BLOCKLIST:
        return False
    plain: float = sum(
        p.score
        for p in morph().parse(w)
        if p.tag.POS == "NOUN"
        and fold(p.normal_form) == w
        and _ODD_GRAMMEMES.isdisjoint(p.tag.grammemes)
    )
    return plain >= SECRET_NOUN_SHARE


def build_vocabulary(
    embeddings: Embeddings, *, on_progress: ProgressCallback | None = None
) -> Vocabulary:
    """Build the vocabulary of a model (tens of seconds; see ``load_vocabulary``).

    A word is kept when it is Cyrillic, the lexicon accepts it (R3) in its dictionary
    form (its folded spelling is one of the verdict's lemmas, not a plural), it is known
    to the dictionary and not an abbreviation, mostly a noun, frequent in its noun reading
    (effective Zipf ≥ ``MIN_ZIPF``) and not blocked.

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
    from wordfreq import zipf_frequency

    lexicon = default_lexicon()
    kept: dict[str, tuple[str, str, float]] = {}
    total = len(embeddings.words)
    for n, raw in enumerate(embeddings.words):
        if on_progress is not None and n % 2000 == 0:
            on_progress(n, total)
        w = fold(raw)
        if len(w) < 2 or len(w) > 30 or not is_cyrillic_word(raw) or w in kept:
            continue
        freq = max(zipf_frequency(w, "ru"), zipf_frequency(raw, "ru"))
        if freq < MIN_ZIPF or is_blocked(w) or not _quick_noun(raw):
            continue  # the cheap checks first: most model words are rare
        verdict = lexicon.analyse(raw)
        if not verdict.ok or verdict.singular or w not in verdict.lemmas:
            continue
        noun, other, usable = _noun_stats(w)
        if not usable or other >= 0.6:
            continue
        z = freq + float(np.log10(max(noun, 0.01)))
        if z >= MIN_ZIPF:
            kept[w] = (verdict.display, w, z)
    if on_progress is not None:
        on_progress(total, total)
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
    matrix = normalise(centred - (centred @ components.T) @ components)
    concrete = _concreteness(matrix, folded)
    secrets = [
        words[i]
        for i, w in enumerate(folded)
        if concrete[i] > SECRET_CONCRETENESS and is_secret_word(w, float(zipf[i]))
    ]
    return Vocabulary(
        words,
        matrix,
        zipf=zipf,
        lemmas=[kept[w][1] for w in folded],
        secrets=secrets,
        mean=mean,
        components=components,
        encoder=lambda word: query_vector(embeddings, word),
        model_name=embeddings.name,
        fingerprint=embeddings.fingerprint(),
    )


def _concreteness(matrix: np.ndarray, folded: list[str]) -> np.ndarray:
    """cos to the concrete seeds' mean minus cos to the abstract seeds' mean, shape (n,)."""
    index = {w: i for i, w in enumerate(folded)}

    def centre(seeds: str) -> np.ndarray:
        rows = [index[w] for w in seeds.split() if w in index]
        return matrix[rows].mean(axis=0) if rows else np.zeros(matrix.shape[1], np.float32)

    out: np.ndarray = matrix @ (centre(_CONCRETE_SEEDS) - centre(_ABSTRACT_SEEDS))
    return out
