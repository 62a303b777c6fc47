"""Loading a model by spec, once per process; every failure is one :class:`ModelError`.

Supported files: navec ``.tar`` (:mod:`~associatsiya_ai.vectors.navec`) and gensim
``KeyedVectors`` (:mod:`~associatsiya_ai.vectors.gensim`). Every failure to read a file is
a ``ModelError`` with one Russian line, never a traceback.
"""

from __future__ import annotations

import threading
from pathlib import Path

from associatsiya_ai.vectors.gensim import FORMATS_HINT, read_gensim
from associatsiya_ai.vectors.locate import check_regular_file, resolve_model
from associatsiya_ai.vectors.navec import read_navec
from associatsiya_ai.vectors.registry import MODEL_SUFFIXES, REGISTRY, ModelError
from associatsiya_ai.vectors.store import Embeddings
from associatsiya_ai.vectors.trust import check_unpickling

__all__ = ["load_embeddings"]

_CACHE: dict[Path, Embeddings] = {}
_CACHE_LOCK = threading.Lock()


def load_embeddings(spec: str | Path | None = None) -> Embeddings:
    """Load a model, once per process.

    Parameters
    ----------
    spec : str or Path, optional
        None → :data:`DEFAULT_MODEL` (navec, inside natasha); a registry name
        (see :data:`REGISTRY`); a path to a file; or a file name inside the models
        folders (:func:`~associatsiya_ai.vectors.locate.model_dirs`). A gensim ``.kv``
        (a pickle) is read only when trusted
        (:func:`~associatsiya_ai.vectors.trust.trust_model_file`).

    Returns
    -------
    Embeddings
        Cached per resolved path: the second call returns the same object.

    Raises
    ------
    ModelError
        Missing file, not a regular file, truncated or corrupt file, unknown format, an
        untrusted pickled file. One Russian line naming the file and the fix.
    """
    path = resolve_model(spec)
    if path.exists():
        check_regular_file(path)  # /dev/zero, a named pipe, a folder: said, never read
    if not path.is_file():
        name = str(spec) if spec is not None else ""
        if name in REGISTRY:
            raise ModelError(f"файл модели не найден: {path}", fix="download", model=name)
        raise ModelError(f"файл модели не найден: {path}", fix="path-or-name")
    key = path.resolve()
    with _CACHE_LOCK:
        cached = _CACHE.get(key)
        if cached is None:
            cached = _load_file(key)
            _CACHE[key] = cached
    return cached


def _load_file(path: Path) -> Embeddings:
    suffix = path.suffix.lower()
    if suffix not in MODEL_SUFFIXES:
        raise ModelError(f"неизвестный формат модели: {path}; {FORMATS_HINT}")
    check_unpickling(path)  # a gensim .kv is a pickle: only a file named by path and trusted
    try:
        if suffix == ".tar":
            return read_navec(path)
        return read_gensim(path, suffix)
    except ModelError:
        raise
    except MemoryError:
        raise ModelError(f"не хватает памяти, чтобы загрузить модель {path}") from None
    except Exception as exc:  # tarfile.ReadError, EOFError, ValueError, pickle errors, …
        raise ModelError(
            f"не удалось прочитать модель {path} ({type(exc).__name__}): файл повреждён или "
            f"не в том формате; {FORMATS_HINT}"
        ) from exc
