"""A real terminal: ``vs-bot`` in a pseudo-terminal (pexpect), prompts answered by hand.

The child process runs the real command line (``associatsiya_ai.cli.main``) with the bots
replaced by the tiny fakes, so it starts in about a second.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.slow

TESTS = Path(__file__).resolve().parent
CODE = (  # associatsiya_ai.cli first, before numpy (fakes): as the installed command does
    "import sys; sys.path.insert(0, sys.argv.pop(1)); import associatsiya_ai.cli; import fakes; "
    "import associatsiya_ai.cli.play as p; "
    "p.load_kit = lambda model, level: fakes.fake_kit(level); "
    "from associatsiya_ai.cli import main; sys.argv[0] = 'associatsiya'; main()"
)


def foreground() -> None:
    """Run in each spawned child before exec: Ctrl-C and Ctrl-\\ act as in a terminal's
    foreground job. pytest run as a background job of a non-interactive shell (``python -m
    pytest &``) ignores SIGINT and SIGQUIT, its children inherit that, and the game rightly
    respects it; these tests stand for a player at a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def spawn(*args: str, **extra: str) -> Any:
    """The CLI with ``args`` at a 40×100 terminal (``extra``: more environment)."""
    env = dict(os.environ, COLUMNS="100", LINES="40", TERM="xterm-256color", **extra)
    env.pop("NO_COLOR", None)
    return pexpect.spawn(
        sys.executable,
        ["-c", CODE, str(TESTS), *args],
        encoding="utf-8",
        timeout=30,
        env=env,
        dimensions=(40, 100),
        preexec_fn=foreground,
    )


def test_one_short_game_in_a_terminal(tmp_path: Path) -> None:
    log = tmp_path / "pty.jsonl"
    child = spawn("vs-bot", "--word", "кошка", "--log", str(log))
    child.expect("Вы — отгадывающий команды 2")
    child.expect("«мышь»")
    child.expect("Ответ> ")
    child.sendline("?")
    child.expect("варианты наводок — после игры")
    child.expect("Ответ> ")
    child.sendline("кошку")
    child.expect("скажите «кошка»")
    child.expect("Ответ> ")
    child.sendline("кошка")
    child.expect("Ваша команда победила!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert '"termination": "guessed"' in log.read_text("utf-8")


def test_ctrl_c_at_a_prompt(tmp_path: Path) -> None:
    log = tmp_path / "pty.jsonl"
    child = spawn("vs-bot", "--role", "hinter", "--word", "лампа", "--log", str(log))
    child.expect("Наводка> ")
    child.sendline("провод")
    child.expect("Наводка> ")
    child.sendintr()
    child.expect("Ctrl-C")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert '"ended_by": "interrupt"' in log.read_text("utf-8")
    assert "Traceback" not in (child.before or "")


def test_replay_steps_turn_by_turn_in_a_terminal(tmp_path: Path) -> None:
    log = tmp_path / "pty.jsonl"
    game = spawn("vs-bot", "--word", "лампа", "--log", str(log))
    for answer in ("стол", "стул"):
        game.expect("Ответ> ")
        game.sendline(answer)
    game.expect("Ответ> ")
    game.sendline("!выход")
    game.expect(pexpect.EOF)
    replay = spawn("replay", str(log))
    replay.expect("Загаданное слово")
    replay.expect("дальше")
    replay.sendline("")
    replay.expect("Ход 1")
    replay.expect("дальше")
    assert "Ход 2" not in (replay.before or "")
    replay.sendline("")
    replay.expect("Ход 2")
    replay.expect("дальше")
    replay.sendline("q")
    replay.expect(pexpect.EOF)
    replay.close()
    assert replay.exitstatus == 0


def test_real_model_in_a_terminal() -> None:
    """The real ``python -m associatsiya_ai.cli`` with the default model: a quick foul.

    Start-up speed is measured by ``associatsiya bench`` (load_s), not asserted here.
    """
    from associatsiya_ai.cli.play import load_kit

    load_kit(None, "normal")  # a cold cache builds the vocabulary once, here
    env = dict(os.environ, COLUMNS="100", LINES="40", TERM="xterm-256color")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "associatsiya_ai.cli", "vs-bot", "--role", "hinter", "--word", "кошка"],
        encoding="utf-8",
        timeout=120,
        env=env,
        dimensions=(40, 100),
        preexec_fn=foreground,
    )
    child.expect("Наводка> ")
    child.sendline("кот")
    child.expect("Созвучие")
    child.expect("первые две буквы")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_line_editing_left_and_backspace(tmp_path: Path) -> None:
    """readline: the arrow moves the cursor and Backspace deletes there (no «^[[D» typed)."""
    log = tmp_path / "edit.jsonl"
    child = spawn("vs-bot", "--word", "кошка", "--log", str(log))
    child.expect("Ответ> ")
    child.send("кошкxа")  # a typo one letter before the end
    child.send("\x1b[D")  # Left: the cursor before «а»
    child.send("\x7f")  # Backspace: deletes «x»
    child.send("\r")
    child.expect("«кошка» и победила")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    (record,) = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert record["turns"][0]["answer"] == "кошка" and record["rejected"] == []


def test_closing_the_terminal_mid_game_writes_the_record(tmp_path: Path) -> None:
    """The terminal goes away (the pty is closed: SIGHUP) while the prompt waits."""
    log = tmp_path / "hup.jsonl"
    child = spawn("vs-bot", "--word", "кошка", "--log", str(log))
    child.expect("Ответ> ")
    child.sendline("стол")
    child.expect("Ответ> ")
    child.close(force=False)  # hang up: the kernel sends SIGHUP to the session
    for _ in range(100):
        if log.exists() and log.read_text("utf-8").strip():
            break
        time.sleep(0.1)
    (record,) = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert record["ended_by"] == "hangup"
    assert record["turns"][0]["answer"] == "стол"


def test_ctrl_backslash_at_a_prompt_keeps_the_game(tmp_path: Path) -> None:
    """Ctrl-\\ (SIGQUIT) ends the game like Ctrl-C: a Russian line, the record, exit 131."""
    log = tmp_path / "quit.jsonl"
    child = spawn("vs-bot", "--word", "кошка", "--log", str(log))
    child.expect("Ответ> ")
    child.sendline("стол")
    child.expect("Ответ> ")
    child.sendcontrol("\\")
    child.expect("Ctrl-\\\\")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 131, child.before
    assert "Traceback" not in (child.before or "") and "Quit" not in (child.before or "")
    (record,) = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert record["ended_by"] == "quit-signal"
    assert record["turns"][0]["answer"] == "стол"


@pytest.mark.parametrize("lc_all", ["C", "xx_YY.UTF-8"])
def test_cyrillic_is_read_whatever_the_locale(tmp_path: Path, lc_all: str) -> None:
    """Under LC_ALL=C (or a locale that is not installed) readline would take Cyrillic
    bytes for Meta keys («небо» → «:ебо») and Enter would do nothing."""
    log = tmp_path / "c.jsonl"
    env = dict(os.environ, COLUMNS="100", LINES="40", TERM="xterm-256color", LC_ALL=lc_all)
    child = pexpect.spawn(
        sys.executable,
        ["-c", CODE, str(TESTS), "vs-bot", "--word", "кошка", "--log", str(log)],
        timeout=30,
        env=env,
        dimensions=(40, 100),
        preexec_fn=foreground,
    )
    child.expect("Ответ> ".encode())
    child.send("небо".encode())
    child.send(b"\r")
    child.expect("«небо» — мимо".encode())
    child.expect("Ответ> ".encode())
    child.send("кошка\r".encode())
    child.expect("победила".encode())
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    (record,) = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert [t["answer"] for t in record["turns"]][::2] == ["небо", "кошка"]


def test_a_paste_answers_only_the_prompt_on_the_screen(tmp_path: Path) -> None:
    """Three lines pasted at once: the first answers the prompt, the others, typed before
    the next prompt appeared, are dropped with a note."""
    log = tmp_path / "paste.jsonl"
    child = spawn("vs-bot", "--word", "кошка", "--log", str(log))
    child.expect("Ответ> ")
    child.send("стол\rстул\rдом\r")
    child.expect("«стол» — мимо")
    child.expect("Набранное до приглашения пропущено")
    child.expect("Ответ> ")
    child.sendline("!выход")
    child.expect(pexpect.EOF)
    child.close()
    (record,) = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    answers = [t["answer"] for t in record["turns"]]
    assert answers[0] == "стол" and len(answers) == 2  # the person's turn and the rivals'
    assert "стул" not in answers
    assert record["rejected"] == []


def test_the_prompt_and_its_line_come_back_after_a_stop(tmp_path: Path) -> None:
    """Stopped (Ctrl-Z) and continued (fg): the prompt is drawn again with what was typed,
    so it is seen, not glued unseen to the next answer."""
    log = tmp_path / "stop.jsonl"
    child = spawn("vs-bot", "--word", "кошка", "--log", str(log))
    child.expect("Ответ> ")
    child.send("сто")
    child.expect("сто")
    os.kill(child.pid, signal.SIGSTOP)
    time.sleep(0.3)
    os.kill(child.pid, signal.SIGCONT)
    child.expect("Ответ> ")  # drawn again
    child.expect("сто")
    child.send("л\r")
    child.expect("«стол» — мимо")
    child.expect("Ответ> ")
    child.sendline("!выход")
    child.expect(pexpect.EOF)
    child.close()
    (record,) = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert record["turns"][0]["answer"] == "стол"


def _plain(*args: str) -> Any:
    """``vs-bot`` at a terminal whose locale readline cannot read: plain input()."""
    return spawn(*args, LC_ALL="C")


def _answers(log: Path) -> list[str]:
    (record,) = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    return [t["answer"] for t in record["turns"]]


def _half_line_then_stop(child: Any, *, ctrl_z: bool = False) -> None:
    """At the first prompt, type «сто», stop the game (SIGSTOP, or Ctrl-Z typed) and
    continue it (SIGCONT stands for ``fg``)."""
    child.expect("Ответ> ")
    child.send("сто")
    child.expect("сто")
    if ctrl_z:
        child.sendcontrol("z")
    else:
        os.kill(child.pid, signal.SIGSTOP)
    time.sleep(0.3)
    os.kill(child.pid, signal.SIGCONT)


def _dropped_then_answered(child: Any, note: str, answer: str) -> None:
    """The note naming the dropped «сто», the prompt again, and ``answer`` taken alone."""
    child.expect(note)
    child.expect("Ответ> ")
    child.send(f"{answer}\r")
    child.expect(f"«{answer}» — мимо")
    child.expect("Ответ> ")


def test_plain_input_says_what_a_stop_dropped(tmp_path: Path) -> None:
    """Plain input (no readline): stopped and continued with a half-typed «сто» in the
    terminal's line buffer. The prompt comes back with a note naming what was dropped, and
    the next answer is the one typed after it, never «сто» glued to it."""
    log = tmp_path / "plain-stop.jsonl"
    child = _plain("vs-bot", "--word", "кошка", "--log", str(log))
    _half_line_then_stop(child)
    _dropped_then_answered(child, "Набранное до остановки \\(Ctrl-Z\\) пропущено: «сто»", "стол")
    child.sendline("!выход")
    child.expect(pexpect.EOF)
    child.close()
    assert _answers(log)[0] == "стол"


def test_plain_input_keeps_what_ctrl_z_would_throw_away(tmp_path: Path) -> None:
    """Ctrl-Z typed at a plain prompt empties the terminal's line buffer unless told not
    to: the half line is taken out at the stop and named after ``fg`` (here the child, in
    a session of its own, is not stopped by Ctrl-Z; SIGCONT stands for ``fg``)."""
    log = tmp_path / "plain-ctrl-z.jsonl"
    child = _plain("vs-bot", "--word", "кошка", "--log", str(log))
    _half_line_then_stop(child, ctrl_z=True)
    _dropped_then_answered(child, "пропущено: «сто»", "дом")
    child.sendintr()  # Ctrl-C still ends the game, with nothing left for the shell
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert _answers(log)[0] == "дом"


def test_backspace_at_a_plain_prompt_erases_a_whole_letter(tmp_path: Path) -> None:
    """Plain input on a terminal that does not say IUTF8 (a pty made by a program, as
    here): the game asks for it while the prompt reads, so Backspace erases «х», not the
    last of its two bytes (which left «кошк\ufffdа»)."""
    import termios

    from associatsiya_ai.terminal.resume import _IUTF8

    log = tmp_path / "plain-backspace.jsonl"
    child = _plain("vs-bot", "--word", "кошка", "--log", str(log))
    attrs = termios.tcgetattr(child.child_fd)
    attrs[0] &= ~_IUTF8
    termios.tcsetattr(child.child_fd, termios.TCSANOW, attrs)
    child.expect("Ответ> ")
    child.send("кошкх")
    child.expect("кошкх")
    child.send("\x7fа\r")
    child.expect("победила")
    child.expect(pexpect.EOF)
    child.close()
    assert _answers(log) == ["кошка"]


NO_REDRAW = {
    "libedit": "lambda readline: None",
    "failing": "lambda readline: (lambda: os.write(-1, b''))",
}
"""``readline_redraw`` replaced: none to be had (libedit), or one that fails (EBADF)."""


@pytest.mark.parametrize("redraw", sorted(NO_REDRAW))
def test_readline_without_a_redraw_drops_the_unseen_line_with_a_note(
    tmp_path: Path, redraw: str
) -> None:
    """readline that cannot redraw after ``fg`` still holds «сто», out of sight: it is
    dropped with a note and cut from the next line, not glued to «дом»."""
    log = tmp_path / "no-redraw.jsonl"
    patched = CODE.replace(
        "from associatsiya_ai.cli import main;",
        "import os, associatsiya_ai.terminal.line_input as li; "
        f"li.readline_redraw = {NO_REDRAW[redraw]}; "
        "from associatsiya_ai.cli import main;",
    )
    env = dict(os.environ, COLUMNS="100", LINES="40", TERM="xterm-256color")
    child = pexpect.spawn(
        sys.executable,
        ["-c", patched, str(TESTS), "vs-bot", "--word", "кошка", "--log", str(log)],
        encoding="utf-8",
        timeout=30,
        env=env,
        dimensions=(40, 100),
        preexec_fn=foreground,
    )
    _half_line_then_stop(child)
    _dropped_then_answered(child, "пропущено: «сто»", "дом")
    child.sendline("!выход")
    child.expect(pexpect.EOF)
    child.close()
    assert _answers(log)[0] == "дом"


SLOW_BUILD = (
    "import sys, time; import associatsiya_ai.vocab.cache as c\n"
    "def build(embeddings, on_progress=None):\n"
    "    on_progress(1, 100)\n"
    "    time.sleep(60)\n"
    "c.build_vocabulary = build\n"
    "from associatsiya_ai.cli import main; sys.argv[0] = 'associatsiya'; main()"
)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_the_vocabulary_build_shows_the_cursor_again(
    tmp_path: Path, signum: int
) -> None:
    model = tmp_path / "tiny.vec"
    model.write_text("2 3\nкошка 0.1 0.2 0.3\nсобака 0.3 0.2 0.1\n", "utf-8")
    env = dict(os.environ, COLUMNS="100", TERM="xterm-256color", XDG_CACHE_HOME=str(tmp_path))
    child = pexpect.spawn(
        sys.executable,
        ["-c", SLOW_BUILD, "models", "index", "--model", str(model)],
        encoding="utf-8",
        timeout=30,
        env=env,
        dimensions=(40, 100),
        preexec_fn=foreground,
    )
    child.expect("Строю словарь")
    child.expect("\x1b\\[\\?25l")  # the bar hides the cursor
    # The signal comes during the build proper: once the bar draws the build's first
    # progress (on_progress(1, 100)), not while the bar is still starting (rich's own
    # start-up writes in several steps, and a signal between them raced the test).
    child.expect(" 1%")
    child.kill(signum)
    child.expect("\x1b\\[\\?25h")  # … and shows it again
    child.expect("Построение словаря прервано")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 128 + signum
    assert "Traceback" not in (child.before or "")
    assert not list(tmp_path.glob("associatsiya/*.npz"))
