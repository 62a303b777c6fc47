"""A game's start loads only what its first prompt needs (issue 22: warm start).

The checks run in a fresh interpreter (a subprocess: this one has loaded everything) and
assert what is *not* imported: the research stack (scipy, scikit-learn, gensim), the
readers of other models, the other commands' modules and Typer's rich help. No timing is
asserted here; ``associatsiya bench`` and the issue's measurements time the start.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

HEAVY = (
    "scipy",
    "sklearn",
    "gensim",
    "navec",
    "natasha",
    "slovnet",
    "wiki_ru_wordnet",
    "matplotlib",
    "pandas",
    "typer.rich_utils",
    "markdown_it",
    "pygments",
    "associatsiya_ai.research",
    "associatsiya_ai.terminal.replay",
)
"""Modules no game needs before its first prompt (a warm cache: no build, no model read)."""

OTHER_COMMANDS = tuple(
    f"associatsiya_ai.cli.{name}"
    for name in (
        "bots",
        "check",
        "evaluate",
        "models",
        "replay",
        "research",
        "speed",
        "vocab_index",
    )
)

_REPORT = (
    "import json, sys\n"
    "def loaded(names):\n"
    "    return sorted(n for n in names if n in sys.modules)\n"
)


def _run(code: str, *args: str, stdin: str = "") -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _REPORT + code, *args],
        input=stdin.encode(),
        capture_output=True,
        timeout=300,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr.decode()
    line = [x for x in done.stderr.decode().splitlines() if x.startswith("LOADED ")][-1]
    result: dict[str, list[str]] = json.loads(line.removeprefix("LOADED "))
    return result


def test_the_collector_is_paused_and_restored() -> None:
    """``collector_paused`` turns the garbage collector off for its block only, leaves it
    off when it was off, and with ``freeze`` moves what is alive out of its way."""
    import gc

    from associatsiya_ai.cli import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    frozen = gc.get_freeze_count()
    try:
        with collector_paused(freeze=True):
            kept = [[] for _ in range(100)]
        assert gc.get_freeze_count() >= frozen + len(kept)
        assert gc.isenabled()
    finally:
        gc.unfreeze()


@pytest.mark.slow
def test_the_play_path_imports_nothing_heavy() -> None:
    """The CLI with ``vs-bot`` registered and every module a game imports leave the heavy
    libraries and the other commands unloaded."""
    code = (
        "from associatsiya_ai.cli.run import load_commands\n"
        "load_commands(['vs-bot'])\n"
        "import associatsiya_ai.cli.play, associatsiya_ai.kit, associatsiya_ai.arena.loop\n"
        "import associatsiya_ai.terminal.line_input, associatsiya_ai.terminal.table\n"
        "import associatsiya_ai.bots, associatsiya_ai.lexicon, associatsiya_ai.vocab.cache\n"
        f"heavy = loaded({HEAVY!r}); others = loaded({OTHER_COMMANDS!r})\n"
        "print('LOADED', json.dumps({'heavy': heavy, 'others': others}), file=sys.stderr)\n"
    )
    found = _run(code)
    assert found == {"heavy": [], "others": []}


@pytest.mark.slow
def test_all_commands_load_for_the_help() -> None:
    """Without a command named first, every command is registered (the help lists them in
    the order of ``COMMAND_MODULES``) and Typer's help module is patched when it loads."""
    code = (
        "from associatsiya_ai.cli import app\n"
        "from associatsiya_ai.cli.run import COMMAND_MODULES\n"
        f"others = loaded({OTHER_COMMANDS!r})\n"
        "from typer import rich_utils\n"
        "print('LOADED', json.dumps({'others': others, "
        "'panel': [rich_utils.OPTIONS_PANEL_TITLE]}), file=sys.stderr)\n"
    )
    found = _run(code)
    assert found == {"others": sorted(OTHER_COMMANDS), "panel": ["Параметры"]}


@pytest.mark.slow
def test_commands_loaded_late_keep_the_help_order() -> None:
    """A command module imported before the others (a test importing ``cli.play``) does not
    move its command to the top of the help."""
    code = (
        "import associatsiya_ai.cli.play\n"
        "from associatsiya_ai.cli import app\n"
        "names = [c.name for c in app.registered_commands]\n"
        "print('LOADED', json.dumps({'names': names}), file=sys.stderr)\n"
    )
    names = _run(code)["names"]
    assert names.index("hint") < names.index("check") < names.index("vs-bot")
    assert names.index("vs-bot") < names.index("replay") < names.index("bench")


@pytest.mark.slow
def test_a_game_reaches_its_first_prompt_without_the_heavy_imports(
    real_vocab: object,
) -> None:
    """A real ``vs-bot`` (warm caches: the fixture built them) asks its first question with
    none of the heavy modules loaded; the game is the same as ever after it."""
    code = (
        "import associatsiya_ai.terminal.line_input as li\n"
        "def first_prompt(prompt=''):\n"
        f"    heavy = loaded({HEAVY!r}); others = loaded({OTHER_COMMANDS!r})\n"
        "    print('LOADED', json.dumps({'heavy': heavy, 'others': others}), file=sys.stderr)\n"
        "    raise EOFError\n"
        "li.read_line = first_prompt\n"
        "sys.argv[0] = 'associatsiya'\n"
        "from associatsiya_ai.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
    )
    found = _run(code, "vs-bot", "--no-log", "--seed", "3")
    assert found == {"heavy": [], "others": []}
