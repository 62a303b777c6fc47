"""How often a word is said as a part of a hyphenated proper name (:func:`name_parts`), or
as the prefix of hyphenated words (:func:`prefix_parts`: «вице» of «вице-президент»).

Some nouns a dictionary knows are, in use, halves of a name: «яга» is heard in «баба-яга»,
«шри» in «шри-ланка», «сьерра» in «сьерра-леоне». A person told «яга» hears the witch of
the tale, a name. The model keeps such a name as one hyphenated token, with its corpus
count, so the share of a part's uses that fall inside names is the names' counts over the
part's own count (the count of the part alone still holds some of the name's uses when it
was written without the hyphen, so the share is a lower bound).

Data: the model's words and corpus counts (navec ships them; a model without counts gives
no measure) and pymorphy3's dictionary (a token is a name when its proper-noun parses weigh
at least :data:`PROPER_SHARE` and the dictionary knows it).

>>> from associatsiya_ai.vectors.store import Embeddings
>>> m = Embeddings("toy", None, ["баба", "яга", "баба-яга", "пресс", "пресс-служба"],
...                matrix=np.eye(5, dtype=np.float32), counts=np.array([90, 30, 20, 50, 90]))
>>> sorted(name_parts(m).items())
[('баба', 0.2222222222222222), ('яга', 0.6666666666666666)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.reading import own_forms

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = ["PROPER_SHARE", "name_parts", "prefix_parts"]

PROPER_SHARE = 0.45
"""Weight of proper-noun parses from which a hyphenated token is a name (as a single word's
in :mod:`associatsiya_ai.vocab.filter`)."""


def _is_name(token: str) -> bool:
    """Whether pymorphy3's dictionary knows ``token`` as a proper noun («баба-яга»: Name)."""
    from associatsiya_ai.lexicon.parses import PROPER_GRAMMEMES, morph

    parses = morph().parse(token)
    proper = sum(
        p.score
        for p in parses
        if p.tag.POS == "NOUN" and not PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)
    )
    return proper >= PROPER_SHARE and any(p.is_known for p in parses)


def name_parts(embeddings: Embeddings) -> dict[str, float]:
    """Each folded word's uses inside the model's hyphenated names, over its own uses.

    Parameters
    ----------
    embeddings : Embeddings
        Its ``words`` and ``counts``; the hyphenated tokens of two Cyrillic parts are read.

    Returns
    -------
    dict of str to float
        Folded part → Σ count(name) / count(part), for parts the model holds on their own;
        empty when the model has no counts.
    """
    own, tokens = _split_counts(embeddings)
    inside: dict[str, int] = defaultdict(int)
    for word, key, count in tokens:
        parts = key.split("-")
        if len(parts) != 2 or not all(p.isalpha() for p in parts) or not _is_name(word.lower()):
            continue
        for part in dict.fromkeys(parts):
            if own.get(part):
                inside[part] += count
    return {part: n / own[part] for part, n in inside.items()}


def _split_counts(embeddings: Embeddings) -> tuple[dict[str, int], list[tuple[str, str, int]]]:
    """Corpus counts of the model's plain words (folded) and its hyphenated tokens
    (word, folded, count); both empty when the model has no counts."""
    counts = embeddings.counts
    if counts is None:
        return {}, []
    own: dict[str, int] = {}
    tokens = []
    for word, count in zip(embeddings.words, np.asarray(counts).tolist(), strict=True):
        key = fold(word)
        if "-" in word:
            tokens.append((word, key, int(count)))
        else:
            own[key] = own.get(key, 0) + int(count)
    return own, tokens


def prefix_parts(embeddings: Embeddings, words: Collection[str]) -> dict[str, float]:
    """How often each word's lexeme is said as the first half of a hyphenated word, per
    use on its own.

    Some nouns a dictionary knows are, in use, prefixes: «вице» (a form of the dialect
    «вица», a twig) is nearly always «вице-президент», «вице-премьер»; «экс» is
    «экс-президент». Such a word's frequency and vector are the prefix's, and nobody says
    it alone. The share is Σ count(form-…) over Σ count(form) for the word and its forms
    that are nothing else (:func:`~associatsiya_ai.vocab.reading.own_forms`: «пресс», a
    form of «пресса» as well, counts for «пресс» only).

    Parameters
    ----------
    embeddings : Embeddings
        Its ``words`` and ``counts`` (navec ships them; a model without counts gives none).
    words : collection of str
        Folded candidate words (lemmas) to measure.

    Returns
    -------
    dict of str to float
        Word → prefix uses per own use, for the words with any prefix use of a form the
        model holds on its own.

    Examples
    --------
    >>> from associatsiya_ai.vectors.store import Embeddings
    >>> m = Embeddings("toy", None, ["вице", "вице-президент", "пресс", "пресс-служба"],
    ...                matrix=np.eye(4, dtype=np.float32), counts=np.array([10, 300, 50, 90]))
    >>> sorted(prefix_parts(m, ["вица", "пресс", "кошка"]).items())
    [('вица', 30.0), ('пресс', 1.8)]
    """
    from associatsiya_ai.lexicon.parses import morph

    own, tokens = _split_counts(embeddings)
    prefix: dict[str, int] = defaultdict(int)
    for _, key, count in tokens:
        parts = key.split("-")
        if len(parts) == 2 and all(p.isalpha() for p in parts) and own.get(parts[0]):
            prefix[parts[0]] += count
    candidates = {fold(p.normal_form) for f in prefix for p in morph().parse(f)}
    out: dict[str, float] = {}
    for word in candidates.intersection(words):
        forms = [fold(f) for f in own_forms(word, own)]
        forms = [word, *forms] if word in own else forms
        uses = sum(own[f] for f in forms)
        said = sum(prefix.get(f, 0) for f in forms)
        if uses and said:
            out[word] = said / uses
    return out
