"""``load_s`` and ``peak_rss_mb`` of the speed bench, measured in a fresh process.

Run as ``python -m associatsiya_ai.research.fresh --child MODEL`` it is the measured
subprocess: it prints one JSON line for its parent (the only output of this package).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

from associatsiya_ai.kit import model_label

__all__ = ["child_measure", "run_fresh"]

_CHILD_TIMEOUT_S = 300


def _peak_rss_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports kilobytes, macOS bytes.
    return peak / (1024.0 * 1024.0) if sys.platform == "darwin" else peak / 1024.0


def child_measure(model: str | None) -> dict[str, Any]:
    """In a fresh process: time loading everything a game needs, play one game, peak RSS.

    Returns
    -------
    dict
        ``load_s``, ``peak_rss_mb``, ``model``, ``vocab_size``.
    """
    start = time.perf_counter()
    from associatsiya_ai.research.botvbot import BotSpec, embedding_kit

    kit = embedding_kit(BotSpec(model=model))
    kit.checker.analyse("кошка")  # the lexicon loads its dictionaries on first use
    load_s = time.perf_counter() - start
    from associatsiya_ai.research.botvbot import play_one

    played = play_one(0, 0, BotSpec(model=model), BotSpec(model=model))
    vocab = getattr(kit, "vocab", None)
    return {
        "load_s": load_s,
        "peak_rss_mb": _peak_rss_mb(),
        "model": getattr(vocab, "model_name", None) or model_label(model),
        "vocab_size": None if vocab is None else len(vocab.words),
        "game_error": played.summary.get("error"),
    }


_THREAD_VARS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def run_fresh(model: str | None, blas_threads: int | None = None) -> dict[str, Any]:
    """:func:`child_measure` in a fresh Python process (BLAS limited to ``blas_threads``).

    Raises
    ------
    RuntimeError
        When the subprocess fails.
    subprocess.TimeoutExpired
        When it takes longer than five minutes.
    """
    cmd = [sys.executable, "-m", "associatsiya_ai.research.fresh", "--child", model or ""]
    env = dict(os.environ)
    if blas_threads is not None:
        env.update(dict.fromkeys(_THREAD_VARS, str(blas_threads)))
    proc = subprocess.run(
        cmd, capture_output=True, text=True, timeout=_CHILD_TIMEOUT_S, env=env, check=False
    )
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["?"]
        raise RuntimeError(f"замер в отдельном процессе не удался: {tail[0]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


if __name__ == "__main__":  # the measured subprocess
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        print(json.dumps(child_measure(sys.argv[2] or None)))
    else:
        sys.exit("usage: python -m associatsiya_ai.research.fresh --child MODEL")
