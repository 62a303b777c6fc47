"""What a dictionary entry mentions: the vocabulary nouns in a word's definitions and in its
usage examples.

People answer a word with what its definition is made of: «абажур» is «колпак … надеваемый
на светильник, лампу» and people say «лампа»; «август» is «восьмой месяц года» and they say
«месяц». The human-response model reads these mentions as links between words, both ways
(:mod:`associatsiya_ai.bots.people.features`).

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

import numpy as np

from associatsiya_ai.rules.words import fold
from associatsiya_ai.vocab.wordnet import wordnet_path

__all__ = ["comentions", "mentions", "named_in_entry", "split_entry"]

_WORD = re.compile(r"[а-яё]+")
_NAME = re.compile(r"([^|{}]*)\|")
_SPECIAL = re.compile(r"\{\{|\}\}|\|")
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

    def put(segment: str) -> None:
        if not keep:
            plain.append(segment)
        elif keep[-1]:
            examples.append(segment)

    k = 0
    while (token := _SPECIAL.search(text, k)) is not None:  # from one «{{», «}}», «|» on
        at = token.start()
        put(text[k:at])
        if token.group() == "{{":
            bar = _NAME.match(text, at + 2)
            name = bar.group(1) if bar else ""
            keep.append(name == "пример" or (bool(keep) and keep[-1]))
            k = bar.end() if bar else at + 2
        elif token.group() == "}}":
            if keep:
                keep.pop()
            else:
                put("}}")
            k = at + 2
        else:
            if keep and keep[-1] and (len(keep) == 1 or not keep[-2]):
                keep[-1] = False  # the example's own text ends: author, title, source follow
            else:
                put("|")
            k = at + 1
    put(text[k:])
    return "".join(plain), "".join(examples)


def _forms(index: Mapping[str, int]) -> dict[str, set[int]]:
    """Folded word form -> vocabulary rows whose noun lexeme holds it («лампу» -> «лампа»),
    by pymorphy3's lexemes of each word's noun parses (a few seconds: one parse per word,
    not one per token of the dictionary)."""
    from associatsiya_ai.lexicon.parses import morph

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
        plain, example = split_entry(_text(entry))
        for token in _WORD.findall(f"{plain} {example}"):
            pairs.update((row, j) for j in forms.get(fold(token), ()) if j != row)
    return pairs


def _text(entry: str) -> str:
    """The text of one wordnet ``definition`` field, lower case (its lemma and ids cut)."""
    parts = entry.split("~")
    return ("~".join(parts[4:-2]) if len(parts) >= 7 else entry).lower()


def _spellings(key: str) -> list[str]:
    """The spellings of a folded word with «ё» for any of its first three «е».

    >>> _spellings("елка")
    ['елка', 'ёлка']
    """
    at = [i for i, ch in enumerate(key) if ch == "е"][:3]
    out = []
    for mask in range(2 ** len(at)):
        letters = list(key)
        for bit, i in enumerate(at):
            if mask >> bit & 1:
                letters[i] = "ё"
        out.append("".join(letters))
    return out


def named_in_entry(word: str, index: Mapping[str, int]) -> set[int]:
    """Vocabulary rows named in one word's dictionary entry, for a word outside the
    vocabulary («абажур» names «лампа», «светильник»).

    As :func:`mentions`, but a token names a noun when one of pymorphy3's first three noun
    parses of it has that lemma (one parse per token). About 0.1 s a word, most of it one
    pass over the wordnet's table (it has no index on the lemma): meant for the few words a
    person says that the vocabulary lacks, kept by the caller.

    Parameters
    ----------
    word : str
        Any spelling; folded and lower-cased.
    index : mapping of str to int
        Folded vocabulary word -> row.

    Returns
    -------
    set of int
        Empty when the wordnet has no entry for the word. Never the word's own row.
    """
    from associatsiya_ai.lexicon.parses import morph

    key = fold(word.lower())
    con = sqlite3.connect(f"file:{wordnet_path()}?mode=ro", uri=True)
    try:
        spellings = _spellings(key)
        marks = ",".join("?" * len(spellings))
        entries = con.execute(
            f"SELECT definition FROM synsets WHERE lemma IN ({marks})", spellings
        ).fetchall()
    finally:
        con.close()
    texts = [" ".join(split_entry(_text(entry))) for (entry,) in entries]
    own = index.get(key)
    out: set[int] = set()
    for token in set(_WORD.findall(" ".join(texts))):
        for p in morph().parse(token)[:3]:
            row = index.get(fold(p.normal_form)) if "NOUN" in p.tag else None
            if row is not None and row != own:
                out.add(row)
    return out


def comentions(named: set[tuple[int, int]], n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """How many dictionary entries name both of two words that do not name each other.

    Parameters
    ----------
    named : set of (int, int)
        From :func:`mentions`: ``(k, j)`` when word k's entry names noun j.
    n : int
        The vocabulary's size.

    Returns
    -------
    indptr, indices, values : numpy.ndarray
        A symmetric CSR over (n, n): ``indptr`` (n+1,) int64, ``indices`` int32 (ascending
        within a row), ``values`` float32 = ln(1 + number of entries naming both i and j),
        only for i ≠ j neither of which names the other («лампа» and «стол» are named
        together in six entries; «лампа» and «свет» name each other, so they have a direct
        link instead). About 2 million pairs on news_v1's
        vocabulary, built in a second (a sparse product).
    """
    from scipy import sparse

    if not named:
        return np.zeros(n + 1, np.int64), np.zeros(0, np.int32), np.zeros(0, np.float32)
    pairs = np.array(sorted(named), np.int64)
    incidence = sparse.csr_matrix(
        (np.ones(len(pairs), np.float32), (pairs[:, 0], pairs[:, 1])), shape=(n, n)
    )
    counts = (incidence.T @ incidence).tocsr()  # [i, j]: entries naming both
    counts.setdiag(0)
    direct = sparse.csr_matrix(
        (np.ones(2 * len(pairs), np.float32),
         (np.r_[pairs[:, 0], pairs[:, 1]], np.r_[pairs[:, 1], pairs[:, 0]])), shape=(n, n)
    )  # fmt: skip
    counts = counts - counts.multiply(direct > 0)
    counts.eliminate_zeros()
    counts.sort_indices()
    values = np.log1p(counts.data).astype(np.float32)
    return counts.indptr.astype(np.int64), counts.indices.astype(np.int32), values
