"""Bot-vs-bot runs on fake bots (fast) and the real CLI on a few games.

The fake bots draw words at random from a small noun list with the generator the run gives
them, so any difference between ``jobs=1`` and ``jobs=2`` would show in the results.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from fakes import FakeLexicon

from associatsiya_ai.arena.log import read_log
from associatsiya_ai.bots.decision import Decision
from associatsiya_ai.research.botvbot import BotSpec, run_games
from associatsiya_ai.research.seeding import game_rngs, secret_order
from associatsiya_ai.rules.game import PASS, GuesserView, HinterView, Mode
from associatsiya_ai.rules.words import fold, is_consonant

NOUNS = [
    "мышь",
    "сыр",
    "хвост",
    "усы",
    "молоко",
    "дом",
    "лес",
    "река",
    "гора",
    "море",
    "небо",
    "звезда",
    "луна",
    "солнце",
    "ветер",
    "дождь",
    "снег",
    "лед",
    "огонь",
    "вода",
    "хлеб",
    "соль",
    "книга",
    "стол",
    "стул",
    "окно",
    "дверь",
    "ключ",
    "замок",
    "город",
    "улица",
]
SECRETS = ["кошка", "собака", "лампа", "машина", "дерево", "цветок", "корабль", "птица"]


class FakeHinter:
    """Says a random legal noun (R4, R5), in a random mode; passes when nothing is left."""

    def __init__(self, level: str) -> None:
        self.level = level

    def act(self, view: HinterView, rng: np.random.Generator) -> Decision:
        secret = view.secret.word
        legal = [
            w
            for w in NOUNS
            if fold(w) not in view.spoken_lemmas and not is_consonant(secret, w) and w != secret
        ]
        if not legal and not view.last_own_was_pass:
            return Decision(PASS, Mode.SINGLE)
        word = legal[int(rng.integers(len(legal)))]
        mode = [Mode.SINGLE, Mode.OWN, Mode.ALL][int(rng.integers(3))]
        return Decision(word, mode)


class FakeGuesser:
    """Answers a random secret it has not heard refuted; «boom» makes it raise."""

    def __init__(self, level: str) -> None:
        self.level = level

    def act(self, view: GuesserView, rng: np.random.Generator) -> Decision:
        if self.level == "boom" and view.turn_number == 3:
            raise RuntimeError("fake guesser exploded")
        options = [w for w in SECRETS if w not in view.wrong_answers]
        return Decision(options[int(rng.integers(len(options)))])


@dataclass
class FakeKit:
    checker: Any
    secrets: list[str]
    hinter: Any
    guesser: Any

    def guesser_for(self, **seat: bool) -> Any:
        return self.guesser


def fake_kit(spec: BotSpec) -> FakeKit:
    """Module-level so that worker processes can use it."""
    secrets = SECRETS[2:] if spec.model == "m2" else SECRETS  # a smaller second model
    return FakeKit(FakeLexicon(), secrets, FakeHinter(spec.level), FakeGuesser(spec.level))


def _comparable(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k not in ("games_per_s", "jobs", "elapsed_s")}


def test_seeding_is_per_game() -> None:
    a = [g.integers(1 << 30) for g in game_rngs(7, 3)]
    assert a == [g.integers(1 << 30) for g in game_rngs(7, 3)]
    assert a != [g.integers(1 << 30) for g in game_rngs(7, 4)]
    assert len(set(a)) == 4  # four independent seats
    assert sorted(secret_order(7, 8).tolist()) == list(range(8))


def test_same_results_whatever_the_jobs() -> None:
    one = run_games(12, seed=5, jobs=1, factory=fake_kit, keep_records=True)
    two = run_games(12, seed=5, jobs=2, factory=fake_kit, keep_records=True)
    assert _comparable(one.report) == _comparable(two.report)
    assert [r.index for r in two.results] == list(range(12))
    strip = ("started_at", "ended_at")
    recs1 = [{k: v for k, v in r.record.items() if k not in strip} for r in one.results]
    recs2 = [{k: v for k, v in r.record.items() if k not in strip} for r in two.results]
    assert recs1 == recs2
    other = run_games(12, seed=6, jobs=1, factory=fake_kit)
    assert _comparable(other.report) != _comparable(one.report)


def test_report_keys_and_invariants() -> None:
    run = run_games(20, seed=1, factory=fake_kit)
    r = run.report
    for key in (
        "games",
        "wins_team1",
        "wins_team2",
        "draws",
        "first_mover_win_share",
        "solved_by_turn",
        "mean_turns_to_solve",
        "chain_modes",
        "passes",
        "fouls",
        "illegal_moves",
        "errors",
        "games_per_s",
        "wins_team1_ci",
        "wins_team2_ci",
        "draws_ci",
        "sides",
    ):
        assert key in r, key
    assert r["games"] == 20 and r["errors"] == 0
    assert r["fouls"] == 0 and r["illegal_moves"] == 0
    assert r["wins_team1"] + r["wins_team2"] + r["draws"] == 20
    assert len(r["solved_by_turn"]) == 12
    assert sum(r["chain_modes"].values()) >= 20
    # the setter alternates (R8): each side sets the secret in half the games
    assert [res.summary["sides"]["1"] for res in run.results[:4]] == ["A", "B", "A", "B"]
    assert r["sides"]["A"]["wins"] + r["sides"]["B"]["wins"] == r["wins_team1"] + r["wins_team2"]
    # secrets follow the seeded permutation: no repeat before the list is used up
    secrets = [res.summary["secret"] for res in run.results[:8]]
    assert sorted(secrets) == sorted(SECRETS)


def test_a_game_that_raises_is_an_error_not_a_crash() -> None:
    run = run_games(
        4, seed=2, side_a=BotSpec(level="boom"), side_b=BotSpec(level="boom"), factory=fake_kit
    )
    r = run.report
    # a raising bot is a bug: its game is an error, with its message, and the run goes on
    assert r["games"] == 4 and r["n"] == 0
    assert r["errors"] == 4
    (message,) = r["error_messages"]
    assert message.startswith("BotMoveError:") and "RuntimeError: fake guesser exploded" in message


def test_an_exception_outside_the_bots_is_kept(monkeypatch) -> None:
    import associatsiya_ai.research.botvbot as botvbot

    real = botvbot.play_game

    def flaky(secret: str, *args: Any, index: int = 0, **kw: Any):
        if index == 1:
            raise KeyError("seat")
        return real(secret, *args, index=index, **kw)

    monkeypatch.setattr(botvbot, "play_game", flaky)
    run = run_games(3, seed=2, factory=fake_kit, keep_records=True)
    r = run.report
    assert (r["games"], r["n"], r["errors"]) == (3, 2, 1)
    assert r["error_messages"] == ["KeyError: 'seat'"]
    assert run.results[1].record["error"] == "KeyError: 'seat'"
    assert "Traceback" in run.results[1].record["traceback"]


class CtrlCGuesser(FakeGuesser):
    """Ctrl-C arrives while it thinks on turn 3 (the game loop records an interrupt)."""

    def act(self, view: GuesserView, rng: np.random.Generator) -> Decision:
        if view.turn_number == 3:
            raise KeyboardInterrupt
        return super().act(view, rng)


def ctrl_c_kit(spec: BotSpec) -> FakeKit:
    return FakeKit(FakeLexicon(), SECRETS, FakeHinter(spec.level), CtrlCGuesser(spec.level))


def test_ctrl_c_in_a_game_stops_the_run() -> None:
    with pytest.raises(KeyboardInterrupt):
        run_games(3, seed=1, factory=ctrl_c_kit)


def test_a_failing_factory_stops_the_run() -> None:
    def broken(spec: BotSpec) -> FakeKit:
        raise FileNotFoundError("no model")

    with pytest.raises(FileNotFoundError):
        run_games(2, seed=1, factory=broken)


def test_log_records_are_complete(tmp_path) -> None:
    from associatsiya_ai.arena.log import GameLog

    run = run_games(3, seed=3, factory=fake_kit, keep_records=True)
    path = tmp_path / "games.jsonl"
    with GameLog(path) as log:
        for res in run.results:
            log.write(res.record)
    records = read_log(path)
    assert [rec["game"] for rec in records] == [1, 2, 3]
    assert all(rec["seed"] == 3 and rec["sides"]["1"] in "AB" for rec in records)
    json.dumps(records)


# ------------------------------------------------------------------------ CLI on fakes
@pytest.fixture
def fake_cli(monkeypatch):
    from typer.testing import CliRunner

    import associatsiya_ai.research.botvbot as botvbot
    from associatsiya_ai.cli import app

    monkeypatch.setattr(botvbot, "embedding_kit", fake_kit)

    def run(*args: str):
        return CliRunner().invoke(app, ["bot-vs-bot", *args])

    return run


def test_cli_json_is_one_object_and_jobs_do_not_matter(fake_cli) -> None:
    one = fake_cli("--games", "6", "--seed", "4", "--json")
    two = fake_cli("--games", "6", "--seed", "4", "--json", "--jobs", "2")
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert a["games"] == 6 and a["cross_model"] is False and "self_play" not in a
    assert _comparable(a) == _comparable(b)


def test_cli_jobs_are_capped_at_the_cpus_with_a_warning(fake_cli, monkeypatch) -> None:
    import associatsiya_ai.research.pool as pool

    monkeypatch.setattr(pool, "usable_cpus", lambda: 2)
    capped = fake_cli("--games", "4", "--seed", "4", "--json", "--jobs", "64")
    assert capped.exit_code == 0, capped.output
    assert "--jobs 64, а доступно процессоров: 2; запускаю 2 рабочих процесса" in capped.stderr
    assert json.loads(capped.stdout)["jobs"] == 2
    fits = fake_cli("--games", "2", "--seed", "4", "--json", "--jobs", "2")
    assert fits.exit_code == 0 and fits.stderr == ""


def test_usable_cpus_is_the_affinity_mask() -> None:
    import os

    from associatsiya_ai.research.pool import usable_cpus

    assert usable_cpus() == len(os.sched_getaffinity(0))


def test_cli_table_and_log(fake_cli, tmp_path) -> None:
    log = tmp_path / "games.jsonl"
    result = fake_cli("--games", "3", "--seed", "1", "--log", str(log), "--level-2", "hard")
    assert result.exit_code == 0, result.output
    assert "победы команды 1" in result.stdout and "games" in result.stdout
    records = read_log(log)
    assert [r["game"] for r in records] == [1, 2, 3]
    assert records[0]["levels"] == {"A": "normal", "B": "hard"}


def test_cli_json_success_writes_nothing_to_stderr(fake_cli) -> None:
    result = fake_cli("--games", "2", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no blank line from the progress bar


def test_cli_log_that_is_a_folder_is_said_in_russian_like_vs_bot(fake_cli, tmp_path) -> None:
    from fakes import fake_kit as person_kit
    from typer.testing import CliRunner

    import associatsiya_ai.cli.play as play
    from associatsiya_ai.cli import app

    result = fake_cli("--games", "2", "--log", str(tmp_path))
    said = f"Ошибка: не удалось открыть журнал {tmp_path}: это папка, а не файл"
    assert result.exit_code == 1 and result.stderr.strip() == said, result.output
    assert "is a directory" not in result.output
    as_json = fake_cli("--games", "2", "--log", str(tmp_path), "--json")
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout) == {"error": said.removeprefix("Ошибка: "), "code": 1}
    old, play.load_kit = play.load_kit, lambda model, level: person_kit(level)
    try:
        person = CliRunner().invoke(app, ["vs-bot", "--log", str(tmp_path)])
    finally:
        play.load_kit = old
    assert (person.exit_code, person.stderr) == (result.exit_code, result.stderr)


def test_cli_ctrl_c_exits_130(fake_cli, monkeypatch) -> None:
    import associatsiya_ai.research.botvbot as botvbot

    monkeypatch.setattr(botvbot, "embedding_kit", ctrl_c_kit)
    result = fake_cli("--games", "3", "--json")
    assert result.exit_code == 130, result.output
    assert result.stdout == "" and "Прервано." in result.stderr


def test_cli_two_models_add_self_play(fake_cli, tmp_path) -> None:
    log = tmp_path / "games.jsonl"
    result = fake_cli(
        "-n", "4", "--model-1", "m1", "--model-2", "m2", "--json", "--log", str(log), "-j", "2"
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["cross_model"] is True
    assert report["sides"]["A"]["model"] == "m1" and report["sides"]["B"]["model"] == "m2"
    assert set(report["self_play"]) == {"model_1", "model_2"}
    assert report["self_play"]["model_2"]["sides"]["A"]["model"] == "m2"
    records = read_log(log)
    assert [r["run"] for r in records] == ["cross"] * 4 + ["self_1"] * 4 + ["self_2"] * 4
    # the three runs play the same secrets, ones both models know
    secrets = [[r["secret"] for r in records if r["run"] == run] for run in ("cross", "self_1")]
    assert secrets[0] == secrets[1]
    assert set(secrets[0]) <= set(SECRETS[2:])


def test_cli_missing_model_is_one_line(monkeypatch) -> None:
    from typer.testing import CliRunner

    import associatsiya_ai.research.botvbot as botvbot
    from associatsiya_ai.cli import app
    from associatsiya_ai.vectors.registry import ModelError

    def missing(spec: BotSpec) -> FakeKit:
        raise ModelError(f"файл модели не найден: {spec.model}")

    monkeypatch.setattr(botvbot, "embedding_kit", missing)
    result = CliRunner().invoke(app, ["bot-vs-bot", "-n", "2", "--model-1", "nope.bin"])
    assert result.exit_code == 1
    assert "файл модели не найден: nope.bin" in result.stderr
    assert "Traceback" not in result.output


# ------------------------------------------------------------------------ scripts/sweep.py
def test_sweep_script_writes_a_csv(monkeypatch, tmp_path) -> None:
    import csv
    import importlib.util
    from pathlib import Path

    import associatsiya_ai.research.botvbot as botvbot

    path = Path(__file__).resolve().parents[1] / "scripts" / "sweep.py"
    spec = importlib.util.spec_from_file_location("sweep", path)
    assert spec is not None and spec.loader is not None
    sweep = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sweep)
    monkeypatch.setattr(botvbot, "embedding_kit", fake_kit)
    out = tmp_path / "sweep.csv"
    argv = ["--param", "level", "--values", "easy", "hard", "--games", "4", "--no-eval"]
    assert sweep.main([*argv, "--seed", "2", "--out", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["value"] for r in rows] == ["easy", "hard"]
    assert all(r["games"] == "4" and r["fouls"] == "0" for r in rows)
    assert sweep.parse_value("0.5") == 0.5 and sweep.parse_value("3") == 3
    assert sweep.spec_for("guesser.prior", 0.5, None).bot_kwargs("guesser") == {"prior": 0.5}
    with pytest.raises(SystemExit):
        sweep.spec_for("level", "superb", None)


# ------------------------------------------------------------------------ the real bots
@pytest.mark.model
def test_real_bots_same_json_whatever_the_jobs() -> None:
    from typer.testing import CliRunner

    from associatsiya_ai.cli import app

    args = ["bot-vs-bot", "--games", "4", "--seed", "11", "--json"]
    one = CliRunner().invoke(app, args)
    two = CliRunner().invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert _comparable(a) == _comparable(b)
    assert a["games"] == 4 and a["errors"] == 0
    assert a["fouls"] == 0 and a["illegal_moves"] == 0  # a bot never breaks a rule


# ------------------------------------------------------------------ the real bots
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_real_bots_never_make_an_illegal_move(level: str, real_vocab: Any) -> None:
    """An illegal bot move is a bug the arena raises on: none in many games at each level."""
    from associatsiya_ai.bots.levels import LEVEL_NAMES

    assert level in LEVEL_NAMES
    spec = BotSpec(level=level)
    r = run_games(100, seed=11, side_a=spec, side_b=spec).report
    assert r["errors"] == 0, r["error_messages"]
    assert (r["n"], r["illegal_moves"], r["bot_errors"]) == (100, 0, 0)
