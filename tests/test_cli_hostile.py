"""Hostile conditions (issue 10): the command line never shows a traceback and a game's
record survives however the process ends.

Each class of trouble has its test here: an output stream that cannot encode Cyrillic,
undecodable input bytes, closed or early-closed standard streams, a full disk, hang-up and
terminate signals mid-game, a damaged vocabulary cache, ``--json`` errors, usage and OS
errors in Russian, and replay into a pipe. Most run the real command line in a child
process (``slow``), with the bots replaced by the tiny fakes of ``tests/fakes.py``.
"""

from __future__ import annotations

import errno
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fakes import fake_kit
from typer.testing import CliRunner

import associatsiya_ai.cli.play as play
from associatsiya_ai.arena.log import GameLog
from associatsiya_ai.cli import app

TESTS = Path(__file__).resolve().parent
FAKE_MAIN = (
    "import sys; sys.path.insert(0, sys.argv.pop(1)); import fakes; "
    "import associatsiya_ai.cli.play as p; "
    "p.load_kit = lambda model, level: fakes.fake_kit(level); "
    "from associatsiya_ai.cli import main; sys.argv[0] = 'associatsiya'; main()"
)
"""The real ``main()`` with the fake bots (vs-bot starts in about a second)."""
REAL_MAIN = "import sys; from associatsiya_ai.cli import main; sys.argv[0] = 'associatsiya'; main()"

runner = CliRunner()
TINY_WORDS = (
    "кошка собака мышь лампа свет стол стул дом река мост море волна гора лес дерево "
    "окно дверь книга хвост усы молоко сыр хлеб вода небо солнце луна звезда ветер снег"
)


def child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, COLUMNS="100", **extra)
    env.pop("NO_COLOR", None)
    return env


def run_fake(
    *args: str, stdin: bytes = b"", env: dict[str, str] | None = None, **popen: Any
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", FAKE_MAIN, str(TESTS), *args],
        input=stdin if "stdin" not in popen else None,
        capture_output=not ({"stdout", "stderr"} & set(popen)),
        env=env or child_env(),
        timeout=60,
        check=False,
        **popen,
    )


def run_real(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", REAL_MAIN, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        env=env or child_env(),
        timeout=300,
        check=False,
    )


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def no_traceback(*texts: str | bytes) -> bool:
    for text in texts:
        shown = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        if "Traceback" in shown or "внутренняя ошибка" in shown:
            return False
    return True


# ------------------------------------------------------------- an unencodable output stream
@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("vs-bot", "--help"),
        ("check", "кошка", "мышь"),
        ("check", "кошку", "мышь"),
        ("hint", "кошку"),
        ("guess", "кошку"),
        ("models", "list"),
        ("vs-bot", "--games", "abc"),
    ],
)
def test_ascii_output_stream_never_gives_a_traceback(args: tuple[str, ...]) -> None:
    r = run_real(*args, env=child_env(PYTHONIOENCODING="ascii"))
    assert no_traceback(r.stdout, r.stderr), r.stderr
    assert r.returncode in (0, 1, 2)
    assert "\\u04" in r.stdout + r.stderr  # Cyrillic escaped, not lost and not a crash


@pytest.mark.slow
def test_vs_bot_starts_and_plays_with_an_ascii_output_stream(tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    r = run_fake(
        "vs-bot", "--word", "кошка", "--log", str(log), stdin="кошка\n".encode(),
        env=child_env(PYTHONIOENCODING="ascii"),
    )  # fmt: skip
    assert r.returncode == 0 and no_traceback(r.stdout, r.stderr), r.stderr
    assert records(log)[0]["outcome"]["termination"] == "guessed"


# ------------------------------------------------------------------ undecodable input
@pytest.mark.slow
def test_undecodable_input_is_refused_and_the_record_is_written(tmp_path: Path) -> None:
    log = tmp_path / "u.jsonl"
    r = run_fake(
        "vs-bot", "--word", "кошка", "--games", "2", "--seed", "1", "--log", str(log),
        stdin=b"\xd0\xff\xfe\n" + "кошка\n".encode() + b"\xff\n",
    )  # fmt: skip
    assert no_traceback(r.stdout, r.stderr), r.stderr
    assert r.returncode == 0
    recs = records(log)
    assert len(recs) == 2  # the match went on after game 1
    assert recs[0]["rejected"][0]["word"].startswith("\ufffd")
    assert recs[0]["outcome"]["termination"] == "guessed"


def test_the_log_writer_never_fails_on_a_surrogate(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    with GameLog(path) as log:
        log.write({"secret": "кошка", "turns": [], "outcome": None, "word": "к\udcd0т"})
    (rec,) = records(path)
    assert rec["word"] == "к\udcd0т"  # the JSON escape reads back as the same string


# ------------------------------------------------------------- closed standard streams
@pytest.mark.slow
def test_closed_standard_input_ends_the_game_cleanly(tmp_path: Path) -> None:
    log = tmp_path / "c.jsonl"
    r = subprocess.run(
        [sys.executable, "-c", FAKE_MAIN, str(TESTS), "vs-bot", "--word", "кошка", "--log",
         str(log)],
        capture_output=True, env=child_env(), timeout=60, check=False,
        preexec_fn=lambda: os.close(0),
    )  # fmt: skip
    assert r.returncode == 0 and no_traceback(r.stdout, r.stderr), r.stderr
    assert "Игра прервана: ввод закончился." in r.stdout.decode()
    assert records(log)[0]["ended_by"] == "eof"


@pytest.mark.slow
def test_closed_standard_output_at_start_keeps_the_record(tmp_path: Path) -> None:
    log = tmp_path / "o.jsonl"
    r = subprocess.run(
        [sys.executable, "-c", FAKE_MAIN, str(TESTS), "vs-bot", "--word", "кошка", "--log",
         str(log)],
        input="стол\nкошка\n".encode(), stderr=subprocess.PIPE, env=child_env(), timeout=60,
        check=False, preexec_fn=lambda: os.close(1),
    )  # fmt: skip
    assert no_traceback(r.stderr), r.stderr
    assert r.stderr.decode().strip() == ""
    (rec,) = records(log)
    assert rec["ended_by"] == "output-closed" and r.returncode == 141


@pytest.mark.slow
def test_a_reader_closing_the_pipe_early_keeps_the_record(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    child = subprocess.Popen(
        [sys.executable, "-c", FAKE_MAIN, str(TESTS), "vs-bot", "--word", "кошка", "--log",
         str(log)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(),
    )  # fmt: skip
    assert child.stdout is not None and child.stdin is not None
    seen = b""
    while b"> " not in seen:  # like `| head -3`: read the start, then go away
        seen += child.stdout.read1(4096)
    child.stdout.close()
    _, err = child.communicate("стол\nстул\nкошка\n".encode(), timeout=60)
    assert no_traceback(err), err
    assert err.decode().strip() == ""
    (rec,) = records(log)
    assert rec["ended_by"] == "output-closed" and child.returncode == 141


@pytest.mark.slow
def test_check_into_a_closed_pipe_exits_quietly() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", REAL_MAIN, "check", "кошка", "мышь"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(),
    )  # fmt: skip
    assert child.stdout is not None
    child.stdout.close()  # `| head -0`
    _, err = child.communicate(timeout=120)
    assert err.decode().strip() == "" and child.returncode in (0, 1)


# ------------------------------------------------------------------------- a full disk
def test_full_disk_while_writing_the_log_is_one_russian_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play, "load_kit", lambda model, level: fake_kit(level))

    def full(self: GameLog, record: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(GameLog, "write", full)
    log = tmp_path / "f.jsonl"
    r = runner.invoke(app, ["vs-bot", "--word", "кошка", "--log", str(log)], input="кошка\n")
    assert r.exit_code == 1  # README: a game that could not be logged exits 1
    assert "Ваша команда победила!" in r.stdout  # the game itself was played out
    errors = r.stderr.strip().splitlines()
    assert errors == [f"Ошибка: не удалось записать игру в журнал {log}: на диске нет места"]
    assert r.exception is None or isinstance(r.exception, SystemExit)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_dev_full_as_the_log_of_vs_bot_and_bot_vs_bot() -> None:
    r = run_fake("vs-bot", "--word", "кошка", "--log", "/dev/full", stdin="кошка\n".encode())
    err = r.stderr.decode()
    assert r.returncode == 1 and no_traceback(r.stdout, err), err
    assert err.count("на диске нет места") == 1 and len(err.strip().splitlines()) == 1
    code = (
        "import sys; sys.path.insert(0, sys.argv.pop(1)); import test_botvbot as t; "
        "import associatsiya_ai.research.botvbot as b; b.embedding_kit = t.fake_kit; "
        "from associatsiya_ai.cli import main; sys.argv[0] = 'associatsiya'; main()"
    )
    r2 = subprocess.run(
        [sys.executable, "-c", code, str(TESTS), "bot-vs-bot", "--games", "4", "--log",
         "/dev/full"],
        capture_output=True, text=True, env=child_env(), timeout=120, check=False,
    )  # fmt: skip
    assert r2.returncode == 1 and no_traceback(r2.stdout, r2.stderr), r2.stderr
    assert "на диске нет места" in r2.stderr


def test_evaluate_error_is_one_line() -> None:
    r = runner.invoke(app, ["evaluate", "guesser", "/nonexistent.jsonl"])
    assert r.exit_code == 1 and r.stderr.startswith("Ошибка:") and r.stderr.count("\n") == 1


def test_os_errors_are_said_in_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "load_kit", lambda model, level: fake_kit(level))
    r = runner.invoke(app, ["vs-bot", "--log", str(tmp_path)])
    assert r.exit_code == 1 and "это папка, а не файл" in r.stderr
    assert "Is a directory" not in r.output + r.stderr


def test_more_os_errors_are_russian(tmp_path: Path) -> None:
    """A symlink loop, a pipe as the log (Illegal seek), a read-only disk, a codec error."""
    from associatsiya_ai.oserrors import os_error_text

    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(loop)
    r = runner.invoke(app, ["replay", str(loop)])
    assert r.exit_code == 1 and "символических ссылок" in r.stderr
    assert "Too many levels" not in r.output + r.stderr
    piped = run_fake("vs-bot", "--word", "кошка", "--log", "/dev/stdout", stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE)  # fmt: skip
    assert piped.returncode == 1 and "не поддерживает перемотку" in piped.stderr.decode()
    assert b"Illegal seek" not in piped.stderr
    assert os_error_text(OSError(errno.EROFS, "Read-only file system")) == (
        "файловая система только для чтения"
    )
    with pytest.raises(UnicodeDecodeError) as decode:
        b"\xff".decode("utf-8")
    assert os_error_text(decode.value) == "в тексте есть байты не в кодировке UTF-8"


# ------------------------------------------------------------------ hang-up and terminate
def _wait_for(stream: Any, marker: bytes, timeout: float = 60) -> bytes:
    seen, deadline = b"", time.monotonic() + timeout
    while marker not in seen and time.monotonic() < deadline:
        if select.select([stream], [], [], 0.5)[0]:
            chunk = os.read(stream.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(
    ("signum", "ended_by", "code"),
    [
        (signal.SIGHUP, "hangup", 129),
        (signal.SIGTERM, "terminate", 143),
        (signal.SIGQUIT, "quit-signal", 131),
    ],
)
def test_signal_mid_game_writes_the_abandoned_game(
    tmp_path: Path, signum: int, ended_by: str, code: int
) -> None:
    log = tmp_path / "sig.jsonl"
    child = subprocess.Popen(
        [sys.executable, "-c", FAKE_MAIN, str(TESTS), "vs-bot", "--word", "кошка", "--games",
         "3", "--log", str(log)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(),
    )  # fmt: skip
    assert child.stdout is not None and child.stdin is not None
    child.stdin.write("стол\n".encode())
    child.stdin.flush()
    seen = _wait_for(child.stdout, "Ответ> стол".encode())
    seen += _wait_for(child.stdout, "Ответ> ".encode())  # the second prompt: mid-game
    assert "Ответ> ".encode() in seen
    child.send_signal(signum)
    out, err = child.communicate(timeout=30)
    assert child.returncode == code, err
    assert no_traceback(out, err), err
    (rec,) = records(log)  # the game in progress, and no second game
    assert rec["ended_by"] == ended_by
    assert rec["outcome"]["termination"] == "abandoned"
    assert len(rec["turns"]) == 2 and rec["turns"][0]["answer"] == "стол"


# ----------------------------------------------------------------------- a damaged cache
@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A 30-word word2vec text model and a private cache dir with its vocabulary built."""
    import numpy as np

    root = tmp_path_factory.mktemp("tiny")
    words = TINY_WORDS.split()
    rng = np.random.default_rng(0)
    model = root / "tiny.vec"
    lines = [f"{len(words)} 8"]
    lines += [w + " " + " ".join(f"{x:.3f}" for x in rng.normal(size=8)) for w in words]
    model.write_text("\n".join(lines) + "\n", "utf-8")
    env = child_env(XDG_CACHE_HOME=str(root / "cache"))
    r = run_real("models", "index", "--model", str(model), env=env)
    assert r.returncode == 0, r.stderr
    return model, env


def _cache_file(env: dict[str, str]) -> Path:
    (path,) = (Path(env["XDG_CACHE_HOME"]) / "associatsiya").glob("vocab-*.npz")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["truncated", "garbage"])
@pytest.mark.parametrize(
    "args",
    [
        ("models", "index"),
        ("hint", "кошка"),
        ("guess", "мышь"),
        ("vs-bot", "--word", "кошка"),
    ],
)
def test_every_command_survives_a_damaged_cache(
    tiny_model: tuple[Path, dict[str, str]], damage: str, args: tuple[str, ...]
) -> None:
    model, env = tiny_model
    path = _cache_file(env)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2] if damage == "truncated" else b"garbage" * 100)
    r = subprocess.run(
        [sys.executable, "-c", REAL_MAIN, *args, "--model", str(model)],
        input="!выход\n", capture_output=True, text=True, env=env, timeout=300, check=False,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert no_traceback(r.stdout, r.stderr), r.stderr
    # said in Russian before the long rebuild, the file named, numpy's reason left out
    notice = f"кэш словаря повреждён ({path.name}) — строю заново…"
    assert notice in r.stderr and r.stderr.index(notice) < r.stderr.index("Строю словарь")
    assert "damaged" not in r.stderr and "zip" not in r.stderr.lower()
    assert "загружен из кэша" not in r.stdout
    assert len(_cache_file(env).read_bytes()) > 1000  # rebuilt and saved again


@pytest.mark.slow
@pytest.mark.parametrize("args", [("hint", "кошка"), ("vs-bot", "--word", "кошка")])
def test_a_damaged_people_cache_is_said_before_it_is_rebuilt(
    tiny_model: tuple[Path, dict[str, str]], args: tuple[str, ...]
) -> None:
    model, env = tiny_model
    run_real("guess", "мышь", "--model", str(model), env=env)  # the people cache exists
    (path,) = (Path(env["XDG_CACHE_HOME"]) / "associatsiya").glob("people-*.npz")
    path.write_bytes(b"garbage")
    r = subprocess.run(
        [sys.executable, "-c", REAL_MAIN, *args, "--model", str(model)],
        input="!выход\n", capture_output=True, text=True, env=env, timeout=300, check=False,
    )  # fmt: skip
    assert r.returncode == 0 and no_traceback(r.stdout, r.stderr), r.stderr
    assert r.stderr.strip() == f"кэш модели ответов людей повреждён ({path.name}) — строю заново…"
    assert len(path.read_bytes()) > 1000  # rebuilt and saved again


@pytest.mark.slow
def test_bot_vs_bot_survives_a_damaged_cache(tiny_model: tuple[Path, dict[str, str]]) -> None:
    model, env = tiny_model
    _cache_file(env).write_bytes(b"garbage")
    r = run_real("bot-vs-bot", "--games", "2", "--model-1", str(model), env=env)
    assert r.returncode == 0 and no_traceback(r.stdout, r.stderr), r.stderr
    assert len(_cache_file(env).read_bytes()) > 1000


@pytest.mark.slow
@pytest.mark.parametrize("args", [("hint", "кошка"), ("guess", "мышь"), ("models", "index")])
def test_bot_commands_print_with_an_ascii_output_stream(
    tiny_model: tuple[Path, dict[str, str]], args: tuple[str, ...]
) -> None:
    model, env = tiny_model
    r = run_real(*args, "--model", str(model), env={**env, "PYTHONIOENCODING": "ascii"})
    assert r.returncode == 0 and no_traceback(r.stdout, r.stderr), r.stderr
    assert "\\u04" in r.stdout


# ------------------------------------------------------------------------ --json errors
@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["check", "кошку", "мышь", "--json"], 2),
        (["check", "кошка", "--json", "--nope"], 2),
        (["hint", "кошку", "--json"], 1),
        (["hint", "кошка", "--level", "x", "--json"], 2),
        (["guess", "кошку", "--json"], 1),
        (["evaluate", "guesser", "/nonexistent.jsonl", "--json"], 1),
        (["bench", "--json", "--repeat", "0"], 2),
        (["bot-vs-bot", "--json", "--games", "zero"], 2),
        (["models", "index", "--model", "/nonexistent.vec", "--json"], 1),
    ],
)
def test_json_errors_are_one_object(args: list[str], code: int) -> None:
    r = runner.invoke(app, args)
    assert r.exit_code == code, r.output
    assert r.stdout.count("\n") == 1, r.stdout
    data = json.loads(r.stdout)
    assert data["code"] == code and data["error"] and "Traceback" not in data["error"]
    assert "Ошибка:" in r.stderr


# ------------------------------------------------------------- usage errors in Russian
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["vs-bot", "--games", "abc"], "неверное значение --games: нужно целое число"),
        (["vs-bot", "--games", "0"], "неверное значение --games: нужно не меньше 1"),
        (["vs-bot", "--games", "101"], "неверное значение --games: нужно не больше 100"),
        (["vs-bot", "--level", "x"], "неверное значение --level: «x» — можно:"),
        (["vs-bot", "--nope"], "нет параметра --nope"),
        (["vs-bot", "--games"], "параметру --games нужно значение"),
        (["check"], "не хватает аргумента SECRET"),
        (["nocmd"], "нет команды «nocmd»"),
        (["check", "a", "b", "c"], "лишние аргументы: c"),
    ],
)
def test_usage_errors_are_russian(args: list[str], said: str) -> None:
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    assert r.stderr.startswith(f"Ошибка: {said}"), r.stderr
    assert "Invalid value" not in r.stderr and "Error" not in r.stderr


@pytest.mark.slow
def test_no_arguments_shows_the_usage_and_exits_2() -> None:
    r = run_real()
    assert r.returncode == 2 and "vs-bot" in r.stdout + r.stderr


def test_role_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "load_kit", lambda model, level: fake_kit(level))
    r = runner.invoke(app, ["vs-bot", "--role", "наводящий", "--word", "лампа"], input="")
    assert r.exit_code == 0 and "вы наводящий" in r.stdout
    r = runner.invoke(app, ["vs-bot", "--role", "отгадывающий", "--word", "лампа"], input="")
    assert r.exit_code == 0 and "вы отгадывающий" in r.stdout


# --------------------------------------------------------------------- replay into a pipe
def _a_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(play, "load_kit", lambda model, level: fake_kit(level))
    log = tmp_path / "r.jsonl"
    r = runner.invoke(app, ["vs-bot", "--word", "лампа", "--log", str(log)], input="стол\nстул\n")
    assert r.exit_code == 0
    return log


def test_replay_into_a_pipe_does_not_wait_even_from_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import associatsiya_ai.terminal.line_input as line_input

    log = _a_log(tmp_path, monkeypatch)
    monkeypatch.setattr(line_input, "stdin_is_tty", lambda: True)  # typed at a terminal …
    r = runner.invoke(app, ["replay", str(log)], input="")  # … into a pipe (CliRunner)
    assert r.exit_code == 0
    assert "⏎ дальше" not in r.stdout
    assert "Ход 1" in r.stdout and "Ход 3" in r.stdout and "Игра прервана" in r.stdout


@pytest.mark.slow
def test_replay_piped_to_head_from_a_terminal_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pexpect = pytest.importorskip("pexpect")
    log = _a_log(tmp_path, monkeypatch)
    shell = f'{sys.executable} -c "{REAL_MAIN}" replay {log} | head -5'
    child = pexpect.spawn("/bin/sh", ["-c", shell], encoding="utf-8", timeout=60, env=child_env())
    child.expect(pexpect.EOF)  # before: waited for Enter at a prompt lost in the pipe
    child.close()
    assert "Игра 1" in (child.before or "") and "Traceback" not in (child.before or "")


def test_replay_warning_is_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = _a_log(tmp_path, monkeypatch)
    log.write_text(log.read_text("utf-8") + '{"secret": "кош\n', "utf-8")
    r = runner.invoke(app, ["replay", str(log), "--all"])
    assert r.exit_code == 0
    assert "строка оборвана" in r.stderr and "Unterminated" not in r.stderr


def test_replay_labels_are_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = _a_log(tmp_path, monkeypatch)
    r = runner.invoke(app, ["replay", str(log), "--all"])
    assert "зерно: " in r.stdout and "модель: fake" in r.stdout and "уровень ботов: " in r.stdout
    assert "seed:" not in r.stdout and "model:" not in r.stdout and "level:" not in r.stdout


@pytest.mark.slow
def test_output_to_a_full_disk_is_not_success() -> None:
    """`check … > /dev/full`: the result could not be written, so the exit code is 1."""
    import os
    import subprocess
    import sys

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this platform")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "associatsiya_ai", "check", "кошка", "мышь"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            timeout=120,
        )
    assert done.returncode == 1
    assert "на диске нет места" in done.stderr and "Traceback" not in done.stderr


def test_ctrl_c_while_the_commands_load_is_quiet() -> None:
    """Ctrl-C in the first second, while numpy, rich and the commands load (here: the
    import of ``cli.run`` interrupted), exits 130 with «Прервано.» and no traceback; the
    package itself loads light (no numpy) so that window is all but the interpreter's."""
    interrupted = (
        "import builtins, sys; real = builtins.__import__\n"
        "def imp(name, *a, **k):\n"
        "    if name == 'associatsiya_ai.cli.run':\n"
        "        raise KeyboardInterrupt\n"
        "    return real(name, *a, **k)\n"
        "builtins.__import__ = imp\n"
        "from associatsiya_ai.cli import main; sys.argv[0] = 'associatsiya'; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", interrupted, "vs-bot"], capture_output=True, timeout=60
    )
    assert done.returncode == 130
    assert "Прервано." in done.stderr.decode()
    assert b"Traceback" not in done.stderr
    light = "import sys, associatsiya_ai.cli; print('numpy' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", light], capture_output=True, timeout=60)
    assert loaded.stdout.strip() == b"False"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "said"),
    [
        ((), "Играйте с ботами (vs-bot)"),
        (("hint",), "Лучшие наводки бота"),
        (("guess",), "Ответы бота на цепочку наводок"),
        (("check",), "Проверить наводку HINT"),
        (("vs-bot",), "Сыграть в «Ассоциацию» в терминале"),
        (("replay",), "Разобрать записанную игру"),
        (("bot-vs-bot",), "Сыграть игры бот против бота"),
        (("bench",), "Замерить скорость и память"),
        (("evaluate",), "Качество игры бота по нормам"),
        (("models",), "Модели эмбеддингов"),
        (("models", "list"), "Показать модель по умолчанию"),
        (("models", "download"), "Скачать модель в папку моделей"),
        (("models", "index"), "Построить (или загрузить) словарь"),
    ],
)
def test_help_keeps_its_texts_under_python_oo(command: tuple[str, ...], said: str) -> None:
    """``PYTHONOPTIMIZE=2`` strips docstrings: the help texts must not come from them."""
    env = {**child_env(PYTHONOPTIMIZE="2"), "COLUMNS": "200"}
    r = run_real(*command, "--help", env=env)
    assert r.returncode == 0, r.stderr
    assert said in r.stdout
