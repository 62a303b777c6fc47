"""The fitted numbers of the human-response model: weights, temperature, chain weighting,
the discount of bot-chosen words and the levels' draws (``people/weights.json``: the
weights and temperature written by ``scripts/fit_people.py``, ``sharpness`` and
``bot_discount`` by ``scripts/fit_chains.py``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from associatsiya_ai.bots.people.features import FEATURES

__all__ = ["WEIGHTS_PATH", "LevelDraw", "PeopleWeights", "load_weights"]

WEIGHTS_PATH = Path(__file__).with_name("weights.json")
"""The shipped weights file."""


@dataclass(frozen=True)
class LevelDraw:
    """How a level draws an answer: temperature (× the model's) and top-k (0: all)."""

    temperature: float
    top_k: int


@dataclass(frozen=True)
class PeopleWeights:
    """The fitted generic numbers (see ``people/weights.json``).

    Attributes
    ----------
    weights : dict of str to float
        Feature weights (:data:`~associatsiya_ai.bots.people.features.FEATURES`).
    temperature : float
        Divides every score (the calibration step).
    decay, history : float
        A heard word's weight: ``decay ** k`` for the k-th chain word from the newest,
        ``history`` for an earlier hint outside the chain.
    sharpness : float
        How a chain's words' evidence adds up: the evidence is ``W ** (sharpness - 1) ·
        Σ_h w_h · e_h`` with ``W = Σ_h w_h``; 0 averages it (a logarithmic pool), 1 sums it
        (a product of experts).
    bot_discount : float
        The strength of a word chosen by a bot of the same model (its evidence is
        multiplied by it; a person's word has strength 1): the optimizer's-curse correction.
    levels : dict of str to LevelDraw
        Each level's draw.
    """

    weights: dict[str, float]
    temperature: float = 1.0
    decay: float = 1.0
    history: float = 0.25
    levels: dict[str, LevelDraw] = field(default_factory=dict)
    sharpness: float = 0.0
    bot_discount: float = 1.0

    def vector(self) -> np.ndarray:
        """Weights in :data:`FEATURES` order divided by the temperature; (F,) float32."""
        w = np.array([self.weights.get(f, 0.0) for f in FEATURES], np.float32)
        out: np.ndarray = w / np.float32(self.temperature)
        return out

    def to_json(self) -> dict[str, Any]:
        """The JSON form read by :func:`load_weights`."""
        return {
            "weights": self.weights,
            "temperature": self.temperature,
            "decay": self.decay,
            "history": self.history,
            "sharpness": self.sharpness,
            "bot_discount": self.bot_discount,
            "levels": {k: [v.temperature, v.top_k] for k, v in self.levels.items()},
        }


def load_weights(path: Path = WEIGHTS_PATH) -> PeopleWeights:
    """Read the shipped (or another) weights file."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    levels = {k: LevelDraw(float(t), int(n)) for k, (t, n) in raw.get("levels", {}).items()}
    return PeopleWeights(
        {k: float(v) for k, v in raw["weights"].items()},
        float(raw.get("temperature", 1.0)),
        float(raw.get("decay", 1.0)),
        float(raw.get("history", 0.25)),
        levels,
        float(raw.get("sharpness", 0.0)),
        float(raw.get("bot_discount", 1.0)),
    )
