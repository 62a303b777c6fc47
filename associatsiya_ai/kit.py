"""The one composition root: model + vocabulary + lexicon + bots, for play, bot-vs-bot,
evaluate and bench alike.

Heavy things load here and nowhere else: the vocabulary (from its disk cache; the model
itself is read only when a word outside the vocabulary first needs a vector), the
pymorphy3 lexicon and the two embedding bots of one level.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from associatsiya_ai.rules.words import WordChecker
    from associatsiya_ai.vocab import Vocabulary

__all__ = ["Kit", "load_kit", "model_label"]


def model_label(model: str | None) -> str:
    """The name a model spec is recorded under: the spec, or the default model's name.

    >>> model_label(None) == model_label("news_v1")
    True
    """
    from associatsiya_ai.vectors.registry import DEFAULT_MODEL

    return DEFAULT_MODEL if model is None else model


@dataclass
class Kit:
    """What a game with bots needs: the lexicon, the bots' secrets and the bots.

    Attributes
    ----------
    checker : WordChecker
        The lexicon the engine judges words with.
    secrets : sequence of str
        The words bots draw secrets from.
    model_name : str
        Recorded in the log.
    level : str
        A level of :mod:`associatsiya_ai.bots.levels`.
    make_hinter, make_guesser : callable
        Return a new bot with ``act(view, rng) -> Decision``; ``make_guesser`` takes the
        keywords ``partner_is_bot`` and ``opponents_are_bots`` (who chose the words it
        hears: :class:`~associatsiya_ai.bots.EmbeddingGuesser`).
    knows : callable or None
        Whether the model has a vector for a word: a secret it lacks is refused (a bot
        hinter could not explain it). None accepts every valid secret.
    vocab : Vocabulary or None
        The bots' vocabulary (None in tests' fakes).
    """

    checker: WordChecker
    secrets: Sequence[str]
    model_name: str
    level: str
    make_hinter: Callable[[], Any]
    make_guesser: Callable[..., Any]
    knows: Callable[[str], bool] | None = None
    vocab: Vocabulary | None = None
    _bots: dict[str, Any] = field(default_factory=dict, repr=False)

    def damaged_people_cache(self) -> Path | None:
        """The cache file of the human-response model of :attr:`vocab` when it exists but
        cannot be read (it will be rebuilt when the bots are made), else None."""
        if self.vocab is None:
            return None
        from associatsiya_ai.bots.people.cache import damaged_people_cache

        return damaged_people_cache(self.vocab)

    @property
    def hinter(self) -> Any:
        """One hinter bot, made on first use and shared (bots keep no game state)."""
        if "hinter" not in self._bots:
            self._bots["hinter"] = self.make_hinter()
        return self._bots["hinter"]

    @property
    def guesser(self) -> Any:
        """One guesser bot of a bot game (both hinters bots of this model), made on first
        use and shared."""
        return self.guesser_for(partner_is_bot=True, opponents_are_bots=True)

    def guesser_for(self, *, partner_is_bot: bool, opponents_are_bots: bool) -> Any:
        """One guesser bot for a seat whose hinters are (or are not) bots of this model,
        made on first use and shared."""
        key = f"guesser-{partner_is_bot:d}{opponents_are_bots:d}"
        if key not in self._bots:
            self._bots[key] = self.make_guesser(
                partner_is_bot=partner_is_bot, opponents_are_bots=opponents_are_bots
            )
        return self._bots[key]


def load_kit(
    model: str | None,
    level: str,
    *,
    hinter: Mapping[str, Any] | None = None,
    guesser: Mapping[str, Any] | None = None,
    adult: bool = False,
) -> Kit:
    """Load the lexicon, the vocabulary and the bots of ``level`` over ``model``.

    Parameters
    ----------
    model : str or None
        A model name or file (None: the default model).
    level : str
        ``easy``, ``normal`` or ``hard``.
    hinter, guesser : mapping, optional
        Extra keyword arguments of the bots (a parameter sweep).
    adult : bool
        Let the bots say sexual and violent-crime terms (obscene words, slurs and insults
        are never in their vocabulary).

    Raises
    ------
    ModelError
        When the model cannot be found or read.
    ValueError
        When ``level`` is not a level.
    """
    from associatsiya_ai.bots import EmbeddingGuesser, EmbeddingHinter
    from associatsiya_ai.bots.levels import level_of
    from associatsiya_ai.lexicon import default_lexicon
    from associatsiya_ai.vocab import load_vocabulary

    level_of(level)
    vocabulary = load_vocabulary(model=model, adult=adult)
    lexicon = default_lexicon()
    hinter_kwargs = {"checker": lexicon, **(hinter or {})}
    guesser_kwargs = {"checker": lexicon, **(guesser or {})}
    return Kit(
        checker=lexicon,
        secrets=list(vocabulary.secrets),
        model_name=vocabulary.model_name or model_label(model),
        level=level,
        make_hinter=lambda: EmbeddingHinter(vocabulary, level=level, **hinter_kwargs),
        make_guesser=lambda **seat: EmbeddingGuesser(
            vocabulary, level=level, **{**guesser_kwargs, **seat}
        ),
        knows=lambda word: vocabulary.vector(word) is not None,
        vocab=vocabulary,
    )
