"""Errors in Russian: rejected words, refused secrets, usage errors and the OS's errors.

Every front-end message about a :class:`~associatsiya_ai.rules.types.RuleError` comes from here:
the game screen and the prompts (:func:`rule_reason`, no rule codes, with a frame of their
own; :func:`suggestion_line` when the reason does not name the fix), one-line CLI errors
(:func:`rule_message`, with rule codes) and a refused secret (:func:`secret_refusal`).
Click/Typer's English usage errors become Russian in :func:`usage_text`, an ``OSError`` in
:func:`os_error_text` (by ``errno``: «No space left on device» → «на диске нет места»).

>>> from associatsiya_ai.rules.types import InvalidSecretError, InvalidWordError
>>> from associatsiya_ai.rules.words import Violation
>>> bad = Violation("R3", "case", "«кошку» — не в падеже: скажите «кошка»", "кошка")
>>> rule_reason(InvalidWordError("кошку", (bad,)))
'«кошку» — не в падеже: скажите «кошка»'
>>> rule_message(InvalidWordError("кошку", (bad,)))
'«кошку» — не в падеже: скажите «кошка» (R3)'
>>> suggestion_line(InvalidWordError("кошку", (bad,))) is None
True
>>> secret_refusal("Кошку", InvalidSecretError("Кошку", (bad,)))
'«Кошку» не может быть загаданным словом: не в падеже; правильная форма: «кошка»'
"""

from __future__ import annotations

import re

from associatsiya_ai.lexicon.form import shorten
from associatsiya_ai.oserrors import OS_ERRORS, os_error_text
from associatsiya_ai.rules.types import InvalidSecretError, RuleError
from associatsiya_ai.rules.words import is_pass

__all__ = [
    "ARGUMENTS",
    "OS_ERRORS",
    "os_error_text",
    "rule_message",
    "rule_reason",
    "secret_refusal",
    "suggestion_line",
    "usage_text",
]


def rule_reason(error: RuleError, limit: int | None = None) -> str:
    """Why the word was refused: every violation's detail (each names the word), in Russian.

    Rule codes (R3, R4) are the engine's and the log's; players read the reason only.

    Parameters
    ----------
    error : RuleError
        A rejected word or move.
    limit : int or None
        Cut the text at this many characters (control characters escaped); ``None`` keeps
        it whole.
    """
    text = "; ".join(dict.fromkeys(v.detail for v in error.violations if v.detail))
    return text if limit is None else shorten(text, limit)


def suggestion_line(error: RuleError) -> str | None:
    """The suggested form to say, unless the reason already names it (then None)."""
    fix = error.suggestion
    if not fix or f"«{fix}»" in rule_reason(error):
        return None
    return fix


def rule_message(error: RuleError) -> str:
    """One line for the command line's tools (``guess``): each reason with its rule code,
    and the suggested form unless a reason names it."""
    fix = suggestion_line(error)
    reason = "; ".join(
        dict.fromkeys(f"{v.detail} ({v.rule})" if v.rule else v.detail for v in error.violations)
    )
    return reason + (f"; правильная форма: «{fix}»" if fix else "")


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


# ------------------------------------------------------------------ usage and OS errors
_VALUE_MESSAGES: tuple[tuple[str, str], ...] = (
    (r"Input should be a valid integer.*", "нужно целое число"),
    (r"Input should be a valid number.*", "нужно число"),
    (r"Input should be greater than or equal to (\S+?)\.?", r"нужно не меньше \1"),
    (r"Input should be less than or equal to (\S+?)\.?", r"нужно не больше \1"),
    (r"Input should be greater than (\S+?)\.?", r"нужно больше \1"),
    (r"Input should be less than (\S+?)\.?", r"нужно меньше \1"),
    (r"(?:Value error, )?'(.*)' is not one of (.*?)\.?", r"«\1» — можно: \2"),
    (r"'(.*)' is not a valid integer( range)?\.?", r"«\1» — не целое число"),
    (r"'(.*)' is not a valid float( range)?\.?", r"«\1» — не число"),
    (r"(.*) is not in the range (.*?)\.?", r"\1 — вне диапазона \2"),
    (r"(?:File|Directory|Path) '(.*)' does not exist\.?", r"«\1» не существует"),
    (r"(?:File|Directory|Path) '(.*)' is a directory\.?", r"«\1» — это папка"),
    (r"(?:File|Directory|Path) '(.*)' is a file\.?", r"«\1» — это файл, а не папка"),
    (r"(?:File|Directory|Path) '(.*)' is not readable\.?", r"«\1» не читается"),
    (r"(?:File|Directory|Path) '(.*)' is not writable\.?", r"в «\1» нельзя писать"),
)

_USAGE_MESSAGES: tuple[tuple[str, str], ...] = (
    (r"Missing argument '(.*)'\.?", r"не хватает аргумента \1"),
    (r"Missing option '(.*)'\.?", r"не указан параметр \1"),
    (r"Missing parameter: (.*)", r"не указан параметр \1"),
    (r"No such option: (\S+) \(Possible options: (.*)\)", r"нет параметра \1 (может быть, \2?)"),
    (r"No such option: (\S+)", r"нет параметра \1"),
    (r"Option '(.*)' requires an argument\.?", r"параметру \1 нужно значение"),
    (r"Option '(.*)' requires (\d+) arguments\.?", r"параметру \1 нужно значений: \2"),
    (r"Option '(.*)' does not take a value\.?", r"параметр \1 не принимает значения"),
    (r"Got unexpected extra argument\(s\) \((.*)\)", r"лишние аргументы: \1"),
    (r"No such command '(.*)'\. Did you mean '(.*)'\?", r"нет команды «\1» (может быть, \2?)"),
    (r"No such command '(.*)'\.?", r"нет команды «\1» (список: associatsiya --help)"),
    (r"Missing command\.?", "не указана команда (список: associatsiya --help)"),
)


ARGUMENTS = {
    "SECRET": "загаданное слово",
    "HINT": "наводка",
    "HINTS": "наводки цепочки, от первой к последней",
    "ROLE": "роль",
    "FILE": "файл",
    "NAME": "имя модели: associatsiya models list",
}
"""What a command's arguments are, in Russian, for «не хватает аргумента HINT (наводка)»
(keyed by the argument's upper-case name)."""


def _translate(text: str, table: tuple[tuple[str, str], ...]) -> str | None:
    for pattern, russian in table:
        match = re.fullmatch(pattern, text.strip(), flags=re.DOTALL)
        if match:
            return match.expand(russian)
    return None


def usage_text(message: str, param: str | None = None) -> str:
    """A click/Typer usage error in Russian (an unknown message is kept as it is).

    Parameters
    ----------
    message : str
        The error's English message: the whole ``format_message()``, or (with ``param``)
        a bad value's reason.
    param : str or None
        The parameter whose value was refused (``'--games'``).

    >>> usage_text("Input should be greater than or equal to 1", "'--games'")
    'неверное значение --games: нужно не меньше 1'
    >>> usage_text("Input should be a valid integer", "'--repeat' / '-r'")
    'неверное значение --repeat / -r: нужно целое число'
    >>> usage_text("Got unexpected extra argument(s) (c)")
    'лишние аргументы: c'
    >>> usage_text("No such command 'gues'. Did you mean 'guess'?")
    'нет команды «gues» (может быть, guess?)'
    >>> usage_text("Missing argument 'HINT'.")
    'не хватает аргумента HINT (наводка)'
    >>> usage_text("Missing argument 'role'. Choose from: guesser, hinter")
    'не хватает аргумента role (роль) — можно: guesser, hinter'
    >>> usage_text("Invalid value for '--level': Value error, 'x' is not one of 'easy', 'hard'.")
    "неверное значение --level: «x» — можно: 'easy', 'hard'"
    """
    if param is None:
        found = re.fullmatch(r"Invalid value for (.+?): (.*)", message.strip(), flags=re.DOTALL)
        if found:
            param, message = found.group(1), found.group(2)
    if param is not None:
        value = _translate(message, _VALUE_MESSAGES) or message
        return f"неверное значение {param.replace(chr(39), '')}: {value}"
    missing = re.fullmatch(
        r"Missing argument '(.*?)'\.?(?:\s*Choose from:\s*(.*))?", message.strip(), re.DOTALL
    )
    meaning = ARGUMENTS.get(missing.group(1).upper().rstrip(".")) if missing else None
    if missing and meaning:
        choices = ", ".join(c.strip(" \t\n,") for c in (missing.group(2) or "").split(","))
        return f"не хватает аргумента {missing.group(1)} ({meaning})" + (
            f" — можно: {choices}" if choices else ""
        )
    return _translate(message, _USAGE_MESSAGES) or _translate(message, _VALUE_MESSAGES) or message
