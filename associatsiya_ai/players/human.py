"""Seats for a person: read a line through a :class:`Prompt`, never through a screen.

The seats know the game's input conventions only: the hinter's input picks the chain
mode (R2) with a prefix — ``слово`` one word, ``+слово`` this hinter's own chain,
``++слово`` all hints of both hinters. Everything a person sees and types goes through
the :class:`Prompt` the front-end gives (the terminal's one reads ``input()`` line by
line, so a game is playable with the moves piped on standard input). End of input raises
:class:`EOFError`, Ctrl-C :class:`KeyboardInterrupt` and «!выход» :class:`QuitGame`; the
arena abandons the game on each of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol

from associatsiya_ai.players.base import AnswerChoice, HintChoice
from associatsiya_ai.rules.game import GuesserView, HinterView, InvalidSecretError, Mode, RuleError

__all__ = ["Ask", "HumanGuesser", "HumanHinter", "Prompt", "parse_hint_input"]

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


class HumanGuesser(_PersonSeat):
    """A guesser seat played by the person."""

    def answer(self, view: GuesserView) -> AnswerChoice:
        """Show the chain heard (once a turn) and read the person's answer."""
        self._show(view)
        return AnswerChoice(self.prompt.ask("answer"), None)
