"""The vocabulary filter: each drop reason on chosen words, the lists, the real vocabulary."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from associatsiya_ai.lexicon import default_lexicon
from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.filter import (
    PREFIX_SHARE,
    REASONS,
    Reading,
    Senses,
    aliases,
    judge,
    needs_name_sense,
    parse_weights,
    reading,
    report,
)
from associatsiya_ai.vocab.lists import is_adult, offensive_reason, parse_list, word_list
from associatsiya_ai.vocab.vocabulary import Vocabulary


# ------------------------------------------------------------------ the lists
def test_lists_are_packaged_and_folded() -> None:
    for name in ("obscene.txt", "slurs.txt", "insults.txt", "adult.txt"):
        listed = word_list(name)
        assert listed.words or listed.roots or listed.prefixes
        assert all("ё" not in w for w in listed.words)


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("блядь", "obscene"),
        ("ебанько", "obscene"),
        ("жопа", "obscene"),
        ("задница", "obscene"),  # грубо-просторечное: not in a family game
        ("ублюдок", "insult"),
        ("сволочь", "insult"),
        ("дура", "insult"),
        ("жид", "slur"),
        # ordinary words hiding a root
        ("колебание", None),
        ("потребление", None),
        ("гребля", None),
        ("команда", None),
        ("мандарин", None),
        ("хлеб", None),
        ("козёл", None),  # the animal first: allowed
    ],
)
def test_offensive_reason(word: str, reason: str | None) -> None:
    assert offensive_reason(word) == reason


def test_adult_terms() -> None:
    assert is_adult("проститутка") and is_adult("изнасилование") and is_adult("порно")
    assert not is_adult("война") and not is_adult("оружие") and not is_adult("пистолет")


def test_parse_list_forms() -> None:
    listed = parse_list("# comment\nКот\n*пёс*\nеб*\n")
    assert "кот" in listed and "репёсик" in listed and "ебун" in listed
    assert "хлеб" not in listed and "кошка" not in listed


# ------------------------------------------------------------------ the reasons
def test_judge_by_parses_alone() -> None:
    assert judge(reading("кошка"), 4.1, None) is None
    assert judge(reading("колчак"), 3.1, None) == "proper-name"
    assert judge(reading("сук"), 3.6, None) == "obscene"  # a form of «сука»
    assert judge(reading("коты"), 3.3, None, ["кот"]) == "duplicate-lexeme"
    assert judge(reading("трусы"), 3.9, None, ["трус"]) is None  # commoner than «трус»


def test_judge_with_the_embedding() -> None:
    uha = reading("уха")  # «ухо»'s genitive
    assert judge(uha, 3.7, Senses(own=0.02, others={"ухо": 0.34})) == "inflected-form"
    assert judge(uha, 3.7, Senses(own=0.5, others={"ухо": 0.34})) is None
    cold = reading("холодное")
    assert judge(cold, 3.8, Senses(nouns=0.2)) == "adjective"
    assert judge(cold, 3.8, Senses(nouns=0.8)) is None
    name = Reading("маш", own=0.4, proper=0.6, plural_zipf=None)
    assert judge(name, 3.0, Senses(names=0.6)) == "proper-name"
    rose = reading("роза")  # a name too, but its plural «розы» is in use
    assert judge(rose, 4.2, Senses(names=0.6)) is None


def test_name_sense() -> None:
    """An inanimate noun hardly said in the plural whose vector sits among names is a name."""
    brand = Reading("мегафон", plural_zipf=1.5)
    assert needs_name_sense(brand, 3.7)
    assert judge(brand, 3.7, Senses(wide_names=0.6)) == "name-sense"
    assert judge(brand, 3.7, Senses(wide_names=0.3)) is None  # among common nouns
    assert judge(brand, 3.7, Senses()) is None  # not measured
    plural = Reading("автобус", plural_zipf=4.0)  # «автобусы» are in use
    assert not needs_name_sense(plural, 4.3)
    assert judge(plural, 4.3, Senses(wide_names=0.9)) is None
    title = Reading("госсекретарь", plural_zipf=1.5, animate=True)  # sits among people
    assert not needs_name_sense(title, 3.7)
    assert judge(title, 3.7, Senses(wide_names=0.9)) is None
    assert needs_name_sense(Reading("вольво", plural_zipf=None), 3.1)  # indeclinable
    assert reading("госсекретарь").animate and not reading("мегафон").animate
    # the vector close to its wordnet relatives holds the dictionary's sense: kept
    assert judge(brand, 3.7, Senses(wide_names=0.6, dictionary=0.3)) is None
    assert judge(brand, 3.7, Senses(wide_names=0.6, dictionary=0.1)) == "name-sense"


def test_a_part_of_a_hyphenated_name() -> None:
    """«яга» is said inside «баба-яга» more than half as often as alone: a name's part,
    unless the wordnet knows the word on its own."""
    yaga = reading("яга")
    assert judge(yaga, 3.2, None) is None
    assert judge(yaga, 3.2, Senses(in_names=0.8)) == "proper-name"
    assert judge(yaga, 3.2, Senses(in_names=0.8, dictionary=0.4)) is None  # «терем»
    assert judge(yaga, 3.2, Senses(in_names=0.01)) is None  # «пресс» of «франс-пресс»


def test_a_prefix_of_hyphenated_words() -> None:
    """«вице» (a form of the dialect «вица») is nearly always «вице-президент»: its lexeme
    is a prefix, not a word, unless the wordnet knows it; the share is read off the
    model's counts over the lexeme's own forms."""
    from associatsiya_ai.vectors.store import Embeddings
    from associatsiya_ai.vocab.compounds import prefix_parts

    words = ["вице", "вице-президент", "вице-премьер", "кошка", "кошкой", "кошка-мать"]
    counts = np.array([20, 300, 200, 100, 50, 30])
    model = Embeddings("toy", None, words, matrix=np.eye(6, dtype=np.float32), counts=counts)
    shares = prefix_parts(model, ["вица", "кошка", "стол"])
    assert shares == {"вица": 25.0, "кошка": 30 / 150}  # «кошкой» counts as its use
    no_counts = Embeddings("toy", None, words, matrix=np.eye(6, dtype=np.float32))
    assert prefix_parts(no_counts, ["вица"]) == {}
    vica = reading("вица")
    assert judge(vica, 4.4, Senses(as_prefix=25.0)) == "compound-part"
    assert judge(vica, 4.4, Senses(as_prefix=25.0, dictionary=0.3)) is None  # «премьер»
    assert judge(vica, 4.4, Senses(as_prefix=PREFIX_SHARE / 2)) is None  # «интернет»


def test_an_indeclinable_lexeme_weighs_as_one_parse() -> None:
    """pymorphy3 gives «живете» 12 parses as the letter «живёте» and one as the verb: the
    letter's parses count once, so the verb outweighs it; the vector then decides."""
    from associatsiya_ai.lexicon import morph

    parses = morph().parse("живете")
    weights = parse_weights(parses)
    assert sum(x for _, x in weights) == pytest.approx(sum(p.score for p in parses))
    verb = sum(x for p, x in weights if p.tag.POS == "VERB")
    assert verb > 0.5 > sum(p.score for p in parses if p.tag.POS == "VERB")
    r = reading("живете")
    assert r.others["жить"] > r.own
    assert judge(r, 3.7, Senses(nouns=0.0, others={"жить": 0.27})) == "inflected-form"
    assert judge(r, 3.7, Senses(nouns=0.6, others={"жить": 0.27})) is None  # among nouns
    assert reading("кофе").own > 0.99  # no other reading: nothing changes


def test_a_plural_spelt_like_a_singular_is_no_plural_in_use() -> None:
    """«вики» is «вика»'s genitive (and a wiki): it does not show the plant's plural in use."""
    vika = reading("вика")
    assert vika.plural_zipf is not None and vika.plural_zipf > 3.5
    assert vika.distinct_plural_zipf is not None and vika.distinct_plural_zipf < 1.0
    assert reading("кот").distinct_plural_zipf == reading("кот").plural_zipf
    assert judge(vika, 3.7, Senses(names=0.6)) == "proper-name"
    assert judge(vika, 3.7, Senses(names=0.6, dictionary=0.3)) is None  # its own sense
    assert judge(vika, 3.7, Senses(names=0.3)) is None  # not among names


def test_wordnet_relatives_and_agreement() -> None:
    from associatsiya_ai.vocab.wordnet import relatives
    from associatsiya_ai.vocab.wordnet_vectors import agreement

    rel = relatives(["кот", "дочка", "нетслова"])
    assert "кошка" in rel["кот"] and "дочь" in rel["дочка"] and "нетслова" not in rel

    class Model:
        def __init__(self) -> None:
            self.vecs = {"кот": [1.0, 0.1], "кошка": [1.0, 0.0], "зверь": [0.9, 0.2]}
            self.vecs["стол"] = [0.0, 1.0]

        def __contains__(self, word: object) -> bool:
            return word in self.vecs

        def vectors_for(self, words: list[str]) -> np.ndarray:
            return np.array([self.vecs[w] for w in words], np.float32)

        def vector(self, word: str) -> np.ndarray:
            return np.array(self.vecs[word], np.float32)

    got = agreement(Model(), ["кот", "стол"])  # type: ignore[arg-type]
    assert got["кот"] > 0.9 and "стол" not in got  # «стол»'s relatives are not in the model


def test_spelling_variants_are_one_word() -> None:
    """A nominative singular is a dictionary form even when pymorphy3 spells its lemma otherwise."""
    assert "счастие" in aliases("счастье") and "похмелие" in aliases("похмелье")
    assert aliases("супруга") == {"супруга"}  # the feminine is another word
    assert aliases("кошки") == {"кошки"}  # a plural is no nominative singular
    happy = reading("счастье")
    assert happy.own > 0.99 and not happy.others
    assert judge(happy, 4.6, None) is None


def test_screen_word_rules() -> None:
    """The noun's own forms in the model decide POS ambiguity; abbreviations must dominate."""
    from associatsiya_ai.vocab.screen import _noun_stats, _screen_word, _spelt

    lexicon = default_lexicon()
    model = {"правды", "правду", "правдой", "тома", "томе", "удочки", "счастье"}
    kept = _screen_word("правда", 5.4, lexicon, model, 2.5)
    assert isinstance(kept, tuple) and kept[1] == "правда"
    assert _screen_word("том", 6.0, lexicon, model, 2.5) == "not-noun"
    assert _screen_word("тут", 5.7, lexicon, model, 2.5) == "not-noun"
    happy = _screen_word("счастье", 4.6, lexicon, model, 2.5)
    assert isinstance(happy, tuple) and happy[1] == lexicon.analyse("счастье").lemma  # R4
    assert _screen_word("кошки", 4.0, lexicon, model, 2.5) == "=кошка"
    assert _noun_stats("пол")[2] and not _noun_stats("бтр")[2]
    assert _spelt("счастие", model) and not _spelt("удочка", model)


def test_report_lists_every_reason() -> None:
    counts = report({"уха": "inflected-form", "колчак": "proper-name", "марс": "proper-name"})
    assert list(counts) == list(REASONS)
    assert counts["proper-name"] == 2 and counts["inflected-form"] == 1 and counts["rare"] == 0


def test_family_leaves_adult_words_out() -> None:
    words = ["кошка", "секс", "стол"]
    vocab = Vocabulary(words, np.eye(3, dtype=np.float32), adult=np.array([False, True, False]))
    family = vocab.family()
    assert family.words == ["кошка", "стол"] and "секс" not in family.secrets
    assert Vocabulary(["кот"], np.eye(1, dtype=np.float32)).family().words == ["кот"]


# ------------------------------------------------------------------ the real vocabulary
def test_real_words_pass_r3_and_no_list(real_vocab: Vocabulary) -> None:
    """Every word a bot may say is a person's word: R3, no list, one per lemma."""
    lexicon = default_lexicon()
    for word in real_vocab.words:
        verdict = lexicon.analyse(word)
        assert verdict.ok and not verdict.singular, word
        assert offensive_reason(word, *reading(word).lemmas) is None, word
        assert not is_adult(word), word  # the default vocabulary is the family one
    by_lemma: dict[str, list[str]] = defaultdict(list)
    for word, lemma in zip(real_vocab.words, real_vocab.lemmas, strict=True):
        by_lemma[lemma].append(word)
    assert all(len(ws) == 1 for ws in by_lemma.values())
    assert set(real_vocab.secrets) <= set(real_vocab.words)


def test_real_examples_dropped(real_vocab: Vocabulary) -> None:
    gone = "уха маш планет добавок сук бабьё холодное жаркое вики колчак марс щедрина коты"
    gone += " том тут стать весь перед первое яга шри сьерра живете"
    assert not {fold(w) for w in gone.split()} & set(real_vocab.folded)
    assert {"кот", "ухо", "планета", "роза", "лев", "вера", "трусы", "часы"} <= set(
        real_vocab.folded
    )
    assert real_vocab.report["proper-name"] > 0 and real_vocab.dropped


def test_real_name_senses_dropped(real_vocab: Vocabulary) -> None:
    """Brands and clubs spelt like rare common nouns are not said; ordinary words stay."""
    assert not {"мегафон", "сбербанк", "таймс", "уимблдон"} & set(real_vocab.folded)
    assert not {"вика", "соня", "виктория", "рига"} & set(real_vocab.folded)  # first names, cities
    kept = "кот луна собака опера адмирал госсекретарь автобус планета банк запад фото"
    kept += " вера надежда роза лилия лев любовь"
    assert set(kept.split()) <= set(real_vocab.folded)
    assert real_vocab.report["name-sense"] > 0


def test_real_two_letter_forms_need_their_own_forms_in_use(real_vocab: Vocabulary) -> None:
    """Notes, letters' names, units and fragments go; two-letter nouns in use stay."""
    words = set(real_vocab.folded)
    assert not {"ти", "ми", "фа", "эр", "га", "го", "ер", "па"} & words
    assert {"еж", "юг", "яд", "ад", "ум", "щи"} <= words
    assert real_vocab.report["short-form"] > 0


def test_real_words_people_say_are_kept(real_vocab: Vocabulary) -> None:
    """Spelling variants of a lemma, POS-ambiguous nouns, nominatives the model lacks."""
    kept = "счастье воскресенье правда тепло добро пол удочка швабра цапля"
    assert set(kept.split()) <= set(real_vocab.folded)
    lexicon = default_lexicon()
    for word, lemma in zip(real_vocab.words, real_vocab.lemmas, strict=True):
        assert lemma in lexicon.analyse(word).lemmas, word  # R4 as a person's check sees it


@pytest.mark.model
def test_real_adult_mode() -> None:
    from associatsiya_ai.vectors import load_embeddings
    from associatsiya_ai.vocab import load_vocabulary

    full = load_vocabulary(load_embeddings(), adult=True)
    adult = {full.words[i] for i in np.flatnonzero(full.adult)}
    assert {"секс", "проститутка"} <= adult
    assert not any(offensive_reason(w) for w in full.words)
