"""The rules engine of «Ассоциация» (RULES.md, R1–R7): pure, no I/O, no models.

A :class:`Game` takes the secret and a word checker (the real
:class:`~associatsiya_ai.lexicon.Lexicon` or a test's tiny fake). Moves go through three
separate steps — parse (R3, :meth:`Game.parse_hint`, :meth:`Game.parse_answer`), check
(R1, R4, R5, R6, :meth:`Game.hint_violations`) and apply (:meth:`Game.apply_hint`,
:meth:`Game.apply_answer`) — and :meth:`Game.say` / :meth:`Game.answer` do all three, so a
caller that has parsed a move already applies it without parsing it again.
:meth:`Game.outcome` is ``None`` until the game ends; the typed :attr:`Game.turns` are the
one record of the game (:meth:`Game.to_dict` serialises them).

>>> from associatsiya_ai.rules.words import WordVerdict
>>> class Tiny:
...     def analyse(self, word):
...         w = word.strip().lower()
...         return WordVerdict(word=w, display=w, lemma=w, lemmas=frozenset({w}))
>>> g = Game("кошка", Tiny())
>>> g.to_act()
Seat(team=2, role=<Role.HINTER: 'hinter'>)
>>> g.say("мышь").chain
('мышь',)
>>> g.apply_answer(g.parse_answer("сыр")).correct
False
>>> g.say("мышь", Mode.ALL)
Traceback (most recent call last):
...
associatsiya_ai.rules.types.IllegalMoveError: «мышь»: R4: наводка «мышь» уже звучала в этой игре
>>> g.say("кот").chain
('кот',)
>>> g.outcome().termination, g.outcome().winner
(<Termination.CONSONANCE: 'consonance'>, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from associatsiya_ai.rules.checks import chains_for, foul_overlaps, hint_violations
from associatsiya_ai.rules.serialise import game_from_dict, game_to_dict
from associatsiya_ai.rules.state import GameState, SpokenHint
from associatsiya_ai.rules.types import (
    TURNS_PER_TEAM,
    ConsonanceError,
    GameRecordError,
    HintMove,
    IllegalMoveError,
    InvalidSecretError,
    InvalidWordError,
    Mode,
    Outcome,
    Role,
    RuleError,
    Seat,
    Termination,
    Turn,
    Utterance,
)
from associatsiya_ai.rules.views import GuesserView, HinterView
from associatsiya_ai.rules.words import (
    PASS,
    Violation,
    WordChecker,
    WordVerdict,
    fold,
    is_pass,
)

__all__ = [
    "PASS",
    "TURNS_PER_TEAM",
    "ConsonanceError",
    "Game",
    "GameRecordError",
    "GuesserView",
    "HintMove",
    "HinterView",
    "IllegalMoveError",
    "InvalidSecretError",
    "InvalidWordError",
    "Mode",
    "Outcome",
    "Role",
    "RuleError",
    "Seat",
    "Termination",
    "Turn",
    "Utterance",
    "chains_for",
    "foul_overlaps",
    "hint_violations",
]


@dataclass
class Game(GameState):
    """One game of «Ассоциация» (R1–R7).

    Parameters
    ----------
    secret : str
        The secret noun (R3, not ``PASS``, at least 2 letters).
    checker : WordChecker
        Judges words under R3 (``associatsiya_ai.lexicon.Lexicon`` or a fake).
    practice : bool
        When True a consonant hint is rejected with :class:`ConsonanceError` (showing the
        overlap) instead of losing the game.

    Raises
    ------
    InvalidSecretError
        When the secret breaks R3, is ``PASS`` or has fewer than 2 letters.
    """

    secret_word: str
    checker: WordChecker
    practice: bool = False

    def __post_init__(self) -> None:
        self.secret = self.check_secret(self.secret_word, self.checker)

    @staticmethod
    def check_secret(word: str, checker: WordChecker) -> WordVerdict:
        """Check a secret: R3, not ``PASS``, at least 2 letters; return its verdict.

        Raises
        ------
        InvalidSecretError
            Naming the word and the reason.
        """
        if is_pass(word):
            raise InvalidSecretError(
                word, (Violation("R3", "pass", "«пропускаю» не может быть загаданным словом"),)
            )
        verdict = checker.analyse(word)
        if verdict.problems:
            raise InvalidSecretError(word, verdict.problems)
        if len(fold(verdict.word)) < 2:
            raise InvalidSecretError(
                word,
                (Violation("R3", "too-short", "в загаданном слове должно быть не меньше 2 букв"),),
            )
        return verdict

    # ----------------------------------------------------------------- hints
    def parse_hint(self, word: str, mode: Mode | str = Mode.SINGLE) -> HintMove:
        """Parse a hint (R3): ``PASS`` or an accepted noun; nothing is applied.

        Raises
        ------
        InvalidWordError
            When the word breaks R3 (the message names the word, rule and reason).
        ValueError
            When ``mode`` is not single/own/all.
        """
        mode = Mode(mode)
        if is_pass(word):
            return HintMove(word=PASS, mode=mode, verdict=None)
        verdict = self.checker.analyse(word)
        if verdict.problems:
            raise InvalidWordError(verdict.word or word, verdict.problems)
        return HintMove(word=verdict.display, mode=mode, verdict=verdict)

    def hint_violations(self, move: HintMove) -> tuple[Violation, ...]:
        """Check a parsed hint against R1, R4, R5 and R6 in the current position."""
        if self._outcome is not None:
            return (Violation("R1", "game-over", "игра уже окончена"),)
        if self.pending is not None:
            return (Violation("R1", "not-your-turn", "сейчас очередь отгадывающего"),)
        return self.hinter_view().violations(move.verdict)

    def apply_hint(self, move: HintMove) -> Utterance:
        """Apply a parsed hint: speak the chain, or end the game on a consonance foul.

        Raises
        ------
        IllegalMoveError
            On R1 (out of turn), R4 (repeat) or R6 (``PASS`` twice) — nothing changes.
        ConsonanceError
            In practice mode, for a consonant hint — nothing changes.
        """
        violations = self.hint_violations(move)
        seat = Seat(self.team_on_turn(len(self.turns) + 1), Role.HINTER)
        foul = [v for v in violations if v.rule == "R5"]
        if violations and not foul:
            raise IllegalMoveError(move.word, violations)
        new = None if move.verdict is None else move.display
        chain = chains_for(new, self.hints(seat.team), self.hints())[move.mode]
        utterance = Utterance(team=seat.team, mode=move.mode, new=move.word, chain=chain)
        if foul:
            assert move.verdict is not None
            overlaps = foul_overlaps(self.secret.word, move.verdict)
            if self.practice:
                raise ConsonanceError(move.word, tuple(foul), overlaps)
            self._outcome = Outcome(
                Termination.CONSONANCE,
                winner=3 - seat.team,
                loser=seat.team,
                word=move.word,
                overlaps=overlaps,
                utterance=utterance,
            )
            return utterance
        if move.verdict is not None:
            verdict = move.verdict
            self._hints.append(SpokenHint(seat.team, move.display, verdict.all_lemmas))
        self._last_pass[seat] = move.verdict is None
        self.pending = utterance
        return utterance

    def say(self, word: str, mode: Mode | str = Mode.SINGLE) -> Utterance:
        """Parse, check and apply a hint (see :meth:`parse_hint` and :meth:`apply_hint`)."""
        self._expect(Role.HINTER, word)
        return self.apply_hint(self.parse_hint(word, mode))

    # --------------------------------------------------------------- answers
    def parse_answer(self, word: str) -> WordVerdict | None:
        """Parse an answer (R3); ``None`` for ``PASS``.

        Raises
        ------
        InvalidWordError
            When the word breaks R3.
        """
        if is_pass(word):
            return None
        verdict = self.checker.analyse(word)
        if verdict.problems:
            raise InvalidWordError(verdict.word or word, verdict.problems)
        return verdict

    def apply_answer(self, verdict: WordVerdict | None) -> Turn:
        """Apply a parsed answer (:meth:`parse_answer`); a correct one ends the game (R7).

        Parameters
        ----------
        verdict : WordVerdict or None
            The accepted answer's verdict; ``None`` for ``PASS``.

        Raises
        ------
        IllegalMoveError
            R1 (out of turn) or R6 (``PASS`` twice in a row) — nothing changes.
        """
        shown = PASS if verdict is None else verdict.display
        seat = self._expect(Role.GUESSER, shown)
        if verdict is None and self._last_pass.get(seat, False):
            raise IllegalMoveError(
                PASS,
                (Violation("R6", "pass-twice", "«пропускаю» нельзя говорить два хода подряд"),),
            )
        assert self.pending is not None
        correct = verdict is not None and self.secret.lemma in verdict.lemmas
        turn = Turn(len(self.turns) + 1, seat.team, self.pending, shown, correct)
        self.turns.append(turn)
        self.pending = None
        self._last_pass[seat] = verdict is None
        if correct:
            self._outcome = Outcome(
                Termination.GUESSED, winner=seat.team, loser=3 - seat.team, word=shown
            )
        elif len(self.turns) == 2 * TURNS_PER_TEAM:
            self._outcome = Outcome(Termination.DRAW, winner=None, loser=None)
        return turn

    def answer(self, word: str) -> Turn:
        """Parse, check and apply the guesser's answer (:meth:`parse_answer`, :meth:`apply_answer`).

        Raises
        ------
        InvalidWordError
            R3.
        IllegalMoveError
            R1 (out of turn) or R6 (``PASS`` twice in a row) — nothing changes.
        """
        self._expect(Role.GUESSER, word)
        return self.apply_answer(self.parse_answer(word))

    def abandon(self) -> Outcome:
        """End the game because a person quit: no winner (an engine addition)."""
        if self._outcome is None:
            self._outcome = Outcome(Termination.ABANDONED, winner=None, loser=None)
        return self._outcome

    # --------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, object]:
        """The whole game as JSON-ready data (:func:`~.serialise.game_to_dict`)."""
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object], checker: WordChecker) -> Game:
        """Rebuild a game by replaying its recorded moves (:func:`~.serialise.game_from_dict`).

        Raises
        ------
        GameRecordError
            When the record is malformed or a recorded move is illegal.
        """
        return game_from_dict(data, checker, cls)
