"""From play-out results to honest chances: a small fitted map per game.

The review's raw chances come from redeals and short play-outs with a quick policy; they are
close to chances but not quite. The deals give the rivals random hands where real hands hold
what could not be laid, and the quick policy is not the players. So each game has a map, fitted
on self-play by ``tools/review_calibration.py fit``: the seats' chances become the softmax of
``temperature * log(chance)``, plus ``decider_bias`` for the seat that just moved (for two
players that is logistic regression on the raw chance's log-odds). The file records the data it
was fitted on; a game without an entry keeps its raw chances. This map puts the cost of a move,
measured from the decider's view, on the calibrated scale.

The graph's chances are a spectator's (``ReviewGame.public_chances``) and have a map of their
own per number of seats (``tools/review_calibration.py fit-graph``): a temperature and a bias
per place in the turn order, each for the start, the middle and the end of the game.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from ai.numbers import finite_number, finite_numbers
from ai.softmax import softmax

DATA_FILE = "calibration.json"
FLOOR = 1e-4  # a chance of 0 has no logarithm
KNOTS = (1 / 6, 1 / 2, 5 / 6)  # the middles of the game's thirds


@dataclass(frozen=True)
class ChanceMap:
    temperature: float = 1.0
    decider_bias: float = 0.0
    # The graph's map, per number of seats: (players, temperatures at KNOTS of progress, and
    # at each knot a bias per seat by his place in the turn order, the next to move first).
    # Its chances are the softmax of ``temperature * log(public chance) + bias``, both read
    # between the knots: one frame for all seats. The bias is the tempo a position's
    # evaluation misses (the seat that just moved looks better than he is, the next to move
    # worse); the temperature, how far an estimate can be trusted as the game goes on.
    graph_maps: tuple[tuple[int, tuple[float, ...], tuple[tuple[float, ...], ...]], ...] = ()

    def graph(
        self, chances: Sequence[float], progress: float = 0.0, to_move: int | None = None
    ) -> tuple[float, ...]:
        """The public chances (``ReviewGame.public_chances``) at ``progress`` (0 at the start,
        1 at the end: ``ReviewGame.progress``) with ``to_move`` the seat to move next, as the
        graph shows them."""
        fitted = {players: (temps, biases) for players, temps, biases in self.graph_maps}
        n = len(chances)
        if n not in fitted or max(chances) >= 1.0:
            return tuple(chances)  # an unfitted seat count, or the result itself
        temperatures, biases = fitted[n]
        scale = between_knots(temperatures, progress)
        first = 0 if to_move is None else to_move
        return tuple(
            softmax(
                [
                    scale * math.log(max(FLOOR, p))
                    + (
                        0.0
                        if to_move is None
                        else between_knots(biases[(seat - first) % n], progress)
                    )
                    for seat, p in enumerate(chances)
                ]
            )
        )

    def apply(self, chances: Sequence[float], decider: int) -> tuple[float, ...]:
        """``chances`` (raw, summing to 1, as ``decider`` judged them) as calibrated chances,
        ``decider`` the seat that just moved."""
        if self.temperature == 1.0 and self.decider_bias == 0.0:
            return tuple(chances)
        return tuple(
            softmax(
                [
                    self.temperature * math.log(max(FLOOR, p))
                    + (self.decider_bias if i == decider else 0.0)
                    for i, p in enumerate(chances)
                ]
            )
        )

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


def between_knots(values: Sequence[float], progress: float) -> float:
    """The value at ``progress``, straight between the values at :data:`KNOTS` (flat outside)."""
    if progress <= KNOTS[0]:
        return values[0]
    points = list(zip(KNOTS, values, strict=True))
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        if progress <= x1:
            return y0 + (y1 - y0) * (progress - x0) / (x1 - x0)
    return values[-1]


def _read(game: str) -> ChanceMap:
    text = resources.files("ai.review").joinpath(DATA_FILE).read_text(encoding="utf-8")
    whole = json.loads(text)
    if not isinstance(whole, dict):
        raise ValueError(f"{DATA_FILE}: not a table of games")
    data = whole.get(game)
    if data is None:
        return ChanceMap()
    if not isinstance(data, dict):
        raise ValueError(f"{DATA_FILE}: the map of {game} is not a table")
    what = f"{DATA_FILE}: the map of {game}"
    temperature = finite_number(data.get("temperature"), what)
    bias = finite_number(data.get("decider_bias"), what)
    if not 0.05 <= temperature <= 20.0:
        raise ValueError(f"{DATA_FILE}: the temperature of {game} is out of range")
    graph = data.get("graph", {})
    if not isinstance(graph, dict):
        raise ValueError(f"{what}: 'graph' is not a table")
    maps: list[tuple[int, tuple[float, ...], tuple[tuple[float, ...], ...]]] = []
    for players, entry in sorted(graph.items()):
        if not isinstance(players, str) or not players.isdigit() or not isinstance(entry, dict):
            raise ValueError(f"{what}: a graph entry is not a number of seats with its map")
        values = finite_numbers(entry.get("temperatures"), len(KNOTS), what)
        if not all(0.05 <= value <= 20.0 for value in values):
            raise ValueError(f"{DATA_FILE}: a graph temperature of {game} is out of range")
        order = entry.get("turn_order")
        seats = int(players)
        if not 2 <= seats <= 8 or not isinstance(order, list) or len(order) != seats:
            raise ValueError(f"{what}: 'turn_order' needs a row per seat")
        biases = tuple(finite_numbers(row, len(KNOTS), what) for row in order)
        if not all(abs(b) <= 5.0 for row in biases for b in row):
            raise ValueError(f"{DATA_FILE}: a turn-order bias of {game} is out of range")
        if any(seats == known for known, _values, _biases in maps):
            raise ValueError(f"{what}: two graph maps for {seats} seats")
        maps.append((seats, values, biases))
    return ChanceMap(temperature, bias, tuple(maps))


@functools.cache
def chance_map(game: str) -> ChanceMap:
    """The fitted map of ``game`` (read once)."""
    return _read(game)
