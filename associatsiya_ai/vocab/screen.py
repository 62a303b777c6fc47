"""One pass over a model's words: the candidates a bot may say and why each other was dropped.

:func:`screen_model` is the vocabulary build's word loop. Cheap checks come first (most model
words are rare or not Russian), then a person's own R3 check (:meth:`Lexicon.analyse`), then
the parse statistics, then :func:`associatsiya_ai.vocab.filter.judge` with the embedding's
evidence. Lemmas of the model's inflected forms whose own spelling the model lacks
(«удочка» from «удочки») are candidates too. Library code: prints nothing; ``tick`` reports.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from associatsiya_ai.lexicon.form import is_cyrillic_word
from associatsiya_ai.lexicon.parses import (
    PROPER_GRAMMEMES,
    accepted_parses,
    is_common_noun,
    morph,
)
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.filter import (
    aliases,
    judge,
    needs_name_sense,
    reading,
    report,
)
from associatsiya_ai.vocab.lists import is_adult, offensive_reason
from associatsiya_ai.vocab.reading import general_zipf, own_forms, release_frequencies
from associatsiya_ai.vocab.senses import measure_senses

if TYPE_CHECKING:
    from associatsiya_ai.lexicon.checker import Lexicon
    from associatsiya_ai.vectors.store import Embeddings

__all__ = ["AUDITED", "Screened", "screen_model"]

AUDITED = frozenset({"not-cyrillic", "rare", "not-r3"})
"""Reasons only counted: the dropped list (for audit) leaves these ~200,000 words out (other
parts of speech, oblique cases, names, rare words: no reader needs to see them)."""
MAX_OTHER_POS = 0.6
"""Share of other parts of speech at which a form is not a noun («стали» is a verb) ..."""
OBLIQUE_GAP = 1.0
"""... unless the noun's own unambiguous forms are at most this many Zipf rarer than the word
(«правда»: «правды», «правду»; not «том», «тут», «стать»)."""
LEXEME_MARGIN = 0.3
"""A lemma missing from the model is as frequent as its lexeme's forms together, less this."""
SHORT = 2
"""Forms this short are heard as nouns only when their own inflected forms are in use: a
two-letter form is mostly a note, a letter's name, a unit or a word fragment («ти», «эр»,
«га», «го»), while «ёж», «юг», «щи» show themselves in «ежа», «юга», «щей»."""
RARE_FORMS = RARE_LEMMA = 1.0
"""Forms this many Zipf below the threshold still propose their lemma; the lemma itself
needs a Zipf that close to it (wordfreq underrates some nominatives: «морщина» 1.8)."""
LEMMA_SHARE = 0.5
"""Parse weight from which a model form proposes its lemma missing from the model («удочки»)."""


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
    general : dict of str to float
        Kept folded word → its Zipf in Russian at large
        (:func:`~associatsiya_ai.vocab.reading.general_zipf`): the news bias then needs no
        wordfreq (about 100 MB), which the screen lets go before measuring the vectors.
    """

    kept: dict[str, tuple[str, str, float]] = field(default_factory=dict)
    dropped: dict[str, str] = field(default_factory=dict)
    adult: set[str] = field(default_factory=set)
    general: dict[str, float] = field(default_factory=dict)

    def report(self) -> dict[str, int]:
        """Dropped words per reason (every reason, zeros included)."""
        return report(self.dropped)

    def audit(self) -> list[tuple[str, str]]:
        """(word, reason) for each dropped word except the merely rare or non-Russian ones."""
        return [(w, r) for w, r in self.dropped.items() if r not in AUDITED]


@lru_cache(maxsize=8)
def _parse(word: str) -> list[Any]:
    """pymorphy3's parses of a lower-cased word (the last few memoised: each is asked twice)."""
    return list(morph().parse(word))


def _nominative_noun(word: str) -> bool:
    return any(
        p.tag.POS == "NOUN" and "nomn" in p.tag and PROPER_GRAMMEMES.isdisjoint(p.tag.grammemes)
        for p in _parse(word.lower())
    )


def _noun_stats(word: str) -> tuple[float, float, bool]:
    """(share of parses that are this noun in nom./acc., share of other POS, usable).

    Usable: known to the dictionary and not mostly an abbreviation («бтр», «вмф»; «пол» has
    an abbreviation reading too, but a lighter one).
    """
    parses = morph().parse(word)
    same = aliases(word)
    noun = other = abbr = plain = 0.0
    for p in parses:
        if "NOUN" in p.tag:
            if is_common_noun(p) and p.tag.case in ("nomn", "accs") and fold(p.normal_form) in same:
                noun += p.score
            if "Abbr" in p.tag:
                abbr += p.score
            else:
                plain += p.score
        elif p.tag.POS is not None:
            other += p.score
    return noun, other, any(p.is_known for p in parses) and abbr <= plain


def _quick_noun(word: str) -> bool:
    """Whether an accepted parse of ``word`` is its own dictionary form (a cheap first test)."""
    same = aliases(word)
    return any(fold(p.normal_form) in same for p in accepted_parses(word))


def _oblique_zipf(word: str, words: Container[str]) -> float:
    """Highest Zipf of the noun's own unambiguous other forms in the model (-1 when none):
    when frequent, the lexeme-averaged vector the bot uses is mostly the noun's."""
    from wordfreq import zipf_frequency

    return max((zipf_frequency(f, "ru") for f in own_forms(word, words)), default=-1.0)


def _lemmas_of(raw: str, model: Container[str]) -> list[str]:
    """Common-noun lemmas ``raw`` is mostly a form of whose own spelling is not in the model."""
    out = []
    for p in _parse(raw.lower()):
        lemma = fold(p.normal_form)
        if p.score >= LEMMA_SHARE and is_common_noun(p) and lemma not in model:
            out.append(lemma)
    return out


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
    model = {fold(raw) for raw in embeddings.words}
    plural: dict[str, str] = {}  # plural form → its singular lemma (resolved below)
    lemmas: dict[str, None] = {}  # lemmas of model forms, not in the model themselves
    candidates: dict[str, tuple[str, str, float]] = {}
    zipfs: dict[str, float] = {}
    for n, raw in enumerate(embeddings.words):
        if tick is not None and n % 2000 == 0:
            tick(n)
        w = fold(raw)
        if w in candidates or w in out.dropped or w in plural:
            continue
        if len(w) < 2 or len(w) > 30 or not is_cyrillic_word(raw):
            out.dropped[w] = "not-cyrillic"
            continue
        freq = max(zipf_frequency(w, "ru"), zipf_frequency(raw, "ru"))
        if freq < min_zipf:
            out.dropped[w] = "rare"
            if freq >= min_zipf - RARE_FORMS:
                lemmas.update(dict.fromkeys(_lemmas_of(raw, model)))
            continue
        bad = offensive_reason(w)
        if bad is not None:
            out.dropped[w] = bad
            continue
        got = _screen_word(raw, freq, lexicon, embeddings, min_zipf)
        if isinstance(got, tuple):
            candidates[w] = got
            zipfs[w] = freq
            continue
        if got.startswith("="):
            plural[w] = got[1:]
        else:
            out.dropped[w] = got
        lemmas.update(dict.fromkeys(_lemmas_of(raw, model)))
    for lemma in lemmas:  # «удочка» from «удочки», «удочку» when the model lacks «удочка»
        if lemma in candidates or offensive_reason(lemma) is not None or _spelt(lemma, model):
            continue
        freq = zipf_frequency(lemma, "ru")
        if freq < min_zipf - RARE_LEMMA:
            continue
        forms = [freq, *(zipf_frequency(f, "ru") for f in own_forms(lemma, embeddings))]
        freq = float(np.log10(np.sum(np.power(10.0, forms)))) - LEXEME_MARGIN
        if freq < min_zipf:
            continue
        got = _screen_word(lemma, freq, lexicon, embeddings, min_zipf)
        if isinstance(got, tuple):
            candidates[lemma] = got
            zipfs[lemma] = freq
    if tick is not None:
        tick(len(embeddings.words))
    readings = {w: reading(w) for w in candidates}
    general = {w: general_zipf(entry[0], w) for w, entry in candidates.items()}
    release_frequencies()  # wordfreq's last use: not beside the vectors measured next
    wide = {w for w, r in readings.items() if needs_name_sense(r, zipfs[w])}
    senses = measure_senses(embeddings, readings, wide)
    by_lemma: dict[str, str] = {}
    for w, entry in sorted(candidates.items(), key=lambda item: -item[1][2]):
        reason = judge(readings[w], zipfs[w], senses.get(w), candidates)
        if reason is None and entry[1] in by_lemma:
            reason = "duplicate-lexeme"  # «воскресение» beside «воскресенье»: one lexeme
        if reason is None:
            by_lemma[entry[1]] = w
        elif w in model:
            out.dropped[w] = reason
    out.kept = {w: entry for w, entry in candidates.items() if by_lemma.get(entry[1]) == w}
    for w, lemma in plural.items():
        out.dropped[w] = "duplicate-lexeme" if lemma in out.kept else "inflected-form"
    out.adult = {w for w in out.kept if is_adult(*readings[w].lemmas)}  # is_adult_word's
    out.general = {w: general[w] for w in out.kept}
    return out


def _spelt(lemma: str, model: Container[str]) -> bool:
    """Whether the model holds the lemma's nominative in another spelling («счастье»)."""
    for p in accepted_parses(lemma):
        for f in p.lexeme:
            form = fold(f.word)
            if form != lemma and "nomn" in f.tag and form in model and lemma in aliases(form):
                return True
    return False


def _screen_word(
    raw: str, freq: float, lexicon: Lexicon, model: Container[str], min_zipf: float
) -> tuple[str, str, float] | str:
    """(display, lemma, effective Zipf) to keep; "=" + its lemma for another form of a
    lexeme (a plural, a form the dictionary names otherwise); else the reason to drop."""
    w = fold(raw)
    # Lexicon.analyse accepts a Cyrillic word iff it has a nominative common-noun parse:
    # looking for one first spares analysing ~100,000 verb and oblique forms.
    verdict = lexicon.analyse(raw) if _nominative_noun(raw) else None
    if verdict is None or not verdict.ok:
        return "not-r3"
    own = w in verdict.lemmas or verdict.lemma in aliases(w)  # «счастье»: «счастие»
    if verdict.singular or not own or not _quick_noun(raw):
        return "=" + (verdict.singular or verdict.lemma)
    noun, other, usable = _noun_stats(w)
    if not usable:
        return "not-in-dictionary"
    if other >= MAX_OTHER_POS and _oblique_zipf(w, model) < freq - OBLIQUE_GAP:
        return "not-noun"
    if len(w) <= SHORT and _oblique_zipf(w, model) < min_zipf:
        return "short-form"
    z = freq + float(np.log10(max(noun, 0.01)))
    if z < min_zipf:  # the noun's own forms may show it in use («мята»: «мяты», «мятой»)
        z = max(z, min(freq, _oblique_zipf(w, model)))
    if z < min_zipf:
        return "rare"
    return (verdict.display, w if w in verdict.lemmas else verdict.lemma, z)
