"""``associatsiya models list | download`` against a local HTTP server (no internet needed)."""

from __future__ import annotations

import functools
import hashlib
import json
import socket
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from associatsiya_ai.cli import app
from associatsiya_ai.rules.words import plural
from associatsiya_ai.vectors import DownloadError, download

runner = CliRunner()
PAYLOAD = bytes(range(256)) * 4096 + b"tail"  # ~1 MB: several chunks
PAYLOAD_SHA = hashlib.sha256(PAYLOAD).hexdigest()


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if self.path == "/short.bin":  # promises 100 000 bytes, sends 10, hangs up
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b"0123456789")
            self.wfile.flush()
            self.close_connection = True
            return
        super().do_GET()


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # clients that hang up early (the Ctrl-C test) are expected


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("www")
    (root / "model.bin").write_bytes(PAYLOAD)
    handler = functools.partial(_QuietHandler, directory=str(root))
    httpd = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "models"
    monkeypatch.setenv("ASSOCIATSIYA_MODELS_DIR", str(directory))
    return directory


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _text(output: str) -> str:
    """Output with rich's line wrapping undone, for substring checks."""
    return " ".join(output.split())


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir()) if directory.exists() else []


# --------------------------------------------------------------------------- list


def test_list_json(models: Path) -> None:
    models.mkdir()
    (models / "extra.vec").write_text("1 2\nкошка 0.1 0.2\n")
    (models / "notes.md").write_text("not a model")
    result = runner.invoke(app, ["models", "list", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["models_dir"] == str(models)
    assert data["default"]["name"] == "news_v1"
    assert data["default"]["present"] is True
    assert data["default"]["size_mb"] > 20
    names = {row["name"]: row for row in data["registry"]}
    assert names["news_v1"]["bundled"] and names["news_v1"]["downloaded"]
    assert names["hudlit_v1"]["downloaded"] is False
    assert names["hudlit_v1"]["url"].startswith("https://")
    assert [f["file"] for f in data["files"]] == ["extra.vec"]
    assert data["files"][0]["pickled"] is False and data["files"][0]["load_command"] is None


def test_list_marks_a_pickled_model_and_says_how_to_load_it(models: Path) -> None:
    """A gensim .kv file is listed as a pickle, with why it needs --trust-model and the
    command that loads it by path (quoted for the shell); a word2vec file is not marked."""
    models.mkdir()
    (models / "extra.vec").write_text("1 2\nкошка 0.1 0.2\n")
    (models / "my model.kv").write_bytes(b"not really a pickle")
    data = json.loads(runner.invoke(app, ["models", "list", "--json"]).stdout)
    rows = {f["file"]: f for f in data["files"]}
    assert rows["my model.kv"]["pickled"] is True and rows["extra.vec"]["pickled"] is False
    command = f"associatsiya vs-bot --model '{models / 'my model.kv'}' --trust-model"
    assert rows["my model.kv"]["load_command"] == command
    table = runner.invoke(app, ["models", "list"], env={"COLUMNS": "400"})
    assert table.exit_code == 0, table.output
    kv_line = next(x for x in table.stdout.splitlines() if "my model.kv" in x)
    assert "pickle" in kv_line and "--trust-model" in kv_line and command in kv_line
    vec_line = next(x for x in table.stdout.splitlines() if "extra.vec" in x)
    assert "pickle" not in vec_line
    text = _text(table.stdout)
    assert "может выполнить любой код" in text and "указать её путём" in text


def test_list_table(models: Path) -> None:
    result = runner.invoke(app, ["models", "list"])
    assert result.exit_code == 0, result.output
    assert "news_v1" in _text(result.stdout) and "hudlit_v1" in _text(result.stdout)
    assert "associatsiya models download hudlit_v1" in result.stdout
    assert "pickle" not in result.stdout  # no .kv file, no note


def test_help_has_examples() -> None:
    result = runner.invoke(app, ["models", "download", "--help"])
    assert result.exit_code == 0
    assert "--sha256" in _text(result.stdout) and "hudlit_v1" in _text(result.stdout)


# --------------------------------------------------------------------------- download


def test_download_ok_then_present_then_force(server: str, models: Path) -> None:
    url = f"{server}/model.bin"
    args = ["models", "download", url, "--sha256", PAYLOAD_SHA.upper(), "--size"]
    result = runner.invoke(app, [*args, str(len(PAYLOAD))])
    assert result.exit_code == 0, result.output
    assert (models / "model.bin").read_bytes() == PAYLOAD
    assert _leftovers(models) == ["model.bin"]  # renamed, no .part left
    assert PAYLOAD_SHA in _text(result.stdout)

    again = runner.invoke(app, ["models", "download", url])
    assert again.exit_code == 0
    assert "уже есть" in _text(again.stdout) and "--force" in _text(again.stdout)

    forced = runner.invoke(app, ["models", "download", url, "--force", "--name", "x.bin"])
    assert forced.exit_code == 0, forced.output
    assert _leftovers(models) == ["model.bin", "x.bin"]


def test_sha_mismatch_leaves_nothing(server: str, models: Path) -> None:
    result = runner.invoke(app, ["models", "download", f"{server}/model.bin", "--sha256", "0" * 64])
    assert result.exit_code == 1
    assert "контрольная сумма" in _text(result.output)
    assert _leftovers(models) == []


def test_size_mismatch(server: str, models: Path) -> None:
    result = runner.invoke(app, ["models", "download", f"{server}/model.bin", "--size", "10"])
    assert result.exit_code == 1
    assert "10" in _text(result.output)
    assert _leftovers(models) == []


def test_connection_dropped(server: str, models: Path) -> None:
    result = runner.invoke(app, ["models", "download", f"{server}/short.bin"])
    assert result.exit_code == 1
    assert "оборвалась" in _text(result.output)
    assert _leftovers(models) == []


def test_404(server: str, models: Path) -> None:
    result = runner.invoke(app, ["models", "download", f"{server}/missing.tar"])
    assert result.exit_code == 1
    assert "404" in _text(result.output)
    assert "Traceback" not in _text(result.output)
    assert _leftovers(models) == []


def test_unreachable(models: Path) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/model.tar"
    result = runner.invoke(app, ["models", "download", url, "--timeout", "2"])
    assert result.exit_code == 1
    assert "не в сети" in _text(result.output)
    assert "127.0.0.1" in _text(result.output)
    assert _leftovers(models) == []


def test_unknown_name_and_bundled(models: Path) -> None:
    result = runner.invoke(app, ["models", "download", "nosuchmodel"])
    assert result.exit_code == 1
    assert "hudlit_v1" in _text(result.output)
    bundled = runner.invoke(app, ["models", "download", "news_v1"])
    assert bundled.exit_code == 0
    assert "скачивать не нужно" in _text(bundled.stdout)
    assert _leftovers(models) == []


def test_interrupt_removes_part(server: str, tmp_path: Path) -> None:
    seen: list[int] = []

    def interrupt(done: int, total: int | None) -> None:
        seen.append(done)
        if done > 0:
            assert (tmp_path / "model.bin.part").exists()
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        download(f"{server}/model.bin", directory=tmp_path, progress=interrupt)
    assert seen and _leftovers(tmp_path) == []


def test_bad_file_name(server: str, tmp_path: Path, models: Path) -> None:
    with pytest.raises(DownloadError, match="--name"):
        download(f"{server}/model.bin", directory=tmp_path, file_name="../evil.bin")
    result = runner.invoke(app, ["models", "download", f"{server}/", "--name", "a/b.bin"])
    assert result.exit_code == 1 and "--name" in _text(result.output)
    result = runner.invoke(app, ["models", "download", f"{server}/"])
    assert result.exit_code == 1 and "--name" in _text(result.output)
    assert _leftovers(models) == []


@pytest.mark.parametrize(
    "url",
    ["file:///etc/passwd", "ftp://example.org/model.tar", "http://", "https:///model.tar"],
)
def test_only_http_urls_with_a_host(url: str, tmp_path: Path, models: Path) -> None:
    with pytest.raises(DownloadError, match="http://"):
        download(url, directory=tmp_path)
    result = runner.invoke(app, ["models", "download", url])
    assert result.exit_code == 1
    text = _text(result.output)
    assert "недопустимый адрес" in text and "имя файла" not in text
    assert len(result.stderr.strip().splitlines()) == 1
    assert _leftovers(models) == [] and _leftovers(tmp_path) == []


@pytest.mark.model
def test_models_index_builds_or_loads_the_vocabulary() -> None:
    result = CliRunner().invoke(app, ["models", "index", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["model"] == "navec news_v1" and data["words"] > 5000 and data["secrets"] > 100
    assert data["cache"].endswith(".npz")
    again = json.loads(CliRunner().invoke(app, ["models", "index", "--json"]).stdout)
    assert again["cached"] is True and again["words"] == data["words"]
    table = CliRunner().invoke(app, ["models", "index"], env={"COLUMNS": "200"}).stdout
    secrets = data["secrets"]
    assert f"{plural(secrets, 'слово', 'слова', 'слов')} для загадывания" in table


def test_counts_agree_in_number() -> None:
    """«561 слово», not «561 слов»."""
    assert plural(561, "слово", "слова", "слов") == "561 слово"
    assert plural(562, "слово", "слова", "слов") == "562 слова"
    assert plural(511, "слово", "слова", "слов") == "511 слов"


def test_models_index_on_a_missing_model_is_one_line() -> None:
    result = CliRunner().invoke(app, ["models", "index", "--model", "/nonexistent/x.tar"])
    assert result.exit_code == 1 and "/nonexistent/x.tar" in result.output
    assert "Traceback" not in result.output


def test_models_are_found_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without $ASSOCIATSIYA_MODELS_DIR models live in the user data dir, not in ./models."""
    from associatsiya_ai.vectors import locate

    monkeypatch.delenv("ASSOCIATSIYA_MODELS_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    home = locate.models_dir()
    assert home == tmp_path / "data" / "associatsiya" / "models"
    home.mkdir(parents=True)
    (home / "mine.vec").write_text("1 2\nкошка 0.1 0.2\n", "utf-8")
    assert locate.resolve_model("mine.vec") == home / "mine.vec"
    # the project's models/ is still searched; the current directory's ./models never is
    assert locate.PROJECT_MODELS in locate.model_dirs()
    (elsewhere / "models").mkdir()
    (elsewhere / "models" / "old.vec").write_text("1 2\nкошка 0.1 0.2\n", "utf-8")
    assert elsewhere / "models" not in locate.model_dirs()
    assert locate.resolve_model("old.vec") == Path("old.vec")  # not found: no lookup here
    data = json.loads(runner.invoke(app, ["models", "list", "--json"]).stdout)
    assert data["models_dir"] == str(home)
    assert "mine.vec" in {f["file"] for f in data["files"]}
    assert "old.vec" not in {f["file"] for f in data["files"]}
    assert str(elsewhere / "models") not in data["searched"]


def test_download_os_errors_are_russian(server: str, models: Path) -> None:
    models.write_text("a file where the models folder should be")
    result = runner.invoke(app, ["models", "download", f"{server}/model.bin"])
    assert result.exit_code == 1
    assert "не удалось создать папку моделей" in result.stderr
    assert "файл уже существует" in result.stderr and "File exists" not in result.stderr


def test_a_network_failure_is_told_in_russian_without_the_systems_words() -> None:
    import errno
    import urllib.error

    from associatsiya_ai.vectors.download import _network_message

    no_name = urllib.error.URLError(socket.gaierror(-2, "Name or service not known"))
    refusal = ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")
    refused = urllib.error.URLError(refusal)
    told = [_network_message("https://example.org/m.tar", e) for e in (no_name, refused)]
    assert "имя сервера не найдено" in told[0] and "сервер отказал в соединении" in told[1]
    assert not any("Errno" in t or "Connection" in t or "Name or" in t for t in told)
