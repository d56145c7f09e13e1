"""What any player at a Robber Knights table may know, worked out for the coach's aids: each
player's tiles still to come (every player has the same 24 tiles in his colour, so what he has
laid tells what he still has), and the buildings a rival could take on his next turn.

Pure: rules only. The laid tiles come from the game's history (the board keeps no owner).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from .actions import DIRECTIONS, Action, Keep, Place
from .deploy import legal_deployments
from .state import KnightsState
from .tiles import CASTLE_KINDS, KIND_MINIMUM, KIND_POINTS, MAX_STACK, TILE_SET, PlacedTile

Pos = tuple[int, int]
TileKey = tuple[str, str]  # (kind, letter)

_FULL_SET: Counter[TileKey] = Counter(
    (kind, letter) for letter, kinds in TILE_SET.items() for kind in kinds
)
_CASTLE_A = "plain+castle"


def tiles_to_come(
    state: KnightsState, moves: Iterable[tuple[int | None, Action]], viewer: int | None = None
) -> list[Counter[TileKey] | None]:
    """Per seat, the (kind, letter) of each tile he has not laid yet (hand and pile): his set
    minus what ``moves`` (every move of the game, with its seat) laid and the start tiles he
    gave up. Which start tile a rival of ``viewer`` kept is his secret (the log hides it) until
    he lays it: till then none of his three start tiles besides the castle is counted. None
    for a seat whose count disagrees with the state (a history that does not reach back to the
    start): better nothing than a wrong aid."""
    left: list[Counter[TileKey]] = [Counter(_FULL_SET) for _seat in range(state.num_players)]
    secret = [0] * state.num_players  # a kept start tile not laid yet, its kind unknown
    board = state.board
    for seat, action in moves:
        if seat is None or not 0 <= seat < state.num_players:
            continue
        if isinstance(action, Keep):
            hidden = viewer is not None and seat != viewer
            # The other two A tiles go into the start layout: only the castle and the kept one stay.
            for kind in TILE_SET["A"]:
                if kind != _CASTLE_A and (hidden or kind != action.tile):
                    left[seat][(kind, "A")] -= 1
            secret[seat] = 1 if hidden else 0
        elif isinstance(action, Place):
            placed = board.get((action.x, action.y))
            if placed is None:
                continue
            if secret[seat] and placed.letter == "A" and placed.tile != _CASTLE_A:
                secret[seat] = 0  # the kept start tile, laid: no secret any more
            else:
                left[seat][(placed.tile, placed.letter)] -= 1
    result: list[Counter[TileKey] | None] = []
    for seat, counts in enumerate(left):
        counts = +counts  # drops zero and negative counts
        fits = sum(counts.values()) + secret[seat] == state.tiles_left(seat) and all(
            c >= 0 for c in left[seat].values()
        )
        result.append(counts if fits else None)
    return result


def kinds_to_come(counts: Counter[TileKey]) -> Counter[str]:
    """The same tiles counted by kind only."""
    kinds: Counter[str] = Counter()
    for (kind, _letter), count in counts.items():
        kinds[kind] += count
    return kinds


def castles_in_reach(state: KnightsState, seat: int, counts: Counter[TileKey]) -> set[str]:
    """The castle kinds ``seat`` may lay on his next turn: among his tiles to come, those of a
    letter in his hand or among the two next tiles of his pile (he draws after each lay)."""
    letters = {tile.letter for tile in state.hands[seat]}
    letters |= {tile.letter for tile in state.piles[seat][:2]}
    return {
        kind
        for (kind, letter), n in counts.items()
        if n and kind in CASTLE_KINDS and letter in letters
    }


def reachable_from_castle(
    board: Mapping[Pos, PlacedTile], spot: Pos, castle: str, supply: int
) -> set[Pos]:
    """The tiles a castle of kind ``castle`` laid at ``spot`` could put its knights on top of."""
    with_castle = dict(board)
    with_castle[spot] = PlacedTile(castle, "A")
    reached: set[Pos] = set()
    for deploy in legal_deployments(with_castle, spot[0], spot[1], castle, supply):
        if deploy.dir is None:
            continue
        dx, dy = DIRECTIONS[deploy.dir]
        for i in range(1, len(deploy.drops)):
            reached.add((spot[0] + dx * i, spot[1] + dy * i))
    return reached


def is_safe(placed: PlacedTile) -> bool:
    """Can no deployment ever enter this tile (its minimum would push it above 4 knights)?"""
    need = KIND_MINIMUM.get(placed.tile)
    return need is None or len(placed.knights) + need > MAX_STACK


def threatened(
    state: KnightsState, seat: int, castles: Mapping[int, set[str]]
) -> dict[Pos, list[int]]:
    """``seat``'s buildings (his knight on top) that a rival could take on his next turn by
    laying one of the castle kinds ``castles`` gives him at a free spot in line with it and
    bringing knights onto it: building spot -> the rivals who could."""
    board = state.board
    mine = {
        pos: placed
        for pos, placed in board.items()
        if placed.knights and placed.knights[-1] == seat and KIND_POINTS[placed.tile]
    }
    targets = {pos for pos, placed in mine.items() if not is_safe(placed)}
    found: dict[Pos, list[int]] = {}
    if not targets or state.is_terminal:
        return found
    spots = [
        spot
        for spot in state.legal_spots()
        if any(
            (spot[0] == x and abs(spot[1] - y) <= MAX_STACK)
            or (spot[1] == y and abs(spot[0] - x) <= MAX_STACK)
            for x, y in targets
        )
    ]
    for rival, kinds in sorted(castles.items()):
        if rival == seat or state.supply[rival] <= 0:
            continue
        for spot in spots:
            for castle in sorted(kinds):
                for pos in (
                    reachable_from_castle(board, spot, castle, state.supply[rival]) & targets
                ):
                    if rival not in found.setdefault(pos, []):
                        found[pos].append(rival)
    return found


def rival_threats(
    state: KnightsState, seat: int, to_come: list[Counter[TileKey] | None]
) -> dict[Pos, list[int]]:
    """:func:`threatened` with each rival's castles in reach worked out from his tiles to come
    (a rival whose tiles are not known is assumed to have a castle in reach)."""
    castles: dict[int, set[str]] = {}
    for rival in range(state.num_players):
        if rival == seat or state.tiles_left(rival) == 0:
            continue
        counts = to_come[rival] if rival < len(to_come) else None
        castles[rival] = (
            set(CASTLE_KINDS) if counts is None else castles_in_reach(state, rival, counts)
        )
    return threatened(state, seat, castles)
