"""Bringing knights into play: hand-built positions for every deployment rule and edge case."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from game.core import IllegalAction
from game.knights import NO_DEPLOY, Deploy, KnightsState, Place
from game.knights.position import TileSpec, position

Pos = tuple[int, int]


def castle_at(
    origin: Pos,
    board: Mapping[Pos, TileSpec],
    castle: str = "plain+castle",
    supply: int = 30,
    seat: int = 0,
) -> KnightsState:
    """The state right after ``seat`` laid ``castle`` at ``origin`` next to ``board``."""
    hands: list[list[str]] = [["lake"], ["lake"]]
    hands[seat] = [castle, "lake"]
    state = position(board, hands=hands, supply=[supply, supply], current=seat)
    state = state.apply(Place(castle, *origin))
    assert state.phase == "deploy" and state.pending == origin
    return state


def options(state: KnightsState, direction: str | None = None) -> set[tuple[int, ...]]:
    return {a.drops for a in state.legal_deployments() if a.dir == direction and a.count}


def test_a_straight_row_of_plains_has_exactly_the_hand_counted_options() -> None:
    # Castle at (0, 0), plains at (1, 0) and (2, 0): stay 1..4 (4), E over one tile: d0 1..4 with
    # d0 + d1 <= 5 (10), E over two tiles: compositions of 3..5 into 3 parts (1 + 3 + 6), none.
    state = castle_at((0, 0), {(1, 0): "plain", (2, 0): "plain"})
    legal = state.legal_actions()
    assert len(legal) == 25
    assert legal[0] == NO_DEPLOY
    assert legal[:8] == [
        NO_DEPLOY,
        Deploy(1, None, (1,)),
        Deploy(2, None, (2,)),
        Deploy(2, "E", (1, 1)),
        Deploy(3, None, (3,)),
        Deploy(3, "E", (1, 1, 1)),
        Deploy(3, "E", (1, 2)),
        Deploy(3, "E", (2, 1)),
    ]
    assert [a.count for a in legal] == sorted(a.count for a in legal)
    assert options(state, None) == {(1,), (2,), (3,), (4,)}
    assert len(options(state, "E")) == 20 and not options(state, "N")
    assert (1, 1, 3) in options(state, "E") and (4, 1) in options(state, "E")
    assert state.legal_deployments() == legal


def test_deploy_order_is_none_then_count_then_stay_before_directions() -> None:
    state = castle_at((0, 0), {(1, 0): "plain", (-1, 0): "plain", (0, -1): "plain"})
    legal = state.legal_actions()
    assert legal[:6] == [
        NO_DEPLOY,
        Deploy(1, None, (1,)),
        Deploy(2, None, (2,)),
        Deploy(2, "N", (1, 1)),
        Deploy(2, "E", (1, 1)),
        Deploy(2, "W", (1, 1)),
    ]


def test_knights_land_where_the_drops_say_and_leave_the_supply() -> None:
    state = castle_at((0, 0), {(1, 0): "plain", (2, 0): "forest+village"}, supply=30)
    after = state.apply(Deploy(5, "E", (1, 2, 2)))
    assert after.board[(0, 0)].knights == (0,)
    assert after.board[(1, 0)].knights == (0, 0)
    assert after.board[(2, 0)].knights == (0, 0)
    assert after.supply == (25, 30)


def test_no_deployment_leaves_the_castle_empty_forever() -> None:
    state = castle_at((0, 0), {(1, 0): "plain"}).apply(NO_DEPLOY)
    assert state.board[(0, 0)].knights == () and state.supply == (30, 30)
    assert state.phase == "place"


def test_forest_castle_needs_two_knights() -> None:
    state = castle_at((0, 0), {(1, 0): "plain"}, castle="forest+castle")
    assert min(a.count for a in state.legal_actions() if a.count) == 2
    with pytest.raises(IllegalAction, match="needs 2 knights"):
        state.apply(Deploy(1, None, (1,)))
    with pytest.raises(IllegalAction, match="forest needs 2 knights left on it"):
        state.apply(Deploy(3, "E", (1, 2)))
    assert (2, 1) in options(state, "E")


def test_forest_castle_with_one_knight_left_cannot_deploy() -> None:
    state = castle_at((0, 0), {(1, 0): "plain"}, castle="forest+castle", supply=1)
    assert state.legal_actions() == [NO_DEPLOY]
    with pytest.raises(IllegalAction):
        state.apply(Deploy(1, None, (1,)))


def test_five_knights_must_move() -> None:
    state = castle_at((0, 0), {(1, 0): "plain"})
    fives = [a for a in state.legal_actions() if a.count == 5]
    assert fives and all(a.dir is not None for a in fives)
    with pytest.raises(IllegalAction, match="5 knights must move"):
        state.apply(Deploy(5, None, (5,)))
    alone = castle_at((0, 0), {(1, 0): "lake"})
    assert max(a.count for a in alone.legal_actions()) == 4


def test_never_more_than_five_and_never_more_than_the_supply() -> None:
    state = castle_at((0, 0), {(x, 0): "plain" for x in range(1, 6)})
    assert max(a.count for a in state.legal_actions()) == 5
    with pytest.raises(IllegalAction, match="at most 5 knights"):
        state.apply(Deploy(6, "E", (1, 1, 1, 1, 1, 1)))
    short = castle_at((0, 0), {(x, 0): "plain" for x in range(1, 6)}, supply=3)
    assert max(a.count for a in short.legal_actions()) == 3
    with pytest.raises(IllegalAction, match="only 3 knights left"):
        short.apply(Deploy(4, "E", (1, 1, 1, 1)))


def test_a_lake_stops_the_move() -> None:
    state = castle_at((0, 0), {(1, 0): "lake", (2, 0): "plain"})
    assert not options(state, "E")
    with pytest.raises(IllegalAction, match="lake"):
        state.apply(Deploy(2, "E", (1, 1)))


def test_a_gap_stops_the_move() -> None:
    state = castle_at((0, 0), {(1, 0): "plain", (3, 0): "plain", (0, 1): "plain"})
    assert max(len(d) for d in options(state, "E")) == 2
    with pytest.raises(IllegalAction, match="empty space"):
        state.apply(Deploy(3, "E", (1, 1, 1)))
    with pytest.raises(IllegalAction, match="empty space"):
        state.apply(Deploy(2, "W", (1, 1)))


def test_no_tile_above_four_knights() -> None:
    board = {(1, 0): ("plain", [1, 1, 1]), (2, 0): "plain", (0, 1): ("plain", [1, 1, 1, 1])}
    state = castle_at((0, 0), board)
    assert {d[1] for d in options(state, "E")} == {1}  # room for one more only
    assert (1, 1, 3) in options(state, "E")  # and it may pass on
    with pytest.raises(IllegalAction, match="more than 4 knights"):
        state.apply(Deploy(3, "E", (1, 2)))
    assert not options(state, "S")  # a full tile can't be entered
    with pytest.raises(IllegalAction, match="more than 4 knights"):
        state.apply(Deploy(2, "S", (1, 1)))


def test_a_full_tile_blocks_the_way_beyond() -> None:
    state = castle_at((0, 0), {(1, 0): ("plain", [1, 1, 1, 1]), (2, 0): "plain"})
    assert not options(state, "E")


def test_mountains_need_three() -> None:
    state = castle_at((0, 0), {(1, 0): "mountain", (2, 0): "plain"})
    assert options(state, "E") == {(1, 3), (2, 3), (1, 4), (1, 3, 1)}
    with pytest.raises(IllegalAction, match="mountain needs 3 knights left on it"):
        state.apply(Deploy(3, "E", (1, 2)))


def test_a_mountain_with_two_knights_cannot_be_entered() -> None:
    state = castle_at((0, 0), {(0, 1): ("mountain", [1, 1])})
    assert not options(state, "S")


def test_the_last_tile_needs_its_minimum_too() -> None:
    state = castle_at((0, 0), {(1, 0): "plain", (2, 0): "forest+town"})
    assert (1, 1, 1) not in options(state, "E")
    assert (1, 1, 2) in options(state, "E")
    with pytest.raises(IllegalAction, match="forest needs 2 knights left on it"):
        state.apply(Deploy(3, "E", (1, 1, 1)))


def test_arriving_knights_go_on_top_of_other_owners() -> None:
    board = {(1, 0): ("plain+village", [0, 0])}
    state = castle_at((0, 0), board, seat=1)
    after = state.apply(Deploy(3, "E", (1, 2)))
    assert after.board[(1, 0)].knights == (0, 0, 1, 1)
    assert after.scores()[1] == 1 + 2  # his castle and the village he now tops


def test_illegal_deploy_is_refused_without_change() -> None:
    state = castle_at((0, 0), {(1, 0): "plain"})
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(Deploy(2, "N", (1, 1)))
    assert state.to_dict() == before


def test_deploy_outside_the_deploy_phase_is_refused() -> None:
    state = position({(0, 0): "plain"}, hands=[["plain"], ["plain"]])
    with pytest.raises(IllegalAction, match="lay a tile"):
        state.apply(NO_DEPLOY)
    assert state.legal_deployments() == []


def test_malformed_deploys_get_a_sentence_not_a_crash() -> None:
    state = castle_at((0, 0), {(1, 0): "plain"})
    for bad in (Deploy(2, "X", (1, 1)), Deploy(-1, None, (-1,)), Deploy(2, "E", ("1", 1))):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="a deployment is"):
            state.apply(bad)


def test_malformed_zero_deployments_are_refused_in_words() -> None:
    # Found by the client's replay: a zero deployment with a direction once raised IndexError.
    import random

    from game.core import IllegalAction
    from game.knights import Deploy, new_game

    state = new_game(2, 1)
    rng = random.Random(2)
    while state.phase != "deploy":
        state = state.apply(rng.choice(state.legal_actions()))
    before = state.to_dict()
    for action in (Deploy(0, "N", ()), Deploy(0, None, (0,)), Deploy(0, "E", (0, 0))):
        with pytest.raises(IllegalAction, match="no knights"):
            state.apply(action)
    assert state.to_dict() == before


@pytest.mark.parametrize(
    ("board", "deploy", "reason"),
    [
        (
            {(1, 0): "plain"},
            Deploy(5, None, (5,)),
            "at most 4 knights fit on one tile, so 5 knights must move",
        ),
        ({(1, 0): "plain"}, Deploy(5, "E", (5, 0)), "no tile may hold more than 4 knights"),
        # four may stay on the castle: what is wrong is further on
        ({(1, 0): "lake"}, Deploy(5, "E", (4, 1)), "knights can't enter a lake"),
        (
            {(0, 1): "plain", (0, 2): "lake"},
            Deploy(3, "S", (1, 1, 1)),
            "knights can't enter a lake",
        ),
        (
            {(0, -1): "plain", (0, -2): "lake"},
            Deploy(3, "N", (1, 1, 1)),
            "knights can't enter a lake",
        ),
        # a tile with three knights takes a fourth on the way
        (
            {(1, 0): ("plain", [1, 1, 1]), (2, 0): "plain"},
            Deploy(4, "E", (1, 1, 1, 1)),
            "knights can't cross an empty space or leave the layout",
        ),
    ],
)
def test_an_illegal_deployment_is_refused_naming_the_first_thing_wrong(
    board: Mapping[Pos, TileSpec], deploy: Deploy, reason: str
) -> None:
    state = castle_at((0, 0), board)
    with pytest.raises(IllegalAction) as refused:
        state.apply(deploy)
    assert str(refused.value) == reason
