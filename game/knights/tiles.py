"""The Robber Knights tile set and per-kind constants: the one place the tile data lives.

A tile kind is written ``terrain`` or ``terrain+building`` (``"forest+castle"``). A tile is a
kind plus the letter on its back; tiles carry no owner (the board JSON has none).
"""

from __future__ import annotations

from typing import NamedTuple

LETTERS = "ABCDE"
PILE_LETTERS = "BCDE"  # drawn B first, E last
KNIGHTS_PER_PLAYER = 30
MAX_DEPLOY = 5  # knights taken from the supply at one castle
MAX_STACK = 4  # knights on one tile
HIDDEN = "?"  # the kind of a tile the viewer cannot see

# The per-player tile set, letter by letter (rules file, "Components").
TILE_SET: dict[str, tuple[str, ...]] = {
    "A": ("plain+castle", "plain", "plain+village", "mountain"),
    "B": ("lake", "plain+castle", "plain+village", "forest+village", "plain+town"),
    "C": ("forest+town", "plain", "plain+castle", "plain+village", "forest+castle"),
    "D": ("plain+castle", "plain+castle", "mountain", "forest+village", "plain+town"),
    "E": ("plain+castle", "forest+castle", "forest+village", "plain+town", "plain"),
}
TILES_PER_PLAYER = sum(len(kinds) for kinds in TILE_SET.values())  # 24

TILE_KINDS: tuple[str, ...] = (
    "lake",
    "mountain",
    "plain",
    "plain+village",
    "plain+castle",
    "plain+town",
    "forest+village",
    "forest+castle",
    "forest+town",
)

# Knights that must stay on a tile when a deployment passes or ends on it; lakes can't be entered.
TERRAIN_MINIMUM: dict[str, int] = {"plain": 1, "forest": 2, "mountain": 3}
BUILDING_POINTS: dict[str, int] = {"castle": 1, "village": 2, "town": 3}
AREA_SIZE: dict[int, int] = {2: 7, 3: 9, 4: 10}


def terrain_of(kind: str) -> str:
    return kind.split("+", 1)[0]


def building_of(kind: str) -> str | None:
    parts = kind.split("+", 1)
    return parts[1] if len(parts) == 2 else None


# Per-kind lookups precomputed for the hot paths (None = lake, can't be entered).
KIND_MINIMUM: dict[str, int | None] = {k: TERRAIN_MINIMUM.get(terrain_of(k)) for k in TILE_KINDS}
KIND_POINTS: dict[str, int] = {k: BUILDING_POINTS.get(building_of(k) or "", 0) for k in TILE_KINDS}
CASTLE_KINDS = frozenset(k for k in TILE_KINDS if building_of(k) == "castle")
KIND_ORDER: dict[str, int] = {k: i for i, k in enumerate(TILE_KINDS)}


class Tile(NamedTuple):
    """A tile in a hand, pile or the start layout. ``tile`` is ``HIDDEN`` when not visible."""

    tile: str
    letter: str


class PlacedTile(NamedTuple):
    """A tile on the table; ``knights`` lists seat numbers bottom first (the last one is on top)."""

    tile: str
    letter: str
    knights: tuple[int, ...] = ()


def letter_counts() -> dict[tuple[str, str], int]:
    """How many tiles of each (kind, letter) one player owns."""
    counts: dict[tuple[str, str], int] = {}
    for letter, kinds in TILE_SET.items():
        for kind in kinds:
            counts[(kind, letter)] = counts.get((kind, letter), 0) + 1
    return counts


TILE_COUNTS = letter_counts()
