"""Options shared by several commands: checked by click before any model loads."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from associatsiya_ai.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    "args",
    [
        ["hint", "кошка", "--seed", "-1"],
        ["guess", "лампа", "--seed", "-1"],
        ["vs-bot", "--seed", "-1"],
        ["bot-vs-bot", "--seed", "-1"],
    ],
)
def test_negative_seed_is_a_usage_error(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "--seed" in result.stderr and "Traceback" not in result.output


def test_ctrl_c_in_a_command_says_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    import associatsiya_ai.research.bench as bench

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(bench, "bench", interrupted)
    result = runner.invoke(app, ["bench", "--json"])
    assert result.exit_code == 130, result.output
    assert result.stdout == "" and result.stderr.strip() == "Прервано."


def _run_cli(*args: str, columns: str, stdin: str = "") -> str:
    """The real command line in a fresh process (its consoles read COLUMNS at start)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys; sys.path.insert(0, sys.argv.pop(1)); import fakes; "
        "import associatsiya_ai.cli.play as p; "
        "p.load_kit = lambda model, level: fakes.fake_kit(level); "
        "from associatsiya_ai.cli import main; sys.argv[0] = 'associatsiya'; main()"
    )
    env = dict(os.environ, COLUMNS=columns)
    env.pop("TERMINAL_WIDTH", None)
    done = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("columns", ["0", "3", "x"])
def test_a_tiny_or_bad_terminal_width_still_prints(columns: str) -> None:
    out = _run_cli("check", "кошка", "мошка", columns=columns)
    assert "созвучно" in out and "ошк" in out
    out = _run_cli("check", "--help", columns=columns)
    assert "--json" in out and "Запуск:" in out
    out = _run_cli("vs-bot", "--word", "кошка", columns=columns, stdin="кошка\n")
    assert "Ваша команда победила!" in out


def test_help_with_zero_columns_in_process() -> None:
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "0"})
    assert result.exit_code == 0 and "vs-bot" in result.stdout


def test_unknown_level_reads_well() -> None:
    result = runner.invoke(app, ["guess", "лампа", "--level", "godlike"])
    assert result.exit_code == 2 and "«godlike» неизвестен" in result.stderr


def test_a_count_of_hundreds_of_digits_is_refused_before_any_game_is_made() -> None:
    from associatsiya_ai.cli.research import MAX_GAMES

    huge = "9" * 300
    result = runner.invoke(app, ["bot-vs-bot", "--games", huge, "--json"])
    assert result.exit_code == 2
    assert f"не больше {MAX_GAMES}" in result.stdout  # the --json error object
    result = runner.invoke(app, ["bot-vs-bot", "--games", str(MAX_GAMES + 1)])
    assert result.exit_code == 2 and f"не больше {MAX_GAMES}" in result.stderr


def test_plural_agreement() -> None:
    from associatsiya_ai.rules.words import plural

    forms = ("игра", "игры", "игр")
    got = [plural(n, *forms) for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)]
    assert got == [
        "0 игр",
        "1 игра",
        "2 игры",
        "4 игры",
        "5 игр",
        "11 игр",
        "12 игр",
        "14 игр",
        "21 игра",
        "22 игры",
        "25 игр",
        "101 игра",
        "111 игр",
    ]


def _help(*args: str) -> list[str]:
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "80"}, color=False)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@pytest.mark.parametrize("command", [[], ["check"], ["bench"], ["bot-vs-bot"], ["vs-bot"]])
def test_flags_show_no_value_type(command: list[str]) -> None:
    text = "\n".join(_help(*command))
    assert "<bool>" not in text
    assert "--help" in text and "<int" not in text.split("--help")[1].splitlines()[0]


def test_check_help_shows_json_as_a_flag() -> None:
    (line,) = [line for line in _help("check") if line.startswith("│ --json")]
    assert line.split("--json")[1].split()[0] == "Вывести"


@pytest.mark.parametrize(
    ("command", "phrase"),
    [
        (["models", "download"], "(Content-Length, реестр, --size) и SHA-256"),
        (["bot-vs-bot"], "игры. [по умолчанию: 0]"),
        (["bench"], "bot-vs-bot). [по"),
    ],
)
def test_help_paragraphs_rewrap_to_the_terminal(command: list[str], phrase: str) -> None:
    lines = _help(*command)
    assert all(len(line) <= 80 for line in lines)
    # the phrase sits on one line: no source line break and no lone «[по умолчанию: …]»
    assert any(phrase in " ".join(line.strip(" │").split()) for line in lines), lines
    assert not [line for line in lines if line.strip(" │").startswith("[по умолчанию")]
    # examples are kept one per line
    assert not [line for line in lines if line.startswith(" ruscorpora")]


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_bot_vs_bot_in_a_real_process(jobs: str) -> None:
    """SIGINT to the whole process group (what a terminal's Ctrl-C does), workers too."""
    import os
    import re
    import select
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    # A terminal's foreground job gets Ctrl-C; a background job of a non-interactive shell
    # (``python -m pytest &``) inherits SIGINT ignored, which the program rightly respects.
    # The child stands for the foreground case: SIGINT handled as Python does at start-up.
    code = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "import sys, time; sys.path.insert(0, sys.argv.pop(1)); import test_botvbot as t; "
        "act = t.FakeHinter.act; "
        "t.FakeHinter.act = lambda self, view, rng: (time.sleep(0.02), act(self, view, rng))[1]; "
        "import associatsiya_ai.research.botvbot as b; b.embedding_kit = t.fake_kit; "
        "from associatsiya_ai.cli import main; sys.argv[0] = 'associatsiya'; main()"
    )
    args = ["bot-vs-bot", "--games", "5000", "--jobs", jobs]
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(Path(__file__).parent), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ, TTY_COMPATIBLE="1"),  # rich draws its progress into the pipe
        start_new_session=True,
    )
    # Wait for the first finished game on the progress bar («1/5000»), not a fixed time.
    assert child.stderr is not None
    seen, deadline = b"", time.monotonic() + 60
    while not re.search(rb"[1-9]\d*/5000", seen) and time.monotonic() < deadline:
        if select.select([child.stderr], [], [], 1)[0]:
            chunk = os.read(child.stderr.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    os.killpg(child.pid, signal.SIGINT)
    try:
        out_b, err_b = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # pragma: no cover - the bug this test guards
        os.killpg(child.pid, signal.SIGKILL)
        raise
    out, err = out_b.decode(), (seen + err_b).decode()
    assert re.search(r"[1-9]\d*/5000", err), err  # it was interrupted mid-run
    assert child.returncode == 130, err
    assert out == "" and "Прервано." in err and "Traceback" not in err


ENGLISH_STOCK = (
    "Usage",
    "Options",
    "Arguments",
    "Commands",
    "Show this message",
    "[default",
    "<int",
    "<str>",
)


@pytest.mark.parametrize("columns", ["80", "200"])
@pytest.mark.parametrize(
    ("command", "headings"),
    [
        ([], ("Параметры", "Команды", "Показать версию и выйти.")),
        (["vs-bot"], ("Параметры", "[по умолчанию: normal]")),
        (["check"], ("Аргументы", "Параметры", "[обязательно]")),
        (["models"], ("Параметры", "Команды")),
    ],
)
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_is_russian(
    command: list[str], headings: tuple[str, ...], columns: str, flag: str
) -> None:
    result = runner.invoke(app, [*command, flag], env={"COLUMNS": columns}, color=False)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.replace("│", " ").split())  # wrapped lines joined
    assert text.startswith("Запуск: ") and "[ПАРАМЕТРЫ]" in text
    assert "Показать эту справку и выйти." in text
    for heading in headings:
        assert heading in text, heading
    assert [word for word in ENGLISH_STOCK if word in text] == []


def test_russian_usage_prefix_is_highlighted() -> None:
    from rich.text import Text
    from typer import rich_utils

    import associatsiya_ai.cli.base  # noqa: F401  (applies the Russian help texts)

    text = rich_utils.highlighter(Text("Запуск: associatsiya [ПАРАМЕТРЫ]"))
    assert [(s.start, s.end) for s in text.spans if s.style == "usage"] == [(0, 8)]
