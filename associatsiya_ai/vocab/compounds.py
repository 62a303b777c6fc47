"""How often a word is said as a part of a hyphenated proper name (:func:`name_parts`).

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
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.rules.words import fold

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = ["PROPER_SHARE", "name_parts"]

PROPER_SHARE = 0.45
"""Weight of proper-noun parses from which a hyphenated token is a name (as a single word's
in :mod:`associatsiya_ai.vocab.filter`)."""


def _is_name(token: str) -> bool:
    """Whether pymorphy3's dictionary knows ``token`` as a proper noun («баба-яга»: Name)."""
    from associatsiya_ai.lexicon import PROPER_GRAMMEMES, morph

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
    counts = embeddings.counts
    if counts is None:
        return {}
    own: dict[str, int] = {}
    inside: dict[str, int] = defaultdict(int)
    tokens = []
    for word, count in zip(embeddings.words, np.asarray(counts).tolist(), strict=True):
        key = fold(word)
        if "-" in word:
            tokens.append((word, key, int(count)))
        else:
            own[key] = own.get(key, 0) + int(count)
    for word, key, count in tokens:
        parts = key.split("-")
        if len(parts) != 2 or not all(p.isalpha() for p in parts) or not _is_name(word.lower()):
            continue
        for part in dict.fromkeys(parts):
            if own.get(part):
                inside[part] += count
    return {part: n / own[part] for part, n in inside.items()}
