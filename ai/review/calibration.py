"""From play-out results to honest chances: a small fitted map per game.

The review's raw chances come from redeals and short play-outs with a quick policy; they are
close to chances but not quite. The deals give the rivals random hands where real hands hold
what could not be laid, and the quick policy is not the players. So each game has a map, fitted
on self-play by ``tools/review_calibration.py fit``: the seats' chances become the softmax of
``temperature * log(chance)``, plus ``decider_bias`` for the seat that just moved (for two
players that is logistic regression on the raw chance's log-odds). The file records the data it
was fitted on; a game without an entry keeps its raw chances.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from ai.numbers import finite_number

DATA_FILE = "calibration.json"
FLOOR = 1e-4  # a chance of 0 has no logarithm


@dataclass(frozen=True)
class ChanceMap:
    temperature: float = 1.0
    decider_bias: float = 0.0

    def apply(self, chances: Sequence[float], decider: int) -> tuple[float, ...]:
        """``chances`` (raw, summing to 1) as calibrated chances, ``decider`` the seat that
        just moved."""
        if self.temperature == 1.0 and self.decider_bias == 0.0:
            return tuple(chances)
        logs = [
            self.temperature * math.log(max(FLOOR, p))
            + (self.decider_bias if i == decider else 0.0)
            for i, p in enumerate(chances)
        ]
        top = max(logs)
        weights = [math.exp(v - top) for v in logs]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def decider_chance(self, chances: Sequence[float], decider: int, raw: float) -> float:
        """The decider's calibrated chance had his raw chance been ``raw`` (the others'
        chances scaled to make room)."""
        rest = 1.0 - chances[decider]
        scale = (1.0 - raw) / rest if rest > 0 else 0.0
        moved = [
            raw if i == decider else (p * scale if rest > 0 else (1.0 - raw) / (len(chances) - 1))
            for i, p in enumerate(chances)
        ]
        return self.apply(moved, decider)[decider]


def _read(game: str) -> ChanceMap:
    text = resources.files("ai.review").joinpath(DATA_FILE).read_text(encoding="utf-8")
    data = json.loads(text).get(game)
    if data is None:
        return ChanceMap()
    what = f"{DATA_FILE}: the map of {game}"
    temperature = finite_number(data.get("temperature"), what)
    bias = finite_number(data.get("decider_bias"), what)
    if not 0.05 <= temperature <= 20.0:
        raise ValueError(f"{DATA_FILE}: the temperature of {game} is out of range")
    return ChanceMap(temperature, bias)


@functools.cache
def chance_map(game: str) -> ChanceMap:
    """The fitted map of ``game`` (read once)."""
    return _read(game)
