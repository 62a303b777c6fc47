"""Where model files are: the models directory, the bundled default, specs → paths.

Models directory
----------------
``models_dir()`` is ``$ASSOCIATSIYA_MODELS_DIR`` when that variable is set, otherwise the
user data directory's ``models/`` (platformdirs: ``~/.local/share/associatsiya/models`` on
Linux), so a model downloaded once is found from any folder. Downloads go there. A model
named by its registry name or a bare file name is looked for there first, then in the
project's ``models/`` folder (beside the package, in a source checkout) (:func:`model_dirs`).
The current working directory is never searched: a file there is named by path
(``./x.vec``), and a pickled model (gensim ``.kv``) is read only when named by path and
trusted (:mod:`associatsiya_ai.vectors.trust`).

Light: no numpy / navec / gensim.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import stat
from pathlib import Path

from associatsiya_ai.vectors.registry import (
    DEFAULT_MODEL,
    MODEL_SUFFIXES,
    MODELS_DIR_ENV,
    REGISTRY,
    ModelError,
)

__all__ = [
    "check_regular_file",
    "default_model_path",
    "file_fingerprint",
    "find_model_file",
    "find_model_files",
    "model_dirs",
    "models_dir",
    "resolve_model",
]

PROJECT_MODELS = Path(__file__).resolve().parents[2] / "models"
"""The project's ``models/`` folder (exists in a source checkout, beside the package)."""


def models_dir() -> Path:
    """The directory for downloaded and user-supplied models.

    Returns
    -------
    Path
        ``$ASSOCIATSIYA_MODELS_DIR`` if set and non-empty, else ``models/`` in the user data
        directory (platformdirs). The directory may not exist yet.
    """
    env = os.environ.get(MODELS_DIR_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("associatsiya")) / "models"


def model_dirs() -> list[Path]:
    """Where models are looked for, in order: :func:`models_dir` and the project's
    ``models/``; each once, those that exist (never the current directory)."""
    found: list[Path] = []
    for directory in (models_dir(), PROJECT_MODELS):
        try:
            real = directory.resolve()
        except OSError:
            continue
        if real not in (d.resolve() for d in found) and (directory.is_dir() or not found):
            found.append(directory)
    return found


def find_model_file(file_name: str) -> Path | None:
    """The first ``file_name`` in :func:`model_dirs`, or None."""
    for directory in model_dirs():
        path = directory / file_name
        if path.is_file():
            return path
    return None


def find_model_files(directory: Path | None = None) -> list[Path]:
    """Model files (``.tar``, ``.bin``, ``.txt``, ``.vec``, ``.kv``) in a directory, sorted
    (``None``: in every one of :func:`model_dirs`, a name found twice listed once).

    Partial downloads (``*.part``) and the README are not model files.
    """
    directories = model_dirs() if directory is None else [directory]
    files: dict[str, Path] = {}
    for d in directories:
        if not d.is_dir():
            continue
        for p in sorted(d.iterdir()):
            if p.is_file() and p.suffix.lower() in MODEL_SUFFIXES and p.name != "README.md":
                files.setdefault(p.name, p)
    return sorted(files.values(), key=lambda p: p.name)


def check_regular_file(path: Path) -> None:
    """Refuse a model path that is not a regular file: a device (``/dev/zero``), a named
    pipe (reading it would wait forever) or a folder.

    Raises
    ------
    ModelError
        When ``path`` exists and is not a regular file.
    OSError
        When it cannot be examined (e.g. missing).
    """
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        kind = "папка" if stat.S_ISDIR(mode) else "не обычный файл (устройство или канал)"
        raise ModelError(f"модель {path} — {kind}; укажите файл модели")


def file_fingerprint(path: Path) -> str:
    """SHA-256 (16 hex digits) of a file's size, first MiB and last MiB.

    Raises
    ------
    ModelError
        When ``path`` is not a regular file (:func:`check_regular_file`).
    OSError
        When it cannot be read.
    """
    check_regular_file(path)
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

    ``None`` or :data:`DEFAULT_MODEL` → the default; a registry name → its file in the first
    of :func:`model_dirs` that has it (else in ``models_dir()``, where it would be
    downloaded); an existing path → itself; a bare file name → that file in
    :func:`model_dirs` (not in the current directory's ``models/``).
    """
    if spec is None or spec == DEFAULT_MODEL:
        return default_model_path()
    text = str(spec)
    if isinstance(spec, str) and text in REGISTRY:
        file_name = REGISTRY[text].file_name
        return find_model_file(file_name) or models_dir() / file_name
    path = Path(text).expanduser()
    if path.exists():
        return path
    if path.parent == Path("."):
        return find_model_file(text) or path
    return path
