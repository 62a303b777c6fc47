"""Rejected words in Russian: one renderer for a rule error's reason, one for a refused secret.

Every front-end message about a :class:`~associatsiya_ai.rules.types.RuleError` comes from here:
the game screen and the prompts (:func:`rule_reason` with a frame of their own), one-line CLI
errors (:func:`rule_message`) and a refused secret (:func:`secret_refusal`).

>>> from associatsiya_ai.rules.types import InvalidSecretError, InvalidWordError
>>> from associatsiya_ai.rules.words import Violation
>>> bad = Violation("R3", "case", "«кошку» — не в падеже: скажите «кошка»", "кошка")
>>> rule_reason(InvalidWordError("кошку", (bad,)))
'«кошку» — не в падеже: скажите «кошка» (R3)'
>>> rule_message(InvalidWordError("кошку", (bad,)))
'«кошку» — не в падеже: скажите «кошка» (R3)'
>>> secret_refusal("Кошку", InvalidSecretError("Кошку", (bad,)))
'«Кошку» не может быть загаданным словом: не в падеже; правильная форма: «кошка»'
"""

from __future__ import annotations

import re

from associatsiya_ai.lexicon import shorten
from associatsiya_ai.rules.types import InvalidSecretError, RuleError
from associatsiya_ai.rules.words import is_pass

__all__ = ["rule_message", "rule_reason", "secret_refusal"]


def rule_reason(error: RuleError, limit: int | None = None) -> str:
    """The first violation: its detail (which names the word) and the rule, ``detail (R3)``.

    Parameters
    ----------
    error : RuleError
        A rejected word or move.
    limit : int or None
        Cut the text at this many characters (control characters escaped); ``None`` keeps
        it whole.
    """
    v = error.violations[0]
    text = f"{v.detail} ({v.rule})" if v.rule else v.detail
    return text if limit is None else shorten(text, limit)


def rule_message(error: RuleError) -> str:
    """One line: :func:`rule_reason` and the suggested form, unless the detail names it."""
    fix = error.suggestion
    tail = (
        f"; правильная форма: «{fix}»"
        if fix and f"«{fix}»" not in error.violations[0].detail
        else ""
    )
    return rule_reason(error) + tail


def secret_refusal(word: str, error: InvalidSecretError) -> str:
    """One line refusing ``word`` as the secret: the word, the reason and the fix, each once.

    The lexicon's reasons often start by naming the word («кошку» — …) and end with the
    fix (…: скажите «кошка»); both are said here only once.
    """
    shown = shorten(word.strip())
    head = f"«{shown}» не может быть загаданным словом"
    reason = error.violations[0].detail
    for said in dict.fromkeys((shown, shorten(word.strip().casefold()))):
        for prefix in (f"«{said}» не может быть загаданным словом", f"«{said}» — "):
            if reason.startswith(prefix):
                reason = reason[len(prefix) :].lstrip(" :—")
                break
    fix = error.suggestion
    if fix:
        reason = re.sub(rf"[:;,]?\s*скажите «{re.escape(fix)}»", "", reason).strip()
        if f"«{fix}»" not in reason:
            reason += ("; " if reason else "") + f"правильная форма: «{fix}»"
    if not reason and is_pass(word):
        reason = "это слово для пропуска хода"
    return f"{head}: {reason}" if reason else head
