"""Which vocabulary nouns may be secrets: plain, well known and concrete.

A secret is a noun a bot picks for a person to guess from a few hints, so it must be one
a person knows and can picture: :func:`is_secret_word` asks for a Zipf band
(``SECRET_ZIPF``), at least 3 letters, no abstract-looking suffix, not a name or a loan
fragment, and one plain noun reading that is the word itself; :func:`concreteness` (over the
whole vocabulary's vectors) asks that it lean towards things rather than abstractions
(``SECRET_CONCRETENESS``). :func:`~associatsiya_ai.vocab.build.build_vocabulary` applies
both.
"""

from __future__ import annotations

import numpy as np

from associatsiya_ai.lexicon import morph
from associatsiya_ai.rules.words import fold

__all__ = [
    "SECRET_CONCRETENESS",
    "SECRET_NOUN_SHARE",
    "SECRET_ZIPF",
    "concreteness",
    "is_secret_word",
]

SECRET_ZIPF = (4.0, 5.6)
"""Secrets bots choose: well-known nouns in this effective Zipf band (the most frequent
ones, «время», «год», «человек», are too vague to guess from a few hints)."""
SECRET_NOUN_SHARE = 0.9
"""Share of the word's parses that must be the plain noun itself (not another lemma's form,
another part of speech, a name, slang or an archaism)."""
SECRET_CONCRETENESS = 0.02
"""Minimum lean towards concrete things on the seed direction (see :func:`concreteness`)."""
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


def concreteness(matrix: np.ndarray, folded: list[str]) -> np.ndarray:
    """cos to the concrete seeds' mean minus cos to the abstract seeds' mean, shape (n,)."""
    index = {w: i for i, w in enumerate(folded)}

    def centre(seeds: str) -> np.ndarray:
        rows = [index[w] for w in seeds.split() if w in index]
        return matrix[rows].mean(axis=0) if rows else np.zeros(matrix.shape[1], np.float32)

    out: np.ndarray = matrix @ (centre(_CONCRETE_SEEDS) - centre(_ABSTRACT_SEEDS))
    return out
