"""Bringing knights into play from a castle just laid: the legal deployments and why others fail.

The options are built by walking each direction once and extending drop vectors tile by tile
within each tile's [minimum, room left] window, so nothing is generated only to be thrown away.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

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


def explain_illegal(
    board: Mapping[tuple[int, int], PlacedTile],
    x: int,
    y: int,
    castle_kind: str,
    supply: int,
    action: Deploy,
) -> str:
    """A sentence saying why ``action`` is not a legal deployment here."""
    count, drops = action.count, action.drops
    numbers = (count, *drops)
    if not all(type(n) is int and n >= 0 for n in numbers) or action.dir not in (None, *DIRECTIONS):
        return "a deployment is a number of knights, a direction N, E, S, W or none, and drops"
    if count > supply:
        return f"you have only {supply} knights left"
    if count > MAX_DEPLOY:
        return f"you may bring at most {MAX_DEPLOY} knights into play at once"
    if sum(drops) != count:
        return "the knights left on the tiles must add up to the knights brought in"
    castle_need = KIND_MINIMUM[castle_kind] or 1
    terrain = terrain_of(castle_kind)
    if count and count < castle_need:
        return f"a {terrain} castle needs {castle_need} knights, you can't bring in fewer"
    if count and drops[0] < castle_need:
        return f"a {terrain} needs {castle_need} knights left on it"
    if count == 0:
        return "bringing in no knights has no direction and no drops"
    if action.dir is None:
        if count > MAX_STACK:
            return f"at most {MAX_STACK} knights fit on one tile, so {count} knights must move"
        return "that deployment is not possible"
    if drops[0] > MAX_STACK:
        return f"no tile may hold more than {MAX_STACK} knights"
    dx, dy = DIRECTIONS[action.dir]
    for i, drop in enumerate(drops[1:], start=1):
        placed = board.get((x + dx * i, y + dy * i))
        if placed is None:
            return "knights can't cross an empty space or leave the layout"
        need = KIND_MINIMUM[placed.tile]
        if need is None:
            return "knights can't enter a lake"
        if drop < need:
            return f"a {terrain_of(placed.tile)} needs {need} knights left on it"
        if len(placed.knights) + drop > MAX_STACK:
            return f"no tile may hold more than {MAX_STACK} knights"
    return "that deployment is not possible"
