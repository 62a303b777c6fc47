"""``python -m associatsiya_ai``: the ``associatsiya`` command line."""

from associatsiya_ai.cli import main

main()
