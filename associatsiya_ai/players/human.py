"""Seats for a person: read a line through a :class:`Prompt`, never through a screen.

The seats know the game's input conventions only: the hinter's input picks the chain
mode (R2) with a prefix — ``слово`` one word, ``+слово`` this hinter's own chain,
``++слово`` all hints of both hinters. Everything a person sees and types goes through
the :class:`Prompt` the front-end gives (the terminal's one reads ``input()`` line by
line, so a game is playable with the moves piped on standard input). End of input raises
:class:`EOFError`, Ctrl-C :class:`KeyboardInterrupt` and «!выход» :class:`QuitGame`; the
arena abandons the game on each of them.

The guesser's seat refuses an answer already given in this game (:class:`AnswerRepeated`):
R7 lets a wrong answer stand, but saying a known wrong answer again only wastes the turn,
so the person is asked again, as after a rejected word (the arena logs the refusal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol

from associatsiya_ai.players.base import AnswerChoice, HintChoice
from associatsiya_ai.rules.game import GuesserView, HinterView, InvalidSecretError, Mode, RuleError
from associatsiya_ai.rules.words import Violation, WordChecker, fold

__all__ = [
    "AnswerRepeated",
    "Ask",
    "HumanGuesser",
    "HumanHinter",
    "Prompt",
    "parse_hint_input",
    "repeated_answer",
]

Ask = Literal["hint", "answer", "secret"]
"""What a person is asked for."""


class Prompt(Protocol):
    """How a person's seat talks to the person (the front-end implements it)."""

    def ask(self, what: Ask) -> str:
        """The person's next line for a hint, an answer or the secret (not a command).

        Raises
        ------
        QuitGame, EOFError, KeyboardInterrupt
            On «!выход», at the end of input, on Ctrl-C.
        """
        ...

    def show(self, view: HinterView | GuesserView | None) -> None:
        """Show what the person needs to act: the chains a hint would speak, the chain
        heard, or (``None``) the invitation to choose the secret."""
        ...

    def refuse(self, what: Ask, error: RuleError | None) -> None:
        """Tell the person why the line was refused (``None``: a chain prefix without a
        word)."""
        ...


def parse_hint_input(line: str) -> tuple[str, Mode]:
    """Split the person's hint input into the word and the chain mode.

    >>> parse_hint_input("++ мост")
    ('мост', <Mode.ALL: 'all'>)
    >>> parse_hint_input("+мост"), parse_hint_input(" мост ")
    (('мост', <Mode.OWN: 'own'>), ('мост', <Mode.SINGLE: 'single'>))
    >>> parse_hint_input("+++мост")  # no word: the person is told the three forms
    ('', <Mode.ALL: 'all'>)
    """
    text = line.strip()
    if text.startswith("+++"):  # no such mode: no word, the prompt says how to hint
        return "", Mode.ALL
    if text.startswith("++"):
        return text[2:].strip(), Mode.ALL
    if text.startswith("+"):
        return text[1:].strip(), Mode.OWN
    return text, Mode.SINGLE


class _PersonSeat:
    """What both seats of a person share: the prompt, and showing the view once a turn
    (not again after a rejected move)."""

    is_human = True

    def __init__(self, prompt: Prompt) -> None:
        self.prompt = prompt
        self._retry = False

    def _show(self, view: HinterView | GuesserView) -> None:
        if not self._retry:
            self.prompt.show(view)
        self._retry = False

    def rejected(self, error: RuleError) -> None:
        """The front-end has shown the reason; the person is asked again."""
        self._retry = True

    def describe(self) -> dict[str, Any]:
        """``{"kind": "human"}``."""
        return {"kind": "human"}


class HumanHinter(_PersonSeat):
    """A hinter seat played by the person (see the module docstring for the input)."""

    def hint(self, view: HinterView) -> HintChoice:
        """Show the chain each input would speak (once a turn) and read the person's hint."""
        self._show(view)
        while True:
            word, mode = parse_hint_input(self.prompt.ask("hint"))
            if word:
                return HintChoice(word, mode, None)
            self.prompt.refuse("hint", None)

    def choose_secret(self, check: Callable[[str], str]) -> str:
        """Ask the person (the setter, hinter of team 1) for the secret until it is valid.

        Parameters
        ----------
        check : callable
            Returns the accepted spelling or raises :class:`InvalidSecretError`.
        """
        self.prompt.show(None)
        while True:
            word = self.prompt.ask("secret")
            try:
                return check(word)
            except InvalidSecretError as error:
                self.prompt.refuse("secret", error)


class AnswerRepeated(RuleError):
    """The person's answer was already given in this game, so it is surely wrong.

    Not a rule (R7: a wrong answer stands) but the seat's guard against a wasted turn: the
    arena handles it like a rejected move (logged, shown, the person asked again).
    """


def repeated_answer(
    word: str, earlier: tuple[str, ...], checker: WordChecker | None = None
) -> str | None:
    """The earlier answer that ``word`` repeats, or None when it may still guess.

    ``word`` repeats an earlier answer when it is the same word (case and ``ё`` aside) or,
    with ``checker``, when every lemma that could make it correct (R7) is a lemma of an
    earlier, wrong, answer: «кошки» after «кошка», but not «часы» after «час» (the secret
    «часы» is guessed by «часы», not by «час»).

    Parameters
    ----------
    word : str
        The answer as typed.
    earlier : tuple of str
        The answers already given in this game (all wrong), ``PASS`` left out.
    checker : WordChecker, optional
        The lexicon, to compare lemmas; without it only the same word repeats.

    >>> repeated_answer("Кот", ("мышь", "кот"))
    'кот'
    >>> repeated_answer("кошка", ("кот",)) is None
    True
    """
    same = next((a for a in earlier if fold(a) == fold(word)), None)
    if same is not None or checker is None or not earlier:
        return same
    lemmas = checker.analyse(word).lemmas
    if not lemmas:  # not a noun: the engine says why
        return None
    known = {a: checker.analyse(a).lemmas for a in earlier}
    if lemmas <= frozenset().union(*known.values()):
        return next(a for a, seen in known.items() if lemmas & seen)
    return None


class HumanGuesser(_PersonSeat):
    """A guesser seat played by the person.

    Parameters
    ----------
    prompt : Prompt
        How the seat talks to the person.
    checker : WordChecker, optional
        The lexicon: an answer whose every reading was already answered is refused too
        (:func:`repeated_answer`); without it, only the same word again.
    """

    def __init__(self, prompt: Prompt, checker: WordChecker | None = None) -> None:
        super().__init__(prompt)
        self.checker = checker

    def answer(self, view: GuesserView) -> AnswerChoice:
        """Show the chain heard (once a turn) and read the person's answer.

        Raises
        ------
        AnswerRepeated
            When the answer was already given in this game (the arena asks again).
        """
        self._show(view)
        word = self.prompt.ask("answer")
        earlier = repeated_answer(word, view.wrong_answers, self.checker)
        if earlier is not None:
            detail = f"«{earlier}» уже называли — этот ответ неверен; назовите другое слово"
            raise AnswerRepeated(word, (Violation("", "repeated-answer", detail),))
        return AnswerChoice(word, None)
