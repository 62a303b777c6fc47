"""Which embedding words a bot may say: keep or drop each surface form, with a named reason.

A person hears a bot's word as a Russian word in its dictionary sense, so a surface form of
the embedding is said only when its nominative common-noun reading is what the form mostly
is. :func:`~associatsiya_ai.vocab.reading.reading` measures a form with pymorphy3 and
wordfreq (no vectors); :func:`judge` turns that measure and the embedding's evidence
(:class:`Senses`, from :mod:`associatsiya_ai.vocab.senses`) into a reason to drop, or None.

Reasons (the drop report counts them; ``adult`` is a flag, not a drop):

- ``not-cyrillic``, ``rare``: not one Russian word; too rare in its noun reading (wordfreq);
- ``not-r3``: a person's own R3 check (:meth:`Lexicon.analyse`) rejects it;
- ``not-noun``, ``not-in-dictionary``: mostly another part of speech; unknown or an abbreviation;
- ``inflected-form``: mostly another word's inflected form («уха» is «ухо»'s genitive);
- ``duplicate-lexeme``: the nominative plural of a word already said («коты» beside «кот»);
- ``adjective``: a substantivised adjective whose vector is the adjective's («холодное»);
- ``proper-name``: a name with a rare common reading («колчак», «юпитер»), or a part of a
  hyphenated name the wordnet does not know on its own («яга» of «баба-яга»);
- ``name-sense``: an inanimate common noun the dictionary knows whose corpus sense is a
  brand, a club or an organisation: hardly ever said in the plural, and its vector sits among
  names, brands and Latin-script words («мегафон», «сбербанк», «таймс»);
- ``obscene``, ``slur``, ``insult``: on a reviewed list (:mod:`associatsiya_ai.vocab.lists`).

>>> judge(reading("кошка"), 4.1, None)
>>> judge(reading("колчак"), 3.1, None)
'proper-name'
>>> judge(reading("ублюдок"), 3.5, None)
'insult'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from associatsiya_ai.vocab.lists import is_adult, offensive_reason
from associatsiya_ai.vocab.reading import Reading, aliases, parse_weights, reading
from associatsiya_ai.vocab.wordnet_vectors import AGREES

__all__ = [
    "IN_NAMES", "PREFIX_SHARE", "REASONS", "Reading", "Senses", "aliases", "is_adult_word", "judge",
    "needs_name_sense", "parse_weights", "reading", "report",
]  # fmt: skip

REASONS = (
    "not-cyrillic", "rare", "not-r3", "not-noun", "short-form", "not-in-dictionary",
    "inflected-form", "compound-part",
    "duplicate-lexeme", "adjective", "proper-name", "name-sense", "obscene", "slur", "insult",
)  # fmt: skip
"""Every reason a candidate is dropped for, in the order the report lists them."""

PROPER_SHARE = 0.45
"""A form whose proper-name parses weigh this much is a name unless its plural is in use."""
PLURAL_GAP = -1.5
"""Zipf of the common reading's plural forms minus the word's: below this the common reading
is rare (names are hardly ever said in the plural; «колчаки», «юпитеры», «марсы»)."""
NAME_NEIGHBOURS = 0.5
"""Share of a form's nearest embedding words that are names: at or above it the vector is a
name's (checked only for forms with a proper or indeclinable reading)."""
WIDE_GAP = -2.0
"""Plural gap (as ``PLURAL_GAP``) at or below which an inanimate noun's vector is checked for
a name's sense; no plural in use at all counts too («мегафоны» 1.6 against «мегафон» 3.7)."""
WIDE_NAMES = 0.5
"""Share of name-like words (Latin-script, unknown to the dictionary, proper names) among
such a noun's nearest words in the whole model at which its corpus sense is a name's."""
IN_NAMES = 0.5
"""Uses inside hyphenated names per use on its own from which a word the wordnet does not
know on its own is a part of a name («яга»: 185 «баба-яга» to 239 «яга» in navec news_v1;
«пресс» is in «франс-пресс» 379 times to 46,888)."""
PREFIX_SHARE = 3.0
"""Uses as the first half of hyphenated words per use on its own (its lexeme's forms) from
which a word the wordnet does not know is a prefix, not a word a person says («вица»: 292,911
«вице-…» to 1,965 «вице» in navec news_v1; «экс» 87; «пресс» 27, whose vector there is the
press's, «пресса», «журналист», not what a person hears). «интернет» is at 0.8 (its other
forms are in use); «премьер» is at 3.0 but the wordnet knows it."""

ADJECTIVE_SHARE = 0.2
"""Weight of adjective parses from which a form's neighbours decide whether it is one."""
NOUN_NEIGHBOURS = 0.5
"""Share of noun neighbours below which a substantivised adjective's vector is the adjective's."""
OTHER_SHARE = 0.3
"""Weight of another lemma's parses from which the vector decides whose word it is."""
OTHER_MARGIN = 0.1
"""Cosine to the other lemma must beat the cosine to the word's own unambiguous forms by this."""
OTHER_ALONE = (0.5, 0.3)
"""Without unambiguous own forms: drop when the other lemma's share and cosine reach these."""
LONE_NOUNS = 0.1
"""... or whatever that cosine when hardly any of its nearest frequent words is a noun."""
OTHER_RARER = 0.3
"""A form with unambiguous forms of its own is not taken for a lemma's inflection when that
lemma is rarer by this many Zipf (its vector is then likely the form's: «белка» is «белок»'s)."""
PLURAL_SHARE = 0.4
"""Share of «nominative plural of a kept word» parses from which a form may be its duplicate."""
PLURAL_COSINE = 0.2
"""... when its vector is that word's at least this much (cosine: «духи» are not «дух»'s) ..."""
PLURAL_RARER = 0.5
"""... and it is rarer than the singular by this many Zipf, as a plain plural is («коты» 3.3
against «кот» 4.4; «трусы» 3.9 against «трус» 3.5 are another word)."""


@dataclass(frozen=True)
class Senses:
    """The embedding's evidence on a form (see :mod:`associatsiya_ai.vocab.senses`).

    Attributes
    ----------
    names, nouns : float
        Shares of the form's nearest frequent embedding words that are names; that are nouns.
    own : float or None
        Cosine to the mean of its own lexeme's unambiguous forms; None when none is in the model.
    others : dict of str to float
        Cosine to each other lemma's own vector (lemmas in the model only).
    wide_names : float or None
        Share of name-like words among its nearest words in the whole model (any script);
        None when not measured (see :func:`needs_name_sense`).
    dictionary : float or None
        Cosine to the mean of its wordnet relatives
        (:func:`~associatsiya_ai.vocab.wordnet_vectors.agreement`); None when not in wordnet
        or not measured.
    in_names : float
        Its uses inside the model's hyphenated names over its own uses
        (:func:`~associatsiya_ai.vocab.compounds.name_parts`; 0 when below :data:`IN_NAMES`).
    as_prefix : float
        Its lexeme's uses as the first half of the model's hyphenated words over its own uses
        (:func:`~associatsiya_ai.vocab.compounds.prefix_parts`; 0 when below
        :data:`PREFIX_SHARE`).
    """

    names: float = 0.0
    nouns: float = 1.0
    own: float | None = None
    others: dict[str, float] = field(default_factory=dict)
    wide_names: float | None = None
    dictionary: float | None = None
    in_names: float = 0.0
    as_prefix: float = 0.0

    @property
    def agrees(self) -> bool:
        """Whether the vector holds the dictionary's sense (close to its wordnet relatives)."""
        return self.dictionary is not None and self.dictionary >= AGREES


def needs_name_sense(r: Reading, zipf: float) -> bool:
    """Whether an inanimate form is hardly said in the plural, so its vector may be a name's."""
    return not r.animate and (r.plural_zipf is None or r.plural_zipf - zipf <= WIDE_GAP)


def judge(r: Reading, zipf: float, senses: Senses | None, kept: Iterable[str] = ()) -> str | None:
    """The reason to drop a form a person's R3 check accepts, or None to keep it.

    Parameters
    ----------
    r : Reading
        The form's parses (:func:`reading`).
    zipf : float
        The form's wordfreq Zipf frequency.
    senses : Senses or None
        The embedding's evidence; None judges by the parses alone.
    kept : iterable of str
        Folded words that are candidates themselves (a plural of one is its duplicate).
    """
    bad = offensive_reason(*r.lemmas)
    if bad is not None:
        return bad
    s = senses or Senses()
    gap = None if r.plural_zipf is None else r.plural_zipf - zipf
    weak_plural = gap is None or gap <= PLURAL_GAP
    if r.proper >= PROPER_SHARE and gap is not None and gap <= PLURAL_GAP:
        return "proper-name"
    if r.proper > 0 and s.names >= NAME_NEIGHBOURS:
        distinct = r.distinct_plural_zipf
        if weak_plural or (not s.agrees and (distinct is None or distinct - zipf <= PLURAL_GAP)):
            return "proper-name"  # «вика»: «вики» is its genitive too, not a plural in use
    if s.in_names >= IN_NAMES and s.dictionary is None:
        return "proper-name"  # «яга»: heard as «баба-яга»
    if s.as_prefix >= PREFIX_SHARE and s.dictionary is None:
        return "compound-part"  # «вица»: its uses are «вице-президент»
    if (
        s.wide_names is not None
        and s.wide_names >= WIDE_NAMES
        and needs_name_sense(r, zipf)
        and not s.agrees
    ):
        return "name-sense"
    if r.adjective >= ADJECTIVE_SHARE and s.nouns < NOUN_NEIGHBOURS:
        return "adjective"
    kept_set = set(kept)
    for lemma, share in r.plural_of.items():
        if (
            share >= PLURAL_SHARE
            and lemma in kept_set
            and s.others.get(lemma, 1.0) >= PLURAL_COSINE
            and zipf <= r.singular_zipf.get(lemma, 0.0) - PLURAL_RARER
        ):
            return "duplicate-lexeme"
    lone = s.nouns < LONE_NOUNS  # «живете»: its vector among verbs, as «живёте»'s
    for lemma, share in r.others.items():
        if lemma in aliases(r.word) or share < OTHER_SHARE or lemma not in s.others:
            continue
        if s.own is not None and r.singular_zipf.get(lemma, 0.0) < zipf - OTHER_RARER:
            continue  # «белок» is not «белка»'s genitive plural: «белка» is the rarer word
        cos = s.others[lemma]
        if s.own is not None and cos > s.own + OTHER_MARGIN:
            return "inflected-form"
        if s.own is None and share >= OTHER_ALONE[0] and (cos >= OTHER_ALONE[1] or lone):
            return "inflected-form"
    return None


def is_adult_word(word: str) -> bool:
    """Whether a kept word is a sexual or graphic violent-crime term (said in adult mode only)."""
    return is_adult(*reading(word).lemmas)


def report(reasons: Mapping[str, str]) -> dict[str, int]:
    """Dropped words per reason, every reason listed (zeros too), in ``REASONS`` order."""
    counts = Counter(reasons.values())
    return {reason: counts.get(reason, 0) for reason in REASONS}
