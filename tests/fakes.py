"""The one set of test fakes: a tiny lexicon, two predictable bots, a hand-made vocabulary.

No pymorphy3 and no model: every fake here is a few lines of rules.

- :class:`FakeLexicon` accepts any lowercase Cyrillic word as a nominative singular noun,
  except a few listed forms: case forms with a suggestion (``CASES``), plurals with a
  notice (``PLURALS``), proper names (``PROPER``), non-nouns (``NOT_NOUNS``), and a few
  spellings with ``ё`` or a second accepted lemma (``NOUNS``). Property tests can invent
  words freely.
- :class:`FakeHinter` says the first legal word of its association list for the secret;
  :class:`FakeGuesser` answers the secret only for the hints in ``GUESS``, else a filler;
  :class:`BrokenHinter` always makes an illegal move; :func:`fake_kit` bundles them.
- :func:`tiny_vocabulary` has 8-dimensional vectors built by hand: a "cat" cluster around
  ``кошка`` (dimension 0) and two distractor clusters (dimensions 5–7), so tests can reason
  about which hint or answer is best without any model.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from associatsiya_ai.bots.decision import Candidate, Decision
from associatsiya_ai.rules.game import PASS, GuesserView, HinterView, Mode
from associatsiya_ai.rules.words import Violation, WordVerdict, fold
from associatsiya_ai.vocab.vocabulary import Vocabulary

if TYPE_CHECKING:
    from associatsiya_ai.kit import Kit

EVAL_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "eval"

# ----------------------------------------------------------------------------- lexicon
RUSSIAN = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
CASES = {
    "кошку": "кошка",
    "кошкой": "кошка",
    "мышью": "мышь",
    "лампу": "лампа",
    "мосту": "мост",
}
PLURALS = {"кошки": "кошка", "мыши": "мышь", "волны": "волна", "реки": "река"}
PROPER = {"москва", "иван"}
NOT_NOUNS = {"бегать", "бежать", "красный", "красивый", "быстро"}
# word as said -> (display, other accepted lemmas)
NOUNS: dict[str, tuple[str, tuple[str, ...]]] = {
    "елка": ("ёлка", ()),
    "ёлка": ("ёлка", ()),
    "часы": ("часы", ("час",)),
    "самолет": ("самолёт", ()),
    "котенок": ("котёнок", ()),
    "котёнок": ("котёнок", ()),
}


def _rejected(word: str, kind: str, detail: str, fix: str | None = None) -> WordVerdict:
    return WordVerdict(
        word=word, display=word, lemma="", problems=(Violation("R3", kind, detail, fix),)
    )


class FakeLexicon:
    """A ``WordChecker`` of a few rules (see the module docstring); counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def analyse(self, word: str) -> WordVerdict:
        """Return the verdict for ``word``."""
        self.calls += 1
        w = word.strip().lower()
        if not w or not set(w) <= RUSSIAN:
            return _rejected(w, "not-cyrillic", f"«{w}» — нужны только русские буквы")
        if w in CASES:
            fix = CASES[w]
            detail = f"«{w}» — не в именительном падеже: скажите «{fix}»"
            return _rejected(w, "not-nominative-singular", detail, fix)
        if w in PROPER:
            return _rejected(w, "proper-noun", f"«{w}» — имя собственное")
        if w in NOT_NOUNS:
            return _rejected(w, "not-a-noun", f"«{w}» — не существительное")
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
        display, more = NOUNS.get(w, (w, ()))
        lemma = fold(display)
        return WordVerdict(word=w, display=display, lemma=lemma, lemmas=frozenset({lemma, *more}))


# -------------------------------------------------------------------------------- bots
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


class FakeHinter:
    """Says the first legal word of ``ASSOC[secret] + FILLER_HINTS`` (single mode)."""

    def __init__(self, checker: FakeLexicon, mode: Mode = Mode.SINGLE) -> None:
        self.checker = checker
        self.mode = mode

    def act(self, view: HinterView, rng: Any) -> Decision:
        words = ASSOC.get(view.secret.lemma, []) + FILLER_HINTS
        legal = [w for w in words if not view.violations(self.checker.analyse(w))]
        cands = tuple(
            Candidate(w, self.mode, round(0.9 - 0.1 * i, 2)) for i, w in enumerate(legal[:3])
        )
        if legal:
            return Decision(legal[0], self.mode, candidates=cands)
        return Decision(PASS, Mode.SINGLE, reason="нечего сказать")


class FakeGuesser:
    """Answers ``GUESS[hint]`` for the latest decodable hint of the chain, else a filler."""

    def act(self, view: GuesserView, rng: Any) -> Decision:
        for hint in reversed(view.chain):
            if hint in GUESS and GUESS[hint] not in view.wrong_answers:
                return Decision(GUESS[hint], candidates=(Candidate(GUESS[hint], None, 0.8),))
        for word in FILLER_ANSWERS:
            if word not in view.wrong_answers:
                return Decision(word, candidates=(Candidate(word, None, 0.1),))
        return Decision(FILLER_ANSWERS[0])


class BrokenHinter:
    """A buggy bot: always repeats a word that is illegal (for the bot-error path)."""

    def act(self, view: HinterView, rng: Any) -> Decision:
        return Decision("кошку")


def fake_kit(level: str = "normal") -> Kit:
    """A :class:`~associatsiya_ai.kit.Kit` of the fakes above."""
    from associatsiya_ai.kit import Kit

    checker = FakeLexicon()
    return Kit(
        checker=checker,
        secrets=list(SECRETS),
        model_name="fake",
        level=level,
        make_hinter=lambda: FakeHinter(checker),
        make_guesser=lambda **seat: FakeGuesser(),
        knows=lambda word: word not in UNKNOWN,
    )


# -------------------------------------------------------------------------- vocabulary
# word -> vector components {dimension: value}
_TINY: dict[str, dict[int, float]] = {
    "кошка": {0: 1.0},
    "мышь": {0: 1.0, 1: 0.8},
    "хвост": {0: 1.0, 2: 0.8},
    "усы": {0: 1.0, 3: 0.8},
    "молоко": {0: 0.8, 4: 1.0},
    "сыр": {1: 1.0, 4: 0.6},
    "стул": {5: 1.0},
    "дом": {5: 1.0, 6: 0.6},
    "окно": {6: 1.0},
    "небо": {7: 1.0},
    "трава": {7: 1.0, 6: 0.5},
    "вода": {7: 0.7, 4: 0.3},
    "рыба": {7: 0.6, 0: 0.3},
    "книга": {5: 0.6, 3: 0.4},
}


def tiny_vocabulary() -> Vocabulary:
    """A 14-word vocabulary with hand-made vectors (no model, no pymorphy3)."""
    words = list(_TINY)
    matrix = np.zeros((len(words), 8), np.float32)
    for i, w in enumerate(words):
        for d, x in _TINY[w].items():
            matrix[i, d] = x
    zipf = np.full(len(words), 4.0, np.float32)
    return Vocabulary(words, matrix, zipf=zipf, secrets=words[:6], model_name="tiny")


def dev_slice(name: str, rows: int, tmp: Path) -> Path:
    """The first ``rows`` lines of a shared dev file, written to ``tmp`` (skip if absent)."""
    source = EVAL_DIR / name
    if not source.exists():
        pytest.skip(f"no dev file {source}")
    lines = source.read_text(encoding="utf-8").splitlines()[:rows]
    out = tmp / name
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def linked_tiny_tables() -> Any:
    """:func:`tiny_vocabulary`'s people tables with links: «кошка» a synonym of «мышь» and
    «молоко», glosses between «кошка», «молоко» and «мышь», and a tiny association lexicon
    (forward lists of «хвост» and «окно», best hints of «кошка»). Returns (vocab, tables)."""
    from dataclasses import replace

    from associatsiya_ai.bots.people.tables import GLOSS, _csr, precompute
    from associatsiya_ai.vocab.associations import AssociationLexicon

    tiny = tiny_vocabulary()
    n, ix = len(tiny), tiny.index
    lexicon = AssociationLexicon(
        {"хвост": ("кошка", "мышь", "дом"), "окно": ("дом", "небо")},
        {"кошка": ("усы", "молоко", "хвост", "мышь")},
    )
    base = precompute(tiny, wordnet=False, lexicon=lexicon)
    named = {(ix["кошка"], ix["молоко"]), (ix["молоко"], ix["кошка"]), (ix["кошка"], ix["мышь"])}
    links = [*base.links]
    links[0] = _csr({(ix["кошка"], ix["мышь"]), (ix["кошка"], ix["молоко"])}, n)
    links[GLOSS], links[GLOSS + 1] = _csr(named, n), _csr({(j, i) for i, j in named}, n)
    return tiny, replace(base, links=tuple(links))
