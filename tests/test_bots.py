"""The embedding bots on a tiny hand-made vocabulary: legality, exclusions, modes, levels."""

from __future__ import annotations

import numpy as np
import pytest
from fakes import FakeLexicon, tiny_vocabulary
from hypothesis import given, settings
from hypothesis import strategies as st

from associatsiya_ai.bots import Decision, EmbeddingGuesser, EmbeddingHinter
from associatsiya_ai.rules.game import Game, Mode, hint_violations
from associatsiya_ai.rules.words import PASS, fold, is_consonant
from associatsiya_ai.vocab.vocabulary import Vocabulary

TINY = tiny_vocabulary()
LEX = FakeLexicon()
OLD = {"zipf": 0.3, "jargon": 2.0}
"""The hinter's ranking weights before the lexicon (frequency and news jargon, no sense)."""
SECRETS = TINY.words


def _check_answer(game: Game, decision: Decision) -> None:
    view = game.guesser_view()
    if decision.word == PASS:
        assert not view.last_own_was_pass
        return
    word = fold(decision.word)
    assert word not in {fold(h) for h in view.hints}
    assert word not in {fold(a) for a in view.wrong_answers}
    assert not any(is_consonant(h, word) for h in view.hints)


def _check_hint(game: Game, decision: Decision) -> None:
    view = game.hinter_view()
    verdict = None if decision.word == PASS else LEX.analyse(decision.word)
    assert not hint_violations(
        view.secret,
        verdict,
        spoken_lemmas=view.spoken_lemmas,
        last_own_was_pass=view.last_own_was_pass,
    )
    assert decision.mode is not None
    assert (
        decision.chain
        == view.chains_for(None if verdict is None else verdict.display)[decision.mode]
    )


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(SECRETS),
    st.sampled_from(["easy", "normal", "hard"]),
    st.integers(0, 2**16),
)
def test_bot_games_are_always_legal(secret: str, level: str, seed: int) -> None:
    """Whole bot-vs-bot games: every hint legal, no excluded answer, no crash."""
    rng = np.random.default_rng(seed)
    hinter = EmbeddingHinter(TINY, level, checker=LEX)
    guesser = EmbeddingGuesser(TINY, level)
    game = Game(secret, LEX)
    while game.outcome() is None:
        decision = hinter.act(game.hinter_view(), rng)
        _check_hint(game, decision)
        game.say(decision.word, decision.mode or Mode.SINGLE)
        assert game.outcome() is None  # never a consonance foul
        answer = guesser.act(game.guesser_view(), rng)
        _check_answer(game, answer)
        game.answer(answer.word)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(SECRETS), min_size=1, max_size=5), st.sampled_from(SECRETS))
def test_guesser_never_answers_an_excluded_word(hints: list[str], secret: str) -> None:
    """Human-chosen hints (possibly repeated attempts): the guesser's answer is never excluded."""
    game = Game(secret, LEX)
    guesser = EmbeddingGuesser(TINY, "hard")
    for hint in hints:
        if game.outcome() is not None:
            break
        if game.hinter_view().violations(LEX.analyse(hint)):
            continue
        game.say(hint)
        decision = guesser.act(game.guesser_view(), np.random.default_rng(0))
        _check_answer(game, decision)
        game.answer(decision.word)


@pytest.mark.parametrize(
    ("spoken", "mode"),
    [
        (("стул", "мышь", "небо"), Mode.OWN),  # only own earlier hint points at the secret
        (("мышь", "хвост", "усы"), Mode.ALL),  # every earlier hint points at it
        (("стул", "трава", "небо"), Mode.SINGLE),  # earlier hints only distract
    ],
)
def test_each_chain_mode_is_chosen_when_it_is_best(spoken: tuple[str, ...], mode: Mode) -> None:
    game = Game("кошка", LEX)
    for hint, answer in zip(spoken, ("вода", "рыба", "окно"), strict=True):
        game.say(hint)
        game.answer(answer)
    hinter = EmbeddingHinter(TINY, "hard", checker=LEX)
    view = game.hinter_view()
    decision = hinter.act(view, np.random.default_rng(0))
    ranked = hinter.rank(view)
    assert {m for w, m, _ in ranked if w == decision.word} >= {Mode.SINGLE}
    best_word, best_mode, best = ranked[0]
    assert decision.chance == pytest.approx(np.exp(best))
    assert (decision.word, decision.mode) == (best_word, best_mode)
    assert decision.chain == view.chains_for(decision.word)[decision.mode]


def test_explanations_match_the_decision(fake_lexicon: FakeLexicon) -> None:
    game = Game("кошка", fake_lexicon)
    hint = EmbeddingHinter(TINY, "hard", checker=fake_lexicon).act(game.hinter_view())
    first = hint.candidates[0]
    assert (first.word, first.mode) == (hint.word, hint.mode) and hint.mode is Mode.SINGLE
    assert hint.to_dict()["word"] == hint.word
    assert Decision.from_dict(hint.to_dict()).to_dict() == hint.to_dict()
    game.say(hint.word)
    answer = EmbeddingGuesser(TINY, "hard").act(game.guesser_view())
    assert answer.candidates[0].word == answer.word and answer.candidates[0].mode is None
    scores = [c.score for c in answer.candidates]
    assert scores == sorted(scores, reverse=True)
    assert answer.to_dict()["chain"] == [hint.word]


def test_hinter_lists_as_many_candidates_as_asked(fake_lexicon: FakeLexicon) -> None:
    view = Game("кошка", fake_lexicon).hinter_view()
    hint = EmbeddingHinter(TINY, "hard", checker=fake_lexicon, candidates=2).act(view)
    assert len(hint.candidates) == 2


def test_one_list_of_levels() -> None:
    from associatsiya_ai.bots.levels import LEVEL_NAMES, LEVELS, level_of
    from associatsiya_ai.cli.base import LevelChoice

    assert [c.value for c in LevelChoice] == list(LEVEL_NAMES) == list(LEVELS)
    with pytest.raises(ValueError, match="easy, normal или hard"):
        level_of("expert")


def test_hinter_first_hint_is_the_closest_legal_word() -> None:
    game = Game("кошка", LEX)
    decision = EmbeddingHinter(TINY, "hard", checker=LEX).act(game.hinter_view())
    assert decision.word in {"мышь", "хвост", "усы"}
    assert decision.mode is Mode.SINGLE


def test_hinter_picks_the_hint_a_person_most_likely_answers() -> None:
    """«мышь» is closer to «кошка» but points at «сыр»; «хвост» points at «кошка» alone."""
    words = ["кошка", "сыр", "мышь", "хвост"]
    matrix = np.array([[1, 0, 0], [0, 1, 0], [0.7, 0.72, 0], [0.6, 0, 0.8]], np.float32)
    vocab = Vocabulary(words, matrix)
    view = Game("кошка", LEX).hinter_view()
    hinter = EmbeddingHinter(vocab, "hard", checker=LEX)
    chance = np.exp(hinter.people.secret_given_hints(0))
    assert chance[3] > 1.5 * chance[2]  # the model: «хвост» clearly dominates «мышь»
    decision = hinter.act(view)
    assert decision.word == "хвост"
    assert decision.chance == pytest.approx(float(chance[3]), rel=1e-4)
    # the modelled chance is the partner model's own probability of answering the secret
    p, _ = EmbeddingGuesser(vocab, "hard", people=hinter.people).distribution(["хвост"])
    assert p[0] == pytest.approx(decision.chance, rel=1e-4)


def test_hinter_keeps_a_news_sense_of_the_secret_out() -> None:
    """«акционер» sits nearer the news vector of «дочка», «мама» nearer its dictionary sense
    (its wordnet relative «дочь», itself no legal hint): the sense term decides."""
    from dataclasses import replace

    from associatsiya_ai.bots.people import PeopleModel, PeopleWeights
    from associatsiya_ai.bots.people.tables import _csr, precompute

    words = ["дочка", "акционер", "мама", "дочь", "стол", "кот"]
    matrix = np.array(
        [[0.8, 0.6, 0], [1, 0.05, 0], [0.1, 1, 0.1], [0.05, 1, 0.05], [0, 0.2, 1], [0.1, 0, 1]],
        np.float32,
    )
    vocab = Vocabulary(words, matrix)
    tables = precompute(vocab, wordnet=False)
    links = (_csr({(0, 3), (3, 0)}, 6), *tables.links[1:])  # «дочь» ~ «дочка»
    cosine = PeopleWeights({"cos": 6.0}, 1.0)  # people here answer by cosine alone
    people = PeopleModel(vocab, replace(tables, links=links), cosine)
    view = Game("дочка", LEX).hinter_view()
    plain = EmbeddingHinter(vocab, "hard", checker=LEX, weights=OLD, people=people)
    assert plain.act(view).word == "акционер"
    sensed = EmbeddingHinter(
        vocab, "hard", checker=LEX, weights={**OLD, "sense": 2.5}, people=people
    )
    assert sensed.act(view).word == "мама"


def test_hinter_takes_news_jargon_off() -> None:
    """«акционер», nearer the secret than «мама», is the plain hinter's choice; its
    news bias (commoner in the news than in Russian at large) times ``news`` is taken off
    its rank, so the everyday «мама» comes first (an everyday bias below 0 is no bonus)."""
    words = ["дочка", "акционер", "мама", "стол"]
    matrix = np.array([[1, 0, 0], [0.8, 0.6, 0], [0.5, -0.866, 0], [0, 0, 1]], np.float32)
    from associatsiya_ai.bots.people import PeopleModel, PeopleWeights
    from associatsiya_ai.bots.people.tables import precompute

    view = Game("дочка", LEX).hinter_view()
    biased = Vocabulary(words, matrix, news=np.array([0.0, 0.9, -0.8, 0.0], np.float32))
    cosine = PeopleWeights({"cos": 6.0}, 1.0)  # people here answer by cosine alone
    people = PeopleModel(biased, precompute(biased, wordnet=False), cosine)  # no dictionary
    off = EmbeddingHinter(
        biased, "hard", checker=LEX, weights={**OLD, "jargon": 0.0}, people=people
    )
    assert [w for w, _, _ in off.rank(view)][:2] == ["акционер", "мама"]
    on = EmbeddingHinter(biased, "hard", checker=LEX, weights={**OLD, "jargon": 1.0}, people=people)
    assert [w for w, _, _ in on.rank(view)][:2] == ["мама", "акционер"]
    assert on._extra_of("акционер", 0) - on._extra_of("мама", 0) == pytest.approx(-0.9)
    assert off._extra_of("акционер", 0) == pytest.approx(off._extra_of("мама", 0))
    # jargon that goes through the secret's dictionary sense is spared: «мама» as the only
    # relative of «дочка» is its sense (cosine 1), so its bias costs nothing
    from dataclasses import replace

    from associatsiya_ai.bots.people.tables import _csr

    tables = precompute(biased, wordnet=False)
    linked = replace(tables, links=(_csr({(0, 2), (2, 0)}, 4), *tables.links[1:]))
    spared = Vocabulary(words, matrix, news=np.array([0.0, 0.9, 0.9, 0.0], np.float32))
    weights = {**OLD, "sense": 2.5, "jargon": 2.0}
    hinter = EmbeddingHinter(spared, "hard", checker=LEX, weights=weights,
                             people=PeopleModel(spared, linked))  # fmt: skip
    assert hinter._extra_of("мама", 0) == pytest.approx(0.3 * 4.0 + 2.5 * 1.0, abs=1e-5)


def test_hinter_ranks_the_secrets_best_hints_by_their_fitted_weights() -> None:
    """A hint in the secret's best-hints list of the association lexicon gains its bucket's
    weight in the ranking (the chance shown stays the model's P)."""
    from associatsiya_ai.bots.hinter_terms import HINTER_TERMS, load_hinter_weights
    from associatsiya_ai.bots.people import PeopleModel, PeopleWeights
    from associatsiya_ai.bots.people.tables import precompute
    from associatsiya_ai.vocab.associations import AssociationLexicon

    words = ["кошка", "хвост", "молоко", "стол", "лампа", "окно"]
    matrix = np.array([[1, 0, 0], [0.9, 0.436, 0], [0.8, 0.6, 0], [0.3, 0, 0.954],
                       [0, 0.6, 0.8], [0, 0.8, 0.6]], np.float32)  # fmt: skip
    vocab = Vocabulary(words, matrix)
    lexicon = AssociationLexicon({}, {"кошка": ("стол", "молоко")})  # rank 1, rank 2
    cosine = PeopleWeights({"cos": 6.0}, 1.0)
    people = PeopleModel(vocab, precompute(vocab, wordnet=False, lexicon=lexicon), cosine)
    view = Game("кошка", LEX).hinter_view()
    plain = EmbeddingHinter(vocab, "hard", checker=LEX, weights={}, people=people)
    assert [w for w, _, _ in plain.rank(view)][:3] == ["хвост", "молоко", "стол"]
    listed = {"hinted1": 3.0, "hinted2": 0.5}
    hinter = EmbeddingHinter(vocab, "hard", checker=LEX, weights=listed, people=people)
    ranked = hinter.rank(view)
    assert ranked[0][0] == "стол"  # from third
    decision = hinter.act(view)
    assert decision.word == "стол"
    assert decision.chance == pytest.approx(np.exp(ranked[0][2]))  # P, not the ranking key
    assert hinter._extra_of("молоко", 0) == pytest.approx(0.5)
    assert set(load_hinter_weights()) == set(HINTER_TERMS)  # the shipped file names them all


def test_hinter_never_says_a_word_shorter_than_min_len() -> None:
    words = ["кошка", "ус", "хвост", "сыр"]
    matrix = np.array([[1, 0, 0], [0.99, 0.1, 0], [0.8, 0, 0.6], [0, 1, 0]], np.float32)
    vocab = Vocabulary(words, matrix)
    view = Game("кошка", LEX).hinter_view()
    assert EmbeddingHinter(vocab, "hard", checker=LEX).act(view).word == "хвост"
    assert "ус" not in {w for w, _, _ in EmbeddingHinter(vocab, "hard", checker=LEX).rank(view)}
    assert "ус" in {
        w for w, _, _ in EmbeddingHinter(vocab, "hard", checker=LEX, min_len=2).rank(view)
    }


def test_guesser_answers_the_likeliest_near_noun() -> None:
    guesser = EmbeddingGuesser(TINY, "hard")
    for hint in ("хвост", "стул"):
        answer = guesser.answer_chain([hint]).word
        p, _ = guesser.distribution([hint])
        assert answer == TINY.words[int(np.argmax(p))]
        cos = TINY.matrix @ TINY.vector(hint)
        near = {TINY.words[i] for i in np.argsort(-cos)[1:4]}
        assert answer in near  # one of the heard word's three nearest nouns


def test_guesser_out_of_vocabulary_chain() -> None:
    guesser = EmbeddingGuesser(TINY, "hard")
    assert guesser.answer_chain(["абажур"]).word == PASS  # nothing known, no history
    # an unknown newest word: the rest of the chain still speaks
    assert guesser.answer_chain(["хвост", "абажур"]).word == guesser.answer_chain(["хвост"]).word
    # an unknown chain after earlier hints: the history speaks
    game = Game("кошка", LEX)
    game.say("хвост")
    game.answer("вода")
    game.say("абажур")
    decision = guesser.act(game.guesser_view())
    assert decision.word not in (PASS, "хвост")


def test_guesser_never_passes_twice() -> None:
    guesser = EmbeddingGuesser(TINY, "hard")
    game = Game("кошка", LEX)
    game.say("абажур")
    assert guesser.act(game.guesser_view()).word == PASS
    game.answer(PASS)
    game.say("мышь")
    game.answer("сыр")
    game.say("зюзя")  # team 2 again, an unknown word: its guesser passed last time
    decision = guesser.act(game.guesser_view())
    assert decision.word != PASS


def test_hinter_passes_only_when_nothing_is_legal() -> None:
    vocab = Vocabulary(["кот", "кошка"], np.eye(2, dtype=np.float32))
    hinter = EmbeddingHinter(vocab, "hard", checker=LEX)
    game = Game("котик", LEX)
    decision = hinter.act(game.hinter_view())
    assert decision.word == PASS
    assert decision.chain == ()


def test_levels_are_seeded_and_validated() -> None:
    game = Game("кошка", LEX)
    easy = EmbeddingHinter(TINY, "easy", checker=LEX)
    first = [easy.act(game.hinter_view(), np.random.default_rng(7)).word for _ in range(3)]
    assert len(set(first)) == 1
    with pytest.raises(ValueError, match="уровень"):
        EmbeddingGuesser(TINY, "godlike")


def test_unknown_secret_vector() -> None:
    """A secret the vocabulary has no vector for: PASS on the first turn, never a crash."""
    game = Game("зюзюка", LEX)
    decision = EmbeddingHinter(TINY, "hard", checker=LEX).act(game.hinter_view())
    assert decision.word == PASS


def test_real_first_hints_are_legal(real_vocab: Vocabulary) -> None:
    from associatsiya_ai.lexicon import default_lexicon

    lexicon = default_lexicon()
    hinter = EmbeddingHinter(real_vocab, "normal", checker=lexicon)
    rng = np.random.default_rng(3)
    for secret in [*rng.choice(real_vocab.secrets, 25), "часы", "деньги", "ёлка"]:
        game = Game(str(secret), lexicon)
        view = game.hinter_view()
        decision = hinter.act(view, rng)
        assert decision.word != PASS and len(fold(decision.word)) >= 3
        assert not view.violations(lexicon.analyse(decision.word))
        game.say(decision.word, decision.mode or Mode.SINGLE)
        assert game.outcome() is None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SECRETS), st.sampled_from(["easy", "normal", "hard"]), st.integers(0, 99))
def test_hinter_legal_words_are_the_rules_masks(secret: str, level: str, seed: int) -> None:
    """The hinter's legal words (its kept long-and-frequent words minus the consonant and
    spoken rows) are the plain masks': R5 with the secret and its forms, R4, length, level."""
    vocab = tiny_vocabulary()
    hinter = EmbeddingHinter(vocab, level, checker=LEX)
    game = Game(secret, LEX)
    rng = np.random.default_rng(seed)
    for _ in range(2):  # a fresh turn, then one with a spoken hint
        view = game.hinter_view()
        s = view.secret
        plain = vocab.legal_mask(s.word)
        for form in s.consonance_forms():
            plain &= vocab.legal_mask(form)
        plain &= ~vocab.lemma_mask({s.lemma, *s.lemmas, *view.spoken_lemmas})
        plain &= vocab.zipf >= hinter.level.min_zipf
        plain &= np.array([len(w) >= 3 for w in vocab.folded])
        np.testing.assert_array_equal(hinter.legal(view), plain)
        decision = hinter.act(view, rng)
        game.say(decision.word, decision.mode)
        if game.outcome() is not None:
            break
        game.answer(PASS)


def test_a_plural_hint_is_heard_as_its_singular() -> None:
    """«мыши» (accepted under R3, not in the vocabulary) is heard as «мышь»; the decision
    keeps the chain as said. Without the game's word checker it is heard as said."""

    vocab = tiny_vocabulary()
    plain = EmbeddingGuesser(vocab, "hard")
    hears = EmbeddingGuesser(vocab, "hard", people=plain.people, checker=FakeLexicon())
    said = hears.answer_chain(["мыши"])
    assert said.chain == ("мыши",) and said.word == hears.answer_chain(["мышь"]).word
    assert said.word != PASS and plain.answer_chain(["мыши"]).word == PASS  # no vector
    assert hears.heard_as("мыши") == "мышь" and hears.heard_as("кошка") == "кошка"
    assert hears.heard_as("гвозди") == "гвозди"  # no singular in the vocabulary
    p_said, p_one = hears.distribution(["мыши"]), hears.distribution(["мышь"])
    assert p_said is not None and p_one is not None
    np.testing.assert_array_equal(p_said[0], p_one[0])
