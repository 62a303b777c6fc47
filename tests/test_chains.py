"""A person's chain against a bot's: evaluate chains, the discount of a bot-chosen word."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from fakes import tiny_vocabulary

from associatsiya_ai.bots import EmbeddingGuesser
from associatsiya_ai.bots.people import LevelDraw, PeopleModel, PeopleWeights
from associatsiya_ai.bots.people.tables import precompute
from associatsiya_ai.research.chains import evaluate_chains
from associatsiya_ai.research.norms import EvaluationError
from associatsiya_ai.rules.types import Mode, Turn, Utterance
from associatsiya_ai.rules.views import GuesserView

WEIGHTS = {"cos": 6.0, "cos2": -2.0, "fwd": -0.4, "rev": -0.3, "zipf": 0.5, "length": -0.1}
LEVELS = {"easy": LevelDraw(2.0, 0), "normal": LevelDraw(1.0, 4), "hard": LevelDraw(0.0, 1)}


def model(**numbers: float) -> PeopleModel:
    vocab = tiny_vocabulary()
    weights = PeopleWeights(WEIGHTS, 1.0, levels=LEVELS, **numbers)  # type: ignore[arg-type]
    return PeopleModel(vocab, precompute(vocab, wordnet=False), weights)


def _write(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    path = tmp_path / "chains.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", "utf-8")
    return path


def test_evaluate_chains_on_a_hand_made_file(tmp_path: Path) -> None:
    vocab = tiny_vocabulary()
    rows = [
        {"target": "кошка", "chain": ["мышь", "хвост"], "shares": [0.3, 0.5]},
        {"target": "кошка", "chain": ["мышь", "хвост", "усы"], "shares": [0.3, 0.5, 0.2]},
        {"target": "абажур", "chain": ["стул", "окно"], "shares": [0.1, 0.2]},  # outside
    ]
    result = evaluate_chains(_write(tmp_path, rows), vocab=vocab, level="normal")
    guesser = EmbeddingGuesser(vocab, "normal")  # the shipped model, heard from a person
    cat = vocab.index["кошка"]
    dists = [guesser.distribution(r["chain"]) for r in rows[:2]]  # type: ignore[arg-type]
    rates = [float(d[1][cat]) for d in dists]  # type: ignore[index]
    best = [int(np.argmax(d[0])) == cat for d in dists]  # type: ignore[index]
    assert result["n"] == 3 and result["coverage"] == round(2 / 3, 4)
    assert result["target_rate"] == round(sum(rates) / 3, 4)
    assert result["person_floor"] == round((0.5 + 0.5 + 0.2) / 3, 4)
    assert result["person_upper"] == round((1 - 0.7 * 0.5 + 1 - 0.7 * 0.5 * 0.8 + 0.28) / 3, 4)
    assert result["ratio"] == round((sum(rates) / 3) / ((0.5 + 0.5 + 0.2) / 3), 4)
    assert result["hit@1"] == round(sum(best) / 3, 4)
    assert result["log_likelihood"] < 0
    by = result["by_length"]
    assert set(by) == {"2", "3"} and by["3"]["n"] == 1 and by["2"]["n"] == 2
    assert by["3"]["target_rate"] == round(rates[1], 4)
    assert by["2"]["log_likelihood"] == pytest.approx((math.log(1e-6) + math.log(
        float(guesser.distribution(rows[0]["chain"])[0][cat]))) / 2, abs=1e-4)  # type: ignore[arg-type,index]  # fmt: skip
    hard = evaluate_chains(_write(tmp_path, rows), vocab=vocab, level="hard")
    assert hard["target_rate"] == hard["hit@1"]  # a point mass on its best answer


def _view(utterances: list[Utterance], team: int) -> GuesserView:
    """A guesser view after ``utterances`` (all but the last answered «небо», wrongly)."""
    turns = tuple(
        Turn(k + 1, u.team, u, "небо" if k == 0 else "вода", False)
        for k, u in enumerate(utterances[:-1])
    )
    hints = tuple(u.new for u in utterances)
    return GuesserView(team, utterances[-1], turns, hints, tuple(t.answer for t in turns), False, 3)


def _probabilities(guesser: EmbeddingGuesser, view: GuesserView) -> dict[str, float]:
    decision = guesser.act(view, np.random.default_rng(0))
    return {c.word: c.probability for c in decision.candidates if c.probability is not None}


def test_the_same_chain_from_a_bot_and_from_a_person_is_heard_differently() -> None:
    people = model(sharpness=1.0, bot_discount=0.3)
    first = Utterance(2, Mode.SINGLE, "мышь", ("мышь",))
    now = Utterance(2, Mode.OWN, "хвост", ("мышь", "хвост"))
    view = _view([first, now], team=2)
    person = EmbeddingGuesser(people.vocab, "hard", people=people)
    bot = EmbeddingGuesser(people.vocab, "hard", people=people, partner_is_bot=True)
    other = EmbeddingGuesser(people.vocab, "hard", people=people, opponents_are_bots=True)
    assert bot.bot_words(view) == {"мышь", "хвост"} and person.bot_words(view) == set()
    heard_person, heard_bot = _probabilities(person, view), _probabilities(bot, view)
    assert heard_person == _probabilities(other, view)  # the words are its own team's
    # the same best answer, but a bot's words are heard less sure of it (nearer the prior)
    best = max(heard_person, key=heard_person.__getitem__)
    assert best == "кошка" == max(heard_bot, key=heard_bot.__getitem__)
    assert heard_bot[best] < heard_person[best]
    said = bot.act(view, np.random.default_rng(0)).reason
    assert "осторожнее" in said and "мышь, хвост" in said
    assert "осторожнее" not in person.act(view, np.random.default_rng(0)).reason
    z = people.logits(["мышь", "хвост"])
    zb = people.logits(["мышь", "хвост"], bot={"мышь", "хвост"})
    assert z is not None and zb is not None
    # a bot's two words: each discounted (0.3) and pooled (halved), a person's added up
    assert np.allclose(zb - people.static, 0.3 / 2 * (z - people.static), atol=1e-5)


def test_a_chain_mixing_authors_weighs_each_word_by_its_author() -> None:
    people = model(sharpness=1.0, bot_discount=0.0)  # a bot's word: no evidence at all
    theirs = Utterance(1, Mode.SINGLE, "стул", ("стул",))
    mine = Utterance(2, Mode.ALL, "хвост", ("стул", "хвост"))
    view = _view([theirs, mine], team=2)
    guesser = EmbeddingGuesser(people.vocab, "hard", people=people, opponents_are_bots=True)
    assert guesser.bot_words(view) == {"стул"}
    z = people.logits(["стул", "хвост"], bot={"стул"})
    alone = people.logits(["хвост"])
    assert z is not None and alone is not None
    assert np.allclose(z, alone, atol=1e-5)  # only the person's word is heard


def test_sharpness_goes_from_the_pool_to_the_sum() -> None:
    pool, total = model(sharpness=0.0), model(sharpness=1.0)
    chain = ["мышь", "хвост"]
    za, zb = pool.logits(["мышь"]), pool.logits(["хвост"])
    assert za is not None and zb is not None
    static = pool.static.astype(np.float32)
    assert np.allclose(pool.logits(chain), static + ((za - static) + (zb - static)) / 2, atol=1e-5)  # type: ignore[operator]
    assert np.allclose(total.logits(chain), za + zb - static, atol=1e-5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"target": "кот", "chain": [], "shares": []}', "непустое поле «chain»"),
        ('{"target": "кот", "chain": ["мышь"], "shares": [0.1, 0.2]}', "по доле на каждое"),
        ('{"target": "кот", "chain": ["мышь"], "shares": [1.5]}', "от 0 до 1"),
        ('{"target": "кот", "chain": ["мышь"], "shares": [' + "9" * 400 + "]}", "от 0 до 1"),
        ('{"target": "кот", "chain": [1], "shares": [0.5]}', "только слова"),
        ("[" * 100_000 + "]" * 100_000, "вложенность"),
        ('{"target": "кот", "chain": ["мышь"], "shares": [' + "9" * 5000 + "]}", "число"),
    ],
)
def test_bad_chain_rows_name_the_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text + "\n", "utf-8")
    with pytest.raises(EvaluationError, match=message) as info:
        evaluate_chains(path, vocab=tiny_vocabulary())
    assert f"{path}, строка 1" in str(info.value)


def test_a_byte_order_mark_is_not_a_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    row = {"target": "кошка", "chain": ["мышь", "хвост"], "shares": [0.3, 0.5]}
    path.write_text(json.dumps(row, ensure_ascii=False) + "\n", "utf-8-sig")
    assert evaluate_chains(path, vocab=tiny_vocabulary())["n"] == 1
