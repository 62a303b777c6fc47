"""Dictionary mentions (vocab/glosses.py): what a word's definitions and examples name."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

from associatsiya_ai.vocab import glosses
from associatsiya_ai.vocab.glosses import comentions, mentions, named_in_entry, split_entry


def test_doctests() -> None:
    result = doctest.testmod(glosses)
    assert result.failed == 0 and result.attempted > 0


def test_labels_and_example_sources_are_not_text() -> None:
    plain, example = split_entry(
        "{{зоол.|ru}} [[подвид]] [[волк]]а {{пример|Енотовидная {{выдел|собака}} спит."
        "|Н. М. Пржевальский|источник=НКРЯ}}"
    )
    assert "зоол" not in plain and "волк" in plain and "Енотовидная" not in plain
    assert example == "Енотовидная собака спит."


def test_the_real_dictionary_links_a_word_to_what_defines_it() -> None:
    words = ["абажур", "лампа", "светильник", "август", "месяц", "год", "кошка"]
    index = {w: i for i, w in enumerate(words)}
    named = mentions(index)
    assert {(0, 1), (0, 2), (3, 4), (3, 5)} <= named  # «…на светильник, лампу», «…месяц года»
    assert all(i != j for i, j in named)
    assert not {(0, 6), (6, 0), (3, 6)} & named  # «абажур» and «кошка» name neither the other


def test_a_word_outside_the_vocabulary_names_what_its_entry_says() -> None:
    index = {"лампа": 0, "светильник": 1, "кошка": 2, "ель": 3}
    assert named_in_entry("абажур", index) == {0, 1}
    assert named_in_entry("Ёлка", index) == named_in_entry("елка", index) >= {3}
    assert named_in_entry("кошка", index) == set() or 2 not in named_in_entry("кошка", index)
    assert named_in_entry("щщщ", index) == set()


def test_comentions_count_shared_entries_of_words_that_do_not_name_each_other() -> None:
    # entries: 0 names 1, 2, 3; 4 names 1, 2; 5 names 2, 3; and 1 names 3 (a direct link)
    named = {(0, 1), (0, 2), (0, 3), (4, 1), (4, 2), (5, 2), (5, 3), (1, 3)}
    indptr, indices, values = comentions(named, 6)
    table = {(i, int(j)): float(v) for i in range(6)
             for j, v in zip(indices[indptr[i]:indptr[i + 1]], values[indptr[i]:indptr[i + 1]],
                             strict=True)}  # fmt: skip
    assert table[(1, 2)] == table[(2, 1)] == pytest.approx(np.log(3))  # entries 0 and 4
    assert table[(2, 3)] == pytest.approx(np.log(3))  # entries 0 and 5
    assert (1, 3) not in table and (3, 1) not in table  # 1 names 3: a direct link instead
    assert all(i != j for i, j in table)
    assert list(indices[indptr[2] : indptr[3]]) == sorted(indices[indptr[2] : indptr[3]])
    empty = comentions(set(), 3)
    assert len(empty[1]) == 0 and list(empty[0]) == [0, 0, 0, 0]
