"""The human-response model and its knowledge: P(answer | chain, history) over a vocabulary.

- :mod:`.model`: :class:`PeopleModel`, the conditional logit over generic features;
  :mod:`.pool`: a chain's words added up, many queries at once;
- :mod:`.features`, :mod:`.tables`, :mod:`.ranks`, :mod:`.mix`: its features, per-word
  tables (neighbour ranks, the dictionary's and the association lexicon's links) and their
  fast paths;
- :mod:`.secret`: P(secret | hint) for every hint at once (the hinter's question);
  :mod:`.dots`: a few vectors' products with the whole matrix in one compiled pass;
- :mod:`.draw`: softmax and a level's draw; :mod:`.params`: the fitted numbers
  (``weights.json``); :mod:`.cache`: the model of a vocabulary, made once and cached.
"""

from associatsiya_ai.bots.people.model import (
    WEIGHTS_PATH,
    LevelDraw,
    PeopleModel,
    PeopleWeights,
    load_weights,
    neighbour_table,
    softmax,
    softmax_at,
)

__all__ = [
    "WEIGHTS_PATH",
    "LevelDraw",
    "PeopleModel",
    "PeopleWeights",
    "load_weights",
    "neighbour_table",
    "softmax",
    "softmax_at",
]
