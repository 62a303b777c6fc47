#!/usr/bin/env python
"""Profile bot-vs-bot play (or one bot's decisions) with cProfile and print what dominates.

Examples::

    python scripts/profile_bots.py --games 20
    python scripts/profile_bots.py --what hint --samples 50 --sort tottime

pyinstrument or py-spy give nicer pictures where installed; cProfile ships with Python.
The model and vocabulary are loaded before profiling starts, so only play is profiled.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Profile bot play with cProfile.")
    parser.add_argument(
        "--what",
        choices=("games", "guess", "hint"),
        default="games",
        help="bot-vs-bot games, guesser decisions, or mid-game hinter decisions",
    )
    parser.add_argument("--games", type=int, default=20, help="games to play (--what games)")
    parser.add_argument("--samples", type=int, default=40, help="decisions (guess, hint)")
    parser.add_argument("--seed", type=int, default=1, help="seed")
    parser.add_argument("--model", default=None, help="embeddings (default: news_v1)")
    parser.add_argument("--level", default="normal", help="bot level")
    parser.add_argument(
        "--sort", default="cumulative", help="pstats sort key (cumulative, tottime, …)"
    )
    parser.add_argument("--top", type=int, default=30, help="rows to print")
    parser.add_argument("--out", default=None, help="also save the raw profile here")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    import numpy as np

    from associatsiya_ai.research import positions
    from associatsiya_ai.research.botvbot import BotSpec, embedding_kit, run_games

    spec = BotSpec(model=args.model, level=args.level)
    kit = embedding_kit(spec)
    kit.checker.analyse("кошка")
    secrets = list(kit.secrets)
    order = [secrets[int(i)] for i in np.random.default_rng(args.seed).permutation(len(secrets))]
    rng = np.random.default_rng(args.seed)
    if args.what == "guess":
        views = [positions.guesser_view(h) for h in order[: args.samples]]

        def work() -> None:
            for v in views:
                kit.guesser.act(v, rng)

    elif args.what == "hint":
        views = positions.midgame_views(kit, order, args.samples, args.seed)

        def work() -> None:
            for v in views:
                kit.hinter.act(v, rng)

    else:
        run_games(2, args.seed, side_a=spec)  # warm lazy state outside the profile

        def work() -> None:
            run_games(args.games, args.seed, side_a=spec)

    profile = cProfile.Profile()
    profile.enable()
    work()
    profile.disable()
    if args.out:
        profile.dump_stats(args.out)
    text = io.StringIO()
    pstats.Stats(profile, stream=text).strip_dirs().sort_stats(args.sort).print_stats(args.top)
    print(text.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
