"""The pure rules engine (RULES.md R1–R8): words, types, checks, views, game, match.

No I/O and no models: importing it loads none of numpy, pymorphy3, rich or typer.
"""
