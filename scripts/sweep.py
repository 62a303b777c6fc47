#!/usr/bin/env python
"""Sweep one bot parameter and write a CSV of the evaluate and bot-vs-bot figures.

Examples::

    python scripts/sweep.py --param level --values easy normal hard --games 200
    python scripts/sweep.py --param hinter.pool --values 10 30 60 \\
        --games 0 --out prior.csv

``--param level`` sets both bots' level; ``hinter.NAME`` / ``guesser.NAME`` is passed as the
keyword argument ``NAME`` to that bot's constructor (see ``associatsiya_ai.bots``). For each
value the script runs:

- ``evaluate`` on the shared dev files (``../shared/eval/`` beside the repository): the
  guesser figures for a guesser parameter, the hinter figures for a hinter parameter, both
  for ``level``;
- ``bot-vs-bot``: side A with the value against side B with the defaults (``--against
  baseline``, the default), or both sides with the value (``--against self``).

Tune on the dev files only with generic parameters: DESIGN.md, "Measuring play quality".
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EVAL_DIR = ROOT.parent / "shared" / "eval"

COLUMNS = [
    "param",
    "value",
    "games",
    "win_share_a",
    "win_share_a_lo",
    "win_share_a_hi",
    "draw_share",
    "first_mover_win_share",
    "mean_turns_to_solve",
    "solved_by_turn_6",
    "solved_by_turn_12",
    "fouls",
    "illegal_moves",
    "errors",
    "games_per_s",
    "guesser_n",
    "hit@1",
    "hit@10",
    "agreement",
    "guesser_coverage",
    "hinter_n",
    "attested@1",
    "p_target",
    "hinter_coverage",
    "seconds",
]


def parse_value(text: str) -> Any:
    """``"3"`` → 3, ``"0.5"`` → 0.5, ``"true"``/``"false"`` → bool, else the text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def spec_for(param: str, value: Any, model: str | None) -> Any:
    """The side spec with ``param`` set to ``value``."""
    from associatsiya_ai.bots.levels import LEVEL_NAMES as LEVELS
    from associatsiya_ai.research.botvbot import BotSpec

    if param == "level":
        if value not in LEVELS:
            raise SystemExit(f"sweep.py: level must be one of {', '.join(LEVELS)}, not {value!r}")
        return BotSpec(model=model, level=str(value))
    if not param.startswith(("hinter.", "guesser.")):
        raise SystemExit("sweep.py: --param is 'level', 'hinter.NAME' or 'guesser.NAME'")
    return BotSpec(model=model, params=((param, value),))


def _slice(path: Path, rows: int, tmp: Path) -> Path:
    if rows <= 0:
        return path
    out = tmp / path.name
    lines = path.read_text(encoding="utf-8").splitlines()[:rows]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def _as_dict(result: Any) -> dict[str, Any]:
    if hasattr(result, "to_dict"):
        return dict(result.to_dict())
    return dict(result)


def evaluate_figures(
    spec: Any, roles: list[str], rows: int, eval_dir: Path, *, level: str = "hard"
) -> dict[str, Any]:
    """The evaluate figures of ``spec``'s bots on the dev files, by CSV column.

    ``level`` is evaluate's own default (``hard``: the deterministic best move) unless the
    level itself is swept.
    """
    from associatsiya_ai.research import evaluate

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        if "guesser" in roles:
            path = _slice(eval_dir / "guesser-dev.jsonl", rows, Path(tmp))
            g = _as_dict(evaluate.evaluate_guesser(path, spec.model, level=level))
            out.update(
                guesser_n=g.get("n"),
                **{"hit@1": g.get("hit@1"), "hit@10": g.get("hit@10")},
                agreement=g.get("agreement"),
                guesser_coverage=g.get("coverage"),
            )
        if "hinter" in roles:
            path = _slice(eval_dir / "hinter-dev.jsonl", rows, Path(tmp))
            h = _as_dict(
                evaluate.evaluate_hinter(path, spec.model, level=level, **spec.bot_kwargs("hinter"))
            )
            out.update(
                hinter_n=h.get("n"),
                **{"attested@1": h.get("attested@1")},
                p_target=h.get("p_target"),
                hinter_coverage=h.get("coverage"),
            )
    return out


def game_figures(spec: Any, baseline: Any, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """The bot-vs-bot figures of side A (``spec``) against side B (``baseline``)."""
    from associatsiya_ai.research import botvbot

    report = botvbot.run_games(
        games, seed, side_a=spec, side_b=baseline, jobs=jobs, factory=botvbot.embedding_kit
    ).report
    side = report["sides"]["A"]
    return {
        "games": report["games"],
        "win_share_a": side["win_share"],
        "win_share_a_lo": side["win_share_ci"][0],
        "win_share_a_hi": side["win_share_ci"][1],
        "draw_share": report["draw_share"],
        "first_mover_win_share": report["first_mover_win_share"],
        "mean_turns_to_solve": report["mean_turns_to_solve"],
        "solved_by_turn_6": report["solved_by_turn"][5],
        "solved_by_turn_12": report["solved_by_turn"][11],
        "fouls": report["fouls"],
        "illegal_moves": report["illegal_moves"],
        "errors": report["errors"],
        "games_per_s": report["games_per_s"],
    }


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=(
            "Sweep one bot parameter over a list of values; write a CSV of the evaluate "
            "(dev files) and bot-vs-bot figures per value."
        ),
        epilog="Example: python scripts/sweep.py --param level --values easy normal hard",
    )
    parser.add_argument(
        "--param",
        required=True,
        help="'level', or 'hinter.NAME' / 'guesser.NAME' (a bot constructor keyword)",
    )
    parser.add_argument("--values", required=True, nargs="+", help="values to try")
    parser.add_argument(
        "--games", type=int, default=100, help="bot-vs-bot games per value (0: none)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the bot-vs-bot games")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the games")
    parser.add_argument("--model", default=None, help="embeddings (default: news_v1)")
    parser.add_argument(
        "--against",
        choices=("baseline", "self"),
        default="baseline",
        help="side B: the default bots (baseline) or the same value (self)",
    )
    parser.add_argument(
        "--eval-rows", type=int, default=0, help="use the first N rows of each dev file (0: all)"
    )
    parser.add_argument("--no-eval", action="store_true", help="skip the evaluate figures")
    parser.add_argument(
        "--eval-dir", type=Path, default=EVAL_DIR, help=f"the dev files (default: {EVAL_DIR})"
    )
    parser.add_argument("--out", type=Path, default=Path("sweep.csv"), help="CSV to write")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from associatsiya_ai.research.botvbot import BotSpec

    values = [parse_value(v) for v in args.values]
    roles = ["guesser", "hinter"] if args.param == "level" else [args.param.split(".", 1)[0]]
    do_eval = not args.no_eval
    if do_eval and not args.eval_dir.is_dir():
        print(f"sweep.py: no dev files at {args.eval_dir}; evaluate skipped", file=sys.stderr)
        do_eval = False
    baseline = BotSpec(model=args.model)
    rows = []
    for value in values:
        spec = spec_for(args.param, value, args.model)
        started = time.perf_counter()
        row: dict[str, Any] = {"param": args.param, "value": value}
        if do_eval:
            level = spec.level if args.param == "level" else "hard"
            row.update(evaluate_figures(spec, roles, args.eval_rows, args.eval_dir, level=level))
        if args.games > 0:
            against = spec if args.against == "self" else baseline
            row.update(game_figures(spec, against, args.games, args.seed, args.jobs))
        row["seconds"] = round(time.perf_counter() - started, 2)
        rows.append(row)
        shown = {k: v for k, v in row.items() if v is not None}
        print(f"{args.param}={value}: {shown}", file=sys.stderr)
    with args.out.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    print(f"written {args.out} ({len(rows)} rows)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
