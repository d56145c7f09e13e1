"""Bringing knights into play from a castle just laid: the legal deployments and why others fail.

The options are built by walking each direction once and extending drop vectors tile by tile
within each tile's [minimum, room left] window, so nothing is generated only to be thrown away.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..core import Reason
from . import refusals
from .actions import DIRECTIONS, NO_DEPLOY, Deploy
from .tiles import KIND_MINIMUM, MAX_DEPLOY, MAX_STACK, PlacedTile, terrain_of

DIRECTION_ORDER = ("N", "E", "S", "W")
# A path step: (knights a tile needs left on it, room left on it before it holds MAX_STACK).
Step = tuple[int, int]

_DEPLOY_CACHE: dict[tuple[object, ...], list[Deploy]] = {}  # legal_actions copies it


def _path(
    board: Mapping[tuple[int, int], PlacedTile], x: int, y: int, direction: str
) -> list[Step]:
    """The tiles knights could enter from (x, y) in one direction, up to the first obstacle."""
    dx, dy = DIRECTIONS[direction]
    steps: list[Step] = []
    for i in range(1, MAX_DEPLOY):
        placed = board.get((x + dx * i, y + dy * i))
        if placed is None:
            break  # a gap or the edge of the layout
        need = KIND_MINIMUM[placed.tile]
        room = MAX_STACK - len(placed.knights)
        if need is None or need > room:
            break  # a lake, or a tile the minimum would push above 4 knights
        steps.append((need, room))
    return steps


def _extend(
    prefix: tuple[int, ...], total: int, path: list[Step], limit: int, out: list[tuple[int, ...]]
) -> None:
    """Append every drop vector that starts with ``prefix`` and ends on a later path tile."""
    index = len(prefix) - 1
    if index >= len(path):
        return
    need, room = path[index]
    for drop in range(need, min(room, limit - total) + 1):
        longer = prefix + (drop,)
        out.append(longer)
        _extend(longer, total + drop, path, limit, out)


@lru_cache(maxsize=4096)
def _vectors(castle_need: int, limit: int, path: tuple[Step, ...]) -> tuple[tuple[int, ...], ...]:
    """Drop vectors for one direction: castle first, ending on some tile of ``path``."""
    vectors: list[tuple[int, ...]] = []
    for first in range(castle_need, min(limit, MAX_STACK) + 1):
        _extend((first,), first, list(path), limit, vectors)
    return tuple(vectors)


@lru_cache(maxsize=4096)
def _deploy(count: int, direction: str | None, drops: tuple[int, ...]) -> Deploy:
    return Deploy(count, direction, drops)


def legal_deployments(
    board: Mapping[tuple[int, int], PlacedTile], x: int, y: int, castle_kind: str, supply: int
) -> list[Deploy]:
    """All deployments from the castle at (x, y), in a fixed order: none first, then by count,
    staying before moving, directions N E S W, drops ascending."""
    castle_need = KIND_MINIMUM[castle_kind] or 1
    limit = min(MAX_DEPLOY, supply)
    paths = tuple(tuple(_path(board, x, y, d)) for d in DIRECTION_ORDER)
    key = (castle_need, limit, paths)
    cached = _DEPLOY_CACHE.get(key)
    if cached is not None:
        return cached
    options: list[tuple[int, int, tuple[int, ...]]] = [
        (count, -1, (count,)) for count in range(castle_need, min(limit, MAX_STACK) + 1)
    ]
    for order, path in enumerate(paths):
        if path:
            options.extend((sum(v), order, v) for v in _vectors(castle_need, limit, path))
    options.sort()
    result = [NO_DEPLOY] + [
        _deploy(count, None if order < 0 else DIRECTION_ORDER[order], drops)
        for count, order, drops in options
    ]
    if len(_DEPLOY_CACHE) > 50_000:  # bounded memory in long AI runs
        _DEPLOY_CACHE.clear()
    _DEPLOY_CACHE[key] = result
    return result


def well_formed(action: Deploy) -> bool:
    """Do the fields of ``action`` hold what a deployment holds (whole numbers of knights, a
    direction or none), whatever a caller put in them?"""
    drops, direction = action.drops, action.dir
    return (
        type(action.count) is int
        and action.count >= 0
        and type(drops) is tuple
        and all(type(n) is int and n >= 0 for n in drops)
        and (direction is None or (type(direction) is str and direction in DIRECTIONS))
    )


def explain_illegal(
    board: Mapping[tuple[int, int], PlacedTile],
    x: int,
    y: int,
    castle_kind: str,
    supply: int,
    action: Deploy,
) -> Reason:
    """Why ``action`` is not a legal deployment here."""
    count, drops = action.count, action.drops
    if not well_formed(action):
        return refusals.DEPLOY_MALFORMED()
    if count > supply:
        return refusals.KNIGHTS_LEFT(supply=supply)
    if count > MAX_DEPLOY:
        return refusals.DEPLOY_AT_MOST(n=MAX_DEPLOY)
    if sum(drops) != count:
        return refusals.DROPS_DONT_ADD_UP()
    castle_need = KIND_MINIMUM[castle_kind] or 1
    terrain = terrain_of(castle_kind)
    if count and count < castle_need:
        return refusals.CASTLE_NEEDS(terrain=terrain, n=castle_need)
    if count and drops[0] < castle_need:
        return refusals.TILE_NEEDS(terrain=terrain, n=castle_need)
    if count == 0:
        return refusals.NO_DEPLOY_HAS_NO_PATH()
    if action.dir is None:
        if count > MAX_STACK:
            return refusals.CASTLE_STACK_FULL(n=MAX_STACK, count=count)
        return refusals.DEPLOY_IMPOSSIBLE()
    if drops[0] > MAX_STACK:
        return refusals.STACK_TOO_HIGH(n=MAX_STACK)
    dx, dy = DIRECTIONS[action.dir]
    for i, drop in enumerate(drops[1:], start=1):
        placed = board.get((x + dx * i, y + dy * i))
        if placed is None:
            return refusals.PATH_BROKEN()
        need = KIND_MINIMUM[placed.tile]
        if need is None:
            return refusals.INTO_LAKE()
        if drop < need:
            return refusals.TILE_NEEDS(terrain=terrain_of(placed.tile), n=need)
        if len(placed.knights) + drop > MAX_STACK:
            return refusals.STACK_TOO_HIGH(n=MAX_STACK)
    return refusals.DEPLOY_IMPOSSIBLE()
