"""A Robber Knights position evaluation: the points each seat can expect to keep at the end.

It counts the buildings each seat holds now, discounted by how easily they can still be taken
(a stack the terrain minimum can no longer enter is safe; one an empty spot can reach in a
straight line is threatened), credits threatened points to the seats that could take them, and
adds a little for knights left (they are the means to take more and they break ties).
The same numbers become win-probability estimates for the search's cut-off evaluation.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.knights.actions import DIRECTIONS
from game.knights.tiles import (
    CASTLE_KINDS,
    HIDDEN,
    KIND_MINIMUM,
    KIND_POINTS,
    MAX_DEPLOY,
    MAX_STACK,
    TILE_SET,
    TILES_PER_PLAYER,
)

Pos = tuple[int, int]
STEPS = tuple(DIRECTIONS.values())

# Chance to keep a building: safe (no knights can ever be added on top), not reachable now,
# reachable by a castle laid on an empty spot.
HOLD_SAFE = 1.0
HOLD_UNREACHABLE = 0.9
HOLD_THREATENED = 0.5
KNIGHT_VALUE = 0.12  # per knight in supply that a castle still to come could bring in
UNCLAIMED_SHARE = 0.25  # of an empty building's points, to the seats able to reach it
CASTLE_SHARE = {
    letter: sum(kind in CASTLE_KINDS for kind in kinds) / len(kinds)
    for letter, kinds in TILE_SET.items()
}


def castles_left(state: Any, seat: int) -> float:
    """Castles still in the seat's hand and pile (expected value for hidden tiles)."""
    total = 0.0
    for tile in (*state.hands[seat], *state.piles[seat]):
        kind = tile.tile
        if kind == HIDDEN:
            total += CASTLE_SHARE[tile.letter]
        elif kind in CASTLE_KINDS:
            total += 1.0
    return total


def _entry_costs(kind: str) -> tuple[int, ...]:
    """Knights a deployment must add to enter a tile of this kind, by the knights already on
    it (0: it can't be entered, its terrain has no minimum or the stack would grow too tall)."""
    need = KIND_MINIMUM[kind]
    return tuple(
        0 if need is None or height + need > MAX_STACK else need for height in range(MAX_STACK + 1)
    )


ENTRY_COST = {kind: _entry_costs(kind) for kind in KIND_MINIMUM}
# Per kind: its points and its entry costs, looked up once per tile in the hot loops below.
_KIND_INFO = {kind: (KIND_POINTS[kind], ENTRY_COST[kind]) for kind in KIND_MINIMUM}


def reachable_targets(state: Any) -> set[Pos]:
    """Every tile a castle laid on some free spot now could send knights onto.

    The same answer as walking from each tile in a straight line to a free spot, for every
    tile at once, walking out from the free spots instead of from each building: late in the
    game there are few free spots and many buildings, and this runs in every evaluation (the
    planners' hot path).
    A free spot a castle may take is exactly a legal spot (next to a tile, inside the area).
    """
    get = state.board.get
    entry = ENTRY_COST
    targets: set[Pos] = set()
    add = targets.add
    for x, y in state.legal_spots():
        for dx, dy in STEPS:
            need = 1  # the castle's own knight (a plain castle: the cheapest case)
            cx, cy = x + dx, y + dy
            placed = get((cx, cy))
            while placed is not None:
                cost = entry[placed.tile][len(placed.knights)]
                if not cost:
                    break
                need += cost
                if need > MAX_DEPLOY:
                    break
                add((cx, cy))
                cx += dx
                cy += dy
                placed = get((cx, cy))
    return targets


def can_attack(state: Any, castles: list[float] | None = None) -> list[bool]:
    """Which seats could still bring knights in later (a castle to come and knights left)."""
    if castles is None:
        castles = [castles_left(state, seat) for seat in range(state.num_players)]
    return [state.supply[seat] > 0 and castles[seat] > 0.2 for seat in range(state.num_players)]


def _threats(state: Any) -> tuple[set[Pos], list[float], list[int]]:
    """What the evaluation weighs buildings by: the tiles a castle could reach now, each
    seat's castles to come, and the seats still able to take buildings."""
    castles = [castles_left(state, seat) for seat in range(state.num_players)]
    attackers = can_attack(state, castles)
    able = [seat for seat, can in enumerate(attackers) if can]
    return reachable_targets(state), castles, able


def expected_points(state: Any) -> list[float]:
    """Points each seat can expect to hold at the end of the game."""
    seats = state.num_players
    supply = state.supply
    reachable, castles, able = _threats(state)
    # Summed per owner in the loop, shared out after it: the points the owner can expect to
    # keep, and the rest, which its rivals may take from it.
    kept = [0.0] * seats
    at_risk = [0.0] * seats
    unclaimed = 0.0
    info = _KIND_INFO
    for pos, placed in state.board.items():
        points, entry = info[placed.tile]
        if not points:
            continue
        knights = placed.knights
        if not knights:
            if pos in reachable:
                unclaimed += points
            continue
        owner = knights[-1]
        height = len(knights)
        if not entry[height]:  # locked: nobody can add knights
            kept[owner] += points * HOLD_SAFE
            continue
        hold = HOLD_THREATENED if pos in reachable else HOLD_UNREACHABLE
        if height > 1:
            hold = min(1.0, hold + 0.08 * (height - 1))  # taller stacks cost more to take
        kept[owner] += points * hold
        at_risk[owner] += points * (1.0 - hold)
    expected = kept
    if able and unclaimed:
        share = UNCLAIMED_SHARE * unclaimed / len(able)
        for seat in able:
            expected[seat] += share
    for owner in range(seats):
        risk = at_risk[owner]
        if not risk:
            continue
        rivals = [seat for seat in able if seat != owner]
        if not rivals:  # nobody left who could take it
            expected[owner] += risk
            continue
        share = risk / len(rivals)
        for seat in rivals:
            expected[seat] += share
    for seat in range(seats):
        usable = min(supply[seat], MAX_DEPLOY * castles[seat])
        expected[seat] += KNIGHT_VALUE * usable + 0.001 * supply[seat]
    return expected


def lead(expected: list[float], seat: int) -> float:
    """The seat's expected points minus the best rival's."""
    return expected[seat] - max(value for other, value in enumerate(expected) if other != seat)


def advantage(state: Any, seat: int) -> float:
    """The seat's lead by :func:`expected_points`: what the greedy player maximises."""
    return lead(expected_points(state), seat)


def game_progress(state: Any) -> float:
    """0 at the start, 1 when every tile is laid."""
    total = TILES_PER_PLAYER * state.num_players
    left = sum(state.tiles_left(seat) for seat in range(state.num_players))
    return 1.0 - left / total


def win_chances(expected: list[float], progress: float) -> list[float]:
    """Expected points turned into win chances (a softmax that sharpens as the game ends)."""
    temperature = 0.8 + 4.0 * (1.0 - progress)
    top = max(expected)
    weights = [math.exp((value - top) / temperature) for value in expected]
    total = sum(weights)
    return [weight / total for weight in weights]


def win_estimates(state: Any) -> list[float]:
    """:func:`expected_points` as win chances: the search's cut-off evaluation."""
    return win_chances(expected_points(state), game_progress(state))


@dataclass(frozen=True)
class Evaluation:
    """An evaluation the players decide by: expected points per seat, and what they derive
    from them. ``HAND`` is this module's; the expert's fitted one is in :mod:`ai.knights.fitted`.
    """

    name: str
    expected_points: Callable[[Any], list[float]]
    players: tuple[int, ...] = (2, 3, 4)  # the seat counts it is made for

    def for_players(self, players: int) -> Evaluation:
        """This evaluation if it is made for ``players`` seats, else the hand-set one."""
        return self if players in self.players else HAND

    def advantage(self, state: Any, seat: int) -> float:
        return lead(self.expected_points(state), seat)

    def win_estimates(self, state: Any) -> list[float]:
        return win_chances(self.expected_points(state), game_progress(state))


HAND = Evaluation("hand-set", expected_points)


# The evaluation as a linear sum per seat, for fitting its weights (tools/fit_knights_eval.py).
# Held buildings fall in six buckets: not reachable / reachable now, by 1, 2, 3 knights high.
BUCKETS = tuple((reach, height) for reach in (False, True) for height in (1, 2, 3))
FEATURES: tuple[str, ...] = (
    "held_safe",
    *(f"held_{'threatened' if reach else 'unreachable'}_{height}" for reach, height in BUCKETS),
    *(f"rivals_{'threatened' if reach else 'unreachable'}_{height}" for reach, height in BUCKETS),
    "unclaimed_share",
    "usable_knights",
    "supply",
)


def _hand_hold(reach: bool, height: int) -> float:
    base = HOLD_THREATENED if reach else HOLD_UNREACHABLE
    return min(1.0, base + 0.08 * (height - 1)) if height > 1 else base


# The weights that make ``seat_features(state) @ HAND_WEIGHTS == expected_points(state)``.
HAND_WEIGHTS: tuple[float, ...] = (
    HOLD_SAFE,
    *(_hand_hold(reach, height) for reach, height in BUCKETS),
    *(1.0 - _hand_hold(reach, height) for reach, height in BUCKETS),
    UNCLAIMED_SHARE,
    KNIGHT_VALUE,
    0.001,
)


def seat_features(state: Any) -> list[list[float]]:
    """Per seat, the sums :func:`expected_points` weighs (see ``FEATURES``).

    A building whose owner has no rival left who could take it counts as safe; a rival's
    at-risk building is shared among the seats able to take it, as in the evaluation.
    """
    seats = state.num_players
    supply = state.supply
    reachable, castles, able = _threats(state)
    rivals_of = [[seat for seat in able if seat != owner] for owner in range(seats)]
    rows = [[0.0] * len(FEATURES) for _ in range(seats)]
    unclaimed = 0.0
    for pos, placed in state.board.items():
        points, entry = _KIND_INFO[placed.tile]
        if not points:
            continue
        knights = placed.knights
        if not knights:
            if pos in reachable:
                unclaimed += points
            continue
        owner = knights[-1]
        height = len(knights)
        rivals = rivals_of[owner]
        if not entry[height] or not rivals:
            rows[owner][0] += points
            continue
        bucket = 1 + BUCKETS.index((pos in reachable, min(height, 3)))
        rows[owner][bucket] += points
        for seat in rivals:
            rows[seat][bucket + len(BUCKETS)] += points / len(rivals)
    last = len(FEATURES) - 1
    for seat in range(seats):
        if seat in able and unclaimed:
            rows[seat][last - 2] = unclaimed / len(able)
        rows[seat][last - 1] = min(supply[seat], MAX_DEPLOY * castles[seat])
        rows[seat][last] = supply[seat]
    return rows
