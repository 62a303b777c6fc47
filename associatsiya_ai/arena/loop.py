"""The only game loop: drive four seats through one game (:func:`play_game`); a match (R8)
is :mod:`associatsiya_ai.arena.series`.

The rules engine (:mod:`associatsiya_ai.rules.game`) does every rule check; the loop asks
the seat whose turn it is, parses its move once, applies it, and reports what happened as
events (:mod:`associatsiya_ai.arena.events`) to a callback. It knows nothing of terminals.

A person's rejected move is handed back and the person asked again. A bot's illegal move
(or exception) is a bug: the game is abandoned with ``ended_by = "bot-error"`` and
:class:`BotMoveError` raised, with the finished record. A person quitting («!выход», end
of input, Ctrl-C) abandons the game; the record is returned all the same. So does
:class:`Abandoned` from outside: a hang-up or terminate signal under
:func:`abandon_on_signals`, or a front-end whose screen is gone.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeVar

from associatsiya_ai.arena.events import (
    Answered,
    AnySeat,
    Event,
    GameOver,
    GameStarted,
    Rejected,
    Spoken,
    ToAct,
)
from associatsiya_ai.arena.record import (
    SEATS,
    Foul,
    GameRecord,
    TurnRecord,
    describe_seats,
    seat_key,
)
from associatsiya_ai.arena.stops import (
    STOPS,
    Abandoned,
    abandon_on_signals,
    armed,
    ended_by,
)
from associatsiya_ai.bots.decision import Decision
from associatsiya_ai.players.base import AnswerChoice, GuesserSeat, HintChoice, HinterSeat
from associatsiya_ai.rules.game import Game, HintMove, Role, RuleError, Seat, Turn, Utterance
from associatsiya_ai.rules.words import WordChecker, WordVerdict

__all__ = ["Abandoned", "BotMoveError", "abandon_on_signals", "play_game"]

Choice = TypeVar("Choice", HintChoice, AnswerChoice)
Applied = TypeVar("Applied")


class BotMoveError(RuntimeError):
    """A bot made an illegal move or raised: a bug in the bot; the game was abandoned.

    Attributes
    ----------
    seat : Seat
        The bot's seat.
    record : GameRecord
        The abandoned game's final record (``ended_by == "bot-error"``).
    """

    def __init__(self, message: str, seat: Seat, record: GameRecord) -> None:
        super().__init__(message)
        self.seat, self.record = seat, record


def play_game(
    secret: str,
    seats: Mapping[Seat, AnySeat],
    checker: WordChecker,
    *,
    practice: bool = False,
    on_event: Callable[[Event], None] | None = None,
    index: int = 0,
    meta: Mapping[str, Any] | None = None,
) -> GameRecord:
    """Play one game of «Ассоциация» between four seats.

    Parameters
    ----------
    secret : str
        The secret (validated by the engine).
    seats : mapping of Seat to seat
        All four seats (:data:`~associatsiya_ai.arena.record.SEATS`): hinters implement
        :class:`HinterSeat`, guessers :class:`GuesserSeat`.
    checker : WordChecker
        The lexicon (or a fake) the engine judges words with.
    practice : bool
        Practice mode: a consonant hint is rejected with a warning instead of losing.
    on_event : callable, optional
        Receives every :data:`Event` as it happens.
    index : int
        The game's 0-based number in its match (for events and the record).
    meta : mapping, optional
        Extra facts copied into the record (seed, model, …).

    Returns
    -------
    GameRecord
        Always finished: played out, or abandoned by a person (``ended_by`` says why).

    Raises
    ------
    InvalidSecretError
        When the secret breaks R3 (before anything is played).
    BotMoveError
        When a bot makes an illegal move or raises (the record is attached).
    KeyError
        When a seat is missing.
    """
    game = Game(secret, checker, practice=practice)
    players = {s: seats[s] for s in SEATS}
    seen = describe_seats(players)
    record = GameRecord(index=index, game=game, seats=seen, meta=dict(meta or {}))
    emit = on_event or (lambda event: None)
    failure: BotMoveError | None = None
    try:
        with armed():
            emit(GameStarted(index, game.secret.display, players, practice))
            pending: Decision | None = None
            while (seat := game.to_act()) is not None:
                player = players[seat]
                left = {t: game.turns_left(t) for t in (1, 2)}
                emit(ToAct(seat, player, game.turn_number, left))
                if seat.role is Role.HINTER:
                    pending = _hint(game, seat, player, record, emit)  # type: ignore[arg-type]
                else:
                    _answer(game, seat, player, record, emit, pending)  # type: ignore[arg-type]
    except STOPS as stop:
        record.ended_by = ended_by(stop)
    except BotMoveError as error:
        record.ended_by, failure = "bot-error", error
    if game.outcome() is None:
        game.abandon()
    record.ended_at = time.time()
    emit(GameOver(record))
    if failure is not None:
        raise failure
    return record


def _ask(
    seat: Seat,
    player: AnySeat,
    record: GameRecord,
    emit: Callable[[Event], None],
    choose: Callable[[], Choice],
    apply: Callable[[Choice], Applied],
) -> tuple[Choice, Applied]:
    """Ask ``player`` until the engine applies its move; a bot's failure raises.

    A person's seat may refuse the person's line itself (a :class:`RuleError` from
    ``choose``, e.g. an answer already given): it is handled as the engine's rejection.
    """
    while True:
        choice: Choice | None = None
        try:
            choice = choose()
            return choice, apply(choice)
        except STOPS:
            raise
        except RuleError as error:
            word = error.word if choice is None else choice.word
            record.reject(seat, word, error)
            emit(Rejected(seat, player, word, error))
            if not player.is_human:
                _bot_bug(seat, record, str(error), error)
            player.rejected(error)
        except Exception as exc:
            if player.is_human or choice is not None:
                raise
            _bot_bug(seat, record, f"{type(exc).__name__}: {exc}", exc)


def _bot_bug(seat: Seat, record: GameRecord, message: str, cause: Exception) -> NoReturn:
    record.bot_errors.append(
        {"seat": seat_key(seat), "turn": record.game.turn_number, "error": message}
    )
    raise BotMoveError(f"{seat_key(seat)}: {message}", seat, record) from cause


def _hint(
    game: Game,
    seat: Seat,
    player: HinterSeat,
    record: GameRecord,
    emit: Callable[[Event], None],
) -> Decision | None:
    def apply(choice: HintChoice) -> tuple[HintMove, Utterance]:
        move = game.parse_hint(choice.word, choice.mode)
        return move, game.apply_hint(move)

    choice, (move, utterance) = _ask(
        seat, player, record, emit, lambda: player.hint(game.hinter_view()), apply
    )
    notices = () if move.verdict is None else move.verdict.notices
    foul = game.outcome() is not None
    if foul:
        record.final = Foul(utterance, choice.decision)
    emit(Spoken(seat, player, game.turn_number, utterance, choice.decision, notices, foul))
    return choice.decision


def _answer(
    game: Game,
    seat: Seat,
    player: GuesserSeat,
    record: GameRecord,
    emit: Callable[[Event], None],
    hinter: Decision | None,
) -> None:
    def apply(choice: AnswerChoice) -> tuple[WordVerdict | None, Turn]:
        verdict = game.parse_answer(choice.word)
        return verdict, game.apply_answer(verdict)

    choice, (verdict, turn) = _ask(
        seat, player, record, emit, lambda: player.answer(game.guesser_view()), apply
    )
    record.turns.append(TurnRecord(turn, hinter, choice.decision))
    notices = () if verdict is None else verdict.notices
    emit(Answered(seat, player, turn, choice.decision, notices))
