"""The one output layer: standard streams that survive any encoding and a closed reader.

:func:`guard_streams` is called once when the command line starts (``cli.base``). After it:

- a character the output stream cannot encode (``PYTHONIOENCODING=ascii``, a lone surrogate
  from undecodable input) is written as a ``\\uXXXX`` escape instead of raising;
- a reader that went away (``| head``, a closed terminal: ``BrokenPipeError``, ``EIO``) or
  a stream closed at start (``>&-``) makes further output vanish quietly; the loss is
  remembered (:func:`output_closed`) so a game can end as abandoned and keep its record;
- standard input decodes undecodable bytes with ``surrogateescape`` (never an exception),
  as UTF-8 when its own encoding has no Cyrillic letters (``PYTHONIOENCODING=ascii``), and
  a closed standard input (``<&-``) reads as an empty file: end of input.

Rich consoles created without a file write to whatever ``sys.stdout``/``sys.stderr`` is at
print time, so every console of the program goes through this layer.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import Any, TextIO

__all__ = ["GuardedStream", "clean_text", "guard_streams", "output_closed", "output_failed"]

_closed: set[str] = set()
_failed: set[str] = set()


def output_failed() -> bool:
    """Whether standard output could not be written for a reason other than a reader that
    went away (a full disk, an I/O error): the command must not report success."""
    return "stdout" in _failed


def output_closed() -> bool:
    """Whether standard output has been lost (closed pipe or terminal)."""
    return "stdout" in _closed


def clean_text(text: str) -> str:
    """``text`` with lone surrogates (undecodable input bytes) replaced by U+FFFD and
    variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF: an emoji keyboard's U+FE0F after a
    word) dropped: they draw nothing, yet an echo would show them as a stray mark.

    >>> clean_text("кот\\udcd0"), clean_text("кот\\ufe0f")
    ('кот\ufffd', 'кот')
    """
    if text.isascii():
        return text
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text if not _variation(c))


def _variation(c: str) -> bool:
    code = ord(c)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


class GuardedStream(io.TextIOBase):
    """A text stream over another that never raises on write or flush.

    Parameters
    ----------
    stream : TextIO or None
        The real stream (``None``: already closed).
    name : {"stdout", "stderr"}
        Which standard stream this is (for :func:`output_closed`).
    """

    def __init__(self, stream: TextIO | None, name: str) -> None:
        super().__init__()
        self._stream = stream
        self._name = name
        if stream is None:
            _closed.add(name)
        else:
            _closed.discard(name)

    @property
    def wrapped(self) -> TextIO | None:
        """The real stream (``None`` once lost)."""
        return self._stream

    def _lost(self) -> None:
        """The reader is gone: point the file descriptor at /dev/null, print nothing more."""
        _closed.add(self._name)
        stream, self._stream = self._stream, None
        if stream is None:
            return
        with contextlib.suppress(Exception):
            fd = stream.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)  # the interpreter's final flush must not fail either
            os.close(null)

    def write(self, text: str) -> int:
        stream = self._stream
        if stream is None:
            return len(text)
        try:
            try:
                stream.write(text)
            except UnicodeEncodeError:
                encoding = getattr(stream, "encoding", None) or "utf-8"
                stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
        except (OSError, ValueError) as exc:  # BrokenPipeError, EIO, a closed file, ENOSPC
            self._note(exc)
            self._lost()
        return len(text)

    def _note(self, exc: BaseException) -> None:
        """Remember a write that failed although the reader is still there (a full disk)."""
        if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
            _failed.add(self._name)

    def flush(self) -> None:
        stream = self._stream
        if stream is None:
            return
        try:
            stream.flush()
        except (OSError, ValueError) as exc:
            self._note(exc)
            self._lost()

    def isatty(self) -> bool:
        try:
            return self._stream is not None and self._stream.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        if self._stream is None:
            raise io.UnsupportedOperation("fileno")
        return self._stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "backslashreplace"

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _guard_input() -> None:
    stdin = sys.stdin
    if stdin is None or getattr(stdin, "closed", False):
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115  (lives as long as we do)
        return
    reconfigure = getattr(stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(Exception):
            try:
                "ё".encode(stdin.encoding or "ascii")
            except (UnicodeEncodeError, LookupError):  # a Russian game needs Cyrillic input
                reconfigure(encoding="utf-8", errors="surrogateescape")
            else:
                reconfigure(errors="surrogateescape")


def guard_streams() -> None:
    """Install the guarded standard streams (idempotent); see the module docstring."""
    _guard_input()
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if not isinstance(stream, GuardedStream):
            setattr(sys, name, GuardedStream(stream, name))


def unguard_streams() -> None:
    """Put the real streams back (CliRunner restores its own; used by tests)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if isinstance(stream, GuardedStream):
            setattr(sys, name, stream.wrapped)
