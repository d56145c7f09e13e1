"""Every way the Robber Knights engine refuses an action: a stable code and today's English.

The client translates a refusal by its code (the template is the catalog's msgid); ``tile`` and
``terrain`` fields hold game words and are translated with it.
"""

from __future__ import annotations

from ..core import refusal

# The phase says what comes first.
GAME_OVER = refusal("game_over", "the game is over")
KEEP_FIRST = refusal("keep_first", "first each player chooses which A tile to keep")
DEPLOY_FIRST = refusal(
    "deploy_first", "first bring knights into play from the castle you just laid (or none)"
)
LAY_OR_END = refusal("lay_or_end", "lay a tile or end your turn")
LAY_A_TILE = refusal("lay_a_tile", "lay a tile")
NOT_A_KNIGHTS_ACTION = refusal("not_a_knights_action", "{action} is not a Robber Knights action")
TILE_NOT_NAMED = refusal("tile_not_named", "a tile is named by its terrain, such as plain+village")

# Keeping an A tile.
CASTLE_KEPT_ANYWAY = refusal(
    "castle_kept_anyway", "the castle stays in your hand anyway: keep one of the other tiles"
)
NO_TILE_TO_KEEP = refusal("no_tile_to_keep", "you have no {tile} tile to keep", words=("tile",))
NO_CASTLE_TO_KEEP = refusal("no_castle_to_keep", "you have no castle to keep beside it")

# Laying a tile, ending the turn.
TILE_NOT_IN_HAND = refusal(
    "tile_not_in_hand", "you have no {tile} tile in your hand", words=("tile",)
)
SPOT_NOT_WHOLE = refusal("spot_not_whole", "a spot is given by whole-number coordinates")
SPOT_TAKEN = refusal("spot_taken", "that spot is already taken")
SPOT_NOT_ADJACENT = refusal("spot_not_adjacent", "that spot is not next to any tile")
AREA_TOO_WIDE = refusal("area_too_wide", "the area may be at most {n} tiles wide")
AREA_TOO_TALL = refusal("area_too_tall", "the area may be at most {n} tiles tall")
TILE_CANT_GO_THERE = refusal("tile_cant_go_there", "that tile can't go there")
LAY_BEFORE_ENDING = refusal(
    "lay_before_ending", "you must lay at least one tile before ending your turn"
)

# Bringing knights into play.
DEPLOY_MALFORMED = refusal(
    "deploy_malformed",
    "a deployment is a number of knights, a direction N, E, S, W or none, and drops",
)
KNIGHTS_LEFT = refusal("knights_left", "you have only {supply} knights left")
DEPLOY_AT_MOST = refusal("deploy_at_most", "you may bring at most {n} knights into play at once")
DROPS_DONT_ADD_UP = refusal(
    "drops_dont_add_up", "the knights left on the tiles must add up to the knights brought in"
)
CASTLE_NEEDS = refusal(
    "castle_needs",
    "a {terrain} castle needs {n} knights, you can't bring in fewer",
    words=("terrain",),
)
TILE_NEEDS = refusal("tile_needs", "a {terrain} needs {n} knights left on it", words=("terrain",))
CASTLE_STACK_FULL = refusal(
    "castle_stack_full", "at most {n} knights fit on one tile, so {count} knights must move"
)
DEPLOY_IMPOSSIBLE = refusal("deploy_impossible", "that deployment is not possible")
NO_DEPLOY_HAS_NO_PATH = refusal(
    "no_deploy_has_no_path", "bringing in no knights has no direction and no drops"
)
STACK_TOO_HIGH = refusal("stack_too_high", "no tile may hold more than {n} knights")
PATH_BROKEN = refusal("path_broken", "knights can't cross an empty space or leave the layout")
INTO_LAKE = refusal("into_lake", "knights can't enter a lake")
