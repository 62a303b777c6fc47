"""Downloading a model into the models directory: checked URL and name, verified, atomic.

No numpy / navec / gensim here (the CLI imports it for ``--help``); ``urllib.request``
loads inside :func:`download`.

>>> file_name_from_url("https://example.org/packs/x%20y.tar")
'x y.tar'
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from associatsiya_ai.oserrors import os_error_text
from associatsiya_ai.vectors.locate import models_dir
from associatsiya_ai.vectors.registry import ModelError

__all__ = [
    "DownloadError",
    "DownloadResult",
    "ProgressCallback",
    "check_file_name",
    "check_url",
    "download",
    "file_name_from_url",
]

CHUNK_BYTES = 1 << 20


class DownloadError(ModelError):
    """A download failed (network, HTTP status, size or checksum mismatch)."""


def file_name_from_url(url: str) -> str:
    """The last path segment of a URL, percent-decoded (``…/packs/x.tar`` → ``x.tar``)."""
    path = urllib.parse.urlsplit(url).path
    return urllib.parse.unquote(path.rstrip("/").rsplit("/", 1)[-1])


@dataclass(frozen=True)
class DownloadResult:
    """What ``download`` did.

    Attributes
    ----------
    path : Path
        The final file.
    size : int
        Its size in bytes.
    sha256 : str or None
        Its SHA-256 hex digest (None when the file was already present and skipped).
    skipped : bool
        True when the file already existed and ``force`` was false.
    """

    path: Path
    size: int
    sha256: str | None
    skipped: bool


ProgressCallback = Callable[[int, "int | None"], None]


def check_file_name(name: str) -> str:
    """``name`` if it is a plain file name (no directories), else ``DownloadError``."""
    if not name or name in {".", ".."} or "/" in name or "\\" in name or "\x00" in name:
        raise DownloadError(
            f"недопустимое имя файла «{name}»: укажите простое имя через --name, например model.tar"
        )
    return name


def check_url(url: str) -> str:
    """``url`` if it is an ``http://`` or ``https://`` URL with a host, else ``DownloadError``.

    Models come from web servers only: ``file://`` would copy any local file into the
    models directory, and other schemes (``ftp://``) are not supported.
    """
    try:
        parts = urllib.parse.urlsplit(url)
        host = parts.hostname
    except ValueError:  # a malformed port or IPv6 address
        parts, host = None, None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not host:
        shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in url[:80])
        raise DownloadError(
            f"недопустимый адрес «{shown}»: модели скачиваются только по http:// или "
            "https:// с именем сервера, например https://example.org/model.tar"
        )
    return url


def _network_message(url: str, exc: BaseException) -> str:
    reason = getattr(exc, "reason", exc)
    if isinstance(reason, (TimeoutError, socket.timeout)):
        return f"сервер не ответил вовремя ({url}); проверьте сеть или увеличьте --timeout"
    if isinstance(reason, socket.gaierror):  # «[Errno -2] Name or service not known»
        why = "имя сервера не найдено"
    elif isinstance(reason, OSError):
        why = os_error_text(reason)
    else:
        why = str(reason)
    return (
        f"не удалось соединиться с сервером ({why}); возможно, этот компьютер не в сети. URL: {url}"
    )


def _read_chunk(response: Any, url: str, done: int, total: int | None) -> bytes:
    """One chunk of the body; network failures become ``DownloadError``."""
    import http.client

    try:
        chunk: bytes = response.read(CHUNK_BYTES)
    except http.client.IncompleteRead as exc:
        of = f" из {total}" if total is not None else ""
        raise DownloadError(
            f"загрузка оборвалась: получено {done + len(exc.partial)} байт{of} ({url}); "
            "повторите команду"
        ) from exc
    except (OSError, http.client.HTTPException) as exc:
        raise DownloadError(_network_message(url, exc)) from exc
    return chunk


def download(
    url: str,
    *,
    directory: Path | None = None,
    file_name: str | None = None,
    sha256: str | None = None,
    size: int | None = None,
    timeout: float = 30.0,
    force: bool = False,
    progress: ProgressCallback | None = None,
) -> DownloadResult:
    """Download ``url`` into the models directory, verified and atomically.

    The body is streamed in 1 MiB chunks to ``FILE.part``; its size is checked against
    ``size`` and the ``Content-Length`` header, its SHA-256 against ``sha256``; only then is
    it renamed to ``FILE`` with ``os.replace``. On any failure (including Ctrl-C) the
    ``.part`` file is removed.

    Parameters
    ----------
    url : str
        An ``http://`` or ``https://`` URL with a host (:func:`check_url`).
    directory : Path, optional
        Target directory; ``models_dir()`` by default. Created if missing.
    file_name : str, optional
        The final file name; the URL's last path segment by default.
    sha256 : str, optional
        Expected SHA-256 hex digest (case-insensitive).
    size : int, optional
        Expected size in bytes.
    timeout : float
        Socket timeout in seconds, for connecting and for each read.
    force : bool
        Download again even when the file is already present.
    progress : callable, optional
        Called as ``progress(done_bytes, total_bytes_or_None)`` after each chunk.

    Returns
    -------
    DownloadResult

    Raises
    ------
    DownloadError
        A URL that is not http(s) with a host, network failure, HTTP error status, size
        or checksum mismatch, bad file name, or an unwritable directory. The message is
        one Russian line naming the URL or file.
    """
    # urllib.request costs ~40 ms to import; keep it out of ``associatsiya --help``.
    import http.client
    import urllib.error
    import urllib.request

    check_url(url)
    directory = models_dir() if directory is None else directory
    name = check_file_name(file_name or file_name_from_url(url))
    final = directory / name
    if final.exists() and not force:
        return DownloadResult(final, final.stat().st_size, None, skipped=True)
    want_sha = sha256.strip().lower() if sha256 else None
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DownloadError(
            f"не удалось создать папку моделей {directory}: {os_error_text(exc)}"
        ) from exc

    part = directory / (name + ".part")
    try:
        try:
            request = urllib.request.Request(url, headers={"User-Agent": "associatsiya-ai"})
            response = urllib.request.urlopen(request, timeout=timeout)
        except urllib.error.HTTPError as exc:
            raise DownloadError(f"сервер ответил {exc.code} {exc.reason}: {url}") from exc
        except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
            raise DownloadError(_network_message(url, exc)) from exc
        except ValueError as exc:
            raise DownloadError(f"неверный URL «{url}»: {os_error_text(exc)}") from exc
        with response:
            header = response.headers.get("Content-Length")
            total = int(header) if header and header.isdigit() else size
            if size is not None and total is not None and total != size:
                raise DownloadError(
                    f"сервер сообщает размер {total} байт, а ожидалось {size}: {url}"
                )
            digest = hashlib.sha256()
            done = 0
            try:
                out = open(part, "wb")  # noqa: SIM115  (closed below; writes are checked)
            except OSError as exc:
                raise DownloadError(f"не удалось записать {part}: {os_error_text(exc)}") from exc
            with out:
                if progress:
                    progress(0, total)
                while chunk := _read_chunk(response, url, done, total):
                    try:
                        out.write(chunk)
                    except OSError as exc:
                        raise DownloadError(f"ошибка записи {part}: {os_error_text(exc)}") from exc
                    digest.update(chunk)
                    done += len(chunk)
                    if progress:
                        progress(done, total)
        for expected in (total, size):
            if expected is not None and done != expected:
                raise DownloadError(
                    f"загрузка оборвалась: получено {done} байт из {expected} ({url}); "
                    "повторите команду"
                )
        actual_sha = digest.hexdigest()
        if want_sha is not None and actual_sha != want_sha:
            raise DownloadError(
                f"контрольная сумма не совпала для {name}: sha256 {actual_sha}, ожидалось "
                f"{want_sha}; файл удалён, повторите загрузку"
            )
        os.replace(part, final)
    except BaseException:
        with contextlib.suppress(OSError):
            part.unlink()
        raise
    return DownloadResult(final, done, actual_sha, skipped=False)
