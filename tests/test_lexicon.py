"""R3 (the form of a word) with the real pymorphy3 dictionary: every example in RULES.md."""

from __future__ import annotations

import pytest

from associatsiya_ai.lexicon import (
    MAX_LETTERS,
    Lexicon,
    default_lexicon,
    is_cyrillic_word,
    morph,
    shorten,
)
from associatsiya_ai.rules.words import WordChecker, WordVerdict


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    morph()  # load the dictionary once for the module
    return Lexicon()


@pytest.fixture(scope="module")
def strict() -> Lexicon:
    return Lexicon(strict=True)


def test_lexicon_is_a_word_checker(lex: Lexicon) -> None:
    checker: WordChecker = lex
    assert isinstance(checker.analyse("кошка"), WordVerdict)
    assert default_lexicon() is default_lexicon()
    assert default_lexicon(strict=True).strict and not default_lexicon().strict
    assert morph() is morph()


@pytest.mark.parametrize(
    ("word", "lemma", "display"),
    [
        ("кошка", "кошка", "кошка"),
        ("  Кошка ", "кошка", "кошка"),
        ("роза", "роза", "роза"),  # first parse is a name; a common reading exists
        ("лев", "лев", "лев"),
        ("вера", "вера", "вера"),
        ("вуз", "вуз", "вуз"),  # Abbr alone does not reject
        ("ВУЗ", "вуз", "вуз"),
        ("мышь", "мышь", "мышь"),
        ("кофе", "кофе", "кофе"),  # indeclinable: also a plural reading, said as singular
        ("елка", "елка", "ёлка"),
        ("Ёлка", "елка", "ёлка"),
        ("ёж", "еж", "ёж"),
    ],
)
def test_accepted_singular_nouns(lex: Lexicon, word: str, lemma: str, display: str) -> None:
    v = lex.analyse(word)
    assert v.ok, v.problems
    assert (v.lemma, v.display, v.singular, v.notices, v.known) == (lemma, display, None, (), True)
    assert lemma in v.lemmas


def test_word_keeps_yo_as_typed(lex: Lexicon) -> None:
    assert lex.analyse("Ёлка").word == "ёлка"
    assert lex.analyse("елка").word == "елка"
    assert lex.analyse("елка").lemma == lex.analyse("ёлка").lemma


@pytest.mark.parametrize(
    ("word", "singular", "lemma"),
    [
        ("кошки", "кошка", "кошка"),
        ("Кошки", "кошка", "кошка"),
        ("реки", "река", "река"),  # first parse is genitive singular; nominative plural exists
        ("стали", "сталь", "сталь"),  # first parse is a verb
        ("права", "право", "право"),
        ("стекла", "стекло", "стекло"),
    ],
)
def test_plural_accepted_with_notice(lex: Lexicon, word: str, singular: str, lemma: str) -> None:
    v = lex.analyse(word)
    assert v.ok, v.problems
    assert v.singular == singular
    assert v.lemma == lemma
    assert v.notices == (f"по возможности в единственном числе: {singular}",)
    assert v.consonance_forms() == (word.lower(), singular)


@pytest.mark.parametrize(
    ("word", "lemma"),
    [("часы", "часы"), ("ножницы", "ножницы"), ("сани", "сани"), ("деньги", "деньга")],
)
def test_normal_plurals_have_no_singular_notice(lex: Lexicon, word: str, lemma: str) -> None:
    v = lex.analyse(word)
    assert v.ok, v.problems
    assert v.notices == ()
    assert v.singular is None
    assert v.lemma == lemma


def test_clock_lemma_prefers_plural_only_reading(lex: Lexicon) -> None:
    clock, hour = lex.analyse("часы"), lex.analyse("час")
    assert clock.lemma == "часы"
    assert {"часы", "час"} <= clock.lemmas  # the answer «часы» may still guess «час» (R7)
    assert hour.lemma == "час" and clock.lemma not in hour.lemmas  # «час» does not guess «часы»


def test_suppletive_plural(lex: Lexicon) -> None:
    v = lex.analyse("люди")
    assert v.ok and v.lemma == "человек"


@pytest.mark.parametrize(
    ("word", "suggestion"),
    [("Кошку", "кошка"), ("кошку", "кошка"), ("кошкой", "кошка"), ("кошек", "кошка")],
)
def test_not_nominative_suggests_nominative(lex: Lexicon, word: str, suggestion: str) -> None:
    v = lex.analyse(word)
    assert not v.ok and v.lemma == "" and v.lemmas == frozenset()
    (problem,) = v.problems
    assert (problem.rule, problem.kind, problem.suggestion) == (
        "R3",
        "not-nominative-singular",
        suggestion,
    )
    assert word.lower() in problem.detail and suggestion in problem.detail


@pytest.mark.parametrize("word", ["москва", "Москва", "пётр", "петр", "москвы", "оон"])
def test_proper_nouns_rejected(lex: Lexicon, word: str) -> None:
    (problem,) = lex.analyse(word).problems
    assert (problem.rule, problem.kind) == ("R3", "proper-noun")


@pytest.mark.parametrize("word", ["бежать", "красивый", "он", "пропускаю", "ПРОПУСКАЮ"])
def test_not_a_noun(lex: Lexicon, word: str) -> None:
    (problem,) = lex.analyse(word).problems
    assert problem.kind == "not-a-noun"
    assert word.lower() in problem.detail


@pytest.mark.parametrize(
    ("word", "kind", "named"),
    [
        ("", "empty", None),
        ("   ", "empty", None),
        ("кот пёс", "not-one-word", "кот пёс"),
        ("кот\tпёс", "not-one-word", None),
        ("кресло-качалка", "hyphen", "кресло-качалка"),
        ("кот—пёс", "hyphen", None),
        ("кот1", "not-cyrillic", "1"),
        ("123", "not-cyrillic", "123"),
        ("cat", "not-cyrillic", "латинские"),
        ("кошkа!", "not-cyrillic", "!"),
        ("😀", "not-cyrillic", "😀"),
        ("кот😀", "not-cyrillic", "😀"),
        ("кот\x00", "not-cyrillic", "\\x00"),
        ("ко\u200bт", "not-cyrillic", "\\u200b"),
        ("кот.", "not-cyrillic", "."),
        ("αβγ", "not-cyrillic", "нерусские"),
        ("к\udcffот", "not-cyrillic", "байты не в кодировке UTF-8 «\\xff»"),  # argv b"\xff"
    ],
)
def test_form_problems(lex: Lexicon, word: str, kind: str, named: str | None) -> None:
    v = lex.analyse(word)
    (problem,) = v.problems
    assert (problem.rule, problem.kind) == ("R3", kind)
    assert "\n" not in problem.detail and "\x00" not in problem.detail
    if named is not None:
        assert named in problem.detail


@pytest.mark.parametrize(
    ("word", "fixed", "where"),
    [
        ("сoбака", "собака", "«o» (2-я буква)"),  # Latin o
        ("COБАКА", "собака", "«C» (1-я буква)"),  # Latin C and O
        ("кошkа", "кошка", "«k» (4-я буква)"),
        ("КОT", "кот", "«T» (3-я буква)"),  # upper-case Latin T looks like Т
    ],
)
def test_mixed_script_names_letters_and_suggests(
    lex: Lexicon, word: str, fixed: str, where: str
) -> None:
    (problem,) = lex.analyse(word).problems
    assert problem.kind == "mixed-script"
    assert problem.suggestion == fixed
    assert where in problem.detail and fixed in problem.detail


def test_too_long_is_not_echoed(lex: Lexicon) -> None:
    v = lex.analyse("я" * 10_000)
    (problem,) = v.problems
    assert problem.kind == "too-long"
    assert len(problem.detail) < 100
    assert lex.analyse("я" * (MAX_LETTERS + 1)).problems[0].kind == "too-long"
    assert lex.analyse("кот " * 3000).problems[0].kind == "too-long"


def test_combining_letters_are_normalised(lex: Lexicon) -> None:
    v = lex.analyse("и\u0306од")  # «йод» typed with a combining breve
    assert v.ok and v.word == "йод"
    v = lex.analyse("е\u0308лка")  # «ёлка» with a combining diaeresis
    assert v.ok and v.word == "ёлка" and v.lemma == "елка"
    v = lex.analyse("моло\u0301ко")  # a stress mark
    assert v.ok and v.word == "молоко"
    v = lex.analyse("стол\ufe0f")  # an emoji keyboard's variation selector
    assert v.ok and v.word == "стол"


def test_unknown_word_strict_and_not(lex: Lexicon, strict: Lexicon) -> None:
    v = lex.analyse("глокуха")
    assert v.ok and not v.known
    assert v.lemma == "глокуха" and v.display == "глокуха"
    assert any("нет в словаре" in n for n in v.notices)
    (problem,) = strict.analyse("глокуха").problems
    assert (problem.rule, problem.kind) == ("R3", "unknown-word")
    assert strict.analyse("кошка").ok and strict.analyse("кошка").known


@pytest.mark.parametrize(
    "text", ["", "\x00", "-", "—", "ъ", "ь", "ы", "\u0301", "\ud800", "a" * 41]
)
def test_never_raises(lex: Lexicon, strict: Lexicon, text: str) -> None:
    assert isinstance(lex.analyse(text), WordVerdict)
    assert isinstance(strict.analyse(text), WordVerdict)


def test_memoised(lex: Lexicon) -> None:
    assert lex.analyse("кошки") is lex.analyse(" кошки ")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("кошка", True), ("Ёлка", True), ("", False), ("сoбака", False), ("кот-пёс", False)],
)
def test_is_cyrillic_word(text: str, expected: bool) -> None:
    assert is_cyrillic_word(text) is expected


def test_shorten() -> None:
    assert shorten("кот") == "кот"
    assert shorten("я" * 100, 5) == "яяяяя…"
    assert shorten("a\x00\n") == "a\\x00\\n"


@pytest.mark.parametrize(
    ("secret", "answer", "correct"),
    [
        ("ёлка", "Елка", True),
        ("ёлка", "Ёлка", True),
        ("елка", "ёлка", True),
        ("кошка", "кошки", True),
        ("часы", "час", False),
        ("час", "часы", True),  # «часы» has a reading as the plural of «час»
        ("кошка", "кот", False),
    ],
)
def test_r7_answers_with_the_real_lexicon(
    lex: Lexicon, secret: str, answer: str, correct: bool
) -> None:
    from associatsiya_ai.rules.game import Game

    game = Game(secret, lex)
    game.say("праздник")
    assert game.answer(answer).correct is correct


def test_r5_plural_foul_with_the_real_lexicon(lex: Lexicon) -> None:
    from associatsiya_ai.rules.game import Game, Termination

    game = Game("рука", lex)
    game.say("реки")
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.CONSONANCE


def test_a_foul_found_in_the_singular_names_that_form(lex: Lexicon) -> None:
    """«дети» shares no letters with «ребята»; its nominative singular «ребёнок» does (R5):
    the foul says which form it checked, and the record keeps it."""
    from associatsiya_ai.rules.game import Game, Outcome
    from associatsiya_ai.terminal.texts import outcome_text

    game = Game("ребята", lex)
    game.say("дети")
    outcome = game.outcome()
    assert outcome is not None and outcome.overlaps
    assert {o.form for o in outcome.overlaps} == {"ребенок"}
    assert "в единственном числе «ребенок» — первые две буквы «ре»" in outcome_text(outcome)
    again = Outcome.from_dict(outcome.to_dict())
    assert [o.form for o in again.overlaps] == [o.form for o in outcome.overlaps]
    game = Game("рука", lex)
    game.say("реки")  # «реки» itself shares nothing, «река» ends in «ка»
    assert [o.form for o in game.outcome().overlaps] == ["река"]  # type: ignore[union-attr]


# ------------------------------------------------- issue 10: R4 across number, suggestions
@pytest.mark.parametrize(
    ("first", "second"),
    [("кот", "коты"), ("коты", "кот"), ("кошка", "кошки"), ("мышь", "мыши"), ("час", "часы")],
)
def test_r4_holds_across_number(lex: Lexicon, first: str, second: str) -> None:
    from associatsiya_ai.rules import Game, IllegalMoveError, check_chain

    game = Game("лампа", lex)
    game.say(first)
    game.answer("свет")
    with pytest.raises(IllegalMoveError, match="R4"):
        game.say(second)  # the other team's hinter: a repeat all the same
    with pytest.raises(IllegalMoveError, match="R4"):
        check_chain([first, second], lex)


def test_different_words_are_not_repeats(lex: Lexicon) -> None:
    from associatsiya_ai.rules import Game

    game = Game("лампа", lex)
    game.say("кот")
    game.answer("свет")
    assert game.say("кошки").chain == ("кошки",)


@pytest.mark.parametrize(
    ("word", "fix"), [("света", "свет"), ("кошку", "кошка"), ("столами", "стол")]
)
def test_a_suggestion_passes_when_typed_back(lex: Lexicon, word: str, fix: str) -> None:
    problem = lex.analyse(word).problems[0]
    assert (problem.kind, problem.suggestion) == ("not-nominative-singular", fix)
    assert lex.analyse(fix).ok


@pytest.mark.parametrize("word", ["абырвалг", "схронов", "высокобюджетного"])
def test_an_unknown_word_is_said_once_clearly(lex: Lexicon, word: str) -> None:
    verdict = lex.analyse(word)
    (problem,) = verdict.problems
    assert (problem.kind, problem.suggestion) == ("unknown-word", None)
    assert problem.detail == f"слова «{word}» нет в словаре"


@pytest.mark.model
def test_no_suggestion_is_refused_when_typed_back(lex: Lexicon) -> None:
    """Over a sample of the model's words, every suggested form passes R3 itself."""
    from associatsiya_ai.vectors import load_embeddings

    words = load_embeddings().words[:20000:4]
    fixes = {v.problems[0].suggestion for w in words for v in [lex.analyse(w)] if v.problems}
    refused = sorted(f for f in fixes - {None} if f is not None and not lex.analyse(f).ok)
    assert refused == []
