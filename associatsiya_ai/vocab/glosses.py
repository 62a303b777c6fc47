"""What a dictionary entry mentions: the vocabulary nouns in a word's definitions and in its
usage examples.

People answer a word with what its definition is made of: «абажур» is «колпак … надеваемый
на светильник, лампу» and people say «лампа»; «август» is «восьмой месяц года» and they say
«месяц». The human-response model reads these mentions as links between words, both ways
(:mod:`associatsiya_ai.bots.people_features`).

Data: the Russian Wiktionary definitions and examples shipped in the ``wiki-ru-wordnet``
package's sqlite database (the same file as :mod:`associatsiya_ai.vocab.wordnet`); each
definition is ``lemma~ru~lemma~ru~TEXT~id~id``, where TEXT holds wiki links
(``[[лампа|лампу]]``), label templates (``{{зоол.|ru}}``) and example templates
(``{{пример|…}}``). A token names a vocabulary noun when it is one of the noun's forms
(pymorphy3's lexeme).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping

from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.wordnet import wordnet_path

__all__ = ["mentions", "split_entry"]

_WORD = re.compile(r"[а-яё]+")
_NAME = re.compile(r"([^|{}]*)\|")
"""A template's name and the bar after it."""


def split_entry(text: str) -> tuple[str, str]:
    """A definition's text outside templates, and the text of its examples.

    Label templates (``{{зоол.|ru}}``) are dropped with what they hold. An example template
    ``{{пример|TEXT|автор=…}}`` gives its first argument to the second string (templates
    nested in it give their arguments, not their names); the rest (author, title, source)
    is dropped.

    >>> split_entry("[[часть]] {{зоол.|ru}} {{пример|Под {{выдел|абажуром}} лампа|Бунин}} свет")
    ('[[часть]]   свет', 'Под абажуром лампа')
    """
    plain: list[str] = []
    examples: list[str] = []
    keep: list[bool] = []  # per open template: does its text so far go to the examples
    k = 0
    while k < len(text):
        if text.startswith("{{", k):
            bar = _NAME.match(text, k + 2)
            name = bar.group(1) if bar else ""
            keep.append(name == "пример" or (bool(keep) and keep[-1]))
            k = bar.end() if bar else k + 2
            continue
        if text.startswith("}}", k) and keep:
            keep.pop()
            k += 2
            continue
        ch = text[k]
        if not keep:
            plain.append(ch)
        elif ch == "|" and keep[-1] and (len(keep) == 1 or not keep[-2]):
            keep[-1] = False  # the example's own text ends: author, title, source follow
        elif keep[-1]:
            examples.append(ch)
        k += 1
    return "".join(plain), "".join(examples)


def _forms(index: Mapping[str, int]) -> dict[str, set[int]]:
    """Folded word form -> vocabulary rows whose noun lexeme holds it («лампу» -> «лампа»),
    by pymorphy3's lexemes of each word's noun parses (a few seconds: one parse per word,
    not one per token of the dictionary)."""
    from associatsiya_ai.lexicon import morph

    forms: dict[str, set[int]] = {}
    for word, row in index.items():
        for p in morph().parse(word)[:3]:
            if "NOUN" in p.tag and fold(p.normal_form) == word:
                for form in p.lexeme:
                    forms.setdefault(fold(form.word), set()).add(row)
    return forms


def mentions(index: Mapping[str, int]) -> set[tuple[int, int]]:
    """Pairs (word, mentioned word) of vocabulary rows from the wordnet's dictionary entries.

    Parameters
    ----------
    index : mapping of str to int
        Folded vocabulary word -> row (:attr:`Vocabulary.index`).

    Returns
    -------
    set of (int, int)
        ``(i, j)`` when noun j is in a definition of word i or in one of its usage examples
        (kept apart, the two weigh about the same in the human-response model: −6.007
        against −6.009 nats on the guesser norms). A word never mentions itself.

    Raises
    ------
    ImportError
        When ``wiki-ru-wordnet`` is not installed.

    Notes
    -----
    About 5 s for the 11,540 words of navec news_v1's vocabulary (8,254 have entries).
    """
    con = sqlite3.connect(f"file:{wordnet_path()}?mode=ro", uri=True)
    try:
        entries = con.execute("SELECT lemma, definition FROM synsets").fetchall()
    finally:
        con.close()
    forms = _forms(index)
    pairs: set[tuple[int, int]] = set()
    for lemma, entry in entries:
        row = index.get(fold(lemma.lower()))
        if row is None:
            continue
        parts = entry.split("~")
        text = "~".join(parts[4:-2]) if len(parts) >= 7 else entry
        plain, example = split_entry(text.lower())
        for token in _WORD.findall(f"{plain} {example}"):
            pairs.update((row, j) for j in forms.get(fold(token), ()) if j != row)
    return pairs
