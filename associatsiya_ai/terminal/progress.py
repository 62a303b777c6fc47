"""Progress on the terminal for the library's long steps: building a model's vocabulary.

The library reports progress through callbacks and prints nothing; this module turns those
callbacks into a rich progress bar and one-line notes on the error console. A hang-up or
terminate signal during the build stops the bar (the cursor comes back), says so in Russian
and ends the program with 128 + the signal (:class:`~associatsiya_ai.arena.stops.Abandoned`).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import Progress

from associatsiya_ai.arena.stops import Abandoned

if TYPE_CHECKING:
    from pathlib import Path

    from associatsiya_ai.vectors.store import Embeddings
    from associatsiya_ai.vocab import LoadReport, Vocabulary

__all__ = ["note_damaged_people_cache", "open_vocabulary_shown", "prepare_people_shown"]


def _note(console: Console, text: str) -> None:
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def open_vocabulary_shown(
    console: Console,
    embeddings: Embeddings | None = None,
    *,
    model: str | None = None,
    rebuild: bool = False,
) -> LoadReport:
    """``vocab.open_vocabulary`` with the build note and a progress bar on ``console``.

    A damaged cache file is said before it is rebuilt, and a cache that could not be
    written after the build, each in one Russian line on ``console`` (the error console:
    never in ``--json`` output); why the file could not be read stays in the report's
    ``damaged`` (a technical text, not for players).

    Raises
    ------
    ModelError
        When the model cannot be found or read.
    """
    from associatsiya_ai.vocab import open_vocabulary

    bar = Progress(console=console, transient=True)
    task: list[Any] = []
    live: list[bool] = []  # set before the bar starts: a signal while it starts stops it too

    def on_build(name: str) -> None:
        _note(
            console,
            f"Строю словарь существительных модели {name} (один раз для модели, "
            "несколько секунд; для моделей, кроме встроенной, — до минуты)…",
        )
        live.append(True)
        bar.start()
        task.append(bar.add_task("Словарь существительных", total=None))

    def on_damaged(path: Path, reason: str) -> None:
        _note(console, f"кэш словаря повреждён ({path.name}) — строю заново…")

    def on_wait() -> None:
        _note(console, "Словарь этой модели строит другая запущенная игра — жду её…")

    def on_progress(done: int, total: int) -> None:
        if task:
            bar.update(task[0], completed=done, total=total)

    try:
        with _stop_on_signals():
            report = open_vocabulary(
                embeddings,
                model=model,
                rebuild=rebuild,
                on_build=on_build,
                on_progress=on_progress,
                on_damaged=on_damaged,
                on_wait=on_wait,
            )
    except Abandoned:
        if live:
            bar.stop()  # the cursor is shown again before the line
            live.clear()
            _note(
                console,
                "Построение словаря прервано (программу остановили сигналом); "
                "оно начнётся заново при следующем запуске.",
            )
        raise
    finally:
        if live:  # stopping a bar never started prints an empty line
            bar.stop()
    if report.save_error is not None:
        _note(
            console,
            f"не удалось сохранить словарь в кэш ({report.save_error}); "
            "в следующий раз он будет построен заново",
        )
    return report


@contextlib.contextmanager
def _stop_on_signals() -> Iterator[None]:
    """Within the block SIGHUP and SIGTERM raise :class:`Abandoned` (exit 128 + signal), so
    the progress bar is stopped, not left with the cursor hidden (main thread only)."""
    previous: dict[int, Any] = {}

    def stop(signum: int, frame: object) -> None:
        name = "hangup" if signum == getattr(signal, "SIGHUP", None) else "terminate"
        raise Abandoned(name, 128 + signum)

    if threading.current_thread() is threading.main_thread():
        for name in ("SIGHUP", "SIGTERM"):
            number = getattr(signal, name, None)
            if number is not None:
                previous[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, old)


def prepare_people_shown(console: Console, vocab: Vocabulary | None) -> None:
    """Make the model of people's answers of ``vocab`` now, with a moving status line on
    ``console`` when it has to be built (a first start: seconds) or another running game
    is building it; the bots then take it from memory. Nothing is shown when its cache is
    warm (or ``vocab`` is None: tests' fakes)."""
    from associatsiya_ai.bots.people.cache import people_cache_missing, people_model

    if vocab is None or not people_cache_missing(vocab):
        return

    def on_wait() -> None:
        _note(console, "Модель ответов людей строит другая запущенная игра — жду её…")

    with console.status("Готовлю модель ответов людей (один раз для словаря, несколько секунд)…"):
        people_model(vocab, on_wait)


def note_damaged_people_cache(console: Console, path: Path | None) -> None:
    """Say in one Russian line, before the bots are made, that the cache of the model of
    people's answers is damaged and will be rebuilt (tens of seconds).

    Parameters
    ----------
    console : rich.console.Console
        The error console.
    path : Path or None
        The damaged cache file (:meth:`Kit.damaged_people_cache
        <associatsiya_ai.kit.Kit.damaged_people_cache>`; None: nothing to say).
    """
    if path is not None:
        _note(console, f"кэш модели ответов людей повреждён ({path.name}) — строю заново…")
