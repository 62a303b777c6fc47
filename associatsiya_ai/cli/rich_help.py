"""Typer's rich help and error printing, patched when Typer first loads it, not at start.

``typer.rich_utils`` brings rich's markdown, syntax-highlighting and traceback modules: a
twentieth of a second of every start, though ``vs-bot`` shows no help page and, played
right, no usage error. Typer imports it only to print a help page or an error. The command
line's patches to it (:func:`tidy_help`, the Russian texts of :mod:`.help_ru`, the Russian
usage errors and a usable width of :mod:`.base`) are registered with :func:`when_loaded` and
applied the moment it is imported, whoever imports it; at once when it is loaded already.
"""

from __future__ import annotations

import importlib.abc
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

__all__ = ["RICH_UTILS", "tidy_help", "when_loaded"]

RICH_UTILS = "typer.rich_utils"
"""The module patched on load."""

_PATCHES: list[Callable[[ModuleType], None]] = []


def when_loaded(patch: Callable[[ModuleType], None]) -> None:
    """Call ``patch(typer.rich_utils)`` now if Typer has loaded it, else right after it loads.

    Parameters
    ----------
    patch : callable
        Takes the module; must be idempotent (a patch may meet a module patched before).
    """
    module = sys.modules.get(RICH_UTILS)
    if module is not None:
        patch(module)
        return
    if patch not in _PATCHES:
        _PATCHES.append(patch)
    if not any(isinstance(finder, _PatchOnLoad) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnLoad())


class _PatchOnLoad(importlib.abc.MetaPathFinder):
    """Finds ``typer.rich_utils`` as the other finders do, with a loader that patches it."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> Any:
        if fullname != RICH_UTILS:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(fullname, path, target)
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _PatchingLoader(spec.loader)
                return spec
        return None


class _PatchingLoader(importlib.abc.Loader):
    """Runs the module with its own loader, then the registered patches."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: Any) -> ModuleType | None:
        module: ModuleType | None = self._loader.create_module(spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        self._loader.exec_module(module)
        sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _PatchOnLoad)]
        for patch in _PATCHES:
            patch(module)

    def __getattr__(self, name: str) -> Any:  # get_source, is_package, …: the real loader's
        return getattr(self._loader, name)


def tidy_help(rich_utils: ModuleType) -> None:
    """Work around three quirks of Typer's rich help (seen with Typer 0.29).

    - Every option shows a value type, flags too: «--json <bool>», as if it took a value.
      Flags (``is_flag``) show none.
    - The help paragraphs after the first keep the docstring's line breaks, so a paragraph
      wrapped at 90 characters in the source breaks again at the terminal's width. Single
      line breaks are joined, except in ``\\b`` paragraphs and before indented lines
      (examples), as older Typer did.
    - An option's help and its ``[default: …]`` are laid out as rich ``Columns``: a
      wrapped help pushes the default onto a line of its own. They are one text now.

    Each patch applies only where Typer has the function it replaces.
    """
    import re

    from rich.text import Text
    from typer import core

    display_type = getattr(core.TyperOption, "display_type_rich", None)
    if display_type is not None and not getattr(display_type, "_tidy", False):

        def display_type_rich(self: Any, ctx: Any) -> str | None:
            if getattr(self, "is_flag", False) and not getattr(self, "count", False):
                return None
            result: str | None = display_type(self, ctx)
            return result

        display_type_rich._tidy = True  # type: ignore[attr-defined]
        setattr(core.TyperOption, "display_type_rich", display_type_rich)  # noqa: B010

    fix_linebreaks = getattr(rich_utils, "_fix_linebreaks", None)
    if fix_linebreaks is not None and not getattr(fix_linebreaks, "_tidy", False):

        def joined(paragraphs: list[str], markup_mode: Any) -> str:
            if markup_mode == "markdown":
                result: str = fix_linebreaks(paragraphs, markup_mode)
                return result
            return "\n\n".join(
                p if p.startswith("\b") else re.sub(r"\n(?![ \t\n])", " ", p) for p in paragraphs
            )

        joined._tidy = True  # type: ignore[attr-defined]
        setattr(rich_utils, "_fix_linebreaks", joined)  # noqa: B010

    parameter_help = getattr(rich_utils, "_get_parameter_help", None)
    if parameter_help is not None and not getattr(parameter_help, "_tidy", False):

        def one_text(**kwargs: Any) -> Any:
            columns = parameter_help(**kwargs)
            parts = list(getattr(columns, "renderables", ()))
            if parts and all(isinstance(p, Text) for p in parts):
                return Text(" ").join(parts)
            return columns

        one_text._tidy = True  # type: ignore[attr-defined]
        setattr(rich_utils, "_get_parameter_help", one_text)  # noqa: B010
