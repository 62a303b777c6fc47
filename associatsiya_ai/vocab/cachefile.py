"""The vocabulary's cache file: a :class:`~associatsiya_ai.vocab.vocabulary.Vocabulary` as one
``.npz`` (no pickle), written atomically and read back checked.

:func:`save_vocabulary` writes a temporary file beside the target and renames it, so a
reader sees the whole file or none; :func:`read_vocabulary` refuses a file that is not a
whole vocabulary of this ``VOCAB_VERSION``. Where the file lives, and when it is built, is
:mod:`associatsiya_ai.vocab.cache`.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np

from associatsiya_ai.vocab.build import VOCAB_VERSION
from associatsiya_ai.vocab.stale import write_atomically
from associatsiya_ai.vocab.vocabulary import Encoder, Vocabulary

__all__ = ["read_vocabulary", "save_vocabulary"]

# fmt: off
_KEYS = ("words", "lemmas", "secrets", "matrix", "zipf", "news", "mean", "components", "meta",
         "adult", "report_reasons", "report_counts", "dropped")
# fmt: on


def save_vocabulary(vocab: Vocabulary, path: Path) -> None:
    """Write ``vocab`` to ``path`` (.npz, no pickle), atomically.

    Raises
    ------
    OSError
        When the directory or file cannot be written.
    """
    write_atomically(path, lambda tmp: _write_npz(tmp, vocab))


def _write_npz(tmp: Path, vocab: Vocabulary) -> None:
    np.savez(
        tmp,
        words=np.array(vocab.words),
        lemmas=np.array(vocab.lemmas),
        secrets=np.array(vocab.secrets),
        matrix=vocab.matrix,
        zipf=vocab.zipf,
        news=vocab.news,
        mean=vocab.mean,
        components=vocab.components,
        meta=np.array([vocab.model_name, vocab.fingerprint, str(VOCAB_VERSION)]),
        adult=vocab.adult,
        report_reasons=np.array(list(vocab.report), dtype=str),
        report_counts=np.array(list(vocab.report.values()), np.int64),
        dropped=np.array(vocab.dropped, dtype=str).reshape(-1, 2),
    )


def read_vocabulary(path: Path, encoder: Encoder | None = None) -> Vocabulary:
    """Read a vocabulary written by :func:`save_vocabulary` (``np.load`` without pickle).

    Raises
    ------
    ValueError
        When the file is not a readable vocabulary of this ``VOCAB_VERSION``: truncated,
        garbage, missing or malformed arrays (the cause is chained).
    OSError
        When the file cannot be opened.
    """
    try:
        with np.load(path, allow_pickle=False) as data:
            missing = [k for k in _KEYS if k not in data.files]
            if missing:
                raise ValueError(f"vocabulary cache lacks {', '.join(missing)}")
            meta = [str(x) for x in data["meta"].tolist()]
            if len(meta) != 3 or meta[2] != str(VOCAB_VERSION):
                raise ValueError(f"vocabulary cache version {meta[2:]} is stale")
            return Vocabulary(
                data["words"].tolist(),
                data["matrix"],
                zipf=data["zipf"],
                news=data["news"],
                lemmas=data["lemmas"].tolist(),
                secrets=data["secrets"].tolist(),
                mean=data["mean"],
                components=data["components"],
                encoder=encoder,
                model_name=meta[0],
                fingerprint=meta[1],
                adult=data["adult"],
                report=dict(
                    zip(
                        data["report_reasons"].tolist(),
                        [int(c) for c in data["report_counts"].tolist()],
                        strict=True,
                    )
                ),
                dropped=[(str(w), str(r)) for w, r in data["dropped"].tolist()],
            )
    except (
        zipfile.BadZipFile,
        EOFError,
        KeyError,
        TypeError,
        IndexError,
        AttributeError,
        ValueError,
    ) as exc:
        raise ValueError(f"vocabulary cache {path} is damaged: {exc}") from exc
