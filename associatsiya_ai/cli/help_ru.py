"""Russian headings and stock texts for Typer's help (seen with Typer 0.29).

Typer prints its help with English headings and stock phrases; :func:`russian_help` makes
them Russian, as the game's own messages are:

- the constants of ``typer.rich_utils``: the panel titles («Параметры», «Аргументы»,
  «Команды»), ``[по умолчанию: …]``, ``[обязательно]``, the error panel, «Прервано.»;
- the «Usage: » prefix of the usage line. Click writes it (``HelpFormatter.write_usage``,
  vendored as ``typer._click``) with the formatter of the context, ``Context.formatter_class``:
  that becomes a subclass whose default prefix is «Запуск: », and the help's highlighter
  learns to colour «Запуск: » as it colours «Usage: »;
- the help option's «Show this message and exit.», which click sets when it makes the
  option (``Command.get_help_option``);
- the value types shown beside parameters (``<int range>`` → ``<целое>``, ``<path>`` →
  ``<путь>``: :data:`TYPE_NAMES`), which Typer names after Python's types
  (``_TyperParameter.display_type``).

``[OPTIONS]`` and ``COMMAND [ARGS]...`` in the usage line are settings of each Typer app
(``options_metavar``, ``subcommand_metavar``): :data:`OPTIONS_METAVAR` and
:data:`SUBCOMMAND_METAVAR`.

Each patch applies only where Typer has what it replaces: after an upgrade that changed
them the help degrades to English rather than failing.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

__all__ = ["OPTIONS_METAVAR", "SUBCOMMAND_METAVAR", "USAGE_PREFIX", "russian_help"]

USAGE_PREFIX = "Запуск: "
"""Replaces click's «Usage: »."""

OPTIONS_METAVAR = "[ПАРАМЕТРЫ]"
"""Replaces ``[OPTIONS]`` in the usage line (a Typer app's ``options_metavar``)."""

SUBCOMMAND_METAVAR = "КОМАНДА [АРГУМЕНТЫ]..."
"""Replaces ``COMMAND [ARGS]...`` in a group's usage line (``subcommand_metavar``)."""

HELP_OPTION_HELP = "Показать эту справку и выйти."
_ENGLISH_HELP_OPTION_HELP = "Show this message and exit."

TEXTS = {
    "ARGUMENTS_PANEL_TITLE": "Аргументы",
    "OPTIONS_PANEL_TITLE": "Параметры",
    "COMMANDS_PANEL_TITLE": "Команды",
    "DEFAULT_STRING": "[по умолчанию: {}]",
    "REQUIRED_LONG_STRING": "[обязательно]",
    "ENVVAR_STRING": "[переменная окружения: {}]",
    "DEPRECATED_STRING": "(устарело) ",
    "ERRORS_PANEL_TITLE": "Ошибка",
    "ABORTED_TEXT": "Прервано.",
    "RICH_HELP": "Справка: [blue]{command_path} {help_option}[/]",
}
"""``typer.rich_utils`` constants and their Russian text (only those Typer has are set)."""


TYPE_NAMES = {
    "int range": "целое",
    "int": "целое",
    "float range": "число",
    "float": "число",
    "str": "текст",
    "path": "путь",
    "file": "файл",
    "directory": "папка",
    "list[str]": "слова",
}
"""Typer's value type labels (Python's type names) and their Russian."""


def _texts(rich_utils: ModuleType) -> None:
    for name, text in TEXTS.items():
        if isinstance(getattr(rich_utils, name, None), str):
            setattr(rich_utils, name, text)


def _usage_prefix() -> None:
    """«Запуск: » instead of «Usage: » (highlighted by :func:`_usage_highlight`)."""
    try:
        from typer import _click
    except ImportError:  # a Typer that does not vendor click
        return
    context: Any = getattr(getattr(_click, "core", None), "Context", None)
    formatter = getattr(context, "formatter_class", None)
    if context is None or formatter is None or getattr(formatter, "_russian", False):
        return

    class RussianFormatter(formatter):  # type: ignore[misc,valid-type]
        """Click's help formatter whose usage line starts with «Запуск: »."""

        _russian = True

        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, USAGE_PREFIX if prefix is None else prefix)

    context.formatter_class = RussianFormatter


def _usage_highlight(rich_utils: ModuleType) -> None:
    """The help's highlighter colours «Запуск: » as it colours «Usage: »."""
    highlights = getattr(getattr(rich_utils, "OptionHighlighter", None), "highlights", None)
    pattern = f"(?P<usage>{USAGE_PREFIX})"
    if isinstance(highlights, list) and pattern not in highlights:
        highlights.append(pattern)


def _help_option() -> None:
    """«Показать эту справку и выйти.» for ``-h``/``--help`` of every command."""
    try:
        from typer import _click
    except ImportError:
        return
    command = getattr(getattr(_click, "core", None), "Command", None)
    get_help_option = getattr(command, "get_help_option", None)
    if get_help_option is None or getattr(get_help_option, "_russian", False):
        return

    def russian_help_option(self: Any, ctx: Any) -> Any:
        option = get_help_option(self, ctx)
        if getattr(option, "help", None) == _ENGLISH_HELP_OPTION_HELP:
            option.help = HELP_OPTION_HELP
        return option

    russian_help_option._russian = True  # type: ignore[attr-defined]
    setattr(command, "get_help_option", russian_help_option)  # noqa: B010


def _type_names() -> None:
    """``<целое>``, ``<путь>``, … instead of ``<int range>``, ``<path>``, …"""
    from typer import core

    base = getattr(core, "_TyperParameter", None)
    display_type = getattr(base, "display_type", None)
    if display_type is None or getattr(display_type, "_russian", False):
        return

    def russian_display_type(self: Any, ctx: Any) -> Any:
        shown = display_type(self, ctx)
        if isinstance(shown, str) and shown.startswith("<") and shown.endswith(">"):
            name = TYPE_NAMES.get(shown[1:-1])
            if name is not None:
                return f"<{name}>"
        return shown

    russian_display_type._russian = True  # type: ignore[attr-defined]
    setattr(base, "display_type", russian_display_type)  # noqa: B010


def russian_help() -> None:
    """Make Typer's headings and stock help texts Russian (idempotent).

    The texts of ``typer.rich_utils`` are set when Typer loads it for a help page or an
    error (:func:`~associatsiya_ai.cli.rich_help.when_loaded`; a Typer without rich never
    does, and its plain click help is left as it is).
    """
    from associatsiya_ai.cli.rich_help import when_loaded

    when_loaded(_texts)
    when_loaded(_usage_highlight)
    _usage_prefix()
    _help_option()
    _type_names()
