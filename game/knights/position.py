"""Hand-built positions for tests, tutorials and AI experiments.

``position`` builds a state from a compact description without checking that the tiles add up
to full tile sets (a save file must; a puzzle needn't). The rules still apply to every action.

>>> s = position({(0, 0): "plain", (1, 0): "forest"}, hands=[["plain+castle"], ["lake"]])
>>> s.phase, s.current_player, sorted(s.board)
('place', 0, [(0, 0), (1, 0)])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .state import KnightsState, Phase
from .tiles import AREA_SIZE, KNIGHTS_PER_PLAYER, TILE_SET, PlacedTile, Tile

Pos = tuple[int, int]
# A board entry: "kind", ("kind", knights) or ("kind", knights, letter).
TileSpec = str | tuple[str, Sequence[int]] | tuple[str, Sequence[int], str]
# A hand or pile entry: "kind" (letter B) or ("kind", letter).
CardSpec = str | tuple[str, str]


def default_letter(kind: str) -> str:
    """The first letter that has tiles of this kind (so small positions also save and load)."""
    return next((letter for letter, kinds in TILE_SET.items() if kind in kinds), "B")


def _placed(spec: TileSpec) -> PlacedTile:
    if isinstance(spec, str):
        return PlacedTile(spec, default_letter(spec), ())
    if len(spec) == 2:
        return PlacedTile(spec[0], default_letter(spec[0]), tuple(spec[1]))
    return PlacedTile(spec[0], spec[2], tuple(spec[1]))


def _tile(spec: CardSpec) -> Tile:
    return Tile(spec, default_letter(spec)) if isinstance(spec, str) else Tile(spec[0], spec[1])


def position(
    board: Mapping[Pos, TileSpec],
    *,
    hands: Sequence[Sequence[CardSpec]],
    piles: Sequence[Sequence[CardSpec]] | None = None,
    supply: Sequence[int] | None = None,
    current: int | None = 0,
    phase: Phase = "place",
    lays_this_turn: int = 0,
    pending: Pos | None = None,
    seed: int = 0,
    names: Sequence[str] | None = None,
) -> KnightsState:
    """A state in play with this board (tiles default to the first letter of their kind and
    no knights)."""
    n = len(hands)
    if n not in AREA_SIZE:
        raise ValueError("give one hand per player, 2 to 4 players")
    return KnightsState.build(
        players=tuple(names) if names else tuple(f"P{i}" for i in range(n)),
        seed=seed,
        phase=phase,
        current_player=current,
        lays_this_turn=lays_this_turn,
        pending=pending,
        board={pos: _placed(spec) for pos, spec in board.items()},
        hands=tuple(tuple(_tile(t) for t in hand) for hand in hands),
        piles=tuple(tuple(_tile(t) for t in pile) for pile in (piles or [[] for _ in range(n)])),
        supply=tuple(supply) if supply is not None else (KNIGHTS_PER_PLAYER,) * n,
        kept=(True,) * n,
        start=(),
    )
