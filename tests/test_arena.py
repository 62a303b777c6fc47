"""The arena (play_game, play_match), bot seats and the JSONL game log, on tiny fakes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fakes import BrokenHinter, FakeGuesser, FakeHinter, FakeLexicon

from associatsiya_ai.arena import (
    SEATS,
    Answered,
    BotMoveError,
    Event,
    GameOver,
    GameStarted,
    MatchScore,
    Rejected,
    SideSeats,
    Spoken,
    ToAct,
    draw_secret,
    play_game,
    play_match,
    validate_secret,
)
from associatsiya_ai.arena.log import GameLog, LogError, read_games, read_log
from associatsiya_ai.arena.readback import replay_turns
from associatsiya_ai.bots.decision import Candidate, Decision
from associatsiya_ai.players import AnswerChoice, BotGuesser, BotHinter, HintChoice, QuitGame
from associatsiya_ai.players.human import HumanGuesser, parse_hint_input, repeated_answer
from associatsiya_ai.rules.game import (
    Game,
    GuesserView,
    HinterView,
    InvalidSecretError,
    Mode,
    Role,
    RuleError,
    Seat,
    Termination,
)

LEX = FakeLexicon()


def bots(seed: int = 0) -> dict[Seat, Any]:
    rng = np.random.default_rng(seed)
    return {
        seat: (
            BotHinter(FakeHinter(LEX), rng, level="normal")
            if seat.role is Role.HINTER
            else BotGuesser(FakeGuesser(), rng, level="normal")
        )
        for seat in SEATS
    }


class Scripted:
    """A person-like seat that replays words and records the views it was shown."""

    is_human = True

    def __init__(self, *words: str) -> None:
        self.words = list(words)
        self.views: list[Any] = []
        self.errors: list[RuleError] = []

    def _next(self, view: Any) -> str:
        self.views.append(view)
        if not self.words:
            raise QuitGame
        return self.words.pop(0)

    def hint(self, view: HinterView) -> HintChoice:
        word, mode = parse_hint_input(self._next(view))
        return HintChoice(word, mode)

    def answer(self, view: GuesserView) -> AnswerChoice:
        return AnswerChoice(self._next(view))

    def rejected(self, error: RuleError) -> None:
        self.errors.append(error)

    def describe(self) -> dict[str, Any]:
        return {"kind": "human"}


def test_bots_play_a_whole_game_and_events_tell_it() -> None:
    events: list[Event] = []
    record = play_game("кошка", bots(), LEX, on_event=events.append, meta={"seed": 1})
    outcome = record.outcome
    assert outcome is not None and outcome.termination is Termination.GUESSED
    assert outcome.winner == 2  # «мышь» → «кошка» on the first turn
    kinds = [type(e) for e in events]
    assert kinds == [GameStarted, ToAct, Spoken, ToAct, Answered, GameOver]
    data = record.to_dict()
    assert data["seed"] == 1 and data["secret"] == "кошка" and data["game"] == 1
    assert data["turns"][0]["hinter_explanation"]["mode"] == "single"
    guessed = Decision("кошка", candidates=(Candidate("кошка", None, 0.8),))
    assert data["turns"][0]["guesser_explanation"] == guessed.to_dict()
    assert "moves" not in data  # one copy of the game: the typed turns
    assert set(data["seats"]) == {"1-hinter", "1-guesser", "2-hinter", "2-guesser"}
    json.dumps(data)  # JSON-ready


def test_a_draw_takes_twelve_turns() -> None:
    record = play_game("лампа", bots(), LEX)
    assert record.outcome is not None
    assert record.outcome.termination is Termination.DRAW
    assert len(record.game.turns) == 12


def test_a_guesser_seat_never_sees_the_secret() -> None:
    guesser = Scripted("стол", "стул")
    seats = bots()
    seats[Seat(2, Role.GUESSER)] = guesser
    record = play_game("лампа", seats, LEX)
    assert record.ended_by == "quit"
    assert record.outcome is not None
    assert record.outcome.termination is Termination.ABANDONED
    for view in guesser.views:
        assert isinstance(view, GuesserView)
        assert "лампа" not in repr(view)


def test_a_person_is_asked_again_after_each_rejection() -> None:
    hinter = Scripted("кошку", "москва", "мышь", "мышь", "+хвост")
    seats = bots()
    seats[Seat(2, Role.HINTER)] = hinter
    seats[Seat(2, Role.GUESSER)] = BotGuesser(FakeGuesser(), np.random.default_rng(0))
    events: list[Event] = []
    record = play_game("лампа", seats, LEX, on_event=events.append)
    rejected = [e for e in events if isinstance(e, Rejected)]
    assert [e.word for e in rejected] == ["кошку", "москва", "мышь"]
    assert rejected[0].error.suggestion == "кошка"
    assert [e.rule for e in hinter.errors] == ["R3", "R3", "R4"]
    spoken = [e.utterance for e in events if isinstance(e, Spoken) and e.seat.team == 2]
    assert spoken[1].mode is Mode.OWN and spoken[1].chain == ("мышь", "хвост")
    assert record.bot_errors == []


def test_practice_mode_returns_a_foul_to_the_person() -> None:
    hinter = Scripted("горох", "вершина")
    seats = bots()
    seats[Seat(2, Role.HINTER)] = hinter
    events: list[Event] = []
    record = play_game("гора", seats, LEX, practice=True, on_event=events.append)
    (rejected,) = [e for e in events if isinstance(e, Rejected)]
    assert rejected.error.rule == "R5"
    assert record.outcome is not None and record.outcome.winner == 2


def test_a_foul_ends_the_game() -> None:
    seats = bots()
    seats[Seat(2, Role.HINTER)] = Scripted("горох")
    record = play_game("гора", seats, LEX)
    assert record.outcome is not None
    assert record.outcome.termination is Termination.CONSONANCE
    assert record.final is not None and record.final.utterance.new == "горох"
    steps = replay_turns(record.to_dict())
    assert steps[-1].foul and steps[-1].new == "горох"


def test_an_illegal_bot_move_raises_with_the_abandoned_record() -> None:
    seats = bots()
    seats[Seat(2, Role.HINTER)] = BotHinter(BrokenHinter(), np.random.default_rng(0))
    events: list[Event] = []
    with pytest.raises(BotMoveError, match="2-hinter") as caught:
        play_game("лампа", seats, LEX, on_event=events.append)
    record = caught.value.record
    assert caught.value.seat == Seat(2, Role.HINTER)
    assert record.ended_by == "bot-error" and len(record.bot_errors) == 1
    assert record.rejected[0]["word"] == "кошку"
    assert record.to_dict()["outcome"]["termination"] == "abandoned"
    assert [type(e) for e in events][-2:] == [Rejected, GameOver]


def test_a_bot_that_raises_is_a_bot_error() -> None:
    class Raises:
        def act(self, view: Any, rng: Any) -> Any:
            raise RuntimeError("boom")

    seats = bots()
    seats[Seat(1, Role.GUESSER)] = BotGuesser(Raises(), np.random.default_rng(0))
    with pytest.raises(BotMoveError) as caught:
        play_game("лампа", seats, LEX)
    assert caught.value.record.bot_errors[0]["error"] == "RuntimeError: boom"
    assert isinstance(caught.value.__cause__, RuntimeError)


def test_a_match_logs_the_game_a_bot_broke_and_stops() -> None:
    a = bots(1)
    broken = BotHinter(BrokenHinter(), np.random.default_rng(0))
    sides = {
        "A": SideSeats(a[Seat(1, Role.HINTER)], a[Seat(1, Role.GUESSER)]),
        "B": SideSeats(broken, a[Seat(2, Role.GUESSER)]),
    }
    logged: list[Any] = []
    with pytest.raises(BotMoveError):
        play_match(3, sides, LEX, lambda i, s, seats: "лампа", on_game=logged.append)
    assert len(logged) == 1 and logged[0].ended_by == "bot-error"


def test_interrupt_and_eof_abandon_the_game() -> None:
    class Stops(Scripted):
        def __init__(self, exc: BaseException) -> None:
            super().__init__()
            self.exc = exc

        def answer(self, view: GuesserView) -> AnswerChoice:
            raise self.exc

    for exc, why in ((KeyboardInterrupt(), "interrupt"), (EOFError(), "eof")):
        seats = bots()
        seats[Seat(2, Role.GUESSER)] = Stops(exc)
        record = play_game("лампа", seats, LEX)
        assert record.ended_by == why
        assert record.to_dict()["outcome"]["termination"] == "abandoned"


def test_match_alternates_the_setter_and_scores() -> None:
    a, b = bots(1), bots(2)
    sides = {
        "A": SideSeats(a[Seat(1, Role.HINTER)], a[Seat(1, Role.GUESSER)]),
        "B": SideSeats(b[Seat(1, Role.HINTER)], b[Seat(1, Role.GUESSER)]),
    }
    events: list[Event] = []
    setters: list[str] = []

    def secret_for(index: int, setter: str, seats: Any) -> str:
        setters.append(setter)
        return "кошка"

    result = play_match(3, sides, LEX, secret_for, on_event=events.append)  # type: ignore[arg-type]
    assert setters == ["A", "B", "A"]
    scores = [e.score for e in events if isinstance(e, MatchScore)]
    assert len(scores) == 3
    # Team 2 (the non-setter) guesses «кошка» at once in every game.
    assert scores[-1]["A"]["wins"] == 1 and scores[-1]["B"]["wins"] == 2
    assert [r.to_dict()["setter_side"] for r in result.records] == ["A", "B", "A"]


def test_secrets_are_drawn_with_the_seed_and_validated() -> None:
    words = ["кошку", "лампа", "море", "гора"]
    one = [draw_secret(words, np.random.default_rng(5), LEX) for _ in range(3)]
    assert len(set(one)) == 1 and one[0] != "кошку"
    used: list[str] = []
    for _ in range(3):
        used.append(draw_secret(words, np.random.default_rng(9), LEX, used))
    assert sorted(used) == ["гора", "лампа", "море"]
    with pytest.raises(InvalidSecretError):
        validate_secret("пропускаю", LEX)
    with pytest.raises(ValueError):
        draw_secret(["кошку"], np.random.default_rng(0), LEX)


def test_a_secret_the_model_lacks_is_refused() -> None:
    from associatsiya_ai.arena import UnknownSecretError

    def known(word: str) -> bool:
        return word != "лампа"

    with pytest.raises(UnknownSecretError, match="модель не знает слова «лампа»"):
        validate_secret("лампа", LEX, known)
    assert validate_secret("море", LEX, known) == "море"
    drawn = {
        draw_secret(["лампа", "море"], np.random.default_rng(i), LEX, (), known) for i in range(8)
    }
    assert drawn == {"море"}


def test_the_seat_passes_the_bots_decision_unchanged() -> None:
    decision = Decision("мышь", Mode.OWN, ("мышь",), (Candidate("мышь", Mode.OWN, 0.5),), "так")

    class Fixed:
        def act(self, view: Any, rng: Any) -> Decision:
            return decision

    seat = BotHinter(Fixed(), np.random.default_rng(0))
    view = Game("кошка", LEX).hinter_view()
    assert seat.hint(view) == HintChoice("мышь", Mode.OWN, decision)


# ------------------------------------------------------------------ the log
def test_log_appends_valid_jsonl_even_after_a_cut_line(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text('{"secret": "кошка", "turns": [], "outcome": null}\n{"cut', "utf-8")
    with GameLog(path) as log:
        log.write(play_game("кошка", bots(), LEX))
    lines = path.read_text("utf-8").splitlines()
    assert lines[1] == '{"cut' and json.loads(lines[2])["secret"] == "кошка"
    with pytest.raises(LogError, match="строка 2"):
        read_log(path)


def test_read_log_errors(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="не найден"):
        read_log(tmp_path / "missing.jsonl")
    with pytest.raises(LogError, match="папка"):
        read_log(tmp_path)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", "utf-8")
    with pytest.raises(LogError, match="нет ни одной игры"):
        read_log(empty)
    partial = tmp_path / "partial.jsonl"
    partial.write_text('{"secret": "кошка"}\n', "utf-8")
    with pytest.raises(LogError, match="нет полей turns, outcome"):
        read_log(partial)
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(LogError, match="UTF-8"):
        read_log(binary)
    endless = tmp_path / "one-long-line.jsonl"  # as /dev/zero: read a megabyte at a time
    endless.write_bytes(b"\0" * (17 * 2**20))
    with pytest.raises(LogError, match="длиннее 16 МБ"):
        read_games(endless)


def test_the_log_round_trips_the_decisions(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    record = play_game("кошка", bots(), LEX)
    with GameLog(path) as log:
        log.write(record)
    (data,) = read_log(path)
    (step,) = replay_turns(data)
    assert step.hinter == record.turns[0].hinter and step.guesser == record.turns[0].guesser
    assert step.new == "мышь" and step.answer == "кошка" and step.correct


OLD_LOG = Path(__file__).parent / "data" / "log-before-decisions.jsonl"


def test_a_log_written_before_the_decision_contract_still_replays() -> None:
    """Logs written before held each game twice (moves and turns) and candidates as
    ["word/mode", score] pairs."""
    (old,) = read_games(OLD_LOG).records
    assert "moves" in old
    steps = replay_turns(old)
    first = steps[0]
    assert first.hinter is not None and first.hinter.word == first.new
    assert first.hinter.candidates[0] == Candidate("сестра", Mode.SINGLE, 1.0855)
    assert first.guesser is not None and first.guesser.candidates[0].word == "брат"


def test_a_signal_mid_game_ends_it_as_abandoned_and_the_record_is_delivered() -> None:
    """SIGTERM (and SIGHUP) while a bot thinks: the game is abandoned, on_game gets it."""
    import os
    import signal

    from associatsiya_ai.arena.loop import Abandoned, abandon_on_signals

    class Killed(Scripted):
        def answer(self, view: GuesserView) -> AnswerChoice:
            os.kill(os.getpid(), signal.SIGTERM)  # as if `kill` came while we waited
            return AnswerChoice("стол")

    a, b = bots(1), bots(2)
    a[Seat(2, Role.GUESSER)] = Killed()
    sides = {
        "A": SideSeats(a[Seat(2, Role.HINTER)], a[Seat(2, Role.GUESSER)]),
        "B": SideSeats(b[Seat(1, Role.HINTER)], b[Seat(1, Role.GUESSER)]),
    }
    written: list[dict[str, Any]] = []
    before = signal.getsignal(signal.SIGTERM)
    with abandon_on_signals():
        result = play_match(
            3, sides, LEX, lambda i, s, seats: "лампа", first_setter="B",
            on_game=lambda r: written.append(r.to_dict()),
        )  # fmt: skip
    assert signal.getsignal(signal.SIGTERM) is before  # the handler is put back
    assert result.ended_by == "terminate" and len(written) == 1
    assert written[0]["ended_by"] == "terminate"
    assert written[0]["outcome"]["termination"] == "abandoned"
    assert Abandoned("hangup", 129).exit_code == 129


def test_a_signal_while_the_record_is_written_waits_for_it() -> None:
    import os
    import signal

    from associatsiya_ai.arena.loop import Abandoned, abandon_on_signals

    a, b = bots(1), bots(2)
    sides = {
        "A": SideSeats(a[Seat(1, Role.HINTER)], a[Seat(1, Role.GUESSER)]),
        "B": SideSeats(b[Seat(1, Role.HINTER)], b[Seat(1, Role.GUESSER)]),
    }
    written: list[str] = []

    def write(record: Any) -> None:
        os.kill(os.getpid(), signal.SIGHUP)  # arrives mid-write …
        written.append(json.dumps(record.to_dict(), ensure_ascii=False))  # … the write ends

    with pytest.raises(Abandoned) as stop, abandon_on_signals():
        play_match(3, sides, LEX, lambda i, s, seats: "кошка", on_game=write)
    assert stop.value.reason == "hangup" and stop.value.exit_code == 129
    assert len(written) == 1 and json.loads(written[0])["ended_by"] is None  # game 1, whole


def test_a_line_that_is_not_utf8_is_skipped_not_the_whole_log(tmp_path: Path) -> None:
    good = OLD_LOG.read_bytes().splitlines()[0]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(good + b"\n" + b"\xff\xfe\x00 not text\n" + good + b"\n")
    contents = read_games(path)
    assert len(contents.records) == 2
    assert [n for n, _ in contents.skipped] == [2]
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00\x01" * 50)
    with pytest.raises(LogError, match="UTF-8"):
        read_games(binary)


def test_a_plural_secret_is_hinted_as_its_singular(fake_lexicon: FakeLexicon) -> None:
    from fakes import tiny_vocabulary

    from associatsiya_ai.bots import EmbeddingHinter

    vocab = tiny_vocabulary()
    plural = Game("кошки", fake_lexicon).hinter_view()
    singular = Game("кошка", fake_lexicon).hinter_view()
    assert plural.secret.singular == "кошка"
    hinter = EmbeddingHinter(vocab, "hard", checker=fake_lexicon)
    assert hinter.act(plural).chance == pytest.approx(hinter.act(singular).chance)


def test_an_answer_already_given_is_asked_again_and_logged() -> None:
    """A UI guard of the person's seat (R7 lets a wrong answer stand): a repeated answer,
    or another form of it, is refused and logged; the turn is not lost."""

    class Lines:
        def __init__(self, *lines: str) -> None:
            self.lines, self.refused = list(lines), 0

        def ask(self, what: str) -> str:
            if not self.lines:
                raise QuitGame
            return self.lines.pop(0)

        def show(self, view: Any) -> None: ...

        def refuse(self, what: str, error: Any) -> None:
            self.refused += 1

    seats = bots()
    seats[Seat(2, Role.GUESSER)] = HumanGuesser(Lines("кошка", "Кошка", "кошки", "мышь"), LEX)
    events: list[Event] = []
    record = play_game("лампа", seats, LEX, on_event=events.append)
    assert [t.answer for t in record.game.turns if t.team == 2] == ["кошка", "мышь"]
    assert [(r["word"], r["turn"], r["kind"]) for r in record.rejected] == [
        ("Кошка", 3, "repeated-answer"),
        ("кошки", 3, "repeated-answer"),
    ]
    (first, _) = [e for e in events if isinstance(e, Rejected)]
    assert str(first.error.violations[0].detail).startswith("«кошка» уже называли")


def test_a_repeat_is_only_an_answer_that_surely_cannot_guess() -> None:
    assert repeated_answer("Кошка", ("дом", "кошка")) == "кошка"
    assert repeated_answer("кошки", ("кошка",)) is None  # without the lexicon: same word only
    assert repeated_answer("кошки", ("кошка",), LEX) == "кошка"
    assert repeated_answer("час", ("часы",), LEX) == "часы"  # «часы» would have guessed «час»
    assert repeated_answer("часы", ("час",), LEX) is None  # it may still guess «часы»
    assert repeated_answer("кошку", ("кошка",), LEX) is None  # the engine says why
    assert repeated_answer("пропускаю", ("кошка",), LEX) is None
