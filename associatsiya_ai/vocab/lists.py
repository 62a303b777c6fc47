"""The reviewed word lists a bot's vocabulary is screened against.

The lists are small text files in ``associatsiya_ai/data/words/`` (one lemma a line, ``#``
comments; ``*root*`` in ``obscene.txt`` matches any word containing the root):

- ``obscene.txt``: мат and vulgar words, never said;
- ``slurs.txt``: ethnic and other slurs, never said;
- ``insults.txt``: words used to abuse a person, never said;
- ``adult.txt``: sexual and graphic violent-crime terms, said only in adult mode.

>>> offensive_reason("Блядь"), offensive_reason("команда"), offensive_reason("ублюдок")
('obscene', None, 'insult')
>>> is_adult("изнасилование"), is_adult("война")
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from associatsiya_ai.rules.words import fold

__all__ = ["LISTS", "WordList", "is_adult", "offensive_reason", "word_list"]

LISTS = {"obscene": "obscene.txt", "slur": "slurs.txt", "insult": "insults.txt"}
"""Reason → file of the lists whose words a bot never says (checked in this order)."""
ADULT_FILE = "adult.txt"


@dataclass(frozen=True)
class WordList:
    """One reviewed list: exact lemmas, substring roots and prefixes, all folded (ё → е)."""

    words: frozenset[str]
    roots: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        w = fold(word)
        return (
            w in self.words or any(root in w for root in self.roots) or w.startswith(self.prefixes)
        )


def parse_list(text: str) -> WordList:
    """Read a list file's text: ``#`` comments, ``*root*``, ``prefix*`` and plain lemmas.

    >>> sorted(parse_list("# c\\nКот\\n*пёс*\\n").words), parse_list("*пёс*").roots
    (['кот'], ('пес',))
    >>> "колебание" in parse_list("ебан*"), "ебанько" in parse_list("ебан*")
    (False, True)
    """
    words: set[str] = set()
    roots: list[str] = []
    prefixes: list[str] = []
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        if entry.startswith("*") and entry.endswith("*") and len(entry) > 2:
            roots.append(fold(entry.strip("*")))
        elif entry.endswith("*") and len(entry) > 1:
            prefixes.append(fold(entry.rstrip("*")))
        else:
            words.add(fold(entry))
    return WordList(frozenset(words), tuple(roots), tuple(prefixes))


@lru_cache(maxsize=8)
def word_list(name: str) -> WordList:
    """The packaged list ``name`` (a file name in ``data/words``), read once."""
    text = (
        resources.files("associatsiya_ai")
        .joinpath("data")
        .joinpath("words")
        .joinpath(name)
        .read_text("utf-8")
    )
    return parse_list(text)


def offensive_reason(*lemmas: str) -> str | None:
    """``obscene``, ``slur`` or ``insult`` when one of ``lemmas`` is on that list, else None.

    Parameters
    ----------
    *lemmas : str
        The word and the lemmas of its readings (a form of «сука» is as bad as «сука»).
    """
    for reason, name in LISTS.items():
        listed = word_list(name)
        if any(lemma in listed for lemma in lemmas):
            return reason
    return None


def is_adult(*lemmas: str) -> bool:
    """Whether one of ``lemmas`` is a sexual or graphic violent-crime term (``adult.txt``)."""
    listed = word_list(ADULT_FILE)
    return any(lemma in listed for lemma in lemmas)
