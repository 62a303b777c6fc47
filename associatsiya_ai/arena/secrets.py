"""The secret policy: which words may be secrets, and drawing them.

A secret must pass the rules (R3, not «пропускаю», at least 2 letters); with bot hinters
it must also be a word the bots' model knows (:class:`UnknownSecretError`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from associatsiya_ai.rules.game import Game, InvalidSecretError
from associatsiya_ai.rules.words import Violation, WordChecker

if TYPE_CHECKING:
    import numpy as np

__all__ = ["UnknownSecretError", "draw_secret", "secret_at", "validate_secret"]


class UnknownSecretError(InvalidSecretError):
    """The secret is a valid word (R3), but the bots' model has no vector for it.

    Not a rule of the game: a bot hinter could only play nonsense for it, so a game with
    bot hinters refuses it and the setter chooses another word.
    """

    def __init__(self, word: str, violations: tuple[Violation, ...]) -> None:
        super().__init__(word, violations)
        self.args = (violations[0].detail,)  # no rule number: it is not a rule of the game


def validate_secret(
    word: str, checker: WordChecker, known: Callable[[str], bool] | None = None
) -> str:
    """Return the display spelling of ``word`` as a secret (R3, not PASS, ≥ 2 letters).

    Parameters
    ----------
    known : callable, optional
        Whether the bots can play a secret (given its normalised and its display
        spelling; true when either is known): the caller's model check, so that the
        arena stays free of models.

    Raises
    ------
    InvalidSecretError
        With the reason (and suggestion) from the rules engine.
    UnknownSecretError
        When ``known`` says no.
    """
    secret = Game.check_secret(word, checker)
    if known is not None and not (known(secret.word) or known(secret.display)):
        detail = (
            f"модель не знает слова «{secret.display}»: боты не смогут его объяснить; "
            "загадайте другое"
        )
        raise UnknownSecretError(word, (Violation("", "unknown-to-model", detail),))
    return secret.display


def draw_secret(
    secrets: Sequence[str],
    rng: np.random.Generator,
    checker: WordChecker,
    used: Sequence[str] = (),
    known: Callable[[str], bool] | None = None,
) -> str:
    """Draw a random valid secret from ``secrets`` with ``rng``, avoiding ``used`` if possible.

    ``known`` is the model check of :func:`validate_secret`.

    Raises
    ------
    ValueError
        When no word of ``secrets`` is a valid secret.
    """
    if not secrets:
        raise ValueError("список загадываемых слов пуст")
    order = [int(i) for i in rng.permutation(len(secrets))]
    fallback = None
    for i in order:
        try:
            word = validate_secret(secrets[i], checker, known)
        except InvalidSecretError:
            continue
        if word not in used:
            return word
        fallback = fallback or word
    if fallback is None:
        raise ValueError("в списке загадываемых слов нет ни одного подходящего")
    return fallback


def secret_at(
    secrets: Sequence[str], order: Sequence[int] | np.ndarray, index: int, checker: WordChecker
) -> str:
    """The secret of game ``index`` when games take the entries of a fixed permutation.

    Game ``index`` takes ``secrets[order[index]]``; an invalid word passes to the next
    entry (cyclically), so the games of a run never depend on one another.

    Raises
    ------
    ValueError
        When ``secrets`` is empty or holds no valid secret.
    """
    if not secrets:
        raise ValueError("список загадываемых слов пуст")
    for step in range(len(secrets)):
        word = secrets[int(order[(index + step) % len(secrets)])]
        try:
            return validate_secret(word, checker)
        except ValueError:
            continue
    raise ValueError("в списке загадываемых слов нет ни одного подходящего")
