"""Property tests (hypothesis): the engine survives any move sequence and keeps its rules."""

from __future__ import annotations

from fakes import FakeLexicon
from hypothesis import given, settings
from hypothesis import strategies as st

from associatsiya_ai.rules.game import PASS, Game, Mode, RuleError, Termination
from associatsiya_ai.rules.words import consonance, fold

SECRETS = ["кошка", "молоко", "самолёт", "рука", "ад", "часы", "ёлка"]
WORDS = [
    "кот", "мышь", "мошка", "собака", "окошко", "питомец", "потолок", "корова", "пулемет",
    "крыло", "реки", "кошки", "кошку", "елка", "Ёлка", "часы", "час", "сад", "яд", "москва",
    "cat", "два слова", "", "бежать", PASS, "Пропускаю", "молоко", "кошка", "рука", "сыр",
]  # fmt: skip
CYRILLIC = st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБЁЯ", min_size=0, max_size=8)
MOVES = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(WORDS), CYRILLIC, st.text(max_size=6)),
        st.sampled_from(list(Mode)),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(secret=st.sampled_from(SECRETS), moves=MOVES, practice=st.booleans())
def test_random_moves_never_break_the_rules(
    secret: str, moves: list[tuple[str, Mode]], practice: bool
) -> None:
    game = Game(secret, FakeLexicon(), practice=practice)
    for word, mode in moves:
        seat = game.to_act()
        if seat is None:
            break
        try:
            if seat.role.value == "hinter":
                game.say(word, mode)
            else:
                game.answer(word)
        except RuleError:
            continue  # a rejected move changes nothing and is re-asked
    lexicon = FakeLexicon()
    spoken = [t.utterance.new for t in game.turns if not t.utterance.is_pass]
    if game.pending is not None and not game.pending.is_pass:
        spoken.append(game.pending.new)
    lemmas = [lexicon.analyse(w).lemma for w in spoken]
    assert len(lemmas) == len(set(lemmas)), "a repeated hint was recorded"
    for hint in spoken:
        assert not consonance(game.secret.word, hint), "a consonant hint was recorded"
    for team in (1, 2):
        assert 0 <= game.turns_left(team) <= 6
    outcome = game.outcome()
    if outcome is None:
        assert game.to_act() is not None
        game.abandon()
        outcome = game.outcome()
    assert outcome is not None and game.to_act() is None
    if outcome.termination is Termination.CONSONANCE:
        assert not practice and outcome.winner == 3 - (outcome.loser or 0)
    if outcome.termination is Termination.DRAW:
        assert len(game.turns) == 12
    guessed = [t for t in game.turns if t.correct]
    assert len(guessed) == (1 if outcome.termination is Termination.GUESSED else 0)
    assert Game.from_dict(game.to_dict(), FakeLexicon()).to_dict() == game.to_dict()


@given(a=CYRILLIC, b=CYRILLIC)
def test_consonance_is_symmetric(a: str, b: str) -> None:
    assert [o.kind for o in consonance(a, b)] == [o.kind for o in consonance(b, a)]


@given(a=CYRILLIC, b=CYRILLIC)
def test_consonance_ignores_case_and_yo(a: str, b: str) -> None:
    plain = [(o.kind, o.letters) for o in consonance(a, b)]
    assert plain == [(o.kind, o.letters) for o in consonance(a.upper(), b.replace("е", "ё"))]
    assert plain == [(o.kind, o.letters) for o in consonance(fold(a), fold(b))]


@given(a=CYRILLIC, b=CYRILLIC)
def test_consonance_matches_the_definition(a: str, b: str) -> None:
    s, h = fold(a), fold(b)
    expected = (len(s) >= 2 and len(h) >= 2 and (s[:2] == h[:2] or s[-2:] == h[-2:])) or any(
        h[i : i + 3] in s for i in range(len(h) - 2)
    )
    assert bool(consonance(a, b)) == expected
