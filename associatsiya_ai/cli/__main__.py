"""``python -m associatsiya_ai.cli``: the ``associatsiya`` command line."""

from associatsiya_ai.cli import main

main()
