"""Robber Knights files: action dicts, the state JSON (version 1) and validation on load."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from game.core import SaveFormatError
from game.knights import (
    END,
    NO_DEPLOY,
    Deploy,
    End,
    Keep,
    KnightsState,
    Place,
    action_from_dict,
    new_game,
)


def played(players: int, seed: int, steps: int) -> KnightsState:
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# ----- actions ----------------------------------------------------------------------------

ACTION_EXAMPLES = [
    ({"type": "keep", "tile": "plain+village"}, Keep("plain+village")),
    ({"type": "place", "tile": "forest+castle", "x": 3, "y": -1}, Place("forest+castle", 3, -1)),
    ({"type": "deploy", "count": 4, "dir": "E", "drops": [1, 2, 1]}, Deploy(4, "E", (1, 2, 1))),
    ({"type": "deploy", "count": 0, "dir": None, "drops": []}, NO_DEPLOY),
    ({"type": "deploy", "count": 3, "dir": None, "drops": [3]}, Deploy(3, None, (3,))),
    ({"type": "end"}, End()),
]


@pytest.mark.parametrize("d,action", ACTION_EXAMPLES)
def test_action_dicts_from_design_round_trip(d: dict[str, Any], action: Any) -> None:
    assert action_from_dict(d) == action
    assert action.to_dict() == d
    assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
    assert hash(action_from_dict(d)) == hash(action)


def test_actions_print_for_logs() -> None:
    assert str(Place("forest+castle", 3, -1)) == "place forest+castle at (3, -1)"
    assert str(Keep("mountain")) == "keep mountain"
    assert str(END) == "end turn"
    assert "4" in str(Deploy(4, "E", (1, 2, 1))) and "E" in str(Deploy(4, "E", (1, 2, 1)))
    assert str(NO_DEPLOY) == "deploy no knights"


# What the player reads after "Damaged save: move N of the history is invalid:".
TILE_KINDS_TEXT = (
    "one of lake, mountain, plain, plain+village, plain+castle, plain+town, forest+village,"
    " forest+castle, forest+town"
)


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (None, "an action must be a dict, got NoneType"),
        ([], "an action must be a dict, got list"),
        ("end", "an action must be a dict, got str"),
        ({}, "unknown action type None (keep, place, deploy or end)"),
        ({"type": "fly"}, "unknown action type 'fly' (keep, place, deploy or end)"),
        ({"type": "keep"}, f"None is not a tile kind ({TILE_KINDS_TEXT})"),
        ({"type": "keep", "tile": "castle"}, f"'castle' is not a tile kind ({TILE_KINDS_TEXT})"),
        (
            {"type": "place", "tile": "plain", "x": "1", "y": 0},
            "action field 'x' must be an integer, got '1'",
        ),
        (
            {"type": "place", "tile": "plain", "x": 1.5, "y": 0},
            "action field 'x' must be an integer, got 1.5",
        ),
        (
            {"type": "place", "tile": "plain", "x": True, "y": 0},
            "action field 'x' must be an integer, got True",
        ),
        (
            {"type": "place", "tile": "plain", "x": 1},
            "action field 'y' must be an integer, got None",
        ),
        (
            {"type": "deploy", "count": 2, "dir": "NE", "drops": [1, 1]},
            "deploy direction must be N, E, S, W or null, got 'NE'",
        ),
        (
            {"type": "deploy", "count": 2, "dir": "E", "drops": [1, 2]},
            "deploy drops [1, 2] do not add up to count 2",
        ),
        (
            {"type": "deploy", "count": 2, "dir": "E", "drops": "11"},
            "deploy drops must be a list of non-negative integers",
        ),
        (
            {"type": "deploy", "count": 2, "dir": "E", "drops": [2]},
            "a deployment with a direction needs drops for the castle and a tile",
        ),
        (
            {"type": "deploy", "count": 2, "dir": None, "drops": [1, 1]},
            "knights that stay on the castle are written as drops [count]",
        ),
        (
            {"type": "deploy", "count": -1, "dir": None, "drops": [-1]},
            "deploy drops must be a list of non-negative integers",
        ),
        (
            {"type": "deploy", "count": 0, "dir": "E", "drops": []},
            "a deployment of 0 knights has no direction and no drops",
        ),
        (
            {"type": "deploy", "dir": None, "drops": []},
            "action field 'count' must be an integer, got None",
        ),
        (
            {"type": "deploy", "count": 2, "dir": "E", "drops": [1, True]},
            "deploy drops must be a list of non-negative integers",
        ),
        (
            {"type": "deploy", "count": 2, "dir": "E", "drops": ["1", "1"]},
            "deploy drops must be a list of non-negative integers",
        ),
        (
            {"type": "deploy", "count": 0, "dir": None},
            "deploy drops must be a list of non-negative integers",
        ),
        (
            {"type": "deploy", "count": 0, "dir": None, "drops": [0]},
            "a deployment of 0 knights has no direction and no drops",
        ),
        (
            {"type": "deploy", "count": 1, "dir": None, "drops": [1, 0]},
            "knights that stay on the castle are written as drops [count]",
        ),
        ({"type": ["keep"]}, "unknown action type ['keep'] (keep, place, deploy or end)"),
        ({"type": "end", "extra": 1}, "a end action has no fields ['extra']"),
    ],
)
def test_bad_action_dicts_are_refused_with_their_reason(bad: Any, reason: str) -> None:
    with pytest.raises(ValueError) as refused:
        action_from_dict(bad)
    assert str(refused.value) == reason


def test_a_deployment_may_leave_the_castle_empty_and_prints_its_drops() -> None:
    deploy = action_from_dict({"type": "deploy", "count": 2, "dir": "E", "drops": [0, 2]})
    assert deploy == Deploy(2, "E", (0, 2))
    assert str(deploy) == "deploy 2 knights E as 0-2"
    assert str(Deploy(4, "E", (1, 2, 1))) == "deploy 4 knights E as 1-2-1"


# ----- the state JSON ---------------------------------------------------------------------


def test_state_json_has_the_documented_fields() -> None:
    d = played(2, 7, 12).to_dict()
    assert list(d) == [
        "game",
        "version",
        "seed",
        "players",
        "area",
        "phase",
        "current",
        "lays_this_turn",
        "pending",
        "board",
        "hands",
        "piles",
        "supply",
        "kept",
        "start",
    ]
    assert d["game"] == "robber-knights" and d["version"] == 1 and d["area"] == 7
    assert set(d["board"][0]) == {"x", "y", "tile", "letter", "knights"}
    assert set(d["hands"][0][0]) == {"tile", "letter"}
    json.dumps(d)


def test_new_game_json_matches_the_setup() -> None:
    d = new_game(["Ann", "Bob"], 7).to_dict()
    assert d["players"] == ["Ann", "Bob"] and d["seed"] == 7 and d["phase"] == "keep"
    assert d["current"] == 0 and d["lays_this_turn"] == 0 and d["pending"] is None
    assert d["board"] == [] and d["start"] == [] and d["kept"] == [False, False]
    assert d["supply"] == [30, 30]
    assert d["hands"][0][0] == {"tile": "plain+castle", "letter": "A"}


def test_deploy_phase_json_has_pending_and_knights_bottom_first() -> None:
    rng = random.Random(3)
    state = new_game(2, 3)
    while state.phase != "deploy":
        actions = state.legal_actions()
        castles = [a for a in actions if isinstance(a, Place) and "castle" in a.tile]
        state = state.apply(castles[0] if castles else rng.choice(actions))
    d = state.to_dict()
    assert d["pending"] == {"x": state.pending[0], "y": state.pending[1]}  # type: ignore[index]
    state = state.apply(state.legal_deployments()[-1])
    knights = [entry["knights"] for entry in state.to_dict()["board"] if entry["knights"]]
    assert knights and all(all(k == 0 for k in stack) for stack in knights)


@pytest.mark.parametrize("players,seed,steps", [(2, 1, 0), (2, 2, 3), (3, 3, 40), (4, 4, 999)])
def test_round_trip_is_exact_through_json(players: int, seed: int, steps: int) -> None:
    state = played(players, seed, steps)
    d = state.to_dict()
    loaded = KnightsState.from_dict(json.loads(json.dumps(d)))
    assert loaded.to_dict() == d
    assert loaded == state
    assert loaded.legal_actions() == state.legal_actions()
    view = state.view(1)
    assert KnightsState.from_dict(json.loads(json.dumps(view.to_dict()))).to_dict() == (
        view.to_dict()
    )


def test_a_loaded_game_plays_on_identically() -> None:
    state = played(3, 9, 30)
    loaded = KnightsState.from_dict(json.loads(json.dumps(state.to_dict())))
    rng_a, rng_b = random.Random(5), random.Random(5)
    while not state.is_terminal:
        state = state.apply(rng_a.choice(state.legal_actions()))
        loaded = loaded.apply(rng_b.choice(loaded.legal_actions()))
    assert loaded.to_dict() == state.to_dict()


# ----- validation on load -----------------------------------------------------------------


def base() -> dict[str, Any]:
    return played(2, 5, 25).to_dict()


def mutated(change: Any) -> dict[str, Any]:
    d = copy.deepcopy(base())
    change(d)
    return d


BAD_SAVES = {
    "not a dict": lambda d: d.clear() or d.update({"x": 1}),
    "wrong game": lambda d: d.update(game="raeuber-romme"),
    "wrong version": lambda d: d.update(version=2),
    "seed as text": lambda d: d.update(seed="7"),
    "one player": lambda d: d.update(players=["Ann"]),
    "player not a string": lambda d: d.update(players=["Ann", 3]),
    "wrong area": lambda d: d.update(area=9),
    "unknown phase": lambda d: d.update(phase="dance"),
    "current out of range": lambda d: d.update(current=2),
    "lays out of range": lambda d: d.update(lays_this_turn=4),
    "board not a list": lambda d: d.update(board={}),
    "board entry missing x": lambda d: d["board"][0].pop("x"),
    "unknown tile": lambda d: d["board"][0].update(tile="volcano"),
    "tile with wrong letter": lambda d: d["board"][0].update(tile="lake", letter="A"),
    "duplicate position": lambda d: d["board"].append(dict(d["board"][0])),
    "knight of seat 5": lambda d: d["board"][0].update(knights=[5]),
    "five knights on a tile": lambda d: d["board"][0].update(knights=[0] * 5),
    "knights as text": lambda d: d["board"][0].update(knights="00"),
    "tile far away": lambda d: d["board"][0].update(x=40),
    "hands for one seat": lambda d: d["hands"].pop(),
    "hand tile missing letter": lambda d: d["hands"][0][0].pop("letter"),
    "extra tile in hand": lambda d: d["hands"][1].append({"tile": "lake", "letter": "B"}),
    "a tile too many": lambda d: d["piles"][0].insert(0, {"tile": "lake", "letter": "B"}),
    "a letter too many": lambda d: d["piles"][0].insert(0, {"tile": "?", "letter": "B"}),
    "pile out of letter order": lambda d: d["piles"][0].reverse(),
    "negative supply": lambda d: d.update(supply=[-1, 30]),
    "supply as float": lambda d: d.update(supply=[30.0, 30]),
    "too many knights in total": lambda d: (
        d.update(supply=[30, 30])
        if any(e["knights"] for e in d["board"])
        else d["board"][0].update(knights=[0])
    ),
    "kept as ints": lambda d: d.update(kept=[1, 1]),
    "start not empty in play": lambda d: d["start"].append(d["hands"][0].pop()),
    "current null while playing": lambda d: d.update(current=None),
    "pending outside deploy": lambda d: d.update(pending={"x": 0, "y": 0}),
    "over with a lay counted": lambda d: d.update(phase="over", current=None, lays_this_turn=1),
}


@pytest.mark.parametrize("name", sorted(BAD_SAVES))
def test_bad_saves_are_refused_with_a_clear_value_error(name: str) -> None:
    d = mutated(BAD_SAVES[name])
    with pytest.raises(SaveFormatError) as info:
        KnightsState.from_dict(d)
    assert str(info.value)


def test_non_dict_input_is_refused() -> None:
    for bad in (None, [], "save", 3):
        with pytest.raises(SaveFormatError, match="object"):
            KnightsState.from_dict(bad)


def test_save_format_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        KnightsState.from_dict({"game": "robber-knights"})


def test_random_damage_never_crashes_with_anything_but_value_error() -> None:
    rng = random.Random(0)
    good = base()
    junk: list[Any] = [None, -1, 0, 1, 99, "x", "plain", [], {}, True, 1.5, [0], {"x": 1}]
    paths = []

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, path + (key,))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, path + (i,))

    walk(good, ())
    for _ in range(400):
        d = copy.deepcopy(good)
        path = rng.choice(paths[1:])
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.choice(junk)
        try:
            loaded = KnightsState.from_dict(d)
        except SaveFormatError:
            continue
        loaded.legal_actions()  # whatever loads is playable and saves back the same
        assert loaded.to_dict() == d


def test_a_hand_built_position_loads_and_plays() -> None:
    d = {
        "game": "robber-knights",
        "version": 1,
        "seed": 7,
        "players": ["Ann", "Bob"],
        "area": 7,
        "phase": "deploy",
        "current": 1,
        "lays_this_turn": 1,
        "pending": {"x": 1, "y": 0},
        "board": [
            {"x": 0, "y": 0, "tile": "plain+castle", "letter": "A", "knights": [0, 0, 1]},
            {"x": 1, "y": 0, "tile": "forest+castle", "letter": "C", "knights": []},
        ],
        "hands": [[{"tile": "plain", "letter": "A"}], []],
        "piles": [[{"tile": "lake", "letter": "B"}], []],
        "supply": [28, 29],
        "kept": [True, True],
        "start": [],
    }
    state = KnightsState.from_dict(d)
    assert state.to_dict() == d
    assert Deploy(3, "W", [2, 1]) in state.legal_actions()  # a list of drops is fine too
    after = state.apply(
        action_from_dict({"type": "deploy", "count": 3, "dir": "W", "drops": [2, 1]})
    )
    assert after.board[(0, 0)].knights == (0, 0, 1, 1)
    assert after.current_player == 0 and after.supply == (28, 26)
    assert after.scores() == [0, 2]


# ----- loader checks pinned one by one (issue 16: each was once planted and not noticed) ----


def test_a_negative_knight_supply_is_refused_for_the_supply_itself() -> None:
    d = new_game(["Ann", "Bob"], 7).to_dict()  # no knight on the board: the total stays low
    d["supply"] = [-1, 30]
    with pytest.raises(SaveFormatError, match=r"supply\[0\] must be at least 0"):
        KnightsState.from_dict(d)


def test_a_board_with_a_gap_is_refused() -> None:
    d = base()
    spots = {(e["x"], e["y"]) for e in d["board"]}
    # A spot inside the area that touches no tile of the board.
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    far = next(
        (x, y)
        for x in range(min(xs) - 1, max(xs) + 2)
        for y in range(min(ys) - 1, max(ys) + 2)
        if (x, y) not in spots
        and not {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)} & spots
        and max(max(xs), x) - min(min(xs), x) < d["area"]
        and max(max(ys), y) - min(min(ys), y) < d["area"]
    )
    lone = next(e for e in d["board"] if not e["knights"])
    lone_spot = (lone["x"], lone["y"])
    rest = spots - {lone_spot}
    assert rest, "the board needs more than one tile"
    lone.update(x=far[0], y=far[1])
    with pytest.raises(SaveFormatError, match="not all joined"):
        KnightsState.from_dict(d)


def test_knights_action_dicts_with_unknown_fields_are_refused() -> None:
    with pytest.raises(ValueError, match="no fields"):
        action_from_dict({"type": "end", "x": 1})
    with pytest.raises(ValueError, match="no fields"):
        action_from_dict({"type": "place", "tile": "plain", "x": 0, "y": 0, "letter": "B"})
    assert action_from_dict({"type": "place", "tile": "plain", "x": 0, "y": 0}).to_dict()
