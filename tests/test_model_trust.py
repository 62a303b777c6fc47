"""Model files from the user: a pickle (gensim ``.kv``) is read only when the person named
the file by path and said it is trusted (``--trust-model``); the current directory's
``./models`` is never searched; a device or a named pipe is refused, never read."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from associatsiya_ai.cli import app
from associatsiya_ai.vectors import ModelError, load_embeddings, resolve_model
from associatsiya_ai.vectors.trust import TRUSTED_ENV, is_trusted, named_path, trust_model_file

runner = CliRunner()


class _Payload:
    """Unpickling this writes a file: proof that the pickle ran."""

    def __init__(self, mark: Path) -> None:
        self.mark = mark

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, (f"open({str(self.mark)!r}, 'w').write('ran')",))


@pytest.fixture
def evil(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A ``x.kv`` in ``./`` and in ``./models`` of the current directory; a mark file."""
    monkeypatch.setenv(TRUSTED_ENV, "")
    monkeypatch.setenv("ASSOCIATSIYA_MODELS_DIR", str(tmp_path / "home-models"))
    monkeypatch.chdir(tmp_path)
    mark = tmp_path / "pickle-ran"
    (tmp_path / "models").mkdir()
    for where in (tmp_path / "x.kv", tmp_path / "models" / "y.kv"):
        where.write_bytes(pickle.dumps(_Payload(mark)))
    return tmp_path, mark


def test_an_untrusted_kv_is_refused_and_never_unpickled(evil: tuple[Path, Path]) -> None:
    root, mark = evil
    for spec in ("x.kv", "./x.kv", str(root / "x.kv")):
        with pytest.raises(ModelError, match="pickle") as err:
            load_embeddings(spec)
        assert err.value.fix == "trust"
    assert not mark.exists()


def test_the_current_directorys_models_folder_is_not_searched(evil: tuple[Path, Path]) -> None:
    root, mark = evil
    assert resolve_model("y.kv") == Path("y.kv")
    with pytest.raises(ModelError, match="не найден"):
        load_embeddings("y.kv")
    listed = runner.invoke(app, ["models", "list", "--json"]).stdout
    assert "y.kv" not in listed and str(root / "models") not in listed
    assert not mark.exists()


def test_named_paths() -> None:
    assert named_path(None) is None and named_path("news_v1") is None
    assert named_path("nowhere.kv") is None  # a bare name is looked up, not a path
    assert named_path("./nowhere.kv") == Path("nowhere.kv")
    assert named_path("/data/m.kv") == Path("/data/m.kv")


def test_trust_is_by_file_and_reaches_child_processes(
    evil: tuple[Path, Path],
) -> None:
    root, mark = evil
    trust_model_file(Path("./x.kv"))
    assert is_trusted(root / "x.kv") and not is_trusted(root / "models" / "y.kv")
    code = (
        "import sys; from associatsiya_ai.vectors.trust import is_trusted; "
        "print(is_trusted(sys.argv[1]))"
    )
    child = subprocess.run(
        [sys.executable, "-c", code, str(root / "x.kv")], capture_output=True, text=True
    )
    assert child.stdout.strip() == "True"
    with pytest.raises(ModelError):  # trusted: unpickled (the payload is no model)
        load_embeddings("./x.kv")
    assert mark.read_text() == "ran"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--model", "y.kv", "--trust-model"], "только файлу, указанному путём"),
        (["--trust-model"], "укажите его путём"),
        (["--model", "news_v1", "--trust-model"], "укажите его путём"),
    ],
)
def test_trust_model_needs_a_file_named_by_path(
    evil: tuple[Path, Path], args: list[str], said: str
) -> None:
    for command in (["models", "index"], ["hint", "кошка"], ["vs-bot"]):
        r = runner.invoke(app, [*command, *args])
        assert r.exit_code == 2, r.output
        assert said in r.stderr and "Traceback" not in r.output
    assert os.environ[TRUSTED_ENV] == ""


def test_the_cli_says_how_to_trust_a_kv(evil: tuple[Path, Path]) -> None:
    r = runner.invoke(app, ["models", "index", "--model", "./x.kv"])
    assert r.exit_code == 1
    assert "pickle" in r.stderr and "--trust-model" in r.stderr
    assert not evil[1].exists()


def test_help_names_trust_model() -> None:
    r = runner.invoke(app, ["vs-bot", "--help"], env={"COLUMNS": "200"})
    assert "--trust-model" in r.stdout and "pickle" in r.stdout


def test_a_device_or_a_pipe_is_refused_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.vec"
    os.mkfifo(fifo)
    for spec in ("/dev/zero", str(fifo)):
        r = runner.invoke(app, ["models", "index", "--model", spec])
        assert r.exit_code == 1
        assert "не обычный файл" in r.stderr and "не найден" not in r.stderr
