"""The lexicon a game judges words with (a :class:`~associatsiya_ai.rules.words.WordChecker`).

:class:`Lexicon` normalises what a person typed (NFC, stress marks and emoji variation
selectors dropped) and returns the memoised R3 verdict of :mod:`.verdict`;
:func:`default_lexicon` is the shared one.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from associatsiya_ai.lexicon.form import MAX_LETTERS
from associatsiya_ai.lexicon.verdict import verdict
from associatsiya_ai.rules.words import WordVerdict

__all__ = ["Lexicon", "default_lexicon"]

_ACUTE, _GRAVE = "\u0301", "\u0300"  # stress marks, left over after NFC composed «й», «ё»
_VS16 = "\ufe0f"  # the variation selector an emoji keyboard may add after a word


class Lexicon:
    """Judge words under R3 with pymorphy3 (a :class:`~associatsiya_ai.rules.words.WordChecker`).

    Data source: pymorphy3 with pymorphy3-dicts-ru (OpenCorpora).

    Parameters
    ----------
    strict : bool
        When True a word the dictionary does not know is rejected (``unknown-word``);
        otherwise a word pymorphy3 predicts as a nominative noun is accepted with a notice.
    """

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict

    def __repr__(self) -> str:
        return f"Lexicon(strict={self.strict})"

    def analyse(self, word: str) -> WordVerdict:
        """Return the R3 verdict on raw player input; never raises for any text.

        Parameters
        ----------
        word : str
            The word as typed: trimmed, Unicode-normalised (NFC, stress marks dropped) and
            lower-cased here.

        Returns
        -------
        WordVerdict
            ``problems`` holds at most one R3 violation, with kind ``empty``, ``too-long``,
            ``not-one-word``, ``hyphen``, ``mixed-script``, ``not-cyrillic``,
            ``not-a-noun``, ``proper-noun``, ``not-nominative-singular`` or
            ``unknown-word`` (strict only). ``PASS`` is the caller's business.
        """
        raw = unicodedata.normalize("NFC", str(word)).strip()
        raw = raw.replace(_ACUTE, "").replace(_GRAVE, "").replace(_VS16, "")  # «моло́ко»
        if len(raw) > MAX_LETTERS:  # not worth caching (or parsing) a wall of text
            return verdict.__wrapped__(raw, self.strict)
        return verdict(raw, self.strict)


@lru_cache(maxsize=2)
def default_lexicon(strict: bool = False) -> Lexicon:
    """Return the shared :class:`Lexicon` (one per ``strict`` value)."""
    return Lexicon(strict=strict)
