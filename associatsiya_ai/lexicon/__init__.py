"""The form of a word (R3): one Russian common noun in the nominative, via pymorphy3.

Data source: pymorphy3 with pymorphy3-dicts-ru (OpenCorpora). The analyser loads lazily,
once per process (:func:`morph`); verdicts are memoised per input text.

Modules: :mod:`.form` (the written form, R3.1: Russian letters, one word; :func:`shorten`),
:mod:`.parses` (pymorphy3's readings and which R3 accepts), :mod:`.verdict` (the verdict
on a word, with the form to say instead) and :mod:`.checker` (:class:`Lexicon`, the
game's word checker). Their public names are re-exported here: the engine and the bots
take :func:`default_lexicon`; the vocabulary build reads :func:`accepted_parses` and
:func:`morph`; the terminal prints raw input through :func:`shorten`.

>>> lex = default_lexicon()
>>> lex.analyse("Кошки").singular, lex.analyse("кошки").notices
('кошка', ('по возможности в единственном числе: кошка',))
>>> [(v.kind, v.suggestion) for v in lex.analyse("кошку").problems]
[('not-nominative-singular', 'кошка')]
>>> lex.analyse("елка").display, lex.analyse("елка").lemma
('ёлка', 'елка')
>>> lex.analyse("кoшка").problems[0].suggestion  # a Latin «o»
'кошка'
>>> shorten("кошкамышка", 5)  # safe to print on one line, cut
'кошка…'
"""

from __future__ import annotations

from associatsiya_ai.lexicon.checker import Lexicon, default_lexicon
from associatsiya_ai.lexicon.form import MAX_LETTERS, is_cyrillic_word, shorten
from associatsiya_ai.lexicon.parses import (
    PROPER_GRAMMEMES,
    accepted_parses,
    is_accepted_parse,
    is_common_noun,
    morph,
)

__all__ = [
    "MAX_LETTERS",
    "PROPER_GRAMMEMES",
    "Lexicon",
    "accepted_parses",
    "default_lexicon",
    "is_accepted_parse",
    "is_common_noun",
    "is_cyrillic_word",
    "morph",
    "shorten",
]
