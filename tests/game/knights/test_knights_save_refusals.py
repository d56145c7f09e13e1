"""A damaged or forged Robber Knights save is refused with the exact reason the player reads
(game.knights.serial), and the limits themselves still load: one knight, one lay or one tile
fewer than a refused file is a real position."""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.core import SaveFormatError
from game.knights import KnightsState, new_game

Save = dict[str, Any]


def played(steps: int, until: str | None = None) -> KnightsState:
    rng = random.Random(5)
    state = new_game(2, 5)
    for _ in range(steps):
        if state.is_terminal or state.phase == until:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@functools.cache
def _base(name: str) -> Save:
    steps = {"keep0": (0, None), "keep1": (1, None), "place": (25, None)}
    steps |= {"deploy": (400, "deploy"), "over": (1000, None)}
    count, until = steps[name]
    return played(count, until).to_dict()


def base(name: str) -> Save:
    return copy.deepcopy(_base(name))


def test_the_base_positions_are_what_the_cases_expect() -> None:
    keep1, place, deploy, over = (base(n) for n in ("keep1", "place", "deploy", "over"))
    assert (keep1["phase"], keep1["current"], keep1["kept"]) == ("keep", 1, [True, False])
    assert [len(h) for h in keep1["hands"]] == [2, 4] and len(keep1["start"]) == 2
    assert (place["phase"], place["current"], place["lays_this_turn"]) == ("place", 1, 2)
    assert place["supply"] == [15, 22]
    assert place["board"][5]["tile"] == "lake" and place["board"][7]["knights"] == []
    assert (deploy["phase"], deploy["pending"], deploy["lays_this_turn"]) == (
        "deploy",
        {"x": 0, "y": 2},
        1,
    )
    assert (over["phase"], over["current"], over["lays_this_turn"]) == ("over", None, 0)


def _set(key: str, value: Any) -> Callable[[Save], None]:
    return lambda d: d.update({key: value})


def _board_set(i: int, **fields: Any) -> Callable[[Save], None]:
    return lambda d: d["board"][i].update(fields)


def _swap_castle_into_start(d: Save) -> None:
    d["hands"][1][0], d["start"][1] = d["start"][1], d["hands"][1][0]


def _two_castles_beside_a_hidden_hand(d: Save) -> None:
    d["hands"][0] = [{"tile": "?", "letter": "A"}, {"tile": "?", "letter": "A"}]
    d["hands"][1][1] = {"tile": "plain+castle", "letter": "A"}


def _a_tile_on_the_pile_from_the_board(d: Save) -> None:
    spot = d["board"].pop(7)  # (1, 2), a plain A without knights at the edge
    d["piles"][0].insert(0, {"tile": spot["tile"], "letter": spot["letter"]})


def _a_lone_tile(d: Save) -> None:
    d["board"][14].update(x=3, y=-3)  # the lake at (3, 1), an end, moved away from the rest


def _pile_top_to_board(d: Save) -> None:
    top = d["piles"][0].pop(0)
    d["board"] = [{"x": 0, "y": 0, **top, "knights": []}]


# (base, change, the reason shown). Order within parse_state decides which reason comes first.
REFUSED: dict[str, tuple[str, Callable[[Save], None], str]] = {
    "not an object": ("place", lambda d: d.clear(), "not a Robber Knights save (game is None)"),
    "other game": (
        "place",
        _set("game", "raeuber-romme"),
        "not a Robber Knights save (game is 'raeuber-romme')",
    ),
    "version 2": ("place", _set("version", 2), "unknown save version 2"),
    "seed as text": ("place", _set("seed", "7"), "seed must be an integer, got '7'"),
    "seed as true": ("place", _set("seed", True), "seed must be an integer, got True"),
    "players as text": ("place", _set("players", "Ann"), "players must be a list"),
    "one player": (
        "place",
        _set("players", ["Ann"]),
        "Robber Knights is for 2 to 4 players, not 1",
    ),
    "five players": (
        "place",
        _set("players", list("ABCDE")),
        "Robber Knights is for 2 to 4 players, not 5",
    ),
    "a name as number": ("place", _set("players", ["Ann", 3]), "player names must be strings"),
    "wrong area": ("place", _set("area", 9), "the area for 2 players is 7, got 9"),
    "unknown phase": (
        "place",
        _set("phase", "dance"),
        "phase must be one of keep, place, deploy, over, got 'dance'",
    ),
    "current past the seats": ("place", _set("current", 2), "current must be at most 1, got 2"),
    "current negative": ("place", _set("current", -1), "current must be at least 0, got -1"),
    "current as text": ("place", _set("current", "1"), "current must be an integer, got '1'"),
    "four lays": ("place", _set("lays_this_turn", 4), "lays_this_turn must be at most 3, got 4"),
    "negative lays": (
        "place",
        _set("lays_this_turn", -1),
        "lays_this_turn must be at least 0, got -1",
    ),
    "lays missing": (
        "place",
        lambda d: d.pop("lays_this_turn"),
        "lays_this_turn must be an integer, got None",
    ),
    "pending as list": ("deploy", _set("pending", [0, 2]), "pending must be an object"),
    "pending without y": (
        "deploy",
        _set("pending", {"x": 0}),
        "pending.y must be an integer, got None",
    ),
    "pending x as text": (
        "deploy",
        _set("pending", {"x": "0", "y": 2}),
        "pending.x must be an integer, got '0'",
    ),
    "board as object": ("place", _set("board", {}), "board must be a list"),
    "board entry as number": (
        "place",
        lambda d: d["board"].__setitem__(0, 5),
        "board[0] must be an object",
    ),
    "board x missing": (
        "place",
        lambda d: d["board"][0].pop("x"),
        "board[0].x must be an integer, got None",
    ),
    "board y missing": (
        "place",
        lambda d: d["board"][1].pop("y"),
        "board[1].y must be an integer, got None",
    ),
    "unknown tile": (
        "place",
        _board_set(0, tile="volcano"),
        "board[0]: there is no 'volcano' tile with letter A",
    ),
    "hidden tile on the board": (
        "place",
        _board_set(0, tile="?"),
        "board[0]: there is no '?' tile with letter A",
    ),
    "tile as number": (
        "place",
        _board_set(0, tile=5),
        "board[0]: there is no 5 tile with letter A",
    ),
    "lake with letter A": (
        "place",
        _board_set(0, tile="lake"),
        "board[0]: there is no 'lake' tile with letter A",
    ),
    "letter Z": (
        "place",
        _board_set(0, letter="Z"),
        "board[0]: letter must be one of A-E, got 'Z'",
    ),
    "letter AB": (
        "place",
        _board_set(0, letter="AB"),
        "board[0]: letter must be one of A-E, got 'AB'",
    ),
    "knights as text": ("place", _board_set(0, knights="00"), "board[0].knights must be a list"),
    "knight of seat 2": (
        "place",
        _board_set(1, knights=[2]),
        "board[1].knights entry must be at most 1, got 2",
    ),
    "knight of seat -1": (
        "place",
        _board_set(1, knights=[-1]),
        "board[1].knights entry must be at least 0, got -1",
    ),
    "five knights on a tile": (
        "place",
        _board_set(1, knights=[1] * 5),
        "board[1] holds more than 4 knights",
    ),
    "knights on a lake": ("place", _board_set(5, knights=[1]), "board[5]: a lake holds knights"),
    "two tiles on one spot": (
        "place",
        lambda d: d["board"].append(dict(d["board"][1])),
        "board[21]: two tiles at (1, 0)",
    ),
    "board too wide": ("place", _board_set(1, x=4), "the board is wider than the 7x7 area"),
    "board too tall": ("place", _board_set(1, y=4, x=0), "the board is taller than the 7x7 area"),
    "a lone tile": ("place", _a_lone_tile, "the board's tiles are not all joined edge to edge"),
    "hands as object": ("place", _set("hands", {}), "hands must be a list"),
    "hands of one seat": (
        "place",
        lambda d: d["hands"].pop(),
        "hands must have one entry per player (2), got 1",
    ),
    "a hand as text": (
        "place",
        lambda d: d["hands"].__setitem__(0, "AB"),
        "hands[0] must be a list",
    ),
    "a hand tile as text": (
        "place",
        lambda d: d["hands"][0].__setitem__(1, "forest+town"),
        "hands[0][1] must be an object",
    ),
    "a hand tile without letter": (
        "place",
        lambda d: d["hands"][0][1].pop("letter"),
        "hands[0][1]: letter must be one of A-E, got None",
    ),
    "piles of three seats": (
        "place",
        lambda d: d["piles"].append([]),
        "piles must have one entry per player (2), got 3",
    ),
    "a pile tile unknown": (
        "place",
        lambda d: d["piles"][1][2].update(tile="castle"),
        "piles[1][2]: there is no 'castle' tile with letter "
        + _base("place")["piles"][1][2]["letter"],
    ),
    "negative supply": ("place", _set("supply", [-1, 22]), "supply[0] must be at least 0, got -1"),
    "supply past 30": ("place", _set("supply", [15, 31]), "supply[1] must be at most 30, got 31"),
    "supply as float": (
        "place",
        _set("supply", [15.0, 22]),
        "supply[0] must be an integer, got 15.0",
    ),
    "supply of one seat": (
        "place",
        _set("supply", [15]),
        "supply must have one entry per player (2), got 1",
    ),
    "kept as numbers": ("place", _set("kept", [1, 1]), "kept must hold true/false per player"),
    "kept of three": (
        "place",
        _set("kept", [True] * 3),
        "kept must have one entry per player (2), got 3",
    ),
    "start as object": ("place", _set("start", {}), "start must be a list"),
    "hidden tile in start": (
        "keep1",
        lambda d: d["start"][0].update(tile="?"),
        "start[0]: there is no '?' tile with letter A",
    ),
    "a lake too many": (
        "place",
        lambda d: d["piles"][0].insert(0, {"tile": "lake", "letter": "B"}),
        "3 lake tiles with letter B, only 2 exist",
    ),
    "a letter too many": (
        "place",
        lambda d: d["piles"][0].insert(0, {"tile": "?", "letter": "B"}),
        "11 tiles with letter B, only 10 exist",
    ),
    "an A tile on a pile": (
        "place",
        _a_tile_on_the_pile_from_the_board,
        "piles[0] holds an A tile",
    ),
    "pile upside down": (
        "place",
        lambda d: d["piles"][0].reverse(),
        "piles[0] is not ordered B, C, D, E from the top",
    ),
    "a knight too many on the board": (
        "place",
        _board_set(0, knights=[0] * 4),
        "player 0 has 31 knights, at most 30 exist",
    ),
    "a knight too many in supply": (
        "place",
        _set("supply", [15, 23]),
        "player 1 has 31 knights, at most 30 exist",
    ),
    "nobody on turn in play": (
        "place",
        _set("current", None),
        "current is null exactly when phase is over",
    ),
    "somebody on turn at the end": (
        "over",
        _set("current", 0),
        "current is null exactly when phase is over",
    ),
    "pending while placing": (
        "place",
        _set("pending", {"x": 0, "y": 2}),
        "pending is set exactly in phase deploy",
    ),
    "no pending while deploying": (
        "deploy",
        _set("pending", None),
        "pending is set exactly in phase deploy",
    ),
    "kept out of seat order": ("keep1", _set("kept", [False, True]), "kept must be a seat prefix"),
    "the wrong chooser": ("keep1", _set("current", 0), "in phase keep, player 1 chooses next"),
    "a tile laid during keep": (
        "keep1",
        _pile_top_to_board,
        "the board is empty until every player has kept a tile",
    ),
    "a lay during keep": ("keep1", _set("lays_this_turn", 1), "no lays happen in phase keep"),
    "start short during keep": (
        "keep1",
        lambda d: d["start"].pop(),
        "each player who kept puts 2 tiles in start",
    ),
    "a B tile in hand during keep": (
        "keep1",
        lambda d: d["hands"][0].__setitem__(1, d["piles"][0].pop(0)),
        "hands[0] holds a non-A tile in keep",
    ),
    "a kept hand too long": (
        "keep1",
        lambda d: d["hands"][0].append(d["hands"][1].pop()),
        "hands[0] has the wrong size for keep",
    ),
    "an unkept hand too short": (
        "keep1",
        lambda d: d["hands"][1].pop(),
        "hands[1] has the wrong size for keep",
    ),
    "no castle in an unkept hand": (
        "keep1",
        _swap_castle_into_start,
        "hands[1] must hold the A castle during keep",
    ),
    "two castles in a hand": (
        "keep1",
        _two_castles_beside_a_hidden_hand,
        "hands[1] must hold the A castle during keep",
    ),
    "unkept in play": (
        "place",
        _set("kept", [True, False]),
        "every player has kept a tile once play starts",
    ),
    "start left in play": (
        "place",
        lambda d: d["start"].append(d["hands"][0].pop()),
        "start is empty once the start layout is laid",
    ),
    "empty board in play": (
        "place",
        _set("board", []),
        "the board can't be empty once play starts",
    ),
    "three tiles in hand": (
        "place",
        lambda d: d["hands"][0].append(d["piles"][0].pop(0)),
        "hands[0] holds more than 2 tiles",
    ),
    "a lay counted at the end": (
        "over",
        _set("lays_this_turn", 1),
        "lays_this_turn is 0 when the game is over",
    ),
    "three lays while placing": ("place", _set("lays_this_turn", 3), "lays_this_turn out of range"),
    "no lay before deploying": ("deploy", _set("lays_this_turn", 0), "lays_this_turn out of range"),
    "nothing to lay": (
        "place",
        lambda d: d["hands"][1].clear(),
        "the current player has no tile to lay",
    ),
    "pending off the board": (
        "deploy",
        _set("pending", {"x": 5, "y": 5}),
        "pending does not point at a tile",
    ),
    "pending at a plain": (
        "deploy",
        _set("pending", {"x": 0, "y": 0}),
        "pending does not point at a castle",
    ),
    "pending at a manned castle": (
        "deploy",
        lambda d: (_board_set(4, knights=[0])(d), d.update(supply=[29, 30])),
        "the castle to deploy from already has knights",
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_damaged_save_is_refused_with_its_reason(name: str) -> None:
    start, change, reason = REFUSED[name]
    d = base(start)
    change(d)
    with pytest.raises(SaveFormatError) as info:
        KnightsState.from_dict(d)
    assert str(info.value) == reason


def test_a_save_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(SaveFormatError, match="^the state must be an object$"):
        KnightsState.from_dict([])


def _a_tile_at_the_far_edge(d: Save) -> None:
    # x already runs from -3 to 3; y from -3 to 2, and (0, 3) joins the castle at (0, 2).
    d["board"].append({"x": 0, "y": 3, **d["piles"][0].pop(0), "knights": []})


def _no_castle_but_a_hidden_tile(d: Save) -> None:
    _swap_castle_into_start(d)
    d["hands"][1][1] = {"tile": "?", "letter": "A"}


# The edges of what a save may hold: each of these loads.
ACCEPTED: dict[str, tuple[str, Callable[[Save], None]]] = {
    "four players": ("keep0", lambda d: None),
    "four knights on a tile, thirty in all": (
        "place",
        lambda d: (_board_set(1, knights=[0] * 4)(d), d.update(supply=[11, 22])),
    ),
    "no knights left in supply": ("place", lambda d: d.update(supply=[0, 0])),
    "a hidden tile in hand and on a pile": (
        "place",
        lambda d: (d["hands"][0][0].update(tile="?"), d["piles"][1][0].update(tile="?")),
    ),
    "a hidden hand needs no castle": ("keep1", _no_castle_but_a_hidden_tile),
    "three lays before deploying": ("deploy", lambda d: d.update(lays_this_turn=3)),
    "no lay yet": ("place", lambda d: d.update(lays_this_turn=0)),
    "a board exactly as wide and tall as the area": ("place", _a_tile_at_the_far_edge),
}


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_a_save_at_the_edge_of_the_rules_loads(name: str) -> None:
    start, change = ACCEPTED[name]
    d = base(start) if name != "four players" else new_game(4, 2).to_dict()
    change(d)
    state = KnightsState.from_dict(d)
    assert state.to_dict() == d
