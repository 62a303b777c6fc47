"""The arena: drive four seats through one game (:func:`play_game`) or a match (R8).

The rules engine (:mod:`associatsiya_ai.rules.game`) does every rule check; the arena only asks
the seat whose turn it is, applies its choice, and reports what happened as events to a
callback (the terminal screen, a progress bar, nothing). It knows nothing of terminals.

A rejected move goes back to the seat that made it: a person is asked again; a bot's
rejected move is a bug, counted in the record, and after ``max_bot_tries`` the bot says
«пропускаю» (or, where that is illegal too, the game is abandoned with ``ended_by =
"bot-error"``). A person quitting («!выход», end of input, Ctrl-C) abandons the game;
the record is returned all the same, so the log is always complete.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from associatsiya_ai.players.base import (
    AnswerChoice,
    GuesserSeat,
    HintChoice,
    HinterSeat,
    QuitGame,
)
from associatsiya_ai.rules.game import (
    PASS,
    Game,
    HintMove,
    InvalidSecretError,
    Mode,
    Outcome,
    Role,
    RuleError,
    Seat,
    Turn,
    Utterance,
)
from associatsiya_ai.rules.match import Match, Side
from associatsiya_ai.rules.words import Violation, WordChecker, WordVerdict

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "SEATS",
    "Answered",
    "Event",
    "GameOver",
    "GameRecord",
    "GameStarted",
    "MatchResult",
    "MatchScore",
    "Rejected",
    "SideSeats",
    "Spoken",
    "ToAct",
    "UnknownSecretError",
    "draw_secret",
    "play_game",
    "play_match",
    "seat_key",
    "validate_secret",
]

SEATS = (
    Seat(1, Role.HINTER),
    Seat(1, Role.GUESSER),
    Seat(2, Role.HINTER),
    Seat(2, Role.GUESSER),
)

AnySeat = HinterSeat | GuesserSeat


def seat_key(seat: Seat) -> str:
    """The seat's name in logs: ``"1-hinter"``, ``"2-guesser"``, …"""
    return f"{seat.team}-{seat.role.value}"


# ------------------------------------------------------------------------------ events
@dataclass(frozen=True)
class GameStarted:
    """A game begins; ``secret`` is for hinters only (a screen must not show it to a guesser)."""

    index: int
    secret: str
    seats: Mapping[Seat, AnySeat]
    practice: bool


@dataclass(frozen=True)
class ToAct:
    """``seat`` must act now on turn ``turn_number``; ``turns_left`` maps team → turns."""

    seat: Seat
    player: AnySeat
    turn_number: int
    turns_left: Mapping[int, int]


@dataclass(frozen=True)
class Spoken:
    """A hinter's utterance was applied (``foul``: it was consonant and ended the game)."""

    seat: Seat
    player: AnySeat
    turn_number: int
    utterance: Utterance
    explanation: dict[str, Any] | None
    notices: tuple[str, ...] = ()
    foul: bool = False


@dataclass(frozen=True)
class Answered:
    """A guesser's answer was applied; ``turn.correct`` tells whether it guessed."""

    seat: Seat
    player: AnySeat
    turn: Turn
    explanation: dict[str, Any] | None
    notices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rejected:
    """A choice broke a rule and was not applied (a practice-mode foul included)."""

    seat: Seat
    player: AnySeat
    word: str
    error: RuleError


@dataclass(frozen=True)
class GameOver:
    """The game ended (played out or abandoned); the record is final."""

    record: GameRecord


@dataclass(frozen=True)
class MatchScore:
    """The match score after game ``index`` (0-based) of ``n_games``; see :meth:`Match.score`."""

    index: int
    n_games: int
    match: Match
    score: dict[str, dict[str, int]]


Event = GameStarted | ToAct | Spoken | Answered | Rejected | GameOver | MatchScore


# ------------------------------------------------------------------------------ record
@dataclass
class GameRecord:
    """One game as played: the engine's game plus who sat where, reasons and rejections.

    Attributes
    ----------
    index : int
        0-based number of the game in its match.
    game : Game
        The finished (or abandoned) game; ``game.to_dict()`` carries every move.
    seats : dict of str to dict
        ``seat_key(seat)`` → the seat's ``describe()``.
    turn_explanations : list of dict
        Per completed turn: ``{"hinter": …, "guesser": …}`` explanations (``None`` for a person).
    final : dict or None
        The utterance that fouled (consonance), with its explanation.
    rejected : list of dict
        Every rejected choice: seat, word, rule, kind, detail, suggestion, turn number.
    bot_errors : list of dict
        Rejected or failed bot choices (each also in ``rejected`` when it was a rule).
    ended_by : str or None
        ``None`` when played out; ``"quit"``, ``"eof"``, ``"interrupt"`` or ``"bot-error"``.
    meta : dict
        The caller's facts (seed, model, level, …), copied into the log record.
    """

    index: int
    game: Game
    seats: dict[str, dict[str, Any]]
    meta: dict[str, Any] = field(default_factory=dict)
    turn_explanations: list[dict[str, Any]] = field(default_factory=list)
    final: dict[str, Any] | None = None
    rejected: list[dict[str, Any]] = field(default_factory=list)
    bot_errors: list[dict[str, Any]] = field(default_factory=list)
    ended_by: str | None = None
    started_at: float = field(default_factory=time.time)
    ended_at: float | None = None
    _pending_explanation: dict[str, Any] | None = None

    @property
    def outcome(self) -> Outcome | None:
        """The game's outcome (``None`` only while it is being played)."""
        return self.game.outcome()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready log record: ``Game.to_dict()`` plus seats, reasons and rejections."""
        data: dict[str, Any] = dict(self.meta)
        data.update(self.game.to_dict())
        data["game"] = self.index + 1
        data["seats"] = self.seats
        turns = data.get("turns", [])
        for turn, expl in zip(turns, self.turn_explanations, strict=False):
            turn["hinter_explanation"] = expl.get("hinter")
            turn["guesser_explanation"] = expl.get("guesser")
        data["final"] = self.final
        data["rejected"] = self.rejected
        data["bot_errors"] = self.bot_errors
        data["ended_by"] = self.ended_by
        data["started_at"] = round(self.started_at, 3)
        data["ended_at"] = None if self.ended_at is None else round(self.ended_at, 3)
        return data


def _rejection(seat: Seat, word: str, error: RuleError, turn: int) -> dict[str, Any]:
    first = error.violations[0]
    return {
        "seat": seat_key(seat),
        "turn": turn,
        "word": word,
        "rule": first.rule,
        "kind": first.kind,
        "detail": first.detail,
        "suggestion": error.suggestion,
    }


class _BotFailure(Exception):
    """A bot could not make a legal move (a bug): the game is abandoned."""


# ------------------------------------------------------------------------------ secrets
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


# ------------------------------------------------------------------------------ one game
def play_game(
    secret: str,
    seats: Mapping[Seat, AnySeat],
    checker: WordChecker,
    *,
    practice: bool = False,
    on_event: Callable[[Event], None] | None = None,
    index: int = 0,
    meta: Mapping[str, Any] | None = None,
    max_bot_tries: int = 3,
) -> GameRecord:
    """Play one game of «Ассоциация» between four seats.

    Parameters
    ----------
    secret : str
        The secret (validated by the engine).
    seats : mapping of Seat to seat
        All four seats (:data:`SEATS`): hinters implement :class:`HinterSeat`, guessers
        :class:`GuesserSeat`.
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
    max_bot_tries : int
        A bot whose choice is rejected this many times in a row says «пропускаю».

    Returns
    -------
    GameRecord
        Always finished: played out, or abandoned (``ended_by`` says why).

    Raises
    ------
    InvalidSecretError
        When the secret breaks R3 (before anything is played).
    KeyError
        When a seat is missing.
    """
    game = Game(secret, checker, practice=practice)
    players = {s: seats[s] for s in SEATS}
    record = GameRecord(
        index=index,
        game=game,
        seats={seat_key(s): dict(p.describe()) for s, p in players.items()},
        meta=dict(meta or {}),
    )

    def emit(event: Event) -> None:
        if on_event is not None:
            on_event(event)

    emit(GameStarted(index, game.secret.display, players, practice))
    try:
        while (seat := game.to_act()) is not None:
            player = players[seat]
            left = {1: game.turns_left(1), 2: game.turns_left(2)}
            emit(ToAct(seat, player, game.turn_number, left))
            if seat.role is Role.HINTER:
                _hinter_move(game, seat, player, record, emit, max_bot_tries)  # type: ignore[arg-type]
            else:
                _guesser_move(game, seat, player, record, emit, max_bot_tries)  # type: ignore[arg-type]
    except QuitGame:
        record.ended_by = "quit"
    except EOFError:
        record.ended_by = "eof"
    except KeyboardInterrupt:
        record.ended_by = "interrupt"
    except _BotFailure:
        record.ended_by = "bot-error"
    if game.outcome() is None:
        game.abandon()
    record.ended_at = time.time()
    emit(GameOver(record))
    return record


def _bot_trouble(record: GameRecord, seat: Seat, player: AnySeat, what: str) -> None:
    """Record a bot's failed choice (a bug in the bot)."""
    if not player.is_human:
        turn = record.game.turn_number
        record.bot_errors.append({"seat": seat_key(seat), "turn": turn, "error": what})


Choice = TypeVar("Choice", HintChoice, AnswerChoice)
Applied = TypeVar("Applied")


def _until_applied(
    seat: Seat,
    player: AnySeat,
    record: GameRecord,
    emit: Callable[[Event], None],
    limit: int,
    choose: Callable[[], Choice],
    fallback: Choice,
    apply: Callable[[Choice], Applied],
) -> tuple[Choice, Applied]:
    """Ask a seat until the engine applies its move; a person is re-asked, a bot retried.

    A bot's exception or illegal move is counted in ``record.bot_errors``; after ``limit``
    failures the bot says ``fallback`` («пропускаю»), and if even that is illegal the game
    ends with :class:`_BotFailure`.
    """
    tries = 0
    while True:
        at_limit = tries >= limit
        if at_limit:
            choice = fallback
        else:
            try:
                choice = choose()
            except (QuitGame, EOFError, KeyboardInterrupt):
                raise
            except Exception as exc:  # a bot's bug must not end the person's session
                if player.is_human:
                    raise
                tries += 1
                _bot_trouble(record, seat, player, f"{type(exc).__name__}: {exc}")
                continue
        try:
            return choice, apply(choice)
        except RuleError as error:
            record.rejected.append(_rejection(seat, choice.word, error, record.game.turn_number))
            emit(Rejected(seat, player, choice.word, error))
            player.rejected(error)
            if at_limit:
                raise _BotFailure(str(error)) from error
            if not player.is_human:
                tries += 1
                _bot_trouble(record, seat, player, str(error))
        except ValueError as error:  # e.g. a bad chain mode from a bot
            if player.is_human:
                raise
            tries += 1
            _bot_trouble(record, seat, player, str(error))


def _hinter_move(
    game: Game,
    seat: Seat,
    player: HinterSeat,
    record: GameRecord,
    emit: Callable[[Event], None],
    limit: int,
) -> None:
    def apply(choice: HintChoice) -> tuple[HintMove, Utterance]:
        move = game.parse_hint(choice.word, choice.mode)
        return move, game.apply_hint(move)

    fallback = HintChoice(PASS, Mode.SINGLE, {"text": "бот не нашёл хода: пропуск"})
    choice, (move, utterance) = _until_applied(
        seat, player, record, emit, limit, lambda: player.hint(game.hinter_view()), fallback, apply
    )
    explanation = choice.explanation
    notices = () if move.verdict is None else move.verdict.notices
    foul = game.outcome() is not None
    if foul:
        record.final = {"utterance": utterance.to_dict(), "explanation": explanation}
    else:
        record._pending_explanation = explanation
    emit(Spoken(seat, player, game.turn_number, utterance, explanation, notices, foul))


def _guesser_move(
    game: Game,
    seat: Seat,
    player: GuesserSeat,
    record: GameRecord,
    emit: Callable[[Event], None],
    limit: int,
) -> None:
    def apply(choice: AnswerChoice) -> tuple[WordVerdict | None, Turn]:
        verdict = game.parse_answer(choice.word)
        return verdict, game.answer(choice.word)

    fallback = AnswerChoice(PASS, {"text": "бот не нашёл ответа: пропуск"})
    choice, (verdict, turn) = _until_applied(
        seat,
        player,
        record,
        emit,
        limit,
        lambda: player.answer(game.guesser_view()),
        fallback,
        apply,
    )
    record.turn_explanations.append(
        {"hinter": record._pending_explanation, "guesser": choice.explanation}
    )
    record._pending_explanation = None
    notices = () if verdict is None else verdict.notices
    emit(Answered(seat, player, turn, choice.explanation, notices))


# ------------------------------------------------------------------------------ a match
class SideSeats(NamedTuple):
    """One side of a match (R8): its hinter and guesser keep their roles in every game."""

    hinter: HinterSeat
    guesser: GuesserSeat


@dataclass
class MatchResult:
    """A played match: the R8 tally and every game's record.

    ``ended_by`` is ``None`` when all games were played, else why the match stopped.
    """

    match: Match
    records: list[GameRecord]
    ended_by: str | None = None


SecretSource = Callable[[int, Side, Mapping[Seat, AnySeat]], str]
"""``(game index, setter side, seats of the game) -> secret``."""


def play_match(
    n_games: int,
    sides: Mapping[Side, SideSeats],
    checker: WordChecker,
    secret_for: SecretSource,
    *,
    practice: bool = False,
    first_setter: Side = "A",
    on_event: Callable[[Event], None] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    meta: Mapping[str, Any] | None = None,
    max_bot_tries: int = 3,
) -> MatchResult:
    """Play ``n_games`` games between sides A and B, the setter alternating (R8).

    In game ``i`` the setting side is team 1 and the other side team 2. ``secret_for``
    gives each game's secret (it may ask a person, who may quit: then the match stops).
    ``on_game`` receives each record as soon as its game ends (e.g. to append it to a log),
    before the :class:`MatchScore` event. The match stops early after an abandoned game.

    Raises
    ------
    InvalidSecretError
        When ``secret_for`` returns an invalid secret.
    """
    match = Match(first_setter=first_setter)
    result = MatchResult(match, [])
    for i in range(n_games):
        setter = match.setter(i)
        other: Side = "B" if setter == "A" else "A"
        seats: dict[Seat, AnySeat] = {
            Seat(1, Role.HINTER): sides[setter].hinter,
            Seat(1, Role.GUESSER): sides[setter].guesser,
            Seat(2, Role.HINTER): sides[other].hinter,
            Seat(2, Role.GUESSER): sides[other].guesser,
        }
        try:
            secret = secret_for(i, setter, seats)
        except QuitGame:
            result.ended_by = "quit"
            break
        except EOFError:
            result.ended_by = "eof"
            break
        except KeyboardInterrupt:
            result.ended_by = "interrupt"
            break
        game_meta = {**(meta or {}), "setter_side": setter, "sides": {"1": setter, "2": other}}
        record = play_game(
            secret,
            seats,
            checker,
            practice=practice,
            on_event=on_event,
            index=i,
            meta=game_meta,
            max_bot_tries=max_bot_tries,
        )
        result.records.append(record)
        outcome = record.outcome
        assert outcome is not None
        match.record(outcome)
        if on_game is not None:
            on_game(record)
        if on_event is not None:
            on_event(MatchScore(i, n_games, match, match.score()))
        if record.ended_by is not None:
            result.ended_by = record.ended_by
            break
    return result
