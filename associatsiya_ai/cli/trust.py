"""``--trust-model``: the person's word that a model file named by path may be unpickled.

A gensim ``.kv`` model is a pickle, which can run any code (see
:mod:`associatsiya_ai.vectors.trust`). Every command with ``--model`` takes
``--trust-model``; it trusts only a file named by path (``--model ./модель.kv``), never a
model name or a bare file name looked up in the models folders. ``models list`` marks such
files with :data:`PICKLE_NOTE` and the command that loads one (:func:`trusted_run`).
"""

from __future__ import annotations

from typing import Annotated

import typer

from associatsiya_ai.cli.base import fail

__all__ = ["PICKLE_NOTE", "TrustModelOption", "trust_models", "trusted_run"]

TrustModelOption = Annotated[
    bool,
    typer.Option(
        "--trust-model",
        help="Доверять файлу модели, указанному путём в --model: только так читается модель "
        "gensim .kv (это pickle, он может выполнить любой код из файла). Указывайте только "
        "для файлов из надёжного источника.",
    ),
]
"""The ``--trust-model`` flag of the commands that load a model."""

PICKLE_NOTE = (
    "pickle: файл gensim .kv читается через pickle, а pickle может выполнить любой код из "
    "файла, поэтому такая модель загружается, только если указать её путём и добавить "
    "--trust-model (только для файлов из надёжного источника). Надёжнее — word2vec .bin/.vec."
)
"""Why ``models list`` marks a ``.kv`` file, and how to load it."""


def trusted_run(path: str) -> str:
    """The command that plays with the pickled model file at ``path`` (quoted for a shell).

    >>> trusted_run("/m/my model.kv")
    "associatsiya vs-bot --model '/m/my model.kv' --trust-model"
    """
    import shlex

    return f"associatsiya vs-bot --model {shlex.quote(path)} --trust-model"


def trust_models(trust: bool, *specs: str | None) -> None:
    """Trust the model files named by path in ``specs`` when ``trust`` is set.

    Parameters
    ----------
    trust : bool
        The ``--trust-model`` flag.
    *specs : str or None
        The ``--model`` values (``None`` or a model name: nothing to trust).

    Raises
    ------
    typer.Exit
        Exit code 2 after a Russian line when ``--trust-model`` is given without a model
        file, or with a file given by a bare name (looked up in the models folders).
    """
    from associatsiya_ai.vectors.registry import REGISTRY
    from associatsiya_ai.vectors.trust import named_path, trust_model_file

    if not trust:
        return
    files = [spec for spec in specs if spec is not None and spec not in REGISTRY]
    if not files:  # the default or a known model by name: nothing to trust
        raise fail(
            "--trust-model относится к файлу модели: укажите его путём, например "
            "--model ./модель.kv --trust-model",
            2,
        )
    for spec in files:
        path = named_path(spec)
        if path is None:
            raise fail(
                f"--trust-model доверяет только файлу, указанному путём, а «{spec}» — имя, "
                f"которое ищется в папках моделей: укажите путь, например --model ./{spec}",
                2,
            )
        trust_model_file(path)
