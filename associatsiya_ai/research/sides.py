"""The sides of a bot-vs-bot run: which model and level, and the kit each side plays with.

A side's kit is built once per process (worker processes reuse the parent's when forked).

>>> BotSpec(model=None, level="hard").label
'news_v1/hard'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from associatsiya_ai.kit import load_kit, model_label

__all__ = ["BotKit", "BotSpec", "KitFactory", "embedding_kit", "kit_for", "secrets_for"]


@dataclass(frozen=True)
class BotSpec:
    """One side's bots: the embedding model and the level of its hinter and guesser.

    Attributes
    ----------
    model : str or None
        A model name or file (``None``: the default model).
    level : str
        ``easy``, ``normal`` or ``hard``.
    params : tuple of (str, object)
        Extra bot keyword arguments, ``("guesser.NAME", value)`` or ``("hinter.NAME",
        value)`` (a parameter sweep); a tuple so that the spec stays hashable.
    adult : bool
        The bots may say sexual and violent-crime terms.
    """

    model: str | None = None
    level: str = "normal"
    params: tuple[tuple[str, Any], ...] = ()
    adult: bool = False

    @property
    def label(self) -> str:
        """``model/level`` for tables and logs."""
        return f"{os.path.basename(model_label(self.model))}/{self.level}"

    def bot_kwargs(self, role: str) -> dict[str, Any]:
        """The extra keyword arguments of the ``role`` bot (``"hinter"`` or ``"guesser"``).

        >>> BotSpec(params=(("guesser.prior", 0.5), ("hinter.top", 3))).bot_kwargs("guesser")
        {'prior': 0.5}
        """
        prefix = f"{role}."
        return {k[len(prefix) :]: v for k, v in self.params if k.startswith(prefix)}


class BotKit(Protocol):
    """What one side needs to play: a word checker, the secrets, and two bots."""

    @property
    def checker(self) -> Any:
        """The lexicon (a ``WordChecker``)."""

    @property
    def secrets(self) -> Sequence[str]:
        """The words secrets are drawn from."""

    @property
    def hinter(self) -> Any:
        """The hinter bot (``act(view, rng) -> Decision``)."""

    @property
    def guesser(self) -> Any:
        """The guesser bot of a bot game (both hinters bots of its model)."""

    def guesser_for(self, *, partner_is_bot: bool, opponents_are_bots: bool) -> Any:
        """The guesser bot for a seat whose hinters are (or are not) bots of its model."""


KitFactory = Callable[[BotSpec], BotKit]
"""Builds a side's kit; must be a module-level function so worker processes can import it."""


def embedding_kit(spec: BotSpec) -> BotKit:
    """The real side: :func:`associatsiya_ai.kit.load_kit` for ``spec``.

    Raises
    ------
    ModelError
        When the model cannot be found or read.
    """
    return load_kit(
        spec.model,
        spec.level,
        hinter=spec.bot_kwargs("hinter"),
        guesser=spec.bot_kwargs("guesser"),
        adult=spec.adult,
    )


# ----------------------------------------------------------------- per-process caches
_KITS: dict[tuple[Any, BotSpec], BotKit] = {}
_SECRETS: dict[tuple[Any, tuple[BotSpec, ...]], list[str]] = {}


def kit_for(factory: KitFactory, spec: BotSpec) -> BotKit:
    """The kit of ``spec`` built by ``factory``, made once per process."""
    key = (factory, spec)
    if key not in _KITS:
        _KITS[key] = factory(spec)
    return _KITS[key]


def secrets_for(factory: KitFactory, specs: tuple[BotSpec, ...]) -> list[str]:
    """The secrets every one of ``specs``' vocabularies knows, in the first one's order."""
    key = (factory, specs)
    if key not in _SECRETS:
        first = list(kit_for(factory, specs[0]).secrets)
        common = set(first)
        for spec in specs[1:]:
            common &= set(kit_for(factory, spec).secrets)
        _SECRETS[key] = [w for w in first if w in common]
    return _SECRETS[key]
