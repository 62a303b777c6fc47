"""Which model files may be unpickled: only a file the person named by path and trusted.

A gensim ``.kv`` file is a Python pickle: reading it runs whatever code the file holds, so a
file from an unknown source can do anything the user can. Such a file is read only when
the person named it **by path** (not by a bare name looked up in the models folders) and
said they trust it (the command line's ``--trust-model``, which calls
:func:`trust_model_file`). The other formats (navec ``.tar``, word2vec ``.bin`` / ``.txt``
/ ``.vec``) are plain data and need no trust.

The trusted files are kept in the environment (:data:`TRUSTED_ENV`), so the processes a
command starts (bot-vs-bot's workers, the bench's fresh processes) trust the same files.

Light: no numpy / gensim.
"""

from __future__ import annotations

import os
from pathlib import Path

from associatsiya_ai.vectors.registry import REGISTRY, ModelError

__all__ = [
    "PICKLED_SUFFIXES",
    "TRUSTED_ENV",
    "check_unpickling",
    "is_pickled",
    "is_trusted",
    "named_path",
    "trust_model_file",
]

PICKLED_SUFFIXES = (".kv",)
"""Model formats whose reader unpickles the file (gensim ``KeyedVectors.save``)."""
TRUSTED_ENV = "ASSOCIATSIYA_TRUSTED_MODELS"
"""The trusted model files (absolute paths, :data:`os.pathsep`-separated)."""


def is_pickled(path: str | Path) -> bool:
    """Whether a model file is read by unpickling it (so only by path, when trusted).

    >>> is_pickled("my.KV"), is_pickled("my.vec")
    (True, False)
    """
    return Path(path).suffix.lower() in PICKLED_SUFFIXES


def named_path(spec: str | Path | None) -> Path | None:
    """The file ``spec`` names by path, or None for a model name or a bare file name.

    A path has a folder part (``./x.kv``, ``/data/x.kv``, ``~/x.kv``) or names a file that
    exists in the current folder (``x.kv`` typed where ``x.kv`` is, as any program reads
    it). A registry name and a bare name of no file here are looked up in the models
    folders: the person did not name a file.

    >>> named_path("hudlit_v1") is None, named_path("./x.kv")
    (True, PosixPath('x.kv'))
    """
    if spec is None or (isinstance(spec, str) and spec in REGISTRY):
        return None
    text = str(spec)
    path = Path(text).expanduser()
    has_folder = os.sep in text or (os.altsep is not None and os.altsep in text)
    if has_folder or text.startswith("~") or path.exists():
        return path
    return None


def _trusted() -> list[str]:
    return [p for p in os.environ.get(TRUSTED_ENV, "").split(os.pathsep) if p]


def trust_model_file(path: Path) -> None:
    """Trust ``path``: a pickled model there may be read (in this process and its children)."""
    real = str(Path(path).expanduser().resolve())
    if real not in _trusted():
        os.environ[TRUSTED_ENV] = os.pathsep.join([*_trusted(), real])


def is_trusted(path: Path) -> bool:
    """Whether :func:`trust_model_file` was called for this file (the same file by any path)."""
    return str(Path(path).expanduser().resolve()) in _trusted()


def check_unpickling(path: Path) -> None:
    """Refuse to read a pickled model file nobody trusted.

    Raises
    ------
    ModelError
        With ``fix="trust"`` when ``path`` is a pickled format and not trusted.
    """
    if is_pickled(path) and not is_trusted(path):
        raise ModelError(
            f"модель {path} — файл gensim .kv: он читается через pickle, а pickle может "
            "выполнить любой код из файла, поэтому без явного доверия он не загружается",
            fix="trust",
        )
