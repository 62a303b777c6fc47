"""The embedding's evidence on whose word a surface form's vector is (:class:`Senses`).

A form like «уха» is in the model once, with one vector: the vector of whatever the form
mostly is in the corpus. Three measures tell which reading that is:

- its nearest frequent words: how many are names (a name's vector sits among names) and
  how many are nouns (a substantivised adjective's sits among adjectives);
- its cosine to its own lexeme's unambiguous forms («ухой» for «уха»);
- its cosine to each other lemma it may be a form of («ухо»).

Only forms with a competing reading are measured (a few thousand of the model's words).
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.filter import ADJECTIVE_SHARE, OTHER_SHARE, Reading, Senses, aliases

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = ["measure_senses", "needs_senses", "own_forms"]

REFERENCE = 40000
"""How many of the model's most frequent Russian words the neighbours are drawn from."""
NEIGHBOURS = 20
"""How many nearest reference words a form's neighbour shares are over."""
UNAMBIGUOUS = 0.9
"""A form of a lexeme is unambiguous when parses of that lexeme weigh this much."""
_CHUNK = 1024


def needs_senses(r: Reading) -> bool:
    """Whether a form has a competing reading the embedding must arbitrate."""
    return (
        r.proper > 0
        or r.adjective >= ADJECTIVE_SHARE
        or any(share >= OTHER_SHARE for share in r.others.values())
    )


def _unit(x: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(x, axis=-1, keepdims=True)
    out: np.ndarray = np.nan_to_num((x / np.where(norms > 0, norms, 1.0)).astype(np.float32))
    return out


def _reference(embeddings: Embeddings) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(unit vectors, name share, noun share) of the model's most frequent Russian words."""
    from associatsiya_ai.lexicon import PROPER_GRAMMEMES, is_cyrillic_word, morph

    words = embeddings.words
    order = (
        np.argsort(-np.asarray(embeddings.counts), kind="stable")
        if embeddings.counts is not None
        else np.arange(len(words))
    )
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


def own_forms(word: str, words: Container[str], unambiguous: float = UNAMBIGUOUS) -> list[str]:
    """The forms of ``word``'s common-noun lexeme in ``words`` that are nothing else.

    A form is kept when parses of the word's lexeme (any spelling of its lemma, see
    :func:`~associatsiya_ai.vocab.filter.aliases`) weigh at least ``unambiguous``.
    """
    from associatsiya_ai.lexicon import PROPER_GRAMMEMES, morph

    same = aliases(word)

    def mine(p: Any) -> bool:
        return (
            p.tag.POS == "NOUN"
            and fold(p.normal_form) in same
            and PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)
        )

    def share(form: str) -> float:
        return float(sum(p.score for p in morph().parse(form) if mine(p)))

    for p in morph().parse(word):
        if mine(p):
            forms = dict.fromkeys(f.word for f in p.lexeme if fold(f.word) != word)
            return [f for f in forms if f in words and share(f) >= unambiguous]
    return []


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


def measure_senses(embeddings: Embeddings, readings: Mapping[str, Reading]) -> dict[str, Senses]:
    """The embedding's evidence on each form of ``readings`` that :func:`needs_senses`.

    Parameters
    ----------
    embeddings : Embeddings
        The model the forms come from (each form must be one of its words).
    readings : mapping of str to Reading
        Model word → its reading.

    Returns
    -------
    dict of str to Senses
        Only for the forms measured; the others need no arbitration.
    """
    todo = [w for w, r in readings.items() if needs_senses(r) and w in embeddings]
    if not todo:
        return {}
    ref, names, nouns = _reference(embeddings)
    k = min(NEIGHBOURS, max(len(ref) - 1, 1))
    vectors = _unit(embeddings.vectors_for(todo))
    out: dict[str, Senses] = {}
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
            )
    return out
