"""The association lexicon: its lists, its links, what the model makes of them, and the
shipped files' own checks (what scripts/lexicon/merge.py promises)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from fakes import tiny_vocabulary

from associatsiya_ai.bots.people import PeopleModel, PeopleWeights
from associatsiya_ai.bots.people.tables import RELATIONS, precompute
from associatsiya_ai.rules.words import fold, is_consonant
from associatsiya_ai.vocab.associations import (
    LEXICON_RELATIONS,
    AssociationLexicon,
    association_pairs,
    lexicon_coverage,
    parse_lists,
    shipped_lexicon,
)

LEX = AssociationLexicon(
    {"хвост": ("кошка", "мышь", "дом", "окно", "небо"), "окно": ("дом",)},
    {"кошка": ("усы", "молоко", "хвост", "мышь")},
)


def test_lists_are_read_by_folded_head_word() -> None:
    text = "Ёлка: праздник, игрушка\n\nбез двоеточия\nкот: мышь, , молоко\n"
    assert parse_lists(text) == {"елка": ("праздник", "игрушка"), "кот": ("мышь", "молоко")}


def test_links_are_bucketed_by_rank_and_their_converses_mirror_them() -> None:
    vocab = tiny_vocabulary()
    ix = vocab.index
    pairs = dict(zip(LEXICON_RELATIONS, association_pairs(ix, LEX), strict=True))
    assert pairs["said1"] == {(ix["хвост"], ix["кошка"]), (ix["окно"], ix["дом"])}
    assert pairs["said2"] == {(ix["хвост"], ix["мышь"])}
    assert pairs["said3"] == {(ix["хвост"], ix["дом"]), (ix["хвост"], ix["окно"])}
    assert pairs["said5"] == {(ix["хвост"], ix["небо"])} and not pairs["said9"]
    for rank in (1, 2, 3, 5, 9):
        assert pairs[f"sayer{rank}"] == {(c, h) for h, c in pairs[f"said{rank}"]}
    # «кошка» is a secret whose best hints are усы (1), молоко, хвост, мышь (2–4)
    assert pairs["hint1"] == {(ix["усы"], ix["кошка"])}
    assert pairs["hint2"] == {(ix[h], ix["кошка"]) for h in ("молоко", "хвост", "мышь")}
    for rank in (1, 2, 5):
        assert pairs[f"hinted{rank}"] == {(c, h) for h, c in pairs[f"hint{rank}"]}


def test_a_word_in_the_heard_words_list_is_answered_more() -> None:
    vocab = tiny_vocabulary()
    weights = PeopleWeights({"cos": 4.0, "said1": 2.0, "said3": 1.0, "hint1": 1.5}, 1.0)
    plain = PeopleModel(vocab, precompute(vocab, wordnet=False), weights)
    knowing = PeopleModel(vocab, precompute(vocab, wordnet=False, lexicon=LEX), weights)
    p0, p1 = plain.probabilities(["хвост"]), knowing.probabilities(["хвост"])
    assert p0 is not None and p1 is not None
    cat, house, chair = vocab.index["кошка"], vocab.index["дом"], vocab.index["стул"]
    assert p1[cat] > p0[cat]
    assert p1[house] / p1[chair] > p0[house] / p0[chair]  # «дом» is in the list, «стул» not
    assert int(np.argmax(p1)) == cat
    # the hinter's side: P(кошка | усы) gains from «усы» being a best hint of «кошка»
    whiskers = vocab.index["усы"]
    assert knowing.secret_given_hints(cat)[whiskers] > plain.secret_given_hints(cat)[whiskers]
    assert len(knowing.tables.links) == len(RELATIONS)


def test_coverage_counts_head_words_and_entries_in_the_vocabulary() -> None:
    cov = lexicon_coverage(["хвост", "окно", "дом", "кошка"], ["кошка", "дом"], LEX)
    assert cov["forward_lists"] == 2 and cov["hint_lists"] == 1
    assert cov["forward_coverage"] == 0.5 and cov["hints_coverage"] == 0.5
    assert cov["entries"] == 10 and cov["in_vocabulary"] == 0.5


@pytest.mark.slow
def test_the_shipped_lexicon_passes_its_own_checks() -> None:
    """Every shipped entry is what merge.py keeps: an R3 noun, not consonant with its head
    word nor its lemma, on no offensive list, its lemma once a line, at most 15 a line."""
    from associatsiya_ai.lexicon import default_lexicon
    from associatsiya_ai.vocab.lists import offensive_reason

    lex, checker = shipped_lexicon(), default_lexicon()
    problems: Counter[str] = Counter()
    for lists in (lex.forward, lex.hints):
        for head, words in lists.items():
            assert 0 < len(words) <= 15
            seen: set[str] = set()
            for word in words:
                v = checker.analyse(word)
                lemmas = v.all_lemmas | {fold(v.word)}
                problems["not-accepted"] += not v.ok
                problems["consonant"] += is_consonant(head, word)
                problems["head-lemma"] += head in lemmas
                problems["offensive"] += offensive_reason(*lemmas) is not None
                problems["duplicate"] += bool(seen & lemmas)
                seen |= lemmas
    assert sum(problems.values()) == 0, problems
