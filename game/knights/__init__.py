"""Robber Knights rules: pure Python, no pygame.

>>> from game.knights import new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> state.phase, state.current_player, [str(a) for a in state.legal_actions()]
('keep', 0, ['keep mountain', 'keep plain', 'keep plain+village'])
"""

from .actions import DIRECTIONS, END, NO_DEPLOY, Action, Deploy, End, Keep, Place, action_from_dict
from .state import KnightsState, new_game
from .tiles import (
    AREA_SIZE,
    BUILDING_POINTS,
    CASTLE_KINDS,
    HIDDEN,
    KIND_MINIMUM,
    KIND_POINTS,
    KNIGHTS_PER_PLAYER,
    LETTERS,
    MAX_DEPLOY,
    MAX_STACK,
    TERRAIN_MINIMUM,
    TILE_COUNTS,
    TILE_KINDS,
    TILE_SET,
    TILES_PER_PLAYER,
    PlacedTile,
    Tile,
    building_of,
    terrain_of,
)

__all__ = [
    "AREA_SIZE",
    "BUILDING_POINTS",
    "CASTLE_KINDS",
    "DIRECTIONS",
    "END",
    "HIDDEN",
    "KIND_MINIMUM",
    "KIND_POINTS",
    "KNIGHTS_PER_PLAYER",
    "LETTERS",
    "MAX_DEPLOY",
    "MAX_STACK",
    "NO_DEPLOY",
    "TERRAIN_MINIMUM",
    "TILES_PER_PLAYER",
    "TILE_COUNTS",
    "TILE_KINDS",
    "TILE_SET",
    "Action",
    "Deploy",
    "End",
    "Keep",
    "KnightsState",
    "Place",
    "PlacedTile",
    "Tile",
    "action_from_dict",
    "building_of",
    "new_game",
    "terrain_of",
]
