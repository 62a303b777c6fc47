"""The arena: events, the record of a game, the secret policy, the one game loop, the log.

>>> from associatsiya_ai.arena import play_game, seat_key
>>> seat_key(SEATS[0])
'1-hinter'
"""

from associatsiya_ai.arena.events import (
    Answered,
    AnySeat,
    Event,
    GameOver,
    GameStarted,
    MatchScore,
    Rejected,
    Spoken,
    ToAct,
)
from associatsiya_ai.arena.loop import BotMoveError, play_game
from associatsiya_ai.arena.record import (
    SEATS,
    Foul,
    GameRecord,
    TurnRecord,
    UnstartedRecord,
    seat_key,
)
from associatsiya_ai.arena.secrets import (
    UnknownSecretError,
    draw_secret,
    secret_at,
    validate_secret,
)
from associatsiya_ai.arena.series import (
    MatchResult,
    SecretSource,
    SideSeats,
    match_seats,
    play_match,
)

__all__ = [
    "SEATS",
    "Answered",
    "AnySeat",
    "BotMoveError",
    "Event",
    "Foul",
    "GameOver",
    "GameRecord",
    "GameStarted",
    "MatchResult",
    "MatchScore",
    "Rejected",
    "SecretSource",
    "SideSeats",
    "Spoken",
    "ToAct",
    "TurnRecord",
    "UnknownSecretError",
    "UnstartedRecord",
    "draw_secret",
    "match_seats",
    "play_game",
    "play_match",
    "seat_key",
    "secret_at",
    "validate_secret",
]
