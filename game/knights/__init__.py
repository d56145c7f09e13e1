"""Robber Knights rules: pure Python, no pygame.

A ``KnightsState`` is an immutable value (assigning an attribute raises): ``apply`` returns a
new state, illegal actions raise ``game.core.IllegalAction`` with a sentence for the player and
a code (``game.knights.refusals``). Phases (``Phase``): ``keep`` -> ``place`` (with ``deploy``
after each castle) -> ``over``. Drawing, turn passing and skipping happen in ``apply``.

>>> from game.knights import new_game, Keep, Place, Deploy
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> state.phase, state.current_player, [str(a) for a in state.legal_actions()]
('keep', 0, ['keep mountain', 'keep plain', 'keep plain+village'])
>>> state = state.apply(Keep("mountain")).apply(Keep("mountain"))
>>> state.phase, sorted(state.board), state.legal_spots()[:3]
('place', [(0, 0), (0, 1), (1, 0), (1, 1)], [(-1, 0), (-1, 1), (0, -1)])
>>> state = state.apply(Place("plain+castle", 2, 0))
>>> state.phase, state.pending, str(state.legal_deployments()[1])
('deploy', (2, 0), 'deploy 1 knights, all staying on the castle')
>>> state = state.apply(Deploy(2, "W", (1, 1)))
>>> state.board[(2, 0)].knights, state.board[(1, 0)].knights, state.supply
((0,), (0,), (28, 30))

Hidden information: ``view(p)`` replaces tiles ``p`` can't see by ``Tile(HIDDEN, letter)``
(``HIDDEN == "?"``); ``determinize(p, rng)`` deals them again from the unseen pool.
Hand-built positions for tests and puzzles: ``game.knights.position.position``.
"""

from .actions import DIRECTIONS, END, NO_DEPLOY, Action, Deploy, End, Keep, Place, action_from_dict
from .state import KnightsState, Phase, new_game
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
    "Phase",
    "Place",
    "PlacedTile",
    "Tile",
    "action_from_dict",
    "building_of",
    "new_game",
    "terrain_of",
]
