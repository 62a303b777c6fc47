"""The terminal front-end on its own: explanations (redaction on the data), errors, labels."""

from __future__ import annotations

from associatsiya_ai.bots.decision import Candidate, Decision
from associatsiya_ai.rules.types import IllegalMoveError, InvalidSecretError, InvalidWordError, Mode
from associatsiya_ai.rules.words import Violation
from associatsiya_ai.terminal.errors import rule_message, rule_reason, secret_refusal
from associatsiya_ai.terminal.explain import decision_lines, for_guesser
from associatsiya_ai.terminal.labels import levels_text, seat_label


def test_hinter_candidates_are_hidden_from_a_person_who_guesses() -> None:
    decision = Decision(
        "животное",
        Mode.SINGLE,
        ("животное",),
        (Candidate("животное", Mode.SINGLE, 0.9), Candidate("питомец", Mode.OWN, 0.8)),
        "P(«кошка») по модели партнёра",
    )
    shown = " ".join(decision_lines(decision))
    assert "животное 0.90" in shown and "+питомец 0.80" in shown
    assert "(+ своя цепочка, ++ общая)" in shown
    hidden = " ".join(decision_lines(*for_guesser(decision, "кошка", hinter=True)))
    assert "питомец" not in hidden and "кошка" not in hidden and "«***»" in hidden
    assert "другие варианты наводок — после игры" in hidden
    assert decision.candidates  # the bot's decision itself is untouched


def test_guesser_bots_candidates_are_hidden_from_a_person_who_guesses() -> None:
    decision = Decision("сыр", None, ("мышь",), (Candidate("сыр", None, 0.8),), "к слову «мышь»")
    assert "сыр 0.80" in " ".join(decision_lines(decision))
    hidden = " ".join(decision_lines(*for_guesser(decision, "кошка", hinter=False)))
    assert "сыр" not in hidden and "варианты ответов — после игры" in hidden
    assert "«мышь»" in hidden and "режим" not in hidden


def test_no_explanation() -> None:
    assert decision_lines(None) == ["(объяснения нет)"]
    assert decision_lines(Decision("кот")) == ["(объяснения нет)"]
    bare = Decision("кот", candidates=())
    assert decision_lines(*for_guesser(bare, "кошка", hinter=True)) == ["(объяснения нет)"]


def test_one_renderer_per_error() -> None:
    case = Violation("R3", "case", "«кошку» — не в падеже: скажите «кошка»", "кошка")
    repeat = Violation("R4", "repeat", "«лампы» повторяет наводку «лампа»")
    assert rule_reason(InvalidWordError("кошку", (case,))) == case.detail  # no rule code
    assert rule_message(InvalidWordError("кошку", (case,))).endswith("(R3)")
    assert rule_message(InvalidWordError("кошку", (case,))).count("кошка") == 1
    assert rule_message(IllegalMoveError("лампы", (repeat,))) == (
        "«лампы» повторяет наводку «лампа» (R4)"
    )
    unknown = Violation("", "unknown-to-model", "модель не знает слова «бегемот»")
    assert rule_reason(InvalidSecretError("бегемот", (unknown,))) == unknown.detail
    assert (
        rule_reason(InvalidWordError("x" * 500, (Violation("R3", "x", "y" * 500),)), 300)[-1] == "…"
    )
    assert secret_refusal("пропускаю", InvalidSecretError("пропускаю", (unknown,))).startswith(
        "«пропускаю» не может быть загаданным словом: модель"
    )


def test_labels() -> None:
    assert seat_label("1-hinter") == "наводящий команды 1"
    assert seat_label("3-judge") == "3-judge"
    assert levels_text(("easy", "normal", "hard")) == "easy, normal или hard"
    assert levels_text(("hard",)) == "hard"


def test_a_repeat_in_another_form_names_the_word_said_now() -> None:
    """«ёлки» after «ёлка»: not «наводка «ёлки» уже звучала» (it did not)."""
    from associatsiya_ai.lexicon import default_lexicon
    from associatsiya_ai.rules.game import Game
    from associatsiya_ai.rules.types import IllegalMoveError, Mode

    game = Game("дерево", default_lexicon())
    game.apply_hint(game.parse_hint("ёлка", Mode.SINGLE))
    game.apply_answer(game.parse_answer("стол"))
    try:
        game.apply_hint(game.parse_hint("ёлки", Mode.SINGLE))
    except IllegalMoveError as error:
        assert rule_reason(error) == "«ёлки» — это слово уже звучало в этой игре в другой форме"
    else:
        raise AssertionError("«ёлки» after «ёлка» was accepted")


def test_the_reading_taken_is_said() -> None:
    """«лет» is taken as the nominative «лёт» (R3.3): the player is told so."""
    from associatsiya_ai.lexicon import default_lexicon

    verdict = default_lexicon().analyse("лет")
    assert verdict.ok and verdict.display == "лёт"
    assert verdict.notices == (
        "«лет» принято как «лёт» в именительном падеже (не как форма слова «год»)",
    )
    assert default_lexicon().analyse("елка").notices == ()  # only ё restored: nothing to say


def test_a_logged_rejection_keeps_every_violation(tmp_path: object) -> None:
    from fakes import FakeLexicon

    from associatsiya_ai.arena.record import GameRecord
    from associatsiya_ai.rules.game import Game
    from associatsiya_ai.rules.types import Role, Seat

    record = GameRecord(index=0, game=Game("кошка", FakeLexicon()), seats={})
    two = (
        Violation("R5", "first-two", "созвучие: первые две буквы «ко»"),
        Violation("R5", "last-two", "созвучие: последние две буквы «ка»"),
    )
    record.reject(Seat(2, Role.HINTER), "корка", IllegalMoveError("корка", two))
    (entry,) = record.to_dict()["rejected"]
    assert entry["kind"] == "first-two"  # the first, as older logs have it
    assert [v["kind"] for v in entry["violations"]] == ["first-two", "last-two"]
    assert rule_reason(IllegalMoveError("корка", two)).count("созвучие") == 2  # both said


def test_replay_says_every_violation_of_a_rejected_move() -> None:
    from rich.console import Console

    from associatsiya_ai.arena.readback import ReplayTurn
    from associatsiya_ai.terminal.replay import render_game

    record = {
        "secret": "кошка",
        "rejected": [
            {
                "seat": "2-hinter",
                "turn": 1,
                "word": "корка",
                "detail": "созвучие: первые две буквы «ко»",
                "violations": [
                    {"detail": "созвучие: первые две буквы «ко»"},
                    {"detail": "созвучие: последние две буквы «ка»"},
                ],
            }
        ],
    }
    step = ReplayTurn(1, 2, "single", "мышь", ("мышь",), "сыр", False, None, None)
    console = Console(record=True, width=200)
    render_game(console, 1, record, [step])
    text = console.export_text()
    assert "первые две буквы «ко»; созвучие: последние две буквы «ка»" in text
