"""The bots' levels: the one list of them (the CLI's ``--level`` choices are built from it).

>>> LEVEL_NAMES
('easy', 'normal', 'hard')
>>> level_of("hard").pool
1
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_NAMES", "Level", "level_of"]


@dataclass(frozen=True)
class Level:
    """How strong a bot plays.

    Attributes
    ----------
    pool : int
        Sample among this many best candidates (1 = always the best).
    temperature : float
        Softmax temperature over scores when sampling.
    min_zipf : float
        Only words at least this frequent are said (easy bots say plainer words).
    """

    pool: int
    temperature: float
    min_zipf: float


LEVELS: dict[str, Level] = {
    "easy": Level(pool=10, temperature=0.05, min_zipf=3.5),
    "normal": Level(pool=3, temperature=0.01, min_zipf=0.0),
    "hard": Level(pool=1, temperature=0.01, min_zipf=0.0),
}
"""Every level by name, weakest first."""

LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)
"""The level names, weakest first."""

DEFAULT_LEVEL = "normal"
"""The level a game uses when none is asked for."""


def level_of(name: str) -> Level:
    """The :class:`Level` called ``name``.

    Raises
    ------
    ValueError
        When no level has that name (the message names the choices).
    """
    try:
        return LEVELS[name]
    except KeyError:
        choices = ", ".join(LEVEL_NAMES[:-1]) + " или " + LEVEL_NAMES[-1]
        raise ValueError(f"уровень «{name}» не известен: {choices}") from None
