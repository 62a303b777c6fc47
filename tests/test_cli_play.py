"""``associatsiya vs-bot`` and ``replay`` played through CliRunner on tiny fakes.

The bots and the lexicon come from ``tests/fakes.py`` (injected by replacing
``associatsiya_ai.cli.play.load_kit``), so whole games take milliseconds.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fakes import BrokenHinter, FakeLexicon, fake_kit
from typer.testing import CliRunner, Result

import associatsiya_ai.cli.play as play
from associatsiya_ai.cli import app

runner = CliRunner()
REAL_LOAD_KIT = play.load_kit


@pytest.fixture(autouse=True)
def fakes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "load_kit", lambda model, level: fake_kit(level))


def run(args: str, lines: list[str] | None = None) -> Result:
    text = "".join(f"{line}\n" for line in lines or [])
    return runner.invoke(app, ["vs-bot", *args.split()], input=text)


def log_records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# ------------------------------------------------------------------ whole games
def test_guesser_wins(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    r = run(f"--word кошка --log {log}", ["кошка"])
    assert r.exit_code == 0, r.output
    assert "Вы — отгадывающий команды 2; ваш наводящий — бот" in r.output
    assert "«мышь» (одно слово)" in r.output
    assert "Команда 2 отгадала слово «кошка» и победила." in r.output
    assert "Ваша команда победила!" in r.output
    (rec,) = log_records(log)
    assert rec["outcome"]["termination"] == "guessed" and rec["outcome"]["winner"] == 2
    assert rec["seats"]["2-guesser"] == {"kind": "human"}
    assert rec["seats"]["2-hinter"]["kind"] == "bot"
    assert rec["turns"][0]["hinter_explanation"]["candidates"][0]["word"] == "мышь"
    assert rec["turns"][0]["guesser_explanation"] is None
    assert rec["model"] == "fake" and isinstance(rec["seed"], int)


def test_guesser_never_sees_the_secret_before_the_end() -> None:
    r = run("--explain --seed 1", ["?", "стол"])
    secret = r.output.split("Загаданное слово: «")[1].split("»")[0]
    before_end = r.output.split("Загаданное слово:")[0]
    assert secret not in before_end
    assert "Загаданное слово знают только наводящие." in r.output
    # --explain and «?»: the hinter's reasons, but not its unsaid candidate hints
    assert "варианты наводок — после игры" in before_end
    assert "свет 0.90" not in before_end


def test_word_the_model_lacks_is_refused_before_the_banner() -> None:
    r = run("--word бегемот")
    assert r.exit_code == 1
    assert r.stdout == ""  # no banner, no game
    assert r.stderr.startswith("Ошибка:") and len(r.stderr.strip().splitlines()) == 1
    assert "модель не знает слова «бегемот»" in r.stderr


def test_person_setting_a_secret_the_model_lacks_is_asked_again(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    r = run(f"--role hinter --team 1 --log {log}", ["бегемот", "кошка"])
    assert r.exit_code == 0, r.output
    assert (
        "Не подходит: модель не знает слова «бегемот»: боты не смогут его объяснить; "
        "загадайте другое" in " ".join(r.output.split())
    )
    assert "(R" not in r.output.split("бегемот")[1].splitlines()[0]
    (rec,) = log_records(log)
    assert rec["secret"] == "кошка"


def test_draw_after_twelve_turns(tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    r = run(f"--word лампа --log {log}", ["стол", "стул", "шкаф", "пол", "диван", "кресло"])
    assert r.exit_code == 0, r.output
    assert "Ход 12 из 12" in r.output
    assert "Ничья: слово не отгадано за шесть ходов каждой команды." in r.output
    assert r.output.count("Ничья") == 1
    (rec,) = log_records(log)
    assert rec["outcome"]["termination"] == "draw" and len(rec["turns"]) == 12
    assert rec["ended_by"] is None


def test_hinter_consonance_loses_and_shows_the_overlap(tmp_path: Path) -> None:
    log = tmp_path / "c.jsonl"
    r = run(f"--role hinter --word кошка --log {log}", ["кот"])
    assert r.exit_code == 0, r.output
    assert "Загаданное слово вы задали сами (--word): «кошка»." in r.output
    assert "сообщил вам" not in r.output  # nobody told the person: they gave it
    assert "Созвучие: наводка «кот» (первые две буквы «ко»)" in r.output
    assert "загадано: кошка   наводка: кот" in r.output
    assert "Ваша команда проиграла." in r.output
    (rec,) = log_records(log)
    assert rec["outcome"]["termination"] == "consonance" and rec["outcome"]["loser"] == 2
    assert rec["final"]["utterance"]["new"] == "кот"


def test_a_hint_whose_fix_is_consonant_with_the_secret_is_not_suggested() -> None:
    """«кошку» for the secret «кошка» (or «пивo» with a Latin «o» for «пиво»): the
    lexicon's fix is the secret itself, which would lose the game; the person is warned
    instead of told to say it."""
    r = run("--role hinter --word кошка", ["кошку", "хвост"])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())  # as wrapped at any terminal width
    assert "«кошка» созвучно загаданному слову — такая наводка проиграет игру" in text
    assert "скажите её" not in text
    assert "Наводящий команды 2 (вы): «хвост» (одно слово)" in r.output


def test_practice_mode_warns_and_asks_again() -> None:
    r = run("--role hinter --word кошка --practice", ["кот", "хвост"])
    assert r.exit_code == 0, r.output
    assert "Тренировка: созвучие! В настоящей игре ваша команда проиграла бы." in r.output
    assert "совпадает: первые две буквы «ко»" in r.output
    assert "Наводящий команды 2 (вы): «хвост» (одно слово)" in r.output
    assert "Игра 1 · тренировка" in r.output


def test_rejected_answer_gets_the_suggestion_and_is_asked_again(tmp_path: Path) -> None:
    log = tmp_path / "r.jsonl"
    r = run(f"--word кошка --log {log}", ["кошку", "Москва", "кошки"])
    assert r.exit_code == 0, r.output
    assert "Не принято: «кошку» — не в именительном падеже" in r.output
    # the suggestion is said once: the reason names it, no second «Правильная форма» line
    assert "Загаданное слово вы задали сами (--word): «кошка»." in r.output
    assert r.output.count("«кошка»") == 3 and "Правильная форма" not in r.output  # and the end
    assert "Загаданное слово: «кошка»" not in r.output  # the win has named it
    assert "(R3)" not in r.output  # rule codes are for the log, not for players
    assert "«москва» — имя собственное" in r.output
    assert "(по возможности в единственном числе: кошка)" in r.output  # a plural guesses
    assert "Ваша команда победила!" in r.output
    (rec,) = log_records(log)
    assert [x["word"] for x in rec["rejected"]] == ["кошку", "Москва"]
    assert rec["rejected"][0]["suggestion"] == "кошка"


def test_hinter_modes_and_the_prompt_shows_each_chain() -> None:
    r = run("--role hinter --word лампа", ["провод", "+вечер", "++окно"])
    assert "+слово     → своя цепочка: «провод, слово»" in r.output
    assert "++слово    → общая цепочка: «провод, свет, слово»" in r.output
    assert "Наводящий команды 2 (вы): «провод, вечер» (своя цепочка)" in r.output
    assert "«провод, свет, вечер, абажур, окно» (общая цепочка)" in r.output
    assert "Игра прервана: ввод закончился." in r.output


def test_pass_twice_in_a_row_is_rejected(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    r = run(f"--role hinter --word лампа --log {log}", ["пропускаю", "пропускаю", "радио"])
    assert r.exit_code == 0, r.output
    assert "Наводящий команды 2 (вы): «пропускаю»" in r.output
    assert "«пропускаю» нельзя говорить два хода подряд" in r.output and "(R6)" not in r.output
    assert "Наводящий команды 2 (вы): «радио» (одно слово)" in r.output
    (rec,) = log_records(log)
    assert rec["rejected"][0]["kind"] == "pass-twice"


def test_guesser_pass_twice_is_rejected() -> None:
    r = run("--word лампа", ["пропускаю", "пропускаю", "стол"])
    assert "Отгадывающий команды 2 (вы): «пропускаю» — пропуск" in r.output
    assert "«пропускаю» нельзя говорить два хода подряд" in r.output
    assert "Отгадывающий команды 2 (вы): «стол» — мимо" in r.output


@pytest.mark.parametrize("role", ["guesser", "hinter"])
def test_a_stressed_pass_is_a_pass(role: str, tmp_path: Path) -> None:
    """«пропуска́ю» (U+0301, as `check` and the lexicon read any word) is the skip word."""
    log = tmp_path / "s.jsonl"
    r = run(f"--role {role} --word лампа --log {log}", ["пропуска\u0301ю", "!выход"])
    assert r.exit_code == 0, r.output
    assert "Не принято" not in r.output and "Не подходит" not in r.output
    assert "(вы): «пропускаю»" in r.output
    (rec,) = log_records(log)
    assert rec["rejected"] == []


def test_a_variation_selector_is_dropped_from_the_echo_and_the_word() -> None:
    """An emoji keyboard's U+FE0F after a word: neither echoed nor refused."""
    r = run("--word лампа", ["стол\ufe0f", "!выход"])
    assert "\ufe0f" not in r.output
    assert "Ответ> стол\n" in r.output and "(вы): «стол» — мимо" in r.output


def test_person_sets_the_secret_as_hinter_of_team_1(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    r = run(f"--role hinter --team 1 --log {log}", ["кошку", "кошка"])
    assert r.exit_code == 0, r.output
    assert "Вы загадываете слово" in r.output
    assert "Не подходит:" in r.output and "скажите «кошка»" in r.output
    assert "Загаданное слово: «кошка»." in r.output
    (rec,) = log_records(log)
    assert rec["secret"] == "кошка" and rec["setter_side"] == "A"


def test_match_of_three_games_alternates_the_setter(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    # Game 1: side A (you) sets --word, bots of team 2 guess at once; game 2: bots set a
    # drawn secret and guess it; game 3: you set «море» again and lose at once.
    # --word is game 1's secret; in game 3 the person sets one again
    r = run(f"--role hinter --team 1 --games 3 --word море --seed 7 --log {log}", ["волна", "море"])
    assert r.exit_code == 0, r.output
    assert "Игра 1 из 3" in r.output and "Игра 3 из 3" in r.output
    assert "Счёт после игры 1 из 3:" in r.output
    lines = [line.strip() for line in r.output.splitlines()]
    i = lines.index("Счёт после игры 2 из 3:")
    assert lines[i + 1].startswith("ваша сторона (A): победы 0 · ничьи 0 · поражения 2")
    assert lines[i + 2].startswith("боты (B): победы 2 · ничьи 0 · поражения 0")
    i = lines.index("Счёт после игры 3 из 3:")
    assert lines[i + 1].startswith("ваша сторона (A): победы 0 · ничьи 0 · поражения 3")
    assert "Матч окончен." in r.output
    recs = log_records(log)
    assert [x["setter_side"] for x in recs] == ["A", "B", "A"]
    assert [x["game"] for x in recs] == [1, 2, 3]
    assert [x["seats"]["1-hinter"]["kind"] for x in recs] == ["human", "bot", "human"]
    assert [x["outcome"]["winner"] for x in recs] == [2, 1, 2]
    assert recs[0]["secret"] == recs[2]["secret"] == "море" != recs[1]["secret"]
    assert all(x["seed"] == 7 for x in recs)


def test_seeded_secrets_repeat(tmp_path: Path) -> None:
    a = run("--seed 3 --games 2", [])
    b = run("--seed 3 --games 2", [])
    assert a.output == b.output


# ------------------------------------------------------------------ leaving a game
def test_eof_mid_game_keeps_a_valid_log(tmp_path: Path) -> None:
    log = tmp_path / "e.jsonl"
    r = run(f"--word лампа --games 3 --log {log}", ["стол"])
    assert r.exit_code == 0, r.output
    assert "Игра прервана: ввод закончился." in r.output
    assert "Traceback" not in r.output
    (rec,) = log_records(log)
    assert rec["outcome"]["termination"] == "abandoned" and rec["ended_by"] == "eof"
    assert len(rec["turns"]) == 2


def test_ctrl_c_mid_game_exits_130_and_keeps_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers: Iterator[str] = iter(["стол"])

    def fake_input(prompt: str = "") -> str:
        for line in answers:
            return line
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", fake_input)
    log = tmp_path / "i.jsonl"
    r = run(f"--word лампа --log {log}")
    assert r.exit_code == 130, r.output
    assert "Игра прервана: нажато Ctrl-C." in r.output
    (rec,) = log_records(log)
    assert rec["ended_by"] == "interrupt" and rec["outcome"]["termination"] == "abandoned"


def test_quit_command() -> None:
    r = run("--word лампа", ["!правила", "!выход"])
    assert r.exit_code == 0
    assert "Правила коротко" in r.output
    assert "Игра прервана: вы вышли из игры." in r.output


def test_a_mistyped_command_is_named_not_checked_as_a_word() -> None:
    r = run("--word лампа", ["!правило", "!выход"])
    assert r.exit_code == 0
    assert "Нет такой команды: «!правило». Команды:" in r.output
    assert "русские буквы" not in r.output


def test_commands_may_start_with_a_slash() -> None:
    r = run("--word лампа", ["/help", "/правило", "/выход"])
    assert r.exit_code == 0
    assert "Команды: ? — почему боты так сходили" in r.output
    assert "Нет такой команды: «/правило»." in r.output
    assert "латинские буквы" not in r.output
    assert "Игра прервана: вы вышли из игры." in r.output


def test_broken_bot_is_a_counted_error_not_a_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_kit(model: str | None, level: str) -> play.Kit:
        kit = fake_kit(level)
        kit.make_hinter = BrokenHinter
        return kit

    monkeypatch.setattr(play, "load_kit", broken_kit)
    log = tmp_path / "b.jsonl"
    r = run(f"--log {log} --word лампа", ["стол"] * 3)
    assert r.exit_code == 1
    assert "это ошибка бота" in r.output
    (rec,) = log_records(log)
    assert rec["ended_by"] == "bot-error" and len(rec["bot_errors"]) == 1  # no retry ladder


# ------------------------------------------------------------------ bad options
def test_invalid_fixed_word() -> None:
    r = run("--word кошку")
    assert r.exit_code == 1
    assert "«кошку» не может быть загаданным словом" in r.output
    assert "правильная форма: «кошка»" in r.output
    assert "Traceback" not in r.output


def test_invalid_fixed_word_says_each_thing_once() -> None:
    r = run("--word кошку")
    assert r.stderr.count("кошка") == 1 and r.stderr.count("кошку") == 1
    r = run("--word пропускаю")
    assert r.exit_code == 1 and r.stderr.count("не может быть загаданным словом") == 1
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1


def test_secret_refusal_line() -> None:
    from associatsiya_ai.rules.game import InvalidSecretError
    from associatsiya_ai.rules.words import Violation

    bad = Violation("R3", "case", "«кошку» — не в падеже: скажите «кошка»", "кошка")
    assert play.secret_refusal("Кошку", InvalidSecretError("Кошку", (bad,))) == (
        "«Кошку» не может быть загаданным словом: не в падеже; правильная форма: «кошка»"
    )
    odd = Violation("R3", "x", "странное слово", "кот")
    assert play.secret_refusal("\x1bкт", InvalidSecretError("\x1bкт", (odd,))) == (
        "«\\x1bкт» не может быть загаданным словом: странное слово; правильная форма: «кот»"
    )


def test_piped_input_may_start_with_a_bom_and_is_echoed_safely() -> None:
    r = run("--word кошка", ["\ufeffкошка"])
    assert r.exit_code == 0, r.output
    assert "Ваша команда победила!" in r.output and "\ufeff" not in r.output
    r = run("--word лампа", ["\x1b[31mстол\x07", "!выход"])
    assert "\x1b[31m" not in r.output and "\x07" not in r.output
    assert "\\x1b[31mстол\\x07" in r.output


def test_match_log_line_agrees_in_number(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    r = run(f"--games 2 --word кошка --log {log}", ["кошка", "кошка"])
    assert "(записано: 2 игры)" in r.output
    r = runner.invoke(app, ["replay", str(log), "--game", "7"])
    assert "в журнале" in r.output and "2 игры, игры №7 нет" in r.output


def test_rules_text_wraps_to_the_terminal() -> None:
    from rich.console import Console

    from associatsiya_ai.terminal.screen import Screen

    wide, narrow = Console(width=200, record=True), Console(width=50, record=True)
    Screen(wide).rules()
    Screen(narrow).rules()
    assert "Первой ходит команда 2, потом по очереди" in wide.export_text()
    lines = narrow.export_text().splitlines()
    assert all(len(line) <= 50 for line in lines)
    bullets = [i for i, line in enumerate(lines) if line.startswith("• ")]
    assert len(bullets) == 5
    assert all(line.startswith(("• ", "  ")) for line in lines[bullets[0] : bullets[-1] + 1])


def test_unwritable_log(tmp_path: Path) -> None:
    r = run(f"--log {tmp_path}/no/such/dir/x.jsonl --word кошка", ["кошка"])
    assert r.exit_code == 1
    assert "не удалось открыть журнал" in r.output


def test_model_error_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from associatsiya_ai.vectors.registry import ModelError

    def no_model(model: str | None, level: str) -> play.Kit:
        raise ModelError("модель «nope» не найдена")

    monkeypatch.setattr(play, "load_kit", no_model)
    r = run("--model nope")
    assert r.exit_code == 1
    assert "модель «nope» не найдена" in r.output


# ------------------------------------------------------------------ replay
def test_replay_a_logged_game(tmp_path: Path) -> None:
    log = tmp_path / "l.jsonl"
    run(f"--word лампа --log {log}", ["стол", "стул"])
    run(f"--word кошка --log {log}", ["кошку", "кошка"])
    r = runner.invoke(app, ["replay", str(log), "--game", "2"])
    assert r.exit_code == 0, r.output
    assert "Игра 2" in r.output and "Загаданное слово: «кошка»" in r.output
    assert "Ход 1 · команда 2 · наводка: «мышь» (одно слово)" in r.output
    assert "наводящий: лучшие варианты: мышь 0.90" in r.output
    assert "отклонено (отгадывающий команды 2): «кошку» — не в именительном" in r.output
    assert "ответ: «кошка» — верно!" in r.output
    assert "Команда 2 отгадала слово «кошка» и победила." in r.output
    every = runner.invoke(app, ["replay", str(log), "--all"])
    assert every.exit_code == 0
    assert "Игра 1" in every.output and "Игра прервана: ввод закончился." in every.output


def test_games_go_to_the_default_journal_which_replay_reads() -> None:
    """Without --log every game is kept in the journal of the user data directory (conftest
    gives each test its own); replay without a file shows its newest game."""
    from associatsiya_ai.arena.log import default_log_path

    journal = default_log_path()
    assert not journal.exists()
    nothing = runner.invoke(app, ["replay"])
    assert nothing.exit_code == 1 and "журнала игр ещё нет" in nothing.output
    first = run("--word лампа", ["стол", "!выход"])
    assert first.exit_code == 0 and f"Журнал: {journal} (записано: 1 игра)." in first.output
    run("--word кошка", ["кошка"])
    assert [r["secret"] for r in log_records(journal)] == ["лампа", "кошка"]
    last = runner.invoke(app, ["replay"])
    assert last.exit_code == 0, last.output
    assert "Загаданное слово: «кошка»" in last.output and "«лампа»" not in last.output
    chosen = runner.invoke(app, ["replay", "--game", "1"])
    assert "Загаданное слово: «лампа»" in chosen.output


def test_no_log_keeps_no_journal(tmp_path: Path) -> None:
    from associatsiya_ai.arena.log import default_log_path

    r = run("--word кошка --no-log", ["кошка"])
    assert r.exit_code == 0 and "Журнал:" not in r.output
    assert not default_log_path().exists()
    both = run(f"--word кошка --no-log --log {tmp_path / 'x.jsonl'}")
    assert both.exit_code == 2 and "--log и --no-log" in both.output


def test_an_unwritable_default_journal_is_a_warning_not_a_lost_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")  # the journal's folder would have to be inside a file
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    r = run("--word кошка", ["кошка"])
    assert r.exit_code == 1, r.output  # as for a game the log failed to take (README)
    assert "игры не записываются: не удалось открыть журнал" in r.stderr
    assert "Команда 2 отгадала слово «кошка» и победила." in r.stdout
    assert "Игры не записаны: журнал не открылся" in r.stderr


def test_replay_errors(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["replay", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 1 and "файл журнала не найден" in missing.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"secret": "кошка", "turns": [], "outcome": null}\n{oops\n', "utf-8")
    corrupt = runner.invoke(app, ["replay", str(bad)])
    # the valid game is replayed; the bad line is named once, on stderr
    assert corrupt.exit_code == 0 and "Загаданное слово: «кошка»" in corrupt.stdout
    assert corrupt.stderr.count("\n") == 1 and "повреждённые строки: 2 (" in corrupt.stderr
    assert "Traceback" not in corrupt.output
    hopeless = tmp_path / "hopeless.jsonl"
    hopeless.write_text('{oops\n[1]\n{"secret": "кошка", "turns": [1], "outcome": null}\n')
    nothing = runner.invoke(app, ["replay", str(hopeless)])
    assert nothing.exit_code == 1 and "ни одной целой игры (строки 1, 2, 3)" in nothing.output
    log = tmp_path / "one.jsonl"
    run(f"--word кошка --log {log}", ["кошка"])
    r = runner.invoke(app, ["replay", str(log), "--game", "5"])
    assert r.exit_code == 1 and "игры №5 нет" in r.output


def test_replay_skips_a_corrupt_line_and_replays_the_other_games(tmp_path: Path) -> None:
    log = tmp_path / "l.jsonl"
    run(f"--word лампа --log {log}", ["стол"])
    run(f"--word кошка --log {log}", ["кошка"])
    lines = log.read_text("utf-8").splitlines()
    log.write_text(lines[0] + "\n{broken\n" + lines[1] + "\n", "utf-8")
    # games are numbered by line: the damaged line keeps number 2, «кошка» stays game 3
    r = runner.invoke(app, ["replay", str(log), "--game", "3"])
    assert r.exit_code == 0, r.output
    assert "Загаданное слово: «кошка»" in r.stdout and "строки: 2" in r.stderr
    assert "Игра 3" in r.stdout
    damaged = runner.invoke(app, ["replay", str(log), "--game", "2"])
    assert damaged.exit_code == 1 and "игра №2" in damaged.stderr
    assert "повреждена (строка 2" in damaged.stderr
    first = runner.invoke(app, ["replay", str(log), "--game", "1"])
    assert "Загаданное слово: «лампа»" in first.stdout
    every = runner.invoke(app, ["replay", str(log), "--all"])
    assert "Игра 1" in every.stdout and "Игра 3" in every.stdout and "Игра 2" not in every.stdout
    over = runner.invoke(app, ["replay", str(log), "--game", "4"])
    assert over.exit_code == 1 and "3 игры, игры №4 нет" in over.stderr


def test_replay_escapes_what_the_log_holds(tmp_path: Path) -> None:
    log = tmp_path / "l.jsonl"
    run(f"--role hinter --word кошка --log {log}", ["кот"])
    rec = log_records(log)[0]
    rec["secret"] = "\x1b[31mкошка[bold]"
    rec["rejected"] = [
        {"seat": "2-hinter", "word": "кот\x07", "detail": "созвучие: «ко»", "turn": 1}
    ]
    rec["turns"] = [
        {
            "number": 1,
            "team": 2,
            "utterance": {"mode": "single", "new": "мышь", "chain": ["мышь\x1b[2J"]},
            "answer": "сыр\x1b]0;title\x07",
            "correct": False,
        }
    ]
    log.write_text(json.dumps(rec, ensure_ascii=False) + "\n", "utf-8")
    r = runner.invoke(app, ["replay", str(log), "--all"], color=True)
    assert r.exit_code == 0, r.output
    assert "\x1b[31m" not in r.output and "\x07" not in r.output and "\x1b[2J" not in r.output
    assert "«\\x1b[31mкошка[bold]»" in r.output
    assert "отклонено (наводящий команды 2): «кот\\x07» — созвучие: «ко»" in r.output


def test_fake_lexicon_is_sane() -> None:
    lex = FakeLexicon()
    assert lex.analyse("Кошка").ok and not lex.analyse("кошку").ok


# ------------------------------------------------------------------ the real bots
@pytest.fixture(scope="module")
def real_kit() -> play.Kit:
    from associatsiya_ai.vectors.registry import ModelError

    try:
        return REAL_LOAD_KIT(None, "normal")
    except ModelError as exc:  # pragma: no cover - the default model ships with natasha
        pytest.skip(f"no default model: {exc}")


def test_real_bots_play_a_whole_game(
    real_kit: play.Kit, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(play, "load_kit", lambda model, level: real_kit)
    log = tmp_path / "real.jsonl"
    answers = ["собака", "дом", "машина", "вода", "город", "книга", "стол"]
    r = run(f"--seed 1 --explain --log {log}", ["?", *answers])
    assert r.exit_code == 0, r.output
    # a person who guesses gets the bots' reasons mid-game, not their unsaid candidates
    assert "другие варианты наводок — после игры" in r.output
    assert "лучшие варианты" not in r.output
    (rec,) = log_records(log)
    assert rec["ended_by"] is None, r.output
    assert rec["outcome"]["termination"] in {"guessed", "draw", "consonance"}
    assert rec["model"] and rec["bot_errors"] == []
    for turn in rec["turns"]:
        assert turn["hinter_explanation"]["candidates"]
    before_end = r.output.split("— верно!")[0].rsplit("\n", 1)[0]
    assert f"«{rec['secret']}»" not in before_end.split("Загаданное слово:")[0]


def test_real_bots_with_a_person_hinting(
    real_kit: play.Kit, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(play, "load_kit", lambda model, level: real_kit)
    log = tmp_path / "real.jsonl"
    r = run(f"--role hinter --word кошка --log {log}", ["кошку", "мышь", "+хвост", "++усы"])
    assert r.exit_code == 0, r.output
    assert "Правильная форма" in r.output or "не в именительном падеже" in r.output
    (rec,) = log_records(log)
    assert rec["rejected"][0]["word"] == "кошку"
    assert rec["seats"]["2-hinter"] == {"kind": "human"}
    assert rec["seats"]["2-guesser"]["bot"] == "EmbeddingGuesser"


def test_the_prompt_is_shown_once_a_turn_and_again_in_every_game() -> None:
    r = run("--role hinter --word лампа --games 2", ["бегать", "лампочка", "лампа", "лампочка"])
    assert r.exit_code == 0, r.output
    assert r.output.count("Ваш ход — наводящий") == 2  # not again after «бегать»
    assert r.output.count("Созвучие: наводка «лампочка»") == 2
    assert "Счёт после игры 2 из 2:" in r.output


def test_eof_at_the_secret_prompt(tmp_path: Path) -> None:
    """The person began game 1 (its title is shown) and left while choosing the secret:
    no game exists yet, but the log keeps the game as abandoned, like any other, with no
    secret and no turns, and replay says so."""
    log = tmp_path / "s.jsonl"
    r = run(f"--role hinter --team 1 --log {log}", ["кошку"])
    assert r.exit_code == 0
    assert "Игра прервана: ввод закончился." in r.output
    assert "Журнал: " in r.output and "(записано: 1 игра)" in r.output
    (rec,) = log_records(log)
    assert rec["ended_by"] == "eof" and rec["outcome"]["termination"] == "abandoned"
    assert rec["secret"] is None and rec["turns"] == [] and rec["game"] == 1
    assert rec["seats"]["1-hinter"] == {"kind": "human"} and rec["setter_side"] == "A"
    shown = runner.invoke(app, ["replay", str(log)])
    assert shown.exit_code == 0, shown.output
    assert "не загадано" in shown.stdout and "Игра прервана: ввод закончился." in shown.stdout
    assert "None" not in shown.stdout


def test_an_answer_already_given_is_refused_and_the_turn_kept(tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    # turn 1 «стол»; turn 2 the bots answer «дом»; turn 3: «Стол», «дом», «стол» again
    r = run(f"--word лампа --seed 1 --log {log}", ["стол", "Стол", "дом", "стул"])
    assert r.exit_code == 0, r.output
    said = "Не принято: «стол» уже называли — этот ответ неверен; назовите другое слово"
    assert said in r.output
    assert "Не принято: «дом» уже называли" in r.output  # the other team's answer too
    assert "Скажите другое слово." not in r.output  # the reason says it once
    assert "Отгадывающий команды 2 (вы): «стул» — мимо" in r.output  # the turn was kept
    (rec,) = log_records(log)
    assert [t["answer"] for t in rec["turns"]] == ["стол", "дом", "стул", "сад"]
    assert [(x["word"], x["turn"], x["kind"]) for x in rec["rejected"]] == [
        ("Стол", 3, "repeated-answer"),
        ("дом", 3, "repeated-answer"),
    ]


def test_replay_shows_the_rejections_of_an_unfinished_first_turn(tmp_path: Path) -> None:
    log = tmp_path / "u.jsonl"
    run(f"--word лампа --log {log}", ["кошку"])  # left in turn 1, after a rejected word
    (rec,) = log_records(log)
    assert rec["turns"] == [] and rec["rejected"][0]["turn"] == 1
    r = runner.invoke(app, ["replay", str(log)])
    assert r.exit_code == 0, r.output
    out = " ".join(r.stdout.split())
    assert "Ход 1 · команда 2 · не доигран" in out
    assert "отклонено (отгадывающий команды 2): «кошку» — не в именительном падеже" in out
    assert out.index("не доигран") < out.index("Игра прервана: ввод закончился.")


def test_replay_reads_a_log_written_before_the_decision_contract() -> None:
    old = Path(__file__).parent / "data" / "log-before-decisions.jsonl"
    r = runner.invoke(app, ["replay", str(old), "--all"])
    assert r.exit_code == 0, r.output
    lines = [" ".join(line.split()) for line in r.stdout.splitlines()]
    assert "Ход 1 · команда 2 · наводка: «сестра» (одно слово)" in lines
    assert "наводящий: режим: одно слово" in lines
    text = " ".join(lines)
    assert "наводящий: лучшие варианты: сестра 1.09, дядя 1.00" in text
    assert "отгадывающий: ближе всего к слову «сестра» (косинус + частотность)" in text
    assert "Команда 2 отгадала слово «брат» и победила." in lines


def test_three_pluses_are_refused_as_typed() -> None:
    r = run("--role hinter --word лампа", ["+++силуэт", "провод"])
    assert "Наводка — это слово, +слово (своя цепочка) или ++слово (общая цепочка)" in r.output
    assert "«+силуэт»" not in r.output
    assert "Наводящий команды 2 (вы): «провод» (одно слово)" in r.output


def test_a_guessed_game_names_the_secret_once() -> None:
    r = run("--word кошка", ["кошки"])
    assert "Команда 2 отгадала слово «кошка» и победила." in r.output
    assert "Загаданное слово: «кошка»" not in r.output  # not again right after
    r = run("--word лампа", ["стол"])
    assert "Загаданное слово: «лампа»." in r.output  # an unfinished game says it


def test_a_drawn_secret_is_told_to_the_hinter_by_the_setter() -> None:
    r = run("--role hinter --seed 1", [])
    assert "Наводящий команды 1 сообщил вам загаданное слово: «" in r.output
    assert "вы задали сами" not in r.output
