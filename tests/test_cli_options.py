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
    import associatsiya_ai.bench as bench

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(bench, "bench", interrupted)
    result = runner.invoke(app, ["bench", "--json"])
    assert result.exit_code == 130, result.output
    assert result.stdout == "" and result.stderr.strip() == "Прервано."
