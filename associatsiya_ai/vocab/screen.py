"""One pass over a model's words: the candidates a bot may say and why each other was dropped.

:func:`screen_model` is the vocabulary build's word loop. Cheap checks come first (most model
words are rare or not Russian), then a person's own R3 check (:meth:`Lexicon.analyse`), then
the parse statistics, then :func:`associatsiya_ai.vocab.filter.judge` with the embedding's
evidence. Library code: it prints nothing; ``tick`` reports progress.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from associatsiya_ai.lexicon import (
    PROPER_GRAMMEMES,
    accepted_parses,
    is_common_noun,
    is_cyrillic_word,
    morph,
)
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.filter import is_adult_word, judge, reading, report
from associatsiya_ai.vocab.lists import offensive_reason
from associatsiya_ai.vocab.senses import measure_senses

if TYPE_CHECKING:
    from associatsiya_ai.lexicon import Lexicon
    from associatsiya_ai.vectors.store import Embeddings
    from associatsiya_ai.vocab.vocabulary import Vocabulary

__all__ = ["AUDITED", "Screened", "screen_model", "vocabulary_report"]

AUDITED = frozenset({"not-cyrillic", "rare", "not-r3"})
"""Reasons only counted: the dropped list (for audit) leaves these ~200,000 words out (other
parts of speech, oblique cases, names, rare words: no reader needs to see them)."""
MAX_OTHER_POS = 0.6
"""Share of other parts of speech at which a form is not a noun («стали» is a verb)."""


@dataclass
class Screened:
    """The result of :func:`screen_model`.

    Attributes
    ----------
    kept : dict of str to (str, str, float)
        Folded word → (display spelling, folded lemma, effective Zipf), in model order.
    dropped : dict of str to str
        Folded word → reason, for every model word not kept.
    adult : set of str
        Kept folded words that are sexual or graphic violent-crime terms.
    """

    kept: dict[str, tuple[str, str, float]] = field(default_factory=dict)
    dropped: dict[str, str] = field(default_factory=dict)
    adult: set[str] = field(default_factory=set)

    def report(self) -> dict[str, int]:
        """Dropped words per reason (every reason, zeros included)."""
        return report(self.dropped)

    def audit(self) -> list[tuple[str, str]]:
        """(word, reason) for each dropped word except the merely rare or non-Russian ones."""
        return [(w, r) for w, r in self.dropped.items() if r not in AUDITED]


def _nominative_noun(word: str) -> bool:
    return any(
        p.tag.POS == "NOUN" and "nomn" in p.tag and PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)
        for p in morph().parse(word.lower())
    )


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


def screen_model(
    embeddings: Embeddings,
    lexicon: Lexicon,
    *,
    min_zipf: float,
    tick: Callable[[int], None] | None = None,
) -> Screened:
    """Screen every word of ``embeddings``; see the module docstring for the order of checks.

    Parameters
    ----------
    min_zipf : float
        Effective Zipf (of the word in its noun reading) a word needs to be said.
    tick : callable, optional
        Called with the number of model words seen so far, every 2000 words.
    """
    from wordfreq import zipf_frequency

    out = Screened()
    plural: dict[str, str] = {}  # plural form → its singular lemma (resolved below)
    candidates: dict[str, tuple[str, str, float]] = {}
    zipfs: dict[str, float] = {}
    for n, raw in enumerate(embeddings.words):
        if tick is not None and n % 2000 == 0:
            tick(n)
        w = fold(raw)
        if w in candidates or w in out.dropped:
            continue
        if len(w) < 2 or len(w) > 30 or not is_cyrillic_word(raw):
            out.dropped[w] = "not-cyrillic"
            continue
        freq = max(zipf_frequency(w, "ru"), zipf_frequency(raw, "ru"))
        if freq < min_zipf:
            out.dropped[w] = "rare"
            continue
        bad = offensive_reason(w)
        if bad is not None:
            out.dropped[w] = bad
            continue
        # Lexicon.analyse accepts a Cyrillic word iff it has a nominative common-noun parse:
        # looking for one first spares analysing ~100,000 verb and oblique forms.
        verdict = lexicon.analyse(raw) if _nominative_noun(raw) else None
        if verdict is None or not verdict.ok:
            out.dropped[w] = "not-r3"
            continue
        if verdict.singular or w not in verdict.lemmas or not _quick_noun(raw):
            plural[w] = verdict.singular or verdict.lemma
            continue
        noun, other, usable = _noun_stats(w)
        if not usable:
            out.dropped[w] = "not-in-dictionary"
            continue
        if other >= MAX_OTHER_POS:
            out.dropped[w] = "not-noun"
            continue
        z = freq + float(np.log10(max(noun, 0.01)))
        if z < min_zipf:
            out.dropped[w] = "rare"
            continue
        candidates[w] = (verdict.display, w, z)
        zipfs[w] = freq
    if tick is not None:
        tick(len(embeddings.words))
    readings = {w: reading(w) for w in candidates}
    senses = measure_senses(embeddings, readings)
    for w, entry in candidates.items():
        reason = judge(readings[w], zipfs[w], senses.get(w), candidates)
        if reason is None:
            out.kept[w] = entry
        else:
            out.dropped[w] = reason
    for w, lemma in plural.items():
        out.dropped[w] = "duplicate-lexeme" if lemma in out.kept else "inflected-form"
    out.adult = {w for w in out.kept if is_adult_word(w)}
    return out


def vocabulary_report(vocab: Vocabulary, n_dropped: int = 0, seed: int = 0) -> dict[str, Any]:
    """The drop report of a built vocabulary, for ``models index``.

    Parameters
    ----------
    vocab : Vocabulary
        A full vocabulary (adult words in, as ``load_vocabulary(adult=True)`` returns).
    n_dropped : int
        How many audited dropped words to draw (seeded, without replacement).
    seed : int
        Seed of that draw.

    Returns
    -------
    dict
        ``words`` and ``secrets`` said by default (adult words left out), ``adult_words``,
        ``dropped`` ({reason: count}), ``audited`` (how many dropped words can be listed) and,
        when ``n_dropped`` > 0, ``dropped_sample``: [{"word", "reason"}, …].
    """
    adult = {vocab.words[i] for i in np.flatnonzero(vocab.adult)}
    out: dict[str, Any] = {
        "words": len(vocab) - len(adult),
        "secrets": sum(w not in adult for w in vocab.secrets),
        "adult_words": len(adult),
        "dropped": dict(vocab.report),
        "audited": len(vocab.dropped),
    }
    if n_dropped > 0 and vocab.dropped:
        rng = np.random.default_rng(seed)
        rows = rng.choice(len(vocab.dropped), min(n_dropped, len(vocab.dropped)), replace=False)
        out["dropped_sample"] = [
            {"word": vocab.dropped[i][0], "reason": vocab.dropped[i][1]} for i in rows.tolist()
        ]
    return out
