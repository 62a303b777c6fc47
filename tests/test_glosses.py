"""Dictionary mentions (vocab/glosses.py): what a word's definitions and examples name."""

from __future__ import annotations

import doctest

from associatsiya_ai.vocab import glosses
from associatsiya_ai.vocab.glosses import mentions, split_entry


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
