"""The terminal front-end: Russian labels, explanations, errors, the game screen, line input
and replay rendering. Only the command line (:mod:`associatsiya_ai.cli`) imports it.
"""
