"""Research: bot-vs-bot runs over the arena's game loop, the process pool, seeding, the
report's statistics, evaluation against human norms and the speed bench. Prints nothing.

The modules load lazily; import what you need, e.g.
``from associatsiya_ai.research.botvbot import BotSpec, run_games``.
"""
