"""Russian labels of the terminal front-end: roles, seats, chain modes, levels, endings.

>>> seat_label("2-guesser")
'отгадывающий команды 2'
>>> levels_text(("easy", "normal", "hard"))
'easy, normal или hard'
"""

from __future__ import annotations

from collections.abc import Sequence

from associatsiya_ai.rules.types import Mode, Role, Seat
from associatsiya_ai.rules.words import PASS

__all__ = [
    "COMMANDS_LINE",
    "ENDED_BY",
    "ENDINGS",
    "MODE_NAMES",
    "MODE_PREFIX",
    "ROLE_NAMES",
    "RULES_TEXT",
    "levels_text",
    "miss_word",
    "mode_name",
    "seat_label",
    "seat_name",
]

MODE_NAMES = {
    Mode.SINGLE: "одно слово",
    Mode.OWN: "своя цепочка",
    Mode.ALL: "общая цепочка",
}
"""How each chain mode (R2) is named on the screen and in replay."""

MODE_PREFIX = {Mode.SINGLE: "", Mode.OWN: "+", Mode.ALL: "++"}
"""A hinter's word in a mode as the person would type it: ``слово``, ``+слово``, ``++слово``."""

ROLE_NAMES = {Role.HINTER: "наводящий", Role.GUESSER: "отгадывающий"}
"""The two roles."""

ENDED_BY = {
    "quit": "вы вышли из игры",
    "eof": "ввод закончился",
    "interrupt": "нажато Ctrl-C",
    "bot-error": "бот не смог сделать допустимый ход (это ошибка программы)",
    "hangup": "терминал закрыт",
    "terminate": "программу остановили (сигнал завершения)",
    "quit-signal": "нажато Ctrl-\\ (сигнал выхода)",
    "output-closed": "вывод закрыт",
}
"""Why an abandoned game ended (the record's ``ended_by``), in Russian."""

ENDINGS = {
    why: (f"Игра прервана: {ENDED_BY[why]}.", code)
    for why, code in (("eof", 0), ("quit", 0), ("interrupt", 130), ("bot-error", 1),
                      ("hangup", 129), ("terminate", 143), ("quit-signal", 131),
                      ("output-closed", 141))
}  # fmt: skip
"""How ``vs-bot`` ends when a match stops early: the last line (the words the screen says
when a game is abandoned, :data:`ENDED_BY`) and the exit code."""

COMMANDS_LINE = "Команды: ? — почему боты так сходили · !правила · !выход"
"""The commands every prompt understands."""

RULES_TEXT = """\
[bold]Правила коротко[/bold]
• Две команды: наводящий знает загаданное слово, отгадывающий — нет. Первой ходит команда 2, \
потом по очереди; у каждой команды 6 ходов. Никто не отгадал — ничья.
• Наводка — одно существительное в именительном падеже. Можно сказать одно новое слово \
([bold]слово[/bold]), свою цепочку — все свои наводки и новую ([bold]+слово[/bold]) или общую \
цепочку — все наводки обеих команд и новую ([bold]++слово[/bold]).
• Наводки не повторяются. [bold]пропускаю[/bold] — пропуск хода, но не два хода подряд.
• Созвучие — проигрыш: нельзя, чтобы у наводки и загаданного слова совпадали первые две \
буквы, последние две буквы или любые три буквы подряд.
• Отгадывающий отвечает одним существительным; верный ответ — победа его команды.
Команды: [bold]?[/bold] — почему боты так сходили, [bold]!правила[/bold] — эти правила, \
[bold]!выход[/bold] — выйти."""
"""One line per paragraph (rich markup): the console wraps them to the terminal's width."""


def mode_name(value: object) -> str:
    """A chain mode (a :class:`Mode` or its value) in Russian; anything else as text.

    >>> mode_name("single"), mode_name(Mode.ALL)
    ('одно слово', 'общая цепочка')
    """
    try:
        return MODE_NAMES[Mode(value)]
    except ValueError:
        return str(value)


def seat_name(seat: Seat) -> str:
    """``наводящий команды 1``, ``отгадывающий команды 2``.

    >>> seat_name(Seat(1, Role.HINTER))
    'наводящий команды 1'
    """
    return f"{ROLE_NAMES[seat.role]} команды {seat.team}"


def seat_label(key: object) -> str:
    """A seat named by its log key (``"1-hinter"``); anything else is returned as text."""
    team, _, role = str(key).partition("-")
    if role in Role._value2member_map_ and team in ("1", "2"):
        return seat_name(Seat(int(team), Role(role)))
    return str(key)


def miss_word(answer: str) -> str:
    """How a wrong answer is announced: «мимо», or «пропуск» for «пропускаю».

    >>> miss_word("стол"), miss_word(PASS)
    ('мимо', 'пропуск')
    """
    return "пропуск" if answer == PASS else "мимо"


def levels_text(levels: Sequence[str]) -> str:
    """The bot levels as a Russian list: ``easy, normal или hard``."""
    names = list(levels)
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " или " + names[-1]
