"""The Robber Knights lesson: a guided first game against Kunz (see ``game.lesson``).

The deal: seed 5 lays the start tiles as plain, village / mountain, village once the learner
keeps his mountain and Kunz his plain; the piles below are stacked so that the learner draws a
forest village, a town, a castle. Coordinates: x grows east, y grows south; the start layout
is 0 <= x < 2, 0 <= y < 2.

Targets the table lights (game/ui/knights/lesson_draw.py): ``("spot", x, y)``, ``("hand",
kind)``, ``("card", seat)``, ``("pile", seat)``, ``("drops", "1-1-1")`` (a drop pattern's
chip), and the table's buttons ``("button", ident)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import N_
from ..lesson import Lesson, Step
from .state import KnightsState, new_game

SEED = 5
# Each seat's draw pile, top first (B, C, D, E: the order within a letter is the lesson's).
PILES: tuple[tuple[str, ...], ...] = tuple(
    tuple(" ".join(letters).split())
    for letters in (
        (
            "forest+village plain+town plain+castle plain+village lake",
            "plain+castle plain forest+town plain+village forest+castle",
            "plain+castle mountain forest+village plain+castle plain+town",
            "forest+castle plain+town plain+castle forest+village plain",
        ),
        (
            "lake plain+castle forest+village plain+village plain+town",
            "plain+castle forest+town plain plain+village forest+castle",
            "mountain plain+castle forest+village plain+castle plain+town",
            "plain+castle forest+castle forest+village plain+town plain",
        ),
    )
)
LETTERS = "B" * 5 + "C" * 5 + "D" * 5 + "E" * 5


def start(names: Sequence[str]) -> KnightsState:
    """The lesson's deal for ``names``, checked by the engine's own reader."""
    data: dict[str, Any] = new_game(list(names), SEED).to_dict()
    data["piles"] = [
        [{"tile": kind, "letter": letter} for kind, letter in zip(pile, LETTERS, strict=True)]
        for pile in PILES
    ]
    return KnightsState.from_dict(data)


def _place(tile: str, x: int, y: int) -> dict[str, Any]:
    return {"type": "place", "tile": tile, "x": x, "y": y}


def _deploy(count: int, direction: str, drops: list[int]) -> dict[str, Any]:
    return {"type": "deploy", "count": count, "dir": direction, "drops": drops}


END = {"type": "end"}

STEPS = (
    Step(
        N_(
            "Welcome to Robber Knights! Lay landscape tiles, build castles and send your "
            "knights to hold villages and towns."
        )
    ),
    Step(
        N_(
            "Everyone keeps his castle and one more A tile. Keep the mountain: it will "
            "protect you later."
        ),
        lit=(("hand", "mountain"), ("button", "keep")),
        moves=({"type": "keep", "tile": "mountain"},),
        refusal=N_("In this lesson, keep the mountain: click it, then Keep."),
    ),
    Step(
        N_(
            "Kunz kept his plain. The other A tiles form the start layout: 2×2, still without "
            "knights."
        ),
        lit=(("spot", 0, 0), ("spot", 1, 0), ("spot", 0, 1), ("spot", 1, 1)),
        computer=({"type": "keep", "tile": "plain"},),
    ),
    Step(
        N_(
            "Your card: points, knights in supply, tiles left. Pile B 5, C 5: you draw 5 B "
            "tiles next, then 5 C."
        ),
        lit=(("card", 0), ("pile", 0)),
    ),
    Step(
        N_(
            "Lay your castle on the lit spot. A tile must touch another along a side; the "
            "dashed frame previews it."
        ),
        lit=(("hand", "plain+castle"), ("spot", 2, 0)),
        moves=(_place("plain+castle", 2, 0),),
        refusal=N_("In this lesson, lay the castle on the lit spot."),
    ),
    Step(
        N_(
            "A new castle brings 0 to 5 knights in. Take 3, march west, and leave 1 on each "
            "tile (1-1-1)."
        ),
        lit=(
            ("button", "count3"),
            ("button", "dir-W"),
            ("drops", "1-1-1"),
            ("button", "confirm"),
            ("spot", 1, 0),
            ("spot", 0, 0),
        ),
        moves=(_deploy(3, "W", [1, 1, 1]),),
        refusal=N_("In this lesson, bring 3 knights and march them west, 1 on each tile."),
    ),
    Step(
        N_(
            "A march goes straight, never turning. It leaves at least 1 knight on a plain, 2 on "
            "a forest, 3 on a mountain."
        ),
        lit=(("spot", 2, 0), ("spot", 1, 0), ("spot", 0, 0)),
    ),
    Step(
        N_(
            "After each lay you draw a tile, and you may lay up to 3 a turn. Lay the forest "
            "village on the lit spot."
        ),
        lit=(("hand", "forest+village"), ("spot", 3, 0)),
        moves=(_place("forest+village", 3, 0),),
        refusal=N_("In this lesson, lay the forest village on the lit spot."),
    ),
    Step(
        N_(
            "Stop here: End turn ends your turn after 1 or 2 lays. After the 3rd it ends by itself."
        ),
        lit=(("button", "end"),),
        moves=(END,),
        refusal=N_("In this lesson, end your turn now (End turn, or E)."),
    ),
    Step(
        N_(
            "Kunz lays a castle and marches 4 knights east. Knights that arrive go on top of "
            "the knights there."
        ),
        lit=(("spot", -1, 0), ("spot", 0, 0), ("spot", 1, 0)),
        computer=(_place("plain+castle", -1, 0), _deploy(4, "E", [1, 1, 2])),
    ),
    Step(
        N_(
            "Only the top knight scores: castle 1, village 2, town 3. So your village counts "
            "for Kunz now."
        ),
        lit=(("spot", 1, 0), ("card", 0), ("card", 1)),
    ),
    Step(
        N_("The number on a stack counts its knights. A tile holds 4 knights at most."),
        lit=(("spot", 1, 0), ("spot", 0, 0)),
    ),
    Step(
        N_("Kunz lays a lake. No march can enter a lake, nor jump a gap where no tile lies."),
        lit=(("spot", -2, 0),),
        computer=(_place("lake", -2, 0), END),
    ),
    Step(
        N_(
            "The layout must fit in 7×7 (9×9 with 3 players, 10×10 with 4). A dashed line: "
            "that edge is 1 tile away."
        ),
        lit=(("spot", -3, 0), ("spot", 4, 0)),
    ),
    Step(
        N_("Your turn. Lay the town above your lost village: a town is worth 3 to its top knight."),
        lit=(("hand", "plain+town"), ("spot", 1, -1)),
        moves=(_place("plain+town", 1, -1),),
        refusal=N_("In this lesson, lay the town on the lit spot."),
    ),
    Step(
        N_("Knights come in only from a castle just laid. Lay your new castle above the town."),
        lit=(("hand", "plain+castle"), ("spot", 1, -2)),
        moves=(_place("plain+castle", 1, -2),),
        refusal=N_("In this lesson, lay the castle on the lit spot."),
    ),
    Step(
        N_(
            "Take 3 and march south, 1-1-1: one stays on the castle, one holds the town, one "
            "lands on the village."
        ),
        lit=(
            ("button", "count3"),
            ("button", "dir-S"),
            ("drops", "1-1-1"),
            ("button", "confirm"),
            ("spot", 1, -1),
            ("spot", 1, 0),
        ),
        moves=(_deploy(3, "S", [1, 1, 1]),),
        refusal=N_("In this lesson, bring 3 knights and march them south, 1 on each tile."),
    ),
    Step(
        N_(
            "Your knight is on top: the village is yours again. With 4 knights it is full, "
            "so nobody can land there."
        ),
        lit=(("spot", 1, 0),),
    ),
    Step(
        N_(
            "Tip: a mountain protects. Lay it beside your town: a march must leave 3 knights "
            "on it to cross."
        ),
        lit=(("hand", "mountain"), ("spot", 0, -1)),
        moves=(_place("mountain", 0, -1),),
        refusal=N_("In this lesson, lay the mountain on the lit spot."),
    ),
    Step(
        N_(
            "Your 3rd lay ended your turn. Kunz marches onto the forest village you laid: a "
            "forest keeps at least 2."
        ),
        lit=(("spot", 3, 1), ("spot", 3, 0)),
        computer=(_place("plain+castle", 3, 1), _deploy(3, "N", [1, 2]), END),
    ),
    Step(
        N_(
            "Knights never move again. A castle gets knights only when it is laid: 0 means "
            "it never will."
        ),
    ),
    Step(
        N_(
            "The game ends when every tile is laid. Most points wins; a tie goes to more "
            "knights left in supply."
        ),
        lit=(("card", 0), ("card", 1)),
    ),
    Step(
        N_("That is the whole game! Play on against the easy computer, or go back to the menu."),
    ),
)

LESSON = Lesson(game="knights", start=start, steps=STEPS)

__all__ = ["LESSON", "PILES", "SEED", "STEPS", "start"]
