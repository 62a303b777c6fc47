"""Word vectors: the store, the navec and gensim readers, model files, registry and download.

Modules: :mod:`~.registry` (the known models, :class:`ModelError`), :mod:`~.locate` (model
files and paths), :mod:`~.download`, :mod:`~.store` (:class:`Embeddings`, rows decoded on
demand), :mod:`~.navec` and :mod:`~.gensim` (the readers) and :mod:`~.load`
(:func:`load_embeddings`, once per process); :mod:`~.trust` (a pickled model is read only
when named by path and trusted).

The light names (registry, locate) load eagerly; the download's names (sockets, URLs: only
``models download`` needs them), :class:`Embeddings` and :func:`load_embeddings` (numpy)
load on first use, so a game starts sooner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from associatsiya_ai.vectors.locate import (
    default_model_path,
    file_fingerprint,
    find_model_files,
    models_dir,
    resolve_model,
)
from associatsiya_ai.vectors.registry import (
    DEFAULT_MODEL,
    MODEL_SUFFIXES,
    MODELS_DIR_ENV,
    REGISTRY,
    ModelError,
    ModelInfo,
)
from associatsiya_ai.vectors.trust import named_path, trust_model_file

if TYPE_CHECKING:
    from associatsiya_ai.vectors.download import (
        DownloadError,
        DownloadResult,
        check_file_name,
        check_url,
        download,
        file_name_from_url,
    )
    from associatsiya_ai.vectors.load import load_embeddings
    from associatsiya_ai.vectors.store import Embeddings

__all__ = [
    "DEFAULT_MODEL",
    "MODELS_DIR_ENV",
    "MODEL_SUFFIXES",
    "REGISTRY",
    "DownloadError",
    "DownloadResult",
    "Embeddings",
    "ModelError",
    "ModelInfo",
    "check_file_name",
    "check_url",
    "default_model_path",
    "download",
    "file_fingerprint",
    "file_name_from_url",
    "find_model_files",
    "load_embeddings",
    "models_dir",
    "named_path",
    "resolve_model",
    "trust_model_file",
]

_LAZY = {
    "Embeddings": "associatsiya_ai.vectors.store",
    "load_embeddings": "associatsiya_ai.vectors.load",
    **dict.fromkeys(
        ("DownloadError", "DownloadResult", "check_file_name", "check_url", "download",
         "file_name_from_url"),
        "associatsiya_ai.vectors.download",
    ),
}  # fmt: skip


def __getattr__(name: str) -> Any:
    """Import the download's names, :class:`Embeddings` or :func:`load_embeddings` on first
    use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'associatsiya_ai.vectors' has no attribute {name!r}")
    import importlib

    loaded = importlib.import_module(module)
    clash = module.rsplit(".", 1)[1]  # importing ``vectors.download`` set the package's
    if _LAZY.get(clash) == module:  # ``download`` to the submodule: the function must win
        globals()[clash] = getattr(loaded, clash)
    return getattr(loaded, name)
