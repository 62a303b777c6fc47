"""The embedding's evidence on whose word a surface form's vector is (:class:`Senses`).

A form like «уха» is in the model once, with one vector: the vector of whatever the form
mostly is in the corpus. Three measures tell which reading that is:

- its nearest frequent words: how many are names (a name's vector sits among names) and
  how many are nouns (a substantivised adjective's sits among adjectives);
- its cosine to its own lexeme's unambiguous forms («ухой» for «уха»);
- its cosine to each other lemma it may be a form of («ухо»);
- its nearest words in the whole model (any script): how many are names, brands or titles
  (Latin-script words, words the dictionary does not know, proper names). A brand spelt like
  a rare common noun («мегафон», «сбербанк») has a vector among other brands;
- its cosine to its wordnet relatives' mean (:func:`~associatsiya_ai.vocab.wordnet_vectors.
  agreement`): when high, the dictionary sense is the vector's own whatever its neighbours
  are;
- the share of its uses inside the model's hyphenated names («яга» in «баба-яга»,
  :mod:`associatsiya_ai.vocab.compounds`), and of its uses as their prefix («вице» of
  «вице-президент»).

Only forms with a competing reading are measured (a few thousand of the model's words), and
for the last measure only the forms :func:`~associatsiya_ai.vocab.filter.needs_name_sense`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

import numpy as np

from associatsiya_ai.vocab.compounds import name_parts, prefix_parts
from associatsiya_ai.vocab.filter import (
    ADJECTIVE_SHARE,
    IN_NAMES,
    OTHER_SHARE,
    PREFIX_SHARE,
    Reading,
    Senses,
)
from associatsiya_ai.vocab.reading import own_forms
from associatsiya_ai.vocab.wide import NEIGHBOURS, by_frequency, unit_rows, unit_rows_at, wide_names
from associatsiya_ai.vocab.wordnet_vectors import agreement

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = ["measure_senses", "needs_senses"]

REFERENCE = 40000
"""How many of the model's most frequent Russian words the neighbours are drawn from."""
_CHUNK = 128
"""Forms compared with the reference words per matrix product (a 20 MB block of cosines;
any block of 7 rows or more gives the same floats, so the size is the memory's choice)."""


def needs_senses(r: Reading) -> bool:
    """Whether a form has a competing reading the embedding must arbitrate."""
    return (
        r.proper > 0
        or r.adjective >= ADJECTIVE_SHARE
        or any(share >= OTHER_SHARE for share in r.others.values())
    )


def _reference(embeddings: Embeddings) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(unit vectors, name share, noun share) of the model's most frequent Russian words."""
    from associatsiya_ai.lexicon.form import is_cyrillic_word
    from associatsiya_ai.lexicon.parses import PROPER_GRAMMEMES, morph

    words = embeddings.words
    order = by_frequency(embeddings)
    chosen: list[str] = []
    for i in order.tolist():
        if len(chosen) >= REFERENCE:
            break
        if len(words[i]) > 1 and is_cyrillic_word(words[i]):
            chosen.append(words[i])
    names = np.zeros(len(chosen), np.float32)
    nouns = np.zeros(len(chosen), np.float32)
    for j, w in enumerate(chosen):
        for p in morph().parse(w):
            if p.tag.POS == "NOUN":
                nouns[j] += p.score
                if not PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes):
                    names[j] += p.score
    return unit_rows_at(embeddings, [embeddings.index(w) for w in chosen]), names, nouns


def _others(
    vector: np.ndarray, word: str, r: Reading, embeddings: Embeddings, has_own: bool
) -> dict[str, float]:
    """Cosine of a form's unit ``vector`` to each other lemma it may be a form of.

    The other lemma is measured by its own unambiguous forms. Its surface vector may be
    ambiguous too («белка» is «белок»'s genitive), so it only counts when the form has no
    unambiguous forms of its own to weigh against («добавок»), and then the closer counts.
    """
    out: dict[str, float] = {}
    for lemma in r.others:
        if lemma == word:
            continue
        forms = own_forms(lemma, embeddings)
        cos = (
            [float(vector @ unit_rows(embeddings.vectors_for(forms).mean(axis=0)))] if forms else []
        )
        if lemma in embeddings and not has_own:
            cos.append(float(vector @ unit_rows(embeddings.vector(lemma))))
        if cos:
            out[lemma] = max(cos)
    return out


def measure_senses(
    embeddings: Embeddings, readings: Mapping[str, Reading], wide: Collection[str] = ()
) -> dict[str, Senses]:
    """The embedding's evidence on each form of ``readings`` that :func:`needs_senses`.

    Parameters
    ----------
    embeddings : Embeddings
        The model the forms come from (each form must be one of its words).
    readings : mapping of str to Reading
        Model word → its reading.
    wide : collection of str
        Forms of ``readings`` whose neighbours in the whole model are measured too
        (:attr:`Senses.wide_names`); they get a :class:`Senses` even with no competing reading,
        as do the forms said inside names (:attr:`Senses.in_names`) or as prefixes
        (:attr:`Senses.as_prefix`).

    Returns
    -------
    dict of str to Senses
        Only for the forms measured; the others need no arbitration.
    """
    names_wide = wide_names([w for w in readings if w in wide and w in embeddings], embeddings)
    todo = [w for w, r in readings.items() if needs_senses(r) and w in embeddings]
    near = _neighbours(embeddings, readings, todo)  # before the wordnet is read: not both
    parts = {w: x for w, x in name_parts(embeddings).items() if w in readings and x >= IN_NAMES}
    prefixes = {w: x for w, x in prefix_parts(embeddings, readings).items() if x >= PREFIX_SHARE}
    agree = agreement(
        embeddings,
        [*names_wide, *parts, *prefixes, *(w for w in todo if readings[w].proper > 0)],
    )
    out = {
        w: Senses(
            wide_names=names_wide.get(w),
            dictionary=agree.get(w),
            in_names=parts.get(w, 0),
            as_prefix=prefixes.get(w, 0),
        )
        for w in {**names_wide, **parts, **prefixes}
    }
    for w, (names, nouns, own, others) in near.items():
        out[w] = Senses(
            names=names,
            nouns=nouns,
            own=own,
            others=others,
            wide_names=names_wide.get(w),
            dictionary=agree.get(w),
            in_names=parts.get(w, 0.0),
            as_prefix=prefixes.get(w, 0.0),
        )
    return out


_Near = tuple[float, float, float | None, dict[str, float]]


def _neighbours(
    embeddings: Embeddings, readings: Mapping[str, Reading], todo: list[str]
) -> dict[str, _Near]:
    """(names, nouns, own, others) of :class:`Senses` for each form of ``todo``."""
    out: dict[str, _Near] = {}
    if not todo:
        return out
    ref, names, nouns = _reference(embeddings)
    k = min(NEIGHBOURS, max(len(ref) - 1, 1))
    vectors = unit_rows(embeddings.vectors_for(todo))
    for start in range(0, len(todo), _CHUNK):
        block = vectors[start : start + _CHUNK]
        sims = block @ ref.T
        for row, w in enumerate(todo[start : start + _CHUNK]):
            near = np.argpartition(-sims[row], min(k, len(ref) - 1))[: k + 1]
            near = near[sims[row, near] < 0.9999][:k]  # the form itself is no neighbour
            forms = own_forms(w, embeddings)
            own = None
            if forms:
                centre = unit_rows(embeddings.vectors_for(forms).mean(axis=0))
                own = float(block[row] @ centre)
            out[w] = (
                float(names[near].mean()) if len(near) else 0.0,
                float(nouns[near].mean()) if len(near) else 1.0,
                own,
                _others(block[row], w, readings[w], embeddings, own is not None),
            )
    return out
