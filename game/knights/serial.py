"""The Robber Knights save format (JSON, version 1): writing, and loading with full validation.

Loading never trusts its input: every field is type- and range-checked and the parts are checked
against each other (no more tiles of a kind and letter than the tile sets hold, at most 30
knights per player, phase consistency). Fewer tiles than full sets are allowed, so hand-built
positions load too.
Problems raise SaveFormatError (a ValueError) with a message naming the field.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from ..core import require
from .tiles import (
    AREA_SIZE,
    CASTLE_KINDS,
    HIDDEN,
    KIND_MINIMUM,
    KNIGHTS_PER_PLAYER,
    LETTERS,
    MAX_STACK,
    TILE_COUNTS,
    TILE_SET,
    PlacedTile,
    Tile,
)

if TYPE_CHECKING:
    from .state import KnightsState

GAME_NAME = "robber-knights"
VERSION = 1
PHASES = ("keep", "place", "deploy", "over")
Pos = tuple[int, int]


def _tile_dict(t: Tile) -> dict[str, Any]:
    return {"tile": t.tile, "letter": t.letter}


def state_to_dict(state: KnightsState) -> dict[str, Any]:
    pending = state.pending
    return {
        "game": GAME_NAME,
        "version": VERSION,
        "seed": state.seed,
        "players": list(state.players),
        "area": state.area,
        "phase": state.phase,
        "current": state.current_player,
        "lays_this_turn": state.lays_this_turn,
        "pending": None if pending is None else {"x": pending[0], "y": pending[1]},
        "board": [
            {"x": x, "y": y, "tile": p.tile, "letter": p.letter, "knights": list(p.knights)}
            for (x, y), p in state.board.items()
        ],
        "hands": [[_tile_dict(t) for t in hand] for hand in state.hands],
        "piles": [[_tile_dict(t) for t in pile] for pile in state.piles],
        "supply": list(state.supply),
        "kept": list(state.kept),
        "start": [_tile_dict(t) for t in state.start],
    }


# ----- field readers ------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    require(_is_int(value), f"{what} must be an integer, got {value!r}")
    if low is not None:
        require(value >= low, f"{what} must be at least {low}, got {value}")
    if high is not None:
        require(value <= high, f"{what} must be at most {high}, got {value}")
    return int(value)


def _list(value: Any, what: str) -> list[Any]:
    require(isinstance(value, list), f"{what} must be a list")
    return list(value)


def _dict(value: Any, what: str) -> dict[str, Any]:
    require(isinstance(value, dict), f"{what} must be an object")
    return dict(value)


def _tile(value: Any, what: str, allow_hidden: bool) -> Tile:
    d = _dict(value, what)
    kind, letter = d.get("tile"), d.get("letter")
    require(letter in tuple(LETTERS), f"{what}: letter must be one of A-E, got {letter!r}")
    if allow_hidden and kind == HIDDEN:
        return Tile(HIDDEN, str(letter))
    require(
        isinstance(kind, str) and (kind, letter) in TILE_COUNTS,
        f"{what}: there is no {kind!r} tile with letter {letter}",
    )
    return Tile(str(kind), str(letter))


def _tiles(value: Any, what: str, allow_hidden: bool) -> tuple[Tile, ...]:
    items = _list(value, what)
    return tuple(_tile(item, f"{what}[{i}]", allow_hidden) for i, item in enumerate(items))


def _per_seat(d: dict[str, Any], key: str, n: int) -> list[Any]:
    items = _list(d.get(key), key)
    require(len(items) == n, f"{key} must have one entry per player ({n}), got {len(items)}")
    return items


def _board(value: Any, n: int, area: int) -> dict[Pos, PlacedTile]:
    board: dict[Pos, PlacedTile] = {}
    for i, item in enumerate(_list(value, "board")):
        what = f"board[{i}]"
        d = _dict(item, what)
        x, y = _int(d.get("x"), f"{what}.x"), _int(d.get("y"), f"{what}.y")
        tile = _tile(d, what, allow_hidden=False)
        knights = _list(d.get("knights"), f"{what}.knights")
        for k in knights:
            _int(k, f"{what}.knights entry", 0, n - 1)
        require(len(knights) <= MAX_STACK, f"{what} holds more than {MAX_STACK} knights")
        require(not knights or KIND_MINIMUM[tile.tile] is not None, f"{what}: a lake holds knights")
        require((x, y) not in board, f"{what}: two tiles at ({x}, {y})")
        board[(x, y)] = PlacedTile(tile.tile, tile.letter, tuple(knights))
    if board:
        xs = [x for x, _ in board]
        ys = [y for _, y in board]
        require(max(xs) - min(xs) < area, f"the board is wider than the {area}x{area} area")
        require(max(ys) - min(ys) < area, f"the board is taller than the {area}x{area} area")
        require(_connected(board), "the board's tiles are not all joined edge to edge")
    return board


def _connected(board: dict[Pos, PlacedTile]) -> bool:
    first = next(iter(board))
    seen = {first}
    todo = deque([first])
    while todo:
        x, y = todo.popleft()
        for spot in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if spot in board and spot not in seen:
                seen.add(spot)
                todo.append(spot)
    return len(seen) == len(board)


# ----- consistency checks -------------------------------------------------------------------


def _check_tile_counts(
    n: int,
    board: dict[Pos, PlacedTile],
    hands: tuple[tuple[Tile, ...], ...],
    piles: tuple[tuple[Tile, ...], ...],
    start: tuple[Tile, ...],
) -> None:
    """No tile appears more often than the n tile sets hold it (hidden tiles count by letter).
    Fewer is allowed: hand-built positions and puzzles use part of the sets."""
    kinds: dict[tuple[str, str], int] = {}
    letters: dict[str, int] = {}
    everything: list[tuple[str, str]] = [(p.tile, p.letter) for p in board.values()]
    everything += [(t.tile, t.letter) for g in (start, *hands, *piles) for t in g]
    for kind, letter in everything:
        letters[letter] = letters.get(letter, 0) + 1
        if kind != HIDDEN:
            kinds[(kind, letter)] = kinds.get((kind, letter), 0) + 1
    for (kind, letter), count in kinds.items():
        allowed = TILE_COUNTS[(kind, letter)] * n
        require(
            count <= allowed, f"{count} {kind} tiles with letter {letter}, only {allowed} exist"
        )
    for letter, kinds_of_letter in TILE_SET.items():
        allowed = len(kinds_of_letter) * n
        found = letters.get(letter, 0)
        require(found <= allowed, f"{found} tiles with letter {letter}, only {allowed} exist")


def _check_piles(piles: tuple[tuple[Tile, ...], ...]) -> None:
    for q, pile in enumerate(piles):
        letters = [t.letter for t in pile]
        require("A" not in letters, f"piles[{q}] holds an A tile")
        require(letters == sorted(letters), f"piles[{q}] is not ordered B, C, D, E from the top")


def _check_knights(board: dict[Pos, PlacedTile], supply: tuple[int, ...]) -> None:
    on_board = [0] * len(supply)
    for placed in board.values():
        for k in placed.knights:
            on_board[k] += 1
    for q, count in enumerate(on_board):
        total = count + supply[q]
        require(
            total <= KNIGHTS_PER_PLAYER,
            f"player {q} has {total} knights, at most {KNIGHTS_PER_PLAYER} exist",
        )


def _check_phase(fields: dict[str, Any]) -> None:
    phase, current, lays = fields["phase"], fields["current_player"], fields["lays_this_turn"]
    board, hands = fields["board"], fields["hands"]
    kept, start, pending = fields["kept"], fields["start"], fields["pending"]
    n = len(hands)
    require((current is None) == (phase == "over"), "current is null exactly when phase is over")
    require((pending is None) == (phase != "deploy"), "pending is set exactly in phase deploy")
    if phase == "keep":
        done = sum(kept)
        require(list(kept) == [True] * done + [False] * (n - done), "kept must be a seat prefix")
        require(current == done, f"in phase keep, player {done} chooses next")
        require(not board, "the board is empty until every player has kept a tile")
        require(lays == 0, "no lays happen in phase keep")
        require(len(start) == 2 * done, "each player who kept puts 2 tiles in start")
        for q, hand in enumerate(hands):
            require(all(t.letter == "A" for t in hand), f"hands[{q}] holds a non-A tile in keep")
            require(len(hand) == (2 if kept[q] else 4), f"hands[{q}] has the wrong size for keep")
            if all(t.tile != HIDDEN for t in hand):
                castles = sum(t.tile in CASTLE_KINDS for t in hand)
                require(castles == 1, f"hands[{q}] must hold the A castle during keep")
        return
    require(all(kept), "every player has kept a tile once play starts")
    require(not start, "start is empty once the start layout is laid")
    require(bool(board), "the board can't be empty once play starts")
    for q, hand in enumerate(hands):
        require(len(hand) <= 2, f"hands[{q}] holds more than 2 tiles")
        # A short hand beside a pile can't arise in play, but hand-built positions may have it.
    if phase == "over":
        require(lays == 0, "lays_this_turn is 0 when the game is over")
        # Tiles may be left only if nobody could lay them (hand-built positions), so no check.
        return
    require(lays <= 2 if phase == "place" else 1 <= lays <= 3, "lays_this_turn out of range")
    if phase == "place":
        require(bool(hands[current]), "the current player has no tile to lay")
    if phase == "deploy":
        placed = board.get(pending)
        require(placed is not None, "pending does not point at a tile")
        require(placed.tile in CASTLE_KINDS, "pending does not point at a castle")
        require(not placed.knights, "the castle to deploy from already has knights")


# ----- loading ------------------------------------------------------------------------------


def parse_state(d: Any) -> dict[str, Any]:
    """The keyword arguments of KnightsState.build for a saved state dict, all validated."""
    d = _dict(d, "the state")
    require(d.get("game") == GAME_NAME, f"not a Robber Knights save (game is {d.get('game')!r})")
    require(d.get("version") == VERSION, f"unknown save version {d.get('version')!r}")
    seed = _int(d.get("seed"), "seed")
    players = _list(d.get("players"), "players")
    require(len(players) in AREA_SIZE, f"Robber Knights is for 2 to 4 players, not {len(players)}")
    require(all(isinstance(p, str) for p in players), "player names must be strings")
    n = len(players)
    area = AREA_SIZE[n]
    require(d.get("area") == area, f"the area for {n} players is {area}, got {d.get('area')!r}")
    phase = d.get("phase")
    require(phase in PHASES, f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    current = d.get("current")
    if current is not None:
        current = _int(current, "current", 0, n - 1)
    lays = _int(d.get("lays_this_turn"), "lays_this_turn", 0, 3)
    pending_raw = d.get("pending")
    pending: Pos | None = None
    if pending_raw is not None:
        p = _dict(pending_raw, "pending")
        pending = (_int(p.get("x"), "pending.x"), _int(p.get("y"), "pending.y"))
    board = _board(d.get("board"), n, area)
    hands = tuple(
        _tiles(h, f"hands[{q}]", allow_hidden=True) for q, h in enumerate(_per_seat(d, "hands", n))
    )
    piles = tuple(
        _tiles(p, f"piles[{q}]", allow_hidden=True) for q, p in enumerate(_per_seat(d, "piles", n))
    )
    supply = tuple(
        _int(s, f"supply[{q}]", 0, KNIGHTS_PER_PLAYER)
        for q, s in enumerate(_per_seat(d, "supply", n))
    )
    kept_raw = _per_seat(d, "kept", n)
    require(all(isinstance(k, bool) for k in kept_raw), "kept must hold true/false per player")
    start = _tiles(d.get("start"), "start", allow_hidden=False)
    fields: dict[str, Any] = {
        "players": tuple(players),
        "seed": seed,
        "phase": phase,
        "current_player": current,
        "lays_this_turn": lays,
        "pending": pending,
        "board": board,
        "hands": hands,
        "piles": piles,
        "supply": supply,
        "kept": tuple(kept_raw),
        "start": start,
    }
    _check_tile_counts(n, board, hands, piles, start)
    _check_piles(piles)
    _check_knights(board, supply)
    _check_phase(fields)
    return fields
