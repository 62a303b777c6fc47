"""A person's table: the person and a bot partner against two bots, as one call.

The seats (the person through a :class:`~associatsiya_ai.players.human.Prompt`, three bot
seats with their own random streams), the secret of each game (a fixed word, the person's
choice when they set it, else a draw from the bots' list) and the match go through
:func:`associatsiya_ai.arena.play_match`; the caller renders the events and writes the log.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from associatsiya_ai.arena import (
    AnySeat,
    Event,
    GameRecord,
    MatchResult,
    SideSeats,
    UnstartedRecord,
    draw_secret,
    play_match,
    validate_secret,
)
from associatsiya_ai.kit import Kit
from associatsiya_ai.players import BotGuesser, BotHinter
from associatsiya_ai.players.human import HumanGuesser, HumanHinter, Prompt
from associatsiya_ai.rules.match import Side
from associatsiya_ai.rules.types import Role, Seat

__all__ = ["fresh_seed", "play_person_match"]

STREAMS = 5
"""Random streams of a seed: side A's hinter and guesser, side B's, the secrets."""


def fresh_seed() -> int:
    """A new random seed in ``[0, 2**32)`` (logged, so a game can be replayed)."""
    return int(np.random.SeedSequence().entropy % 2**32)  # type: ignore[operator]


def play_person_match(
    kit: Kit,
    prompt: Prompt,
    *,
    role: Role,
    seed: int,
    games: int = 1,
    word: str | None = None,
    first_team: int = 2,
    practice: bool = False,
    on_event: Callable[[Event], None] | None = None,
    on_game: Callable[[GameRecord | UnstartedRecord], None] | None = None,
    before_secret: Callable[[int], None] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> MatchResult:
    """Play a match of ``games`` games: the person (side A) with a bot partner against two bots.

    Parameters
    ----------
    kit : Kit
        The lexicon, the bots' secrets and the bots.
    prompt : Prompt
        How the person's seat reads the person's moves.
    role : Role
        The person's seat on side A.
    seed : int
        Seeds the bots' and the secrets' random streams (the same seed replays the same
        bots' moves for the same input).
    games : int
        The match length (R8: the setter alternates).
    word : str or None
        The first game's secret, already validated (``validate_secret``). The later games
        of a match get theirs as without it (a person who sets one chooses it, else it is
        drawn): the same secret twice would be no game.
    first_team : {1, 2}
        The person's team in the first game (team 1 sets the secret).
    practice : bool
        Consonance is a warning, not a loss.
    on_event, on_game : callable, optional
        Called with each arena event / each finished game's record (an
        :class:`UnstartedRecord` for a game left while its secret was chosen).
    before_secret : callable, optional
        Called with the game index before the person is asked for a secret.
    meta : mapping, optional
        Facts stored with each record (seed, model, level, …).

    Returns
    -------
    MatchResult
        The records and why the match stopped early, if it did.

    Raises
    ------
    ValueError
        When the bots' list holds no valid secret.
    """
    rngs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(STREAMS)]
    level = kit.level
    person_hinter: HumanHinter | None = None
    if role is Role.GUESSER:
        side_a = SideSeats(
            BotHinter(kit.make_hinter(), rngs[0], level=level), HumanGuesser(prompt, kit.checker)
        )
    else:
        person_hinter = HumanHinter(prompt)
        partner = kit.make_guesser(partner_is_bot=False, opponents_are_bots=True)
        side_a = SideSeats(person_hinter, BotGuesser(partner, rngs[1], level=level))
    # the opponents' guesser hears its own bot hinter, and a bot or the person on side A
    opponent = kit.make_guesser(partner_is_bot=True, opponents_are_bots=role is Role.GUESSER)
    side_b = SideSeats(
        BotHinter(kit.make_hinter(), rngs[2], level=level),
        BotGuesser(opponent, rngs[3], level=level),
    )
    used: list[str] = []

    def secret_for(index: int, setter: Side, seats: Mapping[Seat, AnySeat]) -> str:
        if word is not None and index == 0:
            secret = word
        elif person_hinter is not None and seats[Seat(1, Role.HINTER)] is person_hinter:
            if before_secret is not None:
                before_secret(index)
            secret = person_hinter.choose_secret(
                lambda w: validate_secret(w, kit.checker, kit.knows)
            )
        else:
            secret = draw_secret(kit.secrets, rngs[4], kit.checker, used, kit.knows)
        used.append(secret)
        return secret

    return play_match(
        games,
        {"A": side_a, "B": side_b},
        kit.checker,
        secret_for,
        practice=practice,
        first_setter="A" if first_team == 1 else "B",
        on_event=on_event,
        on_game=on_game,
        meta=meta,
    )
