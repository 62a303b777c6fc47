"""Commands: ``associatsiya models list | download`` (registered on import; ``models index``
is in :mod:`.vocab_index`).

Heavy modules (numpy, navec, gensim) are never imported here, so ``--help`` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from associatsiya_ai.cli.base import app, console, err_console, fail
from associatsiya_ai.cli.help_ru import OPTIONS_METAVAR, SUBCOMMAND_METAVAR
from associatsiya_ai.cli.help_texts import DOWNLOAD_HELP, LIST_HELP
from associatsiya_ai.cli.trust import PICKLE_NOTE, trusted_run
from associatsiya_ai.terminal.errors import os_error_text
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
from associatsiya_ai.vectors.trust import is_pickled

__all__ = ["list_models", "models_app"]

models_app = typer.Typer(
    help=(
        "Модели эмбеддингов: какие установлены, скачать ещё.\n\n"
        f"Модель по умолчанию, navec {DEFAULT_MODEL}, входит в пакет natasha: скачивать её не "
        f"нужно. Скачанные модели сохраняются в папку моделей: ${MODELS_DIR_ENV}, если задана, "
        "иначе models/ в папке данных пользователя (~/.local/share/associatsiya/models в "
        "Linux); модели ищутся также в models/ проекта (текущая папка — нет: файл в ней "
        "указывайте путём, ./модель.vec). Модель gensim .kv — это pickle: она загружается, "
        "только если указана путём и с --trust-model.\n\n"
        "Примеры:\n\n"
        "  associatsiya models list\n\n"
        "  associatsiya models download hudlit_v1\n\n"
        "  associatsiya models download https://example.org/ruscorpora.bin --sha256 HEX"
    ),
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    options_metavar=OPTIONS_METAVAR,
    subcommand_metavar=SUBCOMMAND_METAVAR,
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
        {
            "file": p.name,
            "path": str(p),
            "size_mb": _mb(p.stat().st_size),
            "pickled": is_pickled(p),  # loads only by path with --trust-model
            "load_command": trusted_run(str(p)) if is_pickled(p) else None,
        }
        for p in find_model_files()
    ]
    return {
        "models_dir": str(directory),
        "searched": [str(d) for d in model_dirs()],
        "default": default,
        "registry": registry,
        "files": files,
    }


@models_app.command("list", help=LIST_HELP)
def list_command(
    as_json: Annotated[bool, typer.Option("--json", help="Вывести JSON вместо таблицы.")] = False,
) -> None:
    """The ``list`` command (its help text is :data:`LIST_HELP`)."""
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
    if not data["files"]:
        console.print("  (файлов моделей нет)")
    for f in data["files"]:
        line = f"  {escape(f['file'])}  {f['size_mb']} МБ"
        if f["pickled"]:
            run = escape(f["load_command"])
            line += f"  [yellow]pickle:[/yellow] только путём и с --trust-model — {run}"
        console.print(line, soft_wrap=True, highlight=False)
    if any(f["pickled"] for f in data["files"]):
        console.print(PICKLE_NOTE, soft_wrap=True, highlight=False)


@models_app.command("download", help=DOWNLOAD_HELP)
def download_command(
    name: Annotated[
        str,
        typer.Argument(
            help="Имя модели из реестра (hudlit_v1) или адрес http(s) файла модели.",
            show_default=False,
        ),
    ],
    file_name: Annotated[
        str | None,
        typer.Option(
            "--name", help="Имя файла для сохранения (по умолчанию — из реестра или адреса)."
        ),
    ] = None,
    sha256: Annotated[
        str | None, typer.Option("--sha256", help="Ожидаемый SHA-256 (hex) для проверки.")
    ] = None,
    size: Annotated[
        int | None, typer.Option("--size", help="Ожидаемый размер в байтах для проверки.", min=0)
    ] = None,
    timeout: Annotated[
        float, typer.Option("--timeout", help="Тайм-аут сети в секундах.", min=0.1)
    ] = 30.0,
    force: Annotated[
        bool, typer.Option("--force", help="Скачать заново, даже если файл уже есть.")
    ] = False,
) -> None:
    """The ``download`` command (its help text is :data:`DOWNLOAD_HELP`)."""
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
