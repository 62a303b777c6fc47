"""Reading human association norms (JSONL) for ``evaluate``: rows checked, errors named.

Three row kinds (DESIGN.md, "Measuring play quality"): ``{"hint": S, "responses": {R:
count}}``, ``{"target": T, "hints": {H: share}}`` and ``{"target": T, "chain": [H…],
"shares": [p…]}``. A bad file or line raises :class:`EvaluationError` whose message names
the file and the line; nothing else escapes (a byte-order mark is skipped, a number of
hundreds of digits or a line nested too deep is a bad line).

>>> rows = list(chain_rows(['{"target": "кот", "chain": ["мышь", "усы"], "shares": [0.5, 0.1]}']))
>>> rows[0][1]
ChainRow(target='кот', chain=('мышь', 'усы'), shares=(0.5, 0.1))
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from associatsiya_ai.oserrors import os_error_text
from associatsiya_ai.rules.words import fold

__all__ = ["ChainRow", "EvaluationError", "chain_rows", "json_lines", "read_chains", "read_rows"]


class EvaluationError(ValueError):
    """A norms file is missing or malformed; the message names the file and the line."""


class ChainRow(NamedTuple):
    """A chain of human-attested hints of a target and each hint's share (people who
    answered the target to it alone)."""

    target: str
    chain: tuple[str, ...]
    shares: tuple[float, ...]


def _text(path: Path) -> str:
    """The file's text (UTF-8, a byte-order mark dropped)."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise EvaluationError(f"не удалось прочитать {path}: файла нет") from None
    except IsADirectoryError:
        raise EvaluationError(f"не удалось прочитать {path}: это папка, а не файл") from None
    except UnicodeDecodeError:
        raise EvaluationError(f"не удалось прочитать {path}: текст не в UTF-8") from None
    except OSError as exc:
        raise EvaluationError(f"не удалось прочитать {path}: {os_error_text(exc)}") from None


def json_lines(lines: Iterable[str], name: str = "") -> Iterator[tuple[str, Any]]:
    """Each non-blank line's JSON value with where it is (``"name, строка N"``).

    Raises
    ------
    EvaluationError
        A line that is not JSON, nests too deep or holds a number too long to read.
    """
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{name}, строка {number}" if name else f"строка {number}"
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvaluationError(f"{where}: неверный JSON ({exc.msg})") from None
        except RecursionError:
            raise EvaluationError(f"{where}: слишком глубокая вложенность JSON") from None
        except ValueError:  # an integer of thousands of digits
            raise EvaluationError(f"{where}: слишком длинное число") from None
        yield where, value


def _number(v: Any) -> float | None:
    """``v`` as a finite float, or None (not a number, a bool, too large, not finite)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    try:
        x = float(v)
    except OverflowError:
        return None
    return x if math.isfinite(x) else None


def _dict_of(row: Any, key: str, kind: type, where: str) -> dict[str, Any]:
    """The row's table ``key`` with folded words; counts are whole and ≥ 0 with a positive
    sum, shares lie in [0, 1]."""
    value = row.get(key) if isinstance(row, dict) else None
    if not isinstance(value, dict) or not value:
        raise EvaluationError(f"{where}: нужно непустое поле «{key}» (объект)")
    for k, v in value.items():
        x = _number(v)
        if x is None or not k:
            raise EvaluationError(f"{where}: в «{key}» значение «{k}» должно быть числом")
        if kind is int and (x < 0 or x != int(x)):
            raise EvaluationError(f"{where}: в «{key}» у «{k}» число людей должно быть целым ≥ 0")
        if kind is float and not 0 <= x <= 1:
            raise EvaluationError(f"{where}: в «{key}» у «{k}» доля должна быть от 0 до 1")
    if kind is int and sum(value.values()) <= 0:
        raise EvaluationError(f"{where}: в «{key}» нет ни одного ответа (сумма 0)")
    return {fold(k): kind(v) for k, v in value.items()}


def _word(row: Any, key: str, where: str) -> str:
    word = row.get(key) if isinstance(row, dict) else None
    if not isinstance(word, str) or not word.strip():
        raise EvaluationError(f"{where}: нужно поле «{key}» (строка)")
    return word.strip()


def read_rows(path: str | Path, word_key: str, table_key: str) -> list[tuple[str, dict[str, Any]]]:
    """Read a JSONL norms file into ``(word, {folded word: value})`` rows (counts for
    ``responses``, shares for ``hints``).

    Raises
    ------
    EvaluationError
        When the file cannot be read or a line is not a valid row (file and line named).
    """
    path = Path(path)
    kind = float if table_key == "hints" else int
    rows = [
        (_word(row, word_key, where), _dict_of(row, table_key, kind, where))
        for where, row in json_lines(_text(path).splitlines(), str(path))
    ]
    if not rows:
        raise EvaluationError(f"{path}: в файле нет ни одной строки")
    return rows


def chain_rows(lines: Iterable[str], name: str = "") -> Iterator[tuple[str, ChainRow]]:
    """Each line's :class:`ChainRow` with where it is.

    Raises
    ------
    EvaluationError
        A line that is not a chain row: a ``target`` string, a non-empty ``chain`` of
        strings and as many ``shares`` in [0, 1].
    """
    for where, row in json_lines(lines, name):
        target = _word(row, "target", where)
        chain, shares = row.get("chain"), row.get("shares")
        if not isinstance(chain, list) or not chain:
            raise EvaluationError(f"{where}: нужно непустое поле «chain» (список слов)")
        if not all(isinstance(w, str) and w.strip() for w in chain):
            raise EvaluationError(f"{where}: в «chain» должны быть только слова (строки)")
        if not isinstance(shares, list) or len(shares) != len(chain):
            raise EvaluationError(f"{where}: в «shares» нужно по доле на каждое слово цепочки")
        values = [_number(p) for p in shares]
        if any(x is None or not 0 <= x <= 1 for x in values):
            raise EvaluationError(f"{where}: доли в «shares» должны быть числами от 0 до 1")
        yield where, ChainRow(target, tuple(w.strip() for w in chain), tuple(map(float, shares)))


def read_chains(path: str | Path) -> list[ChainRow]:
    """Read a JSONL file of chain rows (:func:`chain_rows`).

    Raises
    ------
    EvaluationError
        When the file cannot be read, a line is not a valid row, or there is none.
    """
    path = Path(path)
    rows = [row for _, row in chain_rows(_text(path).splitlines(), str(path))]
    if not rows:
        raise EvaluationError(f"{path}: в файле нет ни одной строки")
    return rows
