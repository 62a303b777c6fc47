"""Commands: ``associatsiya models list | download`` (registered on import).

Heavy modules (numpy, navec, gensim) are never imported here, so ``--help`` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from associatsiya_ai.cli.base import app, console, err_console, fail
from associatsiya_ai.terminal.errors import os_error_text
from associatsiya_ai.terminal.progress import open_vocabulary_shown
from associatsiya_ai.terminal.texts import model_error_text
from associatsiya_ai.vectors import (
    DEFAULT_MODEL,
    MODELS_DIR_ENV,
    REGISTRY,
    DownloadError,
    ModelError,
    check_file_name,
    check_url,
    download,
    file_name_from_url,
    find_model_files,
    models_dir,
)
from associatsiya_ai.vectors.locate import find_model_file, model_dirs

if TYPE_CHECKING:
    pass

__all__ = ["list_models", "models_app"]

models_app = typer.Typer(
    help=(
        "Embedding models: list what is installed, download more.\n\n"
        f"The default model, navec {DEFAULT_MODEL}, comes with the natasha package and needs no "
        f"download. Downloads go to the models directory: ${MODELS_DIR_ENV} if set, else "
        "models/ in the user data directory (~/.local/share/associatsiya/models on Linux); "
        "models are also looked for in the project's models/ and in ./models.\n\n"
        "Examples:\n\n"
        "  associatsiya models list\n\n"
        "  associatsiya models download hudlit_v1\n\n"
        "  associatsiya models download https://example.org/ruscorpora.bin --sha256 HEX"
    ),
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(models_app, name="models")


def _mb(size: int | None) -> float | None:
    return None if size is None else round(size / 1_000_000, 1)


def list_models() -> dict[str, Any]:
    """The default model, the registry and the files in the models directory, as data."""
    from associatsiya_ai.vectors import default_model_path

    directory = models_dir()
    try:
        default_path: Path | None = default_model_path()
    except ModelError:
        default_path = None
    present = default_path is not None and default_path.is_file()
    default = {
        "name": DEFAULT_MODEL,
        "path": str(default_path) if default_path else None,
        "size_mb": _mb(default_path.stat().st_size) if present and default_path else None,
        "present": present,
    }
    registry = []
    for info in REGISTRY.values():
        found = find_model_file(info.file_name)
        path = default_path if info.bundled else found or directory / info.file_name
        here = path is not None and path.is_file()
        registry.append(
            {
                "name": info.name,
                "file": info.file_name,
                "description": info.description,
                "bundled": info.bundled,
                "url": info.url,
                "downloaded": here,
                "path": str(path) if path else None,
                "size_mb": _mb(path.stat().st_size) if here and path else _mb(info.size),
            }
        )
    files = [
        {"file": p.name, "path": str(p), "size_mb": _mb(p.stat().st_size)}
        for p in find_model_files()
    ]
    return {
        "models_dir": str(directory),
        "searched": [str(d) for d in model_dirs()],
        "default": default,
        "registry": registry,
        "files": files,
    }


@models_app.command("list")
def list_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Show the default model, the known downloadable models and the files in the models dir.

    Example: associatsiya models list --json
    """
    from rich.table import Table

    data = list_models()
    if as_json:
        console.print_json(json.dumps(data, ensure_ascii=False))
        return
    d = data["default"]
    state = f"{d['size_mb']} МБ" if d["present"] else "[red]нет файла[/red]"
    console.print(
        f"Модель по умолчанию: [bold]{d['name']}[/bold] — {d['path']} ({state})", soft_wrap=True
    )
    table = Table(title="Известные модели", title_justify="left")
    table.add_column("имя", no_wrap=True)
    table.add_column("состояние")
    table.add_column("МБ", justify="right", no_wrap=True)
    table.add_column("описание")
    for row in data["registry"]:
        if row["bundled"]:
            status = "входит в natasha" if row["downloaded"] else "[red]нет файла[/red]"
        elif row["downloaded"]:
            status = "[green]скачана[/green]"
        else:
            status = "не скачана"
        size = "" if row["size_mb"] is None else str(row["size_mb"])
        table.add_row(row["name"], status, size, row["description"])
    console.print(table)
    missing = [r["name"] for r in data["registry"] if not r["downloaded"] and not r["bundled"]]
    for name in missing:
        console.print(f"Скачать {name}: associatsiya models download {name}", soft_wrap=True)
    console.print(f"Папка моделей: {data['models_dir']}", soft_wrap=True)
    others = [d for d in data["searched"] if d != data["models_dir"]]
    if others:
        console.print(f"Модели ищутся также в: {', '.join(others)}", soft_wrap=True)
    if data["files"]:
        for f in data["files"]:
            console.print(f"  {f['file']}  {f['size_mb']} МБ", soft_wrap=True)
    else:
        console.print("  (файлов моделей нет)")


@models_app.command("download")
def download_command(
    name: Annotated[
        str,
        typer.Argument(
            help="A registry name (hudlit_v1) or an http(s) URL of a model file.",
            show_default=False,
        ),
    ],
    file_name: Annotated[
        str | None,
        typer.Option("--name", help="File name to save as (default: from the registry/URL)."),
    ] = None,
    sha256: Annotated[
        str | None, typer.Option("--sha256", help="Expected SHA-256 hex digest to verify.")
    ] = None,
    size: Annotated[
        int | None, typer.Option("--size", help="Expected size in bytes to verify.", min=0)
    ] = None,
    timeout: Annotated[
        float, typer.Option("--timeout", help="Network timeout in seconds.", min=0.1)
    ] = 30.0,
    force: Annotated[
        bool, typer.Option("--force", help="Download again even if the file is present.")
    ] = False,
) -> None:
    """Download a model into the models directory, verify it, and save it atomically.

    The file is streamed to FILE.part with a progress bar, its size (Content-Length,
    registry, --size) and SHA-256 (registry, --sha256) are checked, and only then is it
    renamed to FILE. On failure or Ctrl-C nothing is left behind.

    Examples:

      associatsiya models download hudlit_v1

      associatsiya models download https://example.org/m.bin --name m.bin --size 1234

      ASSOCIATSIYA_MODELS_DIR=~/emb associatsiya models download hudlit_v1 --force
    """
    info = REGISTRY.get(name)
    if info is not None and info.bundled:
        from associatsiya_ai.vectors import default_model_path

        try:
            path = default_model_path()
        except ModelError as exc:
            raise fail(model_error_text(exc)) from None
        console.print(
            f"{info.name} входит в пакет natasha и уже установлена: {path}; скачивать не нужно.",
            soft_wrap=True,
        )
        return
    if info is not None:
        assert info.url is not None
        url = info.url
        file_name = file_name or info.file_name
        sha256 = sha256 or info.sha256
        size = size if size is not None else info.size
    elif "://" in name:
        url = name
    else:
        known = ", ".join(REGISTRY)
        raise fail(f"неизвестная модель «{name}»: укажите одну из ({known}) или URL файла")

    try:
        check_url(url)
        file_name = check_file_name(file_name or file_name_from_url(url))
    except DownloadError as exc:
        raise fail(str(exc)) from None
    target = models_dir() / file_name
    if target.is_file() and not force:
        console.print(
            f"Файл уже есть: {target} ({_mb(target.stat().st_size)} МБ); "
            "для повторной загрузки добавьте --force.",
            soft_wrap=True,
        )
        return

    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )

    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=not err_console.is_terminal,
    )
    task = progress.add_task(file_name, total=None)

    def report(done: int, total: int | None) -> None:
        progress.update(task, completed=done, total=total)

    try:
        with progress:
            result = download(
                url,
                file_name=file_name,
                sha256=sha256,
                size=size,
                timeout=timeout,
                force=force,
                progress=report,
            )
    except DownloadError as exc:
        message, cause = str(exc), exc.__cause__
        if isinstance(cause, OSError) and str(cause) in message:  # the OS's words in Russian
            message = message.replace(str(cause), os_error_text(cause))
        raise fail(message) from None
    except KeyboardInterrupt:
        err_console.print("\nЗагрузка прервана; частичный файл удалён.")
        sys.exit(130)
    if result.skipped:
        console.print(
            f"Файл уже есть: {result.path} ({_mb(result.size)} МБ); "
            "для повторной загрузки добавьте --force.",
            soft_wrap=True,
        )
        return
    console.print(
        f"Сохранено: {result.path} ({_mb(result.size)} МБ, sha256 {result.sha256})",
        highlight=False,
        soft_wrap=True,
    )


@models_app.command("index")
def index_command(
    model: Annotated[
        str | None,
        typer.Option("--model", help=f"Model name or file (default: navec {DEFAULT_MODEL})."),
    ] = None,
    rebuild: Annotated[
        bool, typer.Option("--rebuild", help="Build the vocabulary anew, ignoring the cache.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    dropped: Annotated[
        int,
        typer.Option("--dropped", min=0, help="Also list N dropped words with their reason."),
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of the --dropped draw.")] = 0,
) -> None:
    """Build (or load) the bots' noun vocabulary of a model and show where it is cached.

    The vocabulary is built once per model (about two minutes, with a progress bar) and then
    loads in well under a second; every bot command does this on first use. The report
    counts the model's words dropped for each reason (README: "The bots' words").
    """
    import time

    from associatsiya_ai.vocab.screen import vocabulary_report

    start = time.perf_counter()
    try:
        report = open_vocabulary_shown(err_console, model=model, rebuild=rebuild)
    except ModelError as exc:
        raise fail(model_error_text(exc)) from None
    vocab, path, cached = report.vocabulary, report.path, report.source != "built"
    data: dict[str, Any] = {
        "model": vocab.model_name,
        "cache": None if path is None else str(path),
        "cached": cached,
        "seconds": round(time.perf_counter() - start, 3),
        **vocabulary_report(vocab, dropped, seed),
    }
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return
    how = "загружен из кэша" if cached else "построен"
    console.print(
        f"Словарь модели {data['model']} {how} за {data['seconds']} с: "
        f"{data['words']} существительных, {data['secrets']} слов для загадывания.",
        highlight=False,
    )
    if path is not None:
        console.print(f"Кэш: {path}", highlight=False, soft_wrap=True)
    console.print(
        f"Слов только для взрослых (--adult): {data['adult_words']}. Отброшено: "
        + ", ".join(f"{reason} {n}" for reason, n in data["dropped"].items()),
        highlight=False,
        soft_wrap=True,
    )
    for item in data.get("dropped_sample", []):
        console.print(f"  {item['word']}: {item['reason']}", highlight=False)
