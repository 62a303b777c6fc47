"""The vocabulary's on-disk cache: one ``.npz`` per model content and ``VOCAB_VERSION``.

:func:`load_vocabulary` builds a model's vocabulary once, writes
``vocab-<fingerprint>-v<VOCAB_VERSION>.npz`` in the user cache dir and memoises it in the
process; later calls read that file in well under a second. A cache file that cannot be
read (truncated, garbage, wrong keys, another version) is treated as absent and rebuilt;
:func:`open_vocabulary` says so in its :class:`LoadReport`. The file's format, its writing and
its reading are :mod:`associatsiya_ai.vocab.cachefile`. Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from associatsiya_ai.blas import one_blas_thread
from associatsiya_ai.buildlock import build_lock
from associatsiya_ai.oserrors import os_error_text
from associatsiya_ai.vocab.build import (
    VOCAB_VERSION,
    ProgressCallback,
    build_vocabulary,
    model_encoder,
)
from associatsiya_ai.vocab.cachefile import read_vocabulary, save_vocabulary
from associatsiya_ai.vocab.stale import remove_stale_temporaries
from associatsiya_ai.vocab.vocabulary import Vocabulary

if TYPE_CHECKING:
    from associatsiya_ai.vectors.store import Embeddings

__all__ = [
    "LoadReport",
    "cache_path",
    "load_vocabulary",
    "open_vocabulary",
]


def cache_path(fingerprint: str) -> Path:
    """Where the vocabulary of a model with ``fingerprint`` is cached (the user cache dir)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("associatsiya")) / f"vocab-{fingerprint}-v{VOCAB_VERSION}.npz"


@dataclass(frozen=True)
class LoadReport:
    """How :func:`open_vocabulary` got the vocabulary.

    Attributes
    ----------
    vocabulary : Vocabulary
        The vocabulary.
    source : {"memory", "cache", "built"}
        Memoised in this process, read from the cache file, or built now.
    path : Path or None
        The cache file (None when the model file could not be located).
    damaged : str or None
        Why an existing cache file could not be read (it was rebuilt), else None.
    save_error : str or None
        Why the built vocabulary could not be written to the cache (it will be built
        again next time), else None.
    """

    vocabulary: Vocabulary
    source: Literal["memory", "cache", "built"]
    path: Path | None
    damaged: str | None = None
    save_error: str | None = None


_LOADED: dict[tuple[str, int], Vocabulary] = {}


def open_vocabulary(
    embeddings: Embeddings | None = None,
    *,
    model: str | Path | None = None,
    rebuild: bool = False,
    on_build: Callable[[str], None] | None = None,
    on_progress: ProgressCallback | None = None,
    on_damaged: Callable[[Path, str], None] | None = None,
    on_wait: Callable[[], None] | None = None,
) -> LoadReport:
    """Return the vocabulary of a model and how it was got (memory, cache or a build).

    A build holds a lock beside the cache file (:func:`~associatsiya_ai.buildlock.
    build_lock`): a second process that needs the same vocabulary meanwhile waits, then
    reads what the first wrote.

    Parameters
    ----------
    embeddings : Embeddings, optional
        The loaded model. When omitted, ``model`` (a spec for ``load_embeddings``; the
        default model when None) is located, and on a warm cache it is only loaded when a
        word outside the vocabulary first needs a vector.
    model : str or Path, optional
        The model spec when ``embeddings`` is omitted.
    rebuild : bool
        Ignore the memo and the cache file: build anew (and rewrite the cache).
    on_build : callable, optional
        Called as ``on_build(model_name)`` just before a build starts (tens of seconds).
    on_progress : callable, optional
        The build's ``on_progress(done, total)``.
    on_damaged : callable, optional
        Called as ``on_damaged(path, reason)`` when the cache file cannot be read, before
        the build that replaces it (``reason`` is technical: also in the report).
    on_wait : callable, optional
        Called before waiting for another process that is building the same vocabulary.

    Returns
    -------
    LoadReport

    Raises
    ------
    ModelError
        When the model cannot be found or read, or has no usable noun.
    """
    from associatsiya_ai.vectors import file_fingerprint, load_embeddings, resolve_model

    path: Path | None
    if embeddings is not None:
        fingerprint = embeddings.fingerprint()
    else:
        try:
            fingerprint = file_fingerprint(resolve_model(model))
        except OSError:
            embeddings = load_embeddings(model)  # raises the model's own clear error
            fingerprint = embeddings.fingerprint()
    key = (fingerprint, VOCAB_VERSION)
    path = cache_path(fingerprint)
    if key in _LOADED and not rebuild:
        return LoadReport(_LOADED[key], "memory", path)
    loaded: list[Embeddings] = [] if embeddings is None else [embeddings]

    def model_now() -> Embeddings:
        if not loaded:
            loaded.append(load_embeddings(model))
        return loaded[0]

    damaged = None
    if path.exists() and not rebuild:
        try:
            vocab = read_vocabulary(path, encoder=model_encoder(model_now))
        except (OSError, ValueError) as exc:
            damaged = str(exc)
            if on_damaged is not None:
                on_damaged(path, damaged)
        else:
            _LOADED[key] = vocab
            return LoadReport(vocab, "cache", path)
    with build_lock(path.with_name(path.name + ".lock"), on_wait) as waited:
        if waited and path.exists():  # another process built it meanwhile
            try:
                vocab = read_vocabulary(path, encoder=model_encoder(model_now))
            except (OSError, ValueError):
                pass
            else:
                _LOADED[key] = vocab
                return LoadReport(vocab, "cache", path)
        remove_stale_temporaries(path.parent)  # what a killed build left (SIGKILL: no cleanup)
        embeddings = model_now()
        if on_build is not None:
            on_build(embeddings.name)
        with one_blas_thread():  # the same floats whoever builds it (a game, a script)
            vocab = build_vocabulary(embeddings, on_progress=on_progress)
        save_error = None
        try:
            save_vocabulary(vocab, path)
        except OSError as exc:  # a read-only cache dir costs a rebuild next time
            save_error = f"{path}: {os_error_text(exc)}"
    _LOADED[key] = vocab
    return LoadReport(vocab, "built", path, damaged=damaged, save_error=save_error)


def load_vocabulary(
    embeddings: Embeddings | None = None,
    *,
    model: str | Path | None = None,
    on_build: Callable[[str], None] | None = None,
    on_progress: ProgressCallback | None = None,
    adult: bool = False,
) -> Vocabulary:
    """Return the vocabulary of a model, cached on disk and memoised in the process.

    The same as ``open_vocabulary(...).vocabulary`` (see :func:`open_vocabulary` for the
    other parameters) without its adult words unless ``adult``; prints nothing.

    Parameters
    ----------
    adult : bool
        Keep the sexual and graphic violent-crime terms (adult mode). Obscene words, slurs
        and insults are never in the vocabulary.

    Raises
    ------
    ModelError
        When the model cannot be found or read, or has no usable noun.
    """
    full = open_vocabulary(
        embeddings, model=model, on_build=on_build, on_progress=on_progress
    ).vocabulary
    if adult:
        return full
    if full not in _FAMILY:
        _FAMILY[full] = full.family()
    return _FAMILY[full]


_FAMILY: dict[Vocabulary, Vocabulary] = {}
