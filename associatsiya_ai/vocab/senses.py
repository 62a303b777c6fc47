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
- its cosine to its wordnet relatives' mean (:mod:`associatsiya_ai.vocab.wordnet`): when
  high, the dictionary sense is the vector's own whatever its neighbours are;
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

from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.compounds import name_parts, prefix_parts
from associatsiya_ai.vocab.filter import (
    ADJECTIVE_SHARE,
    IN_NAMES,
    OTHER_SHARE,
    PREFIX_SHARE,
    Reading,
    Senses,
    aliases,
)
from associatsiya_ai.vocab.reading import own_forms
from associatsiya_ai.vocab.wordnet import agreement

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = ["measure_senses", "needs_senses"]

WIDE = 60000
"""How many of the model's most frequent words, of any script, the name-sense neighbours are
drawn from (the Latin «volvo» and the unknown «ютэйр» count as names there)."""

REFERENCE = 40000
"""How many of the model's most frequent Russian words the neighbours are drawn from."""
NEIGHBOURS = 20
"""How many nearest reference words a form's neighbour shares are over."""
_CHUNK = 1024


def needs_senses(r: Reading) -> bool:
    """Whether a form has a competing reading the embedding must arbitrate."""
    return (
        r.proper > 0
        or r.adjective >= ADJECTIVE_SHARE
        or any(share >= OTHER_SHARE for share in r.others.values())
    )


def _unit(x: np.ndarray) -> np.ndarray:
    """Unit rows of ``x``, float32, NaN and infinities made finite: one array the size of
    ``x`` besides it (the model's 60,000 most frequent words are 72 MB)."""
    norms = np.linalg.norm(x, axis=-1, keepdims=True)
    out: np.ndarray = (x / np.where(norms > 0, norms, 1.0)).astype(np.float32, copy=False)
    np.nan_to_num(out, copy=False)
    return out


def _by_frequency(embeddings: Embeddings) -> np.ndarray:
    """The model's row numbers, most frequent word first (the model's order without counts)."""
    if embeddings.counts is None:
        return np.arange(len(embeddings.words))
    out: np.ndarray = np.argsort(-np.asarray(embeddings.counts), kind="stable")
    return out


def _reference(embeddings: Embeddings) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(unit vectors, name share, noun share) of the model's most frequent Russian words."""
    from associatsiya_ai.lexicon.form import is_cyrillic_word
    from associatsiya_ai.lexicon.parses import PROPER_GRAMMEMES, morph

    words = embeddings.words
    order = _by_frequency(embeddings)
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
    return _unit(embeddings.vectors_for(chosen)), names, nouns


def _wide(embeddings: Embeddings) -> tuple[np.ndarray, np.ndarray, list[frozenset[str]]]:
    """(unit vectors, name-like flags, lemmas) of the model's most frequent words, any script.

    Name-like: a word with Latin letters, a Cyrillic word the dictionary does not know, or one
    whose proper-name parses weigh at least half. Lemmas let a form's own lexeme be skipped.
    """
    from associatsiya_ai.lexicon.form import is_cyrillic_word
    from associatsiya_ai.lexicon.parses import PROPER_GRAMMEMES, morph

    words = embeddings.words
    order = _by_frequency(embeddings)
    chosen: list[int] = []
    flags: list[bool] = []
    lemmas: list[frozenset[str]] = []
    for i in order.tolist():
        if len(chosen) >= WIDE:
            break
        w = words[i]
        if len(w) < 2 or not w.replace("-", "").isalpha():
            continue
        chosen.append(i)
        if not is_cyrillic_word(w):
            flags.append(any("a" <= c <= "z" for c in w.lower()))
            lemmas.append(frozenset())
            continue
        parses = morph().parse(w)
        proper = sum(
            p.score
            for p in parses
            if p.tag.POS == "NOUN" and not PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)
        )
        flags.append(proper >= 0.5 or not any(p.is_known for p in parses))
        lemmas.append(frozenset(fold(p.normal_form) for p in parses))
    if not chosen:
        return np.zeros((0, 1), np.float32), np.zeros(0, bool), []
    return _unit(embeddings.vectors_at(chosen)), np.array(flags, bool), lemmas


def _wide_names(forms: list[str], embeddings: Embeddings, k: int = NEIGHBOURS) -> dict[str, float]:
    """Share of name-like words among each form's ``k`` nearest frequent model words.

    Measured twice, and the lower share kept: around the form's own vector and around the
    mean of its lexeme's unambiguous forms when the model has some («мегафона» is the brand
    too; «солода» is malt, though «солод» alone sits among names). The form's own lexeme is
    no neighbour.
    """
    if not forms:
        return {}
    ref, flags, lemmas = _wide(embeddings)
    pool = min(3 * k, len(ref))  # a tiny model has fewer words than that
    if pool < 2:
        return dict.fromkeys(forms, 0.0)

    def share(vector: np.ndarray, word: str) -> float:
        sims = ref @ vector
        mine = aliases(word) | {word}
        top = np.argpartition(-sims, pool - 1)[:pool]
        top = top[np.argsort(-sims[top])]
        near = [j for j in top.tolist() if mine.isdisjoint(lemmas[j]) and sims[j] < 0.9999]
        return float(flags[near[:k]].mean()) if near else 0.0

    vectors = _unit(embeddings.vectors_for(forms))
    out: dict[str, float] = {}
    for w, vector in zip(forms, vectors, strict=True):
        out[w] = share(vector, w)
        others = own_forms(w, embeddings)
        if others and out[w] > 0:
            out[w] = min(out[w], share(_unit(embeddings.vectors_for(others).mean(axis=0)), w))
    return out


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
        cos = [float(vector @ _unit(embeddings.vectors_for(forms).mean(axis=0)))] if forms else []
        if lemma in embeddings and not has_own:
            cos.append(float(vector @ _unit(embeddings.vector(lemma))))
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
    names_wide = _wide_names([w for w in readings if w in wide and w in embeddings], embeddings)
    todo = [w for w, r in readings.items() if needs_senses(r) and w in embeddings]
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
    if not todo:
        return out
    ref, names, nouns = _reference(embeddings)
    k = min(NEIGHBOURS, max(len(ref) - 1, 1))
    vectors = _unit(embeddings.vectors_for(todo))
    for start in range(0, len(todo), _CHUNK):
        block = vectors[start : start + _CHUNK]
        sims = block @ ref.T
        for row, w in enumerate(todo[start : start + _CHUNK]):
            near = np.argpartition(-sims[row], min(k, len(ref) - 1))[: k + 1]
            near = near[sims[row, near] < 0.9999][:k]  # the form itself is no neighbour
            forms = own_forms(w, embeddings)
            own = None
            if forms:
                centre = _unit(embeddings.vectors_for(forms).mean(axis=0))
                own = float(block[row] @ centre)
            others = _others(block[row], w, readings[w], embeddings, own is not None)
            out[w] = Senses(
                names=float(names[near].mean()) if len(near) else 0.0,
                nouns=float(nouns[near].mean()) if len(near) else 1.0,
                own=own,
                others=others,
                wide_names=names_wide.get(w),
                dictionary=agree.get(w),
                in_names=parts.get(w, 0.0),
                as_prefix=prefixes.get(w, 0.0),
            )
    return out
