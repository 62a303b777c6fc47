"""The human-response model of a vocabulary, made once: memoised per process, cached on disk.

Building the per-word tables (:func:`~associatsiya_ai.bots.people.features.precompute`,
seconds) and the log-partitions of single-word queries (tens of seconds) is done once per
vocabulary and weights file; the result is written next to the vocabulary cache as
``people-<key>.npz`` (no pickle) and loads in milliseconds. A cache file that cannot be
read is treated as absent and rebuilt. Vocabularies without a model fingerprint (tests'
hand-made ones) are never written to disk.
"""

from __future__ import annotations

import contextlib
import hashlib
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from associatsiya_ai.blas import one_blas_thread
from associatsiya_ai.bots.people.features import FEATURES
from associatsiya_ai.bots.people.model import WEIGHTS_PATH, PeopleModel, load_weights
from associatsiya_ai.bots.people.tables import RELATIONS, PeopleTables, precompute
from associatsiya_ai.buildlock import build_lock
from associatsiya_ai.vocab.stale import write_atomically

if TYPE_CHECKING:
    from associatsiya_ai.vocab.vocabulary import Vocabulary

__all__ = ["damaged_people_cache", "people_cache_missing", "people_cache_path", "people_model"]

PEOPLE_VERSION = 4
"""Bump when the tables' layout or meaning changes: the cache is keyed by it."""

_MODELS: dict[int, tuple[Vocabulary, PeopleModel]] = {}


def _key(vocab: Vocabulary) -> str:
    """A digest of what the cached arrays depend on: the words, secrets, model, weights, the
    association lexicon, and the rules of both builds (a new vocabulary rule may keep the
    words but move vectors)."""
    from associatsiya_ai.vocab.associations import lexicon_digest
    from associatsiya_ai.vocab.build import VOCAB_VERSION

    h = hashlib.sha256()
    h.update(f"{vocab.fingerprint}|{VOCAB_VERSION}|{PEOPLE_VERSION}|{','.join(FEATURES)}|".encode())
    h.update(lexicon_digest().encode())
    h.update("\n".join(vocab.words).encode())
    h.update("\n".join(vocab.secrets).encode())
    h.update(WEIGHTS_PATH.read_bytes())
    return h.hexdigest()[:20]


def people_cache_path(vocab: Vocabulary) -> Path:
    """Where the model of ``vocab`` is cached (the user cache dir, beside the vocabulary)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("associatsiya")) / f"people-{_key(vocab)}.npz"


def _save(path: Path, tables: PeopleTables, logz: np.ndarray) -> None:
    arrays: dict[str, Any] = {"quantiles": tables.quantiles, "static": tables.static, "logz": logz}
    for k in range(len(RELATIONS)):
        arrays[f"indptr_{k}"], arrays[f"indices_{k}"] = tables.links[k]
    if tables.comention is not None:
        arrays["cm_indptr"], arrays["cm_indices"], arrays["cm_values"] = tables.comention
    write_atomically(path, lambda tmp: np.savez(tmp, **arrays))
    _sweep(path)


_KEPT_FILES = 4
"""How many people-model cache files are kept in the cache directory: each is ~20 MB and a
new weights file or lexicon makes a new one; a model rebuilds its own in seconds."""


def _sweep(path: Path) -> None:
    """Remove all but the :data:`_KEPT_FILES` most recently written ``people-*.npz`` beside
    ``path`` (``path`` itself is always kept; a file that cannot be removed is left)."""
    others = [p for p in path.parent.glob("people-*.npz") if p != path and p.is_file()]
    with contextlib.suppress(OSError):
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for old in others[_KEPT_FILES - 1 :]:
        with contextlib.suppress(OSError):
            old.unlink()


def _load(path: Path, n: int) -> tuple[PeopleTables, np.ndarray]:
    """Read a cache file; ValueError when it is damaged or does not fit ``n`` words."""
    try:
        with np.load(path, allow_pickle=False) as data:
            links = tuple(
                (data[f"indptr_{k}"], data[f"indices_{k}"]) for k in range(len(RELATIONS))
            )
            comention = None
            if "cm_indptr" in data:
                comention = (data["cm_indptr"], data["cm_indices"], data["cm_values"])
            tables = PeopleTables(data["quantiles"], data["static"], links, comention)
            logz = data["logz"]
    except (zipfile.BadZipFile, EOFError, KeyError, OSError) as exc:
        raise ValueError(f"{path}: {exc}") from exc
    if tables.quantiles.shape[0] != n or logz.shape != (n,) or tables.static.shape[0] != n:
        raise ValueError(f"{path}: shapes do not fit the vocabulary")
    return tables, logz


def damaged_people_cache(vocab: Vocabulary) -> Path | None:
    """The cache file of ``vocab`` when it exists but cannot be read, else None.

    :func:`people_model` will rebuild it (tens of seconds): a front-end may say so first.
    None too when the model is already made in this process or is never cached. A readable
    file is read here once, and :func:`people_model` takes the model from the memo.
    """
    memo = _MODELS.get(id(vocab))
    if not vocab.fingerprint or (memo is not None and memo[0] is vocab):
        return None
    path = people_cache_path(vocab)
    if not path.exists():
        return None
    try:
        _from_cache(vocab, path)  # read once: people_model() then takes it from the memo
    except (ValueError, OSError):
        return path
    return None


def people_cache_missing(vocab: Vocabulary) -> bool:
    """Whether :func:`people_model` of ``vocab`` will build the model (seconds): it is not
    made in this process and its cache file is absent (a damaged one:
    :func:`damaged_people_cache`). False for vocabularies that are never cached."""
    memo = _MODELS.get(id(vocab))
    if not vocab.fingerprint or (memo is not None and memo[0] is vocab):
        return False
    return not people_cache_path(vocab).exists()


def _from_cache(vocab: Vocabulary, path: Path) -> PeopleModel:
    """The model of ``vocab`` read from its cache file, memoised.

    Raises
    ------
    ValueError, OSError
        When the file is damaged, does not fit ``vocab`` or cannot be read.
    """
    tables, logz = _load(path, len(vocab))
    model = PeopleModel(vocab, tables, load_weights())
    model._logz = logz
    _MODELS[id(vocab)] = (vocab, model)
    return model


def people_model(vocab: Vocabulary, on_wait: Callable[[], None] | None = None) -> PeopleModel:
    """The human-response model of ``vocab`` with the shipped weights, made once.

    Built under a lock beside its cache file (:func:`~associatsiya_ai.buildlock.build_lock`):
    a second process building the same model waits (``on_wait`` called first), then reads it.

    Parameters
    ----------
    vocab : Vocabulary
        A real vocabulary (cached on disk by its model fingerprint) or a hand-made one
        (``fingerprint == ""``: built in memory, no wordnet links).

    Returns
    -------
    PeopleModel
        With its log-partitions ready (a hinter's decision is then one mat-vec).
    """
    memo = _MODELS.get(id(vocab))
    if memo is not None and memo[0] is vocab:
        return memo[1]
    if not vocab.fingerprint:
        model = PeopleModel(vocab, precompute(vocab, wordnet=False), load_weights())
        model.log_partitions()
    else:
        path = people_cache_path(vocab)
        try:
            return _from_cache(vocab, path)
        except (ValueError, OSError):
            pass
        with build_lock(path.with_name(path.name + ".lock"), on_wait) as waited:
            if waited:  # another process built it meanwhile
                with contextlib.suppress(ValueError, OSError):
                    return _from_cache(vocab, path)
            with one_blas_thread():  # the same floats whoever builds it (a game, a script)
                model = PeopleModel(vocab, precompute(vocab), load_weights())
                logz = model.log_partitions()
            with contextlib.suppress(OSError):  # a read-only cache dir: rebuilt next time
                _save(path, model.tables, logz)
    _MODELS[id(vocab)] = (vocab, model)
    return model
