"""Rules R1–R8 of ../shared/RULES.md, rule by rule, on a tiny fake lexicon."""

from __future__ import annotations

import doctest
import json

import pytest
from fakes import FakeLexicon

import associatsiya_ai.rules.game as game_module
import associatsiya_ai.rules.match as match_module
import associatsiya_ai.rules.words as words_module
from associatsiya_ai.rules.game import (
    PASS,
    ConsonanceError,
    Game,
    GameRecordError,
    IllegalMoveError,
    InvalidSecretError,
    InvalidWordError,
    Mode,
    Role,
    Seat,
    Termination,
    hint_violations,
)
from associatsiya_ai.rules.match import Match
from associatsiya_ai.rules.types import Outcome
from associatsiya_ai.rules.words import consonance, fold


def new_game(secret: str = "кошка", practice: bool = False) -> Game:
    return Game(secret, FakeLexicon(), practice=practice)


def play_turn(game: Game, hint: str, answer: str, mode: Mode = Mode.SINGLE) -> None:
    game.say(hint, mode)
    game.answer(answer)


@pytest.mark.parametrize("module", [game_module, match_module, words_module])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


# ---------------------------------------------------------------- R1 order of play
def test_r1_team_two_moves_first_then_teams_alternate() -> None:
    g = new_game()
    seen = []
    for i in range(12):
        seen.append(g.to_act())
        g.say(f"слово{'а' * i}")
        seen.append(g.to_act())
        g.answer("сыр")
    teams = [s.team for s in seen if s is not None]
    assert teams == [2, 2, 1, 1] * 6
    assert [s.role for s in seen[:2] if s] == [Role.HINTER, Role.GUESSER]


def test_r1_draw_exactly_after_twelve_turns() -> None:
    g = new_game()
    for i in range(11):
        play_turn(g, f"слово{'а' * i}", "сыр")
        assert g.outcome() is None
    assert g.turns_left(1) == 1 and g.turns_left(2) == 0
    play_turn(g, "последний", "сыр")
    outcome = g.outcome()
    assert outcome is not None
    assert outcome.termination is Termination.DRAW and outcome.winner is None
    assert g.to_act() is None
    with pytest.raises(IllegalMoveError, match="R1"):
        g.say("мышь")


def test_r1_correct_answer_ends_game_at_once_for_answering_team() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    g.say("питомец")
    turn = g.answer("кошка")
    assert turn.correct and turn.team == 1
    outcome = g.outcome()
    assert outcome is not None and outcome.termination is Termination.GUESSED
    assert (outcome.winner, outcome.loser) == (1, 2)
    assert g.to_act() is None


def test_r1_guesser_cannot_speak_before_hinter_and_vice_versa() -> None:
    g = new_game()
    with pytest.raises(IllegalMoveError, match="R1"):
        g.answer("сыр")
    g.say("мышь")
    with pytest.raises(IllegalMoveError, match="R1"):
        g.say("сыр")


def test_r1_history_is_public_in_views() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    g.say("питомец", Mode.ALL)
    view = g.guesser_view()
    assert view.team == 1 and view.chain == ("мышь", "питомец")
    assert view.hints == ("мышь", "питомец") and view.wrong_answers == ("сыр",)
    assert not hasattr(view, "secret")


# ---------------------------------------------------------------- R2 chain modes
@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        # З2's first turn: every mode speaks the single hint
        ([("мышь", "single")], ("мышь",)),
        ([("мышь", "own")], ("мышь",)),
        ([("мышь", "all")], ("мышь",)),
        # З1's first turn: "all" is the rules' "chain of two words"
        ([("мышь", "single"), ("питомец", "all")], ("мышь", "питомец")),
        ([("мышь", "single"), ("питомец", "own")], ("питомец",)),
        # З2's second turn
        ([("мышь", "single"), ("питомец", "single"), ("сыр", "own")], ("мышь", "сыр")),
        (
            [("мышь", "single"), ("питомец", "single"), ("сыр", "all")],
            ("мышь", "питомец", "сыр"),
        ),
        # PASS is never part of a chain; PASS adds nothing
        ([(PASS, "single")], ()),
        ([("мышь", "single"), (PASS, "all")], ("мышь",)),
        ([("мышь", "single"), ("питомец", "single"), (PASS, "own")], ("мышь",)),
        (
            [("мышь", "single"), (PASS, "single"), ("усы", "single"), ("хвост", "all")],
            ("мышь", "усы", "хвост"),
        ),
        ([(PASS, "single"), ("питомец", "single"), ("усы", "own")], ("усы",)),
    ],
)
def test_r2_chain_contents(moves: list[tuple[str, str]], expected: tuple[str, ...]) -> None:
    g = new_game()
    for word, mode in moves[:-1]:
        play_turn(g, word, "сыр", Mode(mode))
    word, mode = moves[-1]
    utterance = g.say(word, mode)
    assert utterance.chain == expected
    assert utterance.mode is Mode(mode)
    assert g.guesser_view().chain == expected


def test_r2_hinter_view_predicts_each_chain() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    play_turn(g, "питомец", "сыр")
    view = g.hinter_view()
    assert view.chains_for("усы") == {
        Mode.SINGLE: ("усы",),
        Mode.OWN: ("мышь", "усы"),
        Mode.ALL: ("мышь", "питомец", "усы"),
    }
    assert view.chains_for(None)[Mode.OWN] == ("мышь",)


def test_r2_unknown_mode_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        new_game().say("мышь", "both")


# ---------------------------------------------------------------- R3 form
@pytest.mark.parametrize(
    ("word", "kind", "suggestion"),
    [
        ("кошку", "not-nominative-singular", "кошка"),
        ("кошкой", "not-nominative-singular", "кошка"),
        ("бежать", "not-a-noun", None),
        ("москва", "proper-noun", None),
        ("cat", "not-cyrillic", None),
        ("два слова", "not-cyrillic", None),
    ],
)
def test_r3_bad_hint_is_rejected_with_reason_and_costs_nothing(
    word: str, kind: str, suggestion: str | None
) -> None:
    g = new_game("молоко")
    with pytest.raises(InvalidWordError) as info:
        g.say(word)
    assert info.value.rule == "R3" and info.value.violations[0].kind == kind
    assert info.value.suggestion == suggestion
    assert word.split()[0] in str(info.value) and "R3" in str(info.value)
    assert g.to_act() == Seat(2, Role.HINTER) and g.turns == [] and g.moves == []


def test_r3_bad_answer_is_rejected_and_costs_no_turn() -> None:
    g = new_game("молоко")
    g.say("корова")
    with pytest.raises(InvalidWordError):
        g.answer("кошку")
    assert g.to_act() == Seat(2, Role.GUESSER)
    assert g.answer("сыр").number == 1


@pytest.mark.parametrize("secret", ["пропускаю", "Пропускаю", "я", "кошку", "cat", ""])
def test_r3_invalid_secrets(secret: str) -> None:
    with pytest.raises(InvalidSecretError):
        new_game(secret)


def test_r3_plural_is_accepted_and_checked_in_both_forms() -> None:
    g = new_game("рука")
    g.say("реки")  # «река» ends in «ка» like «рука»
    outcome = g.outcome()
    assert outcome is not None and outcome.termination is Termination.CONSONANCE
    assert [o.kind for o in outcome.overlaps] == ["last-two"]


# ---------------------------------------------------------------- R4 repeats
@pytest.mark.parametrize(
    ("first", "second"),
    [("мышь", "мышь"), ("мышь", "МЫШЬ"), ("ёлка", "елка"), ("елка", "Ёлка"), ("кошки", "кошки")],
)
def test_r4_repeat_by_lemma_and_yo_is_rejected(first: str, second: str) -> None:
    g = new_game("молоко")
    play_turn(g, first, "сыр")
    with pytest.raises(IllegalMoveError) as info:
        g.say(second)
    assert info.value.rule == "R4" and info.value.violations[0].kind == "repeat"
    assert g.to_act() == Seat(1, Role.HINTER)


def test_r4_plural_repeats_singular_lemma() -> None:
    g = new_game("молоко")
    play_turn(g, "кошка", "сыр")
    with pytest.raises(IllegalMoveError, match="R4"):
        g.say("кошки")


def test_r4_hint_may_equal_an_earlier_answer_and_answers_may_repeat() -> None:
    g = new_game("молоко")
    play_turn(g, "корова", "сыр")
    play_turn(g, "сыр", "корова")  # hint = earlier answer; answer = earlier hint
    play_turn(g, "творог", "корова")  # the same answer again
    assert g.outcome() is None and len(g.turns) == 3


# ---------------------------------------------------------------- R5 consonance
R5_EXAMPLES = [
    ("кошка", "кот", ["first-two"], [("ко",)]),
    ("кошка", "котёнок", ["first-two"], [("ко",)]),
    ("кошка", "мошка", ["last-two", "three-letters"], [("ка",), ("ошк", "шка")]),
    ("кошка", "собака", ["last-two"], [("ка",)]),
    ("кошка", "окошко", ["three-letters"], [("кош", "ошк")]),
    ("кошка", "мышь", [], []),
    ("кошка", "питомец", [], []),
    ("молоко", "потолок", ["three-letters"], [("оло", "лок")]),
    ("молоко", "корова", [], []),
    ("самолёт", "пулемет", ["last-two"], [("ет",)]),
    ("самолёт", "крыло", [], []),
]


@pytest.mark.parametrize(("secret", "hint", "kinds", "letters"), R5_EXAMPLES)
def test_r5_examples_from_rules(
    secret: str, hint: str, kinds: list[str], letters: list[tuple[str, ...]]
) -> None:
    overlaps = consonance(secret, hint)
    assert [o.kind for o in overlaps] == kinds
    assert [tuple(sorted(o.letters)) for o in overlaps] == [tuple(sorted(x)) for x in letters]
    g = new_game(secret)
    g.say(hint)
    outcome = g.outcome()
    if kinds:
        assert outcome is not None and outcome.termination is Termination.CONSONANCE
        assert (outcome.loser, outcome.winner) == (2, 1)
        assert outcome.word == hint or fold(outcome.word or "") == fold(hint)
    else:
        assert outcome is None


@pytest.mark.parametrize(
    ("secret", "hint", "kinds"),
    [
        ("ад", "сад", ["last-two"]),
        ("ад", "яд", []),
        ("ад", "адрес", ["first-two"]),
        ("ад", "ладан", []),  # a two-letter secret has no three-letter runs
        ("ЁЖ", "ежевика", ["first-two"]),
    ],
)
def test_r5_short_secrets_and_yo(secret: str, hint: str, kinds: list[str]) -> None:
    assert [o.kind for o in consonance(secret, hint)] == kinds


def test_r5_spans_point_at_the_shared_letters() -> None:
    (last, tri) = consonance("кошка", "мошка")
    assert last.secret_spans == ((3, 5),) and last.hint_spans == ((3, 5),)
    assert tri.hint_spans == ((1, 4), (2, 5))


def test_r5_foul_on_the_last_turn_loses_rather_than_draws() -> None:
    g = new_game()
    for i in range(11):
        play_turn(g, f"слово{'а' * i}", "сыр")
    g.say("кот")
    outcome = g.outcome()
    assert outcome is not None and outcome.termination is Termination.CONSONANCE
    assert (outcome.loser, outcome.winner) == (1, 2)
    assert len(g.turns) == 11


def test_r5_first_foul_ends_game_for_the_fouling_team_whoever_it_is() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    g.say("мошка")
    outcome = g.outcome()
    assert outcome is not None and (outcome.loser, outcome.winner) == (1, 2)
    with pytest.raises(IllegalMoveError, match="R1"):
        g.answer("сыр")


def test_r5_practice_mode_rejects_with_overlap_and_changes_nothing() -> None:
    g = new_game(practice=True)
    with pytest.raises(ConsonanceError) as info:
        g.say("мошка")
    assert [o.kind for o in info.value.overlaps] == ["last-two", "three-letters"]
    assert info.value.rule == "R5"
    assert g.outcome() is None and g.to_act() == Seat(2, Role.HINTER) and g.moves == []
    assert g.say("мышь").chain == ("мышь",)


def test_r5_not_checked_for_pass_or_answers() -> None:
    g = new_game("пропуск")  # shares «про» with «пропускаю»
    g.say(PASS)
    g.answer("кот")
    g.say("билет")
    g.answer("прорубь")  # an answer consonant with the secret is fine
    assert g.outcome() is None


def test_r5_is_checked_after_r3_and_r4() -> None:
    secret = Game("кошка", FakeLexicon()).secret
    bad_form = FakeLexicon().analyse("кошку")
    assert [v.rule for v in hint_violations(secret, bad_form)] == ["R3"]
    repeat = FakeLexicon().analyse("кот")
    spoken = frozenset({"кот"})
    assert [v.rule for v in hint_violations(secret, repeat, spoken_lemmas=spoken)] == ["R4"]
    assert [v.kind for v in hint_violations(secret, repeat)] == ["first-two"]


# ---------------------------------------------------------------- R6 PASS
def test_r6_pass_allowed_on_first_turn_and_guesser_still_answers() -> None:
    g = new_game()
    utterance = g.say("Пропускаю")
    assert utterance.is_pass and utterance.chain == ()
    assert g.to_act() == Seat(2, Role.GUESSER)
    turn = g.answer("сыр")
    assert turn.utterance.new == PASS


def test_r6_hinter_cannot_pass_twice_in_a_row_but_others_do_not_block() -> None:
    g = new_game()
    play_turn(g, PASS, "сыр")  # З2 passes
    play_turn(g, PASS, "сыр")  # З1 may pass: the opponent's PASS does not block
    with pytest.raises(IllegalMoveError) as info:
        g.say(PASS)  # З2 again
    assert info.value.rule == "R6"
    with pytest.raises(InvalidWordError):
        g.say("кошку")  # a rejected word does not break the sequence
    with pytest.raises(IllegalMoveError, match="R6"):
        g.say("пропускаю")
    play_turn(g, "мышь", "сыр")
    play_turn(g, "усы", "сыр")
    g.say(PASS)  # after a real hint З2 may pass again
    assert g.to_act() == Seat(2, Role.GUESSER)


def test_r6_partner_pass_in_same_turn_does_not_block() -> None:
    g = new_game()
    g.say(PASS)
    g.answer(PASS)
    play_turn(g, "мышь", PASS)  # О1's first PASS
    g.say("усы")
    with pytest.raises(IllegalMoveError, match="R6"):
        g.answer(PASS)  # О2 passed on its previous turn
    g.answer("сыр")
    g.say("хвост")
    with pytest.raises(IllegalMoveError, match="R6"):
        g.answer(PASS)  # О1 passed on its previous turn
    assert g.answer("молоко").number == 4


def test_r6_pass_uses_up_the_turn() -> None:
    g = new_game()
    play_turn(g, PASS, PASS)
    assert g.turns_left(2) == 5 and len(g.turns) == 1 and g.turns[0].answer == PASS


# ---------------------------------------------------------------- R7 answers
@pytest.mark.parametrize(
    ("secret", "answer", "correct"),
    [
        ("кошка", "кошка", True),
        ("кошка", "КОШКА", True),
        ("кошка", "кошки", True),  # another form of the same lemma
        ("ёлка", "елка", True),
        ("елка", "Ёлка", True),
        ("часы", "час", False),  # plural-only secret
        ("часы", "часы", True),
        ("кошка", "кот", False),
        ("кошка", PASS, False),
    ],
)
def test_r7_correct_answers(secret: str, answer: str, correct: bool) -> None:
    g = new_game(secret)
    g.say("слон")
    assert g.answer(answer).correct is correct
    assert (g.outcome() is not None) is correct


# ---------------------------------------------------------------- R8 matches
def test_r8_setter_alternates_and_score_counts_fouls_and_abandoned() -> None:
    m = Match()
    assert [m.setter(i) for i in range(4)] == ["A", "B", "A", "B"]
    assert [m.team_of("A", i) for i in range(3)] == [1, 2, 1]
    m.record(Outcome(Termination.GUESSED, winner=1, loser=2, word="кошка"))  # A wins
    m.record(Outcome(Termination.CONSONANCE, winner=2, loser=1, word="кот"))  # A (team 2) wins
    m.record(Outcome(Termination.DRAW, winner=None, loser=None))
    m.record(Outcome(Termination.ABANDONED, winner=None, loser=None))
    score = m.score()
    assert score["A"] == {"wins": 2, "draws": 1, "losses": 0, "fouls": 0}
    assert score["B"] == {"wins": 0, "draws": 1, "losses": 2, "fouls": 1}
    assert score["total"] == {"games": 4, "draws": 1, "abandoned": 1}


def test_r8_first_setter_option() -> None:
    m = Match(first_setter="B")
    assert [m.setter(i) for i in range(3)] == ["B", "A", "B"]
    assert m.side_of(2, 0) == "A"


# ---------------------------------------------------------------- outcome, serialisation
def test_outcome_none_until_end_and_abandon() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    assert g.outcome() is None
    outcome = g.abandon()
    assert outcome.termination is Termination.ABANDONED and outcome.winner is None
    assert g.abandon() is outcome and g.to_act() is None


def test_game_round_trips_through_json() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    play_turn(g, "питомец", PASS, Mode.ALL)
    g.say(PASS, Mode.OWN)
    text = json.dumps(g.to_dict(), ensure_ascii=False)
    again = Game.from_dict(json.loads(text), FakeLexicon())
    assert again.to_dict() == g.to_dict()
    assert again.to_act() == g.to_act() and again.turns == g.turns


def test_finished_game_round_trips_with_outcome() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    g.say("кот")
    again = Game.from_dict(g.to_dict(), FakeLexicon())
    assert again.outcome() == g.outcome()
    assert again.to_dict()["outcome"] == g.to_dict()["outcome"]


@pytest.mark.parametrize(
    "record",
    [
        {},
        {"secret": "кошка"},
        {"secret": 5, "moves": []},
        {"secret": "кошка", "moves": [{"role": "hinter", "word": "мышь"}]},
        {"secret": "кошка", "moves": [{"role": "guesser", "word": "сыр"}]},
        {"secret": "кошка", "moves": [{"role": "dancer"}]},
        {"secret": "кошку", "moves": []},
    ],
)
def test_corrupt_records_raise_game_record_error(record: dict[str, object]) -> None:
    with pytest.raises(GameRecordError):
        Game.from_dict(record, FakeLexicon())


def test_check_secret_without_a_game() -> None:
    assert Game.check_secret("Ёлка", FakeLexicon()).display == "ёлка"
    with pytest.raises(InvalidSecretError, match="R3"):
        Game.check_secret("пропускаю", FakeLexicon())


def test_foul_outcome_records_the_fouling_chain() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    g.say("кот", Mode.ALL)
    data = g.to_dict()["outcome"]
    assert isinstance(data, dict)
    assert data["utterance"] == {"team": 1, "mode": "all", "new": "кот", "chain": ["мышь", "кот"]}


# ---------------------------------------------------------------- parse once, one record
def test_parse_answer_then_apply_answer_parses_once() -> None:
    lexicon = FakeLexicon()
    g = Game("кошка", lexicon)
    g.say("мышь")
    calls = lexicon.calls
    verdict = g.parse_answer("Кошки")
    turn = g.apply_answer(verdict)
    assert lexicon.calls == calls + 1  # apply_answer does not analyse the word again
    assert turn.correct and turn.answer == "кошки"
    assert g.outcome() is not None and g.outcome().winner == 2  # type: ignore[union-attr]


def test_apply_answer_checks_turn_order_and_r6() -> None:
    g = new_game()
    with pytest.raises(IllegalMoveError, match="R1"):
        g.apply_answer(None)
    g.say("мышь")
    g.apply_answer(None)
    g.say("хвост")
    g.apply_answer(g.parse_answer("сыр"))
    g.say("усы")
    with pytest.raises(IllegalMoveError, match="R6"):
        g.apply_answer(g.parse_answer(PASS))


def test_moves_are_derived_from_the_typed_turns() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    g.say(PASS, Mode.OWN)
    assert g.moves == [
        {"role": "hinter", "word": "мышь", "mode": "single"},
        {"role": "guesser", "word": "сыр"},
        {"role": "hinter", "word": PASS, "mode": "own"},
    ]
    g.abandon()
    assert g.moves[-1] == {"role": "abandon"}
    again = Game.from_dict(g.to_dict(), FakeLexicon())
    assert again.to_dict() == g.to_dict() and again.outcome() == g.outcome()


def test_outcome_is_data_only_and_round_trips() -> None:
    g = new_game()
    play_turn(g, "мышь", "сыр")
    g.say("кот", Mode.ALL)
    outcome = g.outcome()
    assert outcome is not None and not hasattr(outcome, "describe")
    data = outcome.to_dict()
    assert "detail" not in data
    again = Outcome.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data and again.utterance == outcome.utterance


def test_outcome_text_lives_with_the_terminal() -> None:
    from associatsiya_ai.terminal.texts import outcome_text

    g = new_game()
    play_turn(g, "мышь", "сыр")
    g.say("кот")
    outcome = g.outcome()
    assert outcome is not None
    text = outcome_text(outcome)
    assert "«кот»" in text and "первые две буквы «ко»" in text and "Команда 1 проиграла" in text
    # an old log's outcome (with "detail") is read, and the text is the same
    assert outcome_text(Outcome.from_dict({**outcome.to_dict(), "detail": "x"})) == text


def test_check_chain_is_r3_and_r4_of_the_engine() -> None:
    from associatsiya_ai.rules import check_chain

    assert check_chain(["мышь", PASS, "Ёлка"], FakeLexicon()) == ("мышь", "ёлка")
    with pytest.raises(InvalidWordError, match="R3"):
        check_chain(["мышь", "кошку"], FakeLexicon())
    with pytest.raises(IllegalMoveError, match="R4") as caught:
        check_chain(["ёлка", "хвост", "елка"], FakeLexicon())
    assert "повторяет наводку «ёлка»" in str(caught.value)


@pytest.mark.slow
def test_importing_the_engine_loads_no_heavy_package() -> None:
    import subprocess
    import sys

    heavy = ("numpy", "navec", "gensim", "pymorphy3", "rich", "typer", "sklearn")
    code = (
        "import sys, associatsiya_ai, associatsiya_ai.rules, associatsiya_ai.rules.game;"
        f"print(','.join(m for m in {heavy!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_package_exports_its_public_api() -> None:
    import associatsiya_ai

    for name in associatsiya_ai.__all__:
        assert getattr(associatsiya_ai, name) is not None, name
    assert associatsiya_ai.Game is Game and associatsiya_ai.Mode is Mode
    with pytest.raises(AttributeError):
        associatsiya_ai.no_such_name  # noqa: B018
