"""The models the game knows by name, and the error every model failure raises.

``REGISTRY`` lists the models the game knows by name. The default, :data:`DEFAULT_MODEL`
(navec, 250K words, news corpus), is installed with the ``natasha`` wheel, so it never
needs downloading; ``hudlit_v1`` (navec, 500K words, fiction corpus) is fetched from the
navec storage on request (:mod:`associatsiya_ai.vectors.download`).

This module is light on purpose (no numpy / navec / gensim): the CLI imports it for
``--help``.

>>> REGISTRY[DEFAULT_MODEL].bundled
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "DEFAULT_MODEL",
    "MODELS_DIR_ENV",
    "MODEL_SUFFIXES",
    "REGISTRY",
    "ModelError",
    "ModelFix",
    "ModelInfo",
]

MODELS_DIR_ENV = "ASSOCIATSIYA_MODELS_DIR"
"""The environment variable naming the models directory (when unset: ``models/`` in the user
data directory)."""
MODEL_SUFFIXES = (".tar", ".bin", ".txt", ".vec", ".kv")
"""File suffixes the loaders understand (navec tar, word2vec binary / text, gensim native)."""


ModelFix = Literal["download", "path-or-name", "another", "trust"]
"""What a person can do about a :class:`ModelError` that the library cannot say in full
(the front-end names its own commands): download a registry model, name a file or a
registry model, choose another model, or name a pickled file by path and trust it."""


class ModelError(Exception):
    """A model file is missing, truncated or in an unknown format.

    The message is one Russian line that names the file (and, where the library can, what
    to do). Library code names no CLI command: where the fix is one, :attr:`fix` says which
    and the front-end adds it (``associatsiya_ai.terminal.texts.model_error_text``).

    Attributes
    ----------
    fix : {"download", "path-or-name", "another", "trust"} or None
        The fix the front-end should add, if any.
    model : str or None
        For ``fix="download"``: the registry name to download.
    """

    def __init__(
        self, message: str, *, fix: ModelFix | None = None, model: str | None = None
    ) -> None:
        super().__init__(message)
        self.fix = fix
        self.model = model

    def __reduce__(self) -> tuple[Any, ...]:
        """Keep :attr:`fix` and :attr:`model` across processes (bot-vs-bot workers)."""
        return (type(self), self.args, {"fix": self.fix, "model": self.model})


@dataclass(frozen=True)
class ModelInfo:
    """One known model.

    Attributes
    ----------
    name : str
        The short name used on the command line (``hudlit_v1``).
    file_name : str
        The file name inside the models directory (or inside natasha for the default).
    url : str or None
        Where to download it; None for the bundled default.
    size : int or None
        The expected size in bytes, when known (checked after download).
    sha256 : str or None
        The expected SHA-256 hex digest, when known.
    description : str
        One line for ``models list``.
    bundled : bool
        True when the file is installed with a Python package (no download needed).
    """

    name: str
    file_name: str
    url: str | None
    size: int | None
    sha256: str | None
    description: str
    bundled: bool = False


DEFAULT_MODEL = "news_v1"
"""The model used when none is named: navec news, bundled with natasha."""

REGISTRY: dict[str, ModelInfo] = {
    DEFAULT_MODEL: ModelInfo(
        name=DEFAULT_MODEL,
        file_name="navec_news_v1_1B_250K_300d_100q.tar",
        url=None,
        size=26_634_240,
        sha256=None,
        description="navec, новости, 250K слов × 300 (по умолчанию)",
        bundled=True,
    ),
    "hudlit_v1": ModelInfo(
        name="hudlit_v1",
        file_name="navec_hudlit_v1_12B_500K_300d_100q.tar",
        url="https://storage.yandexcloud.net/natasha-navec/packs/navec_hudlit_v1_12B_500K_300d_100q.tar",
        size=None,  # about 51 MB; the exact byte count is checked against Content-Length
        sha256=None,
        description="navec, художественная литература, 500K слов × 300, ≈51 МБ",
    ),
}
