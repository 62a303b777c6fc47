"""Where model files are: the models directory, the bundled default, specs → paths.

Models directory
----------------
``models_dir()`` is ``$ASSOCIATSIYA_MODELS_DIR`` when that variable is set, otherwise
``models/`` under the current working directory. Downloads go there, and
``load_embeddings("FILE")`` looks there for bare file names.

Light: no numpy / navec / gensim.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
from pathlib import Path

from associatsiya_ai.vectors.registry import (
    DEFAULT_MODEL,
    MODEL_SUFFIXES,
    MODELS_DIR_ENV,
    REGISTRY,
    ModelError,
)

__all__ = [
    "default_model_path",
    "file_fingerprint",
    "find_model_files",
    "models_dir",
    "resolve_model",
]


def models_dir() -> Path:
    """The directory for downloaded and user-supplied models.

    Returns
    -------
    Path
        ``$ASSOCIATSIYA_MODELS_DIR`` if set and non-empty, else ``./models`` (relative to
        the current working directory). The directory may not exist yet.
    """
    env = os.environ.get(MODELS_DIR_ENV, "").strip()
    return Path(env).expanduser() if env else Path.cwd() / "models"


def find_model_files(directory: Path | None = None) -> list[Path]:
    """Model files (``.tar``, ``.bin``, ``.txt``, ``.vec``, ``.kv``) in a directory, sorted.

    Partial downloads (``*.part``) and the README are not model files.
    """
    directory = models_dir() if directory is None else directory
    if not directory.is_dir():
        return []
    return sorted(
        p
        for p in directory.iterdir()
        if p.is_file() and p.suffix.lower() in MODEL_SUFFIXES and p.name != "README.md"
    )


def file_fingerprint(path: Path) -> str:
    """SHA-256 (16 hex digits) of a file's size, first MiB and last MiB."""
    block = 1 << 20
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        f.seek(0, 2)
        size = f.tell()
        digest.update(str(size).encode())
        f.seek(0)
        digest.update(f.read(block))
        if size > block:
            f.seek(max(block, size - block))
            digest.update(f.read(block))
    return digest.hexdigest()[:16]


def default_model_path() -> Path:
    """The default model's navec file shipped inside the natasha wheel (natasha is not imported).

    Raises
    ------
    ModelError
        If natasha is not installed.
    """
    info = REGISTRY[DEFAULT_MODEL]
    try:
        dist = importlib.metadata.distribution("natasha")
    except importlib.metadata.PackageNotFoundError:
        raise ModelError(
            "пакет natasha не установлен, а в нём модель по умолчанию: pip install natasha "
            "или укажите путь к модели"
        ) from None
    return Path(str(dist.locate_file(f"natasha/data/emb/{info.file_name}")))


def resolve_model(spec: str | Path | None = None) -> Path:
    """Turn a model spec into a file path (not checked for existence beyond the lookup).

    ``None`` or :data:`DEFAULT_MODEL` → the default; a registry name → its file in ``models_dir()``;
    an existing path → itself; a bare file name → that file in ``models_dir()``.
    """
    if spec is None or spec == DEFAULT_MODEL:
        return default_model_path()
    text = str(spec)
    if isinstance(spec, str) and text in REGISTRY:
        return models_dir() / REGISTRY[text].file_name
    path = Path(text).expanduser()
    if path.exists():
        return path
    candidate = models_dir() / text
    if path.parent == Path(".") and candidate.exists():
        return candidate
    return path
