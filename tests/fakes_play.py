"""Tiny fakes for the play tests: a lexicon of a few rules and two predictable bots.

The fake lexicon accepts any lowercase Cyrillic word as a nominative singular noun except
a few listed forms (case forms with a suggestion, plurals with a notice, a proper name,
a verb). The fake hinter says the first legal word of its association list for the
secret; the fake guesser answers the secret only for the hints in ``GUESS``, else a filler.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from associatsiya_ai.cli.play import Kit
from associatsiya_ai.rules.game import PASS, GuesserView, HinterView, Mode
from associatsiya_ai.rules.words import Violation, WordVerdict, fold

RUSSIAN = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
CASES = {"кошку": "кошка", "кошкой": "кошка", "мышью": "мышь", "лампу": "лампа", "мосту": "мост"}
PLURALS = {"кошки": "кошка", "мыши": "мышь", "волны": "волна"}
PROPER = {"москва", "иван"}
NOT_NOUNS = {"бегать", "красный", "быстро"}

ASSOC = {
    "кошка": ["мышь", "хвост", "усы", "молоко", "питомец", "лапа", "когти"],
    "лампа": ["свет", "абажур", "стол", "провод", "вечер", "выключатель", "патрон"],
    "море": ["волна", "пляж", "чайка", "соль", "корабль", "отпуск", "берег"],
    "гора": ["вершина", "снег", "альпинист", "склон", "камень", "высота", "пик"],
}
GUESS = {"мышь": "кошка", "волна": "море", "вершина": "гора"}
FILLER_HINTS = ["ночь", "книга", "окно", "дорога", "зима", "город", "радио", "рыба", "трава"]
FILLER_ANSWERS = ["дом", "сад", "лес", "нож", "дверь", "шум", "утро", "облако", "чай"]
SECRETS = ["кошка", "лампа", "море", "гора"]
UNKNOWN = {"бегемот"}  # a valid noun the fake model has no vector for


class FakeLexicon:
    """A WordChecker of a few rules (see the module docstring)."""

    def analyse(self, word: str) -> WordVerdict:
        w = word.strip().lower()
        if not w or not set(w) <= RUSSIAN:
            bad = Violation("R3", "not-cyrillic", f"«{w}» — нужны только русские буквы")
            return WordVerdict(word=w, display=w, lemma="", problems=(bad,))
        if w in CASES:
            fix = CASES[w]
            bad = Violation(
                "R3",
                "not-nominative-singular",
                f"«{w}» — не в именительном падеже: скажите «{fix}»",
                suggestion=fix,
            )
            return WordVerdict(word=w, display=w, lemma="", problems=(bad,))
        if w in PROPER:
            bad = Violation("R3", "proper-noun", f"«{w}» — имя собственное")
            return WordVerdict(word=w, display=w, lemma="", problems=(bad,))
        if w in NOT_NOUNS:
            bad = Violation("R3", "not-a-noun", f"«{w}» — не существительное")
            return WordVerdict(word=w, display=w, lemma="", problems=(bad,))
        if w in PLURALS:
            one = PLURALS[w]
            return WordVerdict(
                word=w,
                display=w,
                lemma=one,
                lemmas=frozenset({one}),
                singular=one,
                notices=(f"по возможности в единственном числе: {one}",),
            )
        return WordVerdict(word=w, display=w, lemma=fold(w), lemmas=frozenset({fold(w)}))


@dataclass(frozen=True)
class FakeDecision:
    """Mirrors the embedding bots' decision: word, mode, explanation."""

    word: str
    mode: Mode = Mode.SINGLE
    explanation: dict[str, Any] = field(default_factory=dict)


class FakeHinter:
    """Says the first legal word of ``ASSOC[secret] + FILLER_HINTS`` (single mode)."""

    def __init__(self, checker: FakeLexicon, mode: Mode = Mode.SINGLE) -> None:
        self.checker = checker
        self.mode = mode

    def act(self, view: HinterView, rng: Any) -> FakeDecision:
        words = ASSOC.get(view.secret.lemma, []) + FILLER_HINTS
        legal = [w for w in words if not view.violations(self.checker.analyse(w))]
        cands = [{"word": w, "score": round(0.9 - 0.1 * i, 2)} for i, w in enumerate(legal[:3])]
        if legal:
            return FakeDecision(legal[0], self.mode, {"candidates": cands, "mode": self.mode.value})
        return FakeDecision(PASS, Mode.SINGLE, {"text": "нечего сказать"})


class FakeGuesser:
    """Answers ``GUESS[hint]`` for the latest decodable hint of the chain, else a filler."""

    def act(self, view: GuesserView, rng: Any) -> FakeDecision:
        for hint in reversed(view.chain):
            if hint in GUESS and GUESS[hint] not in view.wrong_answers:
                return FakeDecision(GUESS[hint], explanation={"candidates": [[GUESS[hint], 0.8]]})
        for word in FILLER_ANSWERS:
            if word not in view.wrong_answers:
                return FakeDecision(word, explanation={"candidates": [[word, 0.1]]})
        return FakeDecision(FILLER_ANSWERS[0])


class BrokenHinter:
    """A buggy bot: always repeats a word that is illegal (for the bot-error path)."""

    def act(self, view: HinterView, rng: Any) -> FakeDecision:
        return FakeDecision("кошку")


def fake_kit(level: str = "normal") -> Kit:
    """A :class:`Kit` of the fakes above."""
    checker = FakeLexicon()
    return Kit(
        checker=checker,
        secrets=list(SECRETS),
        model_name="fake",
        level=level,
        make_hinter=lambda: FakeHinter(checker),
        make_guesser=FakeGuesser,
        knows=lambda word: word not in UNKNOWN,
    )
