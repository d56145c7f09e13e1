"""Robber Knights rules: setup, laying, turns, skipping, the area, the end and scoring."""

from __future__ import annotations

import random

import pytest

from game.core import IllegalAction
from game.knights import (
    END,
    NO_DEPLOY,
    TILE_SET,
    Deploy,
    End,
    Keep,
    KnightsState,
    Place,
    PlacedTile,
    Tile,
    new_game,
)
from game.knights.position import position


def kept_all(players: int = 2, seed: int = 1, keep: str = "mountain") -> KnightsState:
    state = new_game(players, seed)
    for _ in range(players):
        state = state.apply(Keep(keep))
    return state


# ----- setup ------------------------------------------------------------------------------


def test_new_game_deals_a_tiles_and_letter_ordered_piles() -> None:
    state = new_game(["Ann", "Bob", "Cid"], seed=4)
    assert state.players == ("Ann", "Bob", "Cid")
    assert state.num_players == 3 and state.area == 9 and state.seed == 4
    assert state.phase == "keep" and state.current_player == 0 and state.lays_this_turn == 0
    assert state.supply == (30, 30, 30) and state.kept == (False,) * 3 and state.start == ()
    assert not state.board
    for seat in range(3):
        assert sorted(t.tile for t in state.hands[seat]) == sorted(TILE_SET["A"])
        assert [t.letter for t in state.piles[seat]] == list("BBBBBCCCCCDDDDDEEEEE")
        for letter in "BCDE":
            in_pile = [t.tile for t in state.piles[seat] if t.letter == letter]
            assert sorted(in_pile) == sorted(TILE_SET[letter])


def test_piles_are_shuffled_by_the_seed() -> None:
    assert new_game(2, 1).piles == new_game(2, 1).piles
    orders = {new_game(2, seed).piles[0] for seed in range(10)}
    assert len(orders) > 1


def test_new_game_player_count_and_default_names() -> None:
    assert new_game(4, 0).players == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert new_game(4, 0).area == 10 and new_game(2, 0).area == 7
    for bad in (1, 5, ["solo"]):
        with pytest.raises(ValueError):
            new_game(bad, 0)
    with pytest.raises(ValueError, match="seed"):
        new_game(2, "7")  # type: ignore[arg-type]


def test_keep_offers_the_three_non_castle_a_tiles() -> None:
    state = new_game(2, 0)
    assert state.legal_actions() == [Keep("mountain"), Keep("plain"), Keep("plain+village")]
    with pytest.raises(IllegalAction, match="castle"):
        state.apply(Keep("plain+castle"))
    with pytest.raises(IllegalAction, match="no forest\\+town"):
        state.apply(Keep("forest+town"))


def test_keep_moves_the_other_two_to_start_and_passes_to_next_seat() -> None:
    state = new_game(3, 0).apply(Keep("mountain"))
    assert state.phase == "keep" and state.current_player == 1
    assert state.kept == (True, False, False)
    assert sorted(t.tile for t in state.hands[0]) == ["mountain", "plain+castle"]
    assert sorted(t.tile for t in state.start) == ["plain", "plain+village"]
    assert len(state.hands[1]) == 4


def test_after_the_last_keep_the_start_rectangle_is_shuffled_by_the_seed() -> None:
    before = new_game(3, 11).apply(Keep("mountain")).apply(Keep("plain"))
    state = before.apply(Keep("plain+village"))
    expected = list(before.start) + [Tile("plain", "A"), Tile("mountain", "A")]
    random.Random(11).shuffle(expected)
    assert state.phase == "place" and state.current_player == 0 and state.lays_this_turn == 0
    assert state.start == () and state.kept == (True, True, True)
    assert sorted(state.board) == [(x, y) for x in range(3) for y in range(2)]
    laid = [state.board[(i % 3, i // 3)] for i in range(6)]
    assert [Tile(p.tile, p.letter) for p in laid] == expected
    assert all(p.knights == () for p in laid)
    assert [len(h) for h in state.hands] == [2, 2, 2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_rectangle_is_players_wide_and_two_tall(players: int) -> None:
    state = kept_all(players)
    assert sorted(state.board) == sorted((x, y) for x in range(players) for y in range(2))
    assert state.bounds() == (0, players - 1, 0, 1)


# ----- laying tiles -----------------------------------------------------------------------


def test_tile_must_share_an_edge_corner_is_not_enough() -> None:
    state = position({(0, 0): "plain"}, hands=[["lake", "plain"], ["plain"]])
    assert state.legal_spots() == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    with pytest.raises(IllegalAction, match="not next to any tile"):
        state.apply(Place("lake", 1, 1))
    with pytest.raises(IllegalAction, match="already taken"):
        state.apply(Place("lake", 0, 0))
    with pytest.raises(IllegalAction, match="no mountain tile in your hand"):
        state.apply(Place("mountain", 1, 0))
    with pytest.raises(IllegalAction, match="whole-number"):
        state.apply(Place("lake", 1.0, 0))  # type: ignore[arg-type]
    after = state.apply(Place("lake", 1, 0))  # terrain need not match
    assert after.board[(1, 0)] == PlacedTile("lake", "B", ())


def test_one_action_per_tile_kind_and_the_earlier_letter_is_laid() -> None:
    state = position(
        {(0, 0): "plain"},
        hands=[[("plain", "D"), ("plain", "C")], ["plain"]],
        piles=[[("lake", "E")], []],
    )
    assert state.legal_actions() == [Place("plain", x, y) for x, y in state.legal_spots()]
    after = state.apply(Place("plain", 1, 0))
    assert after.board[(1, 0)].letter == "C"
    assert after.hands[0] == (Tile("plain", "D"), Tile("lake", "E"))


def test_a_lay_draws_the_top_pile_tile() -> None:
    state = kept_all(2, seed=3)
    top = state.piles[0][0]
    spot = state.legal_spots()[0]
    after = state.apply(Place("mountain", *spot))
    assert after.hands[0] == (Tile("plain+castle", "A"), top)
    assert after.piles[0] == state.piles[0][1:]
    assert after.lays_this_turn == 1 and after.current_player == 0


def test_up_to_three_lays_then_the_turn_passes() -> None:
    state = position(
        {(0, 0): "plain"},
        hands=[["plain", "lake"], ["plain"]],
        piles=[["mountain", "plain", "lake"], []],
    )
    assert END not in state.legal_actions()
    with pytest.raises(IllegalAction, match="at least one tile"):
        state.apply(End())
    state = state.apply(Place("plain", 1, 0))
    assert END in state.legal_actions() and state.lays_this_turn == 1
    state = state.apply(Place("lake", 2, 0))
    assert state.current_player == 0 and state.lays_this_turn == 2
    state = state.apply(Place("mountain", 3, 0))
    assert state.current_player == 1 and state.lays_this_turn == 0
    assert len(state.hands[0]) == 2  # drew after the third lay too
    assert END not in state.legal_actions()


def test_end_passes_the_turn_after_one_lay() -> None:
    state = position({(0, 0): "plain"}, hands=[["plain", "lake"], ["plain"]])
    state = state.apply(Place("plain", 1, 0)).apply(End())
    assert state.current_player == 1 and state.lays_this_turn == 0 and state.phase == "place"


def test_empty_hand_ends_the_turn_early() -> None:
    state = position({(0, 0): "plain"}, hands=[["plain"], ["lake"]])
    state = state.apply(Place("plain", 1, 0))
    assert state.current_player == 1 and state.lays_this_turn == 0


def test_players_without_tiles_are_skipped() -> None:
    state = position({(0, 0): "plain"}, hands=[["plain", "lake"], [], ["mountain"]])
    state = state.apply(Place("plain", 1, 0)).apply(End())
    assert state.current_player == 2
    state = state.apply(Place("mountain", 2, 0))
    assert state.current_player == 0  # seat 1 skipped again


def test_a_player_may_keep_laying_when_the_others_are_out() -> None:
    state = position({(0, 0): "plain"}, hands=[["plain", "lake"], []])
    state = state.apply(Place("plain", 1, 0)).apply(End())
    assert state.current_player == 0 and state.lays_this_turn == 0


def test_no_legal_spot_for_anybody_ends_instead_of_hanging() -> None:
    full = {(x, y): "plain" for x in range(7) for y in range(7) if (x, y) != (6, 6)}
    state = position(full, hands=[["plain", "lake"], ["mountain"]])
    state = state.apply(Place("plain", 6, 6))
    assert state.legal_spots() == []
    assert state.phase == "place" and state.legal_actions() == [END]
    state = state.apply(End())
    assert state.is_terminal and state.current_player is None


# ----- the area ---------------------------------------------------------------------------


@pytest.mark.parametrize("players,size", [(2, 7), (3, 9), (4, 10)])
def test_area_limits_width_and_height(players: int, size: int) -> None:
    row = {(x, 0): "plain" for x in range(size)}
    column = {(0, y): "plain" for y in range(size)}
    hands = [["lake"]] + [["plain"]] * (players - 1)
    wide = position(row, hands=hands)
    with pytest.raises(IllegalAction, match=f"at most {size} tiles wide"):
        wide.apply(Place("lake", size, 0))
    with pytest.raises(IllegalAction, match=f"at most {size} tiles wide"):
        wide.apply(Place("lake", -1, 0))
    assert all(0 <= x < size for x, _ in wide.legal_spots())
    assert wide.apply(Place("lake", size - 1, 1)).bounds() == (0, size - 1, 0, 1)
    tall = position(column, hands=hands)
    with pytest.raises(IllegalAction, match=f"at most {size} tiles tall"):
        tall.apply(Place("lake", 0, size))
    assert all(0 <= y < size for _, y in tall.legal_spots())
    assert tall.area_window() == (1 - size, size - 1, 0, size - 1)


def test_area_counts_holes_in_the_bounding_box() -> None:
    # An L shape 7 wide: the far corner of the box is empty but still inside the area.
    board = {(x, 0): "plain" for x in range(7)} | {(0, 1): "plain"}
    state = position(board, hands=[["lake"], ["plain"]])
    assert (6, 1) in state.legal_spots() and (7, 0) not in state.legal_spots()


# ----- castles and the deploy phase -------------------------------------------------------


def test_laying_a_castle_enters_deploy_and_draws_only_afterwards() -> None:
    state = position(
        {(0, 0): "plain"}, hands=[["plain+castle", "lake"], ["plain"]], piles=[["mountain"], []]
    )
    state = state.apply(Place("plain+castle", 1, 0))
    assert state.phase == "deploy" and state.pending == (1, 0)
    assert state.lays_this_turn == 1 and state.current_player == 0
    assert state.hands[0] == (Tile("lake", "B"),)
    with pytest.raises(IllegalAction, match="castle you just laid"):
        state.apply(Place("lake", 2, 0))
    with pytest.raises(IllegalAction):
        state.apply(End())
    state = state.apply(Deploy(1, None, (1,)))
    assert state.phase == "place" and state.pending is None
    assert state.hands[0] == (Tile("lake", "B"), Tile("mountain", "A"))
    assert state.board[(1, 0)].knights == (0,)


def test_castle_with_no_knights_left_still_enters_deploy() -> None:
    state = position({(0, 0): "plain"}, hands=[["forest+castle"], ["plain"]], supply=[0, 30])
    state = state.apply(Place("forest+castle", 1, 0))
    assert state.phase == "deploy" and state.legal_actions() == [NO_DEPLOY]
    with pytest.raises(IllegalAction, match="only 0 knights left"):
        state.apply(Deploy(2, None, (2,)))


def test_two_castles_in_one_turn_are_deployed_one_after_the_other() -> None:
    state = position(
        {(0, 0): "plain"}, hands=[["plain+castle", "forest+castle"], ["plain"]], supply=[5, 30]
    )
    state = state.apply(Place("plain+castle", 1, 0)).apply(Deploy(2, "W", (1, 1)))
    assert state.phase == "place" and state.lays_this_turn == 1 and state.supply[0] == 3
    state = state.apply(Place("forest+castle", 2, 0))
    assert state.phase == "deploy" and state.lays_this_turn == 2
    state = state.apply(Deploy(3, None, (3,)))
    assert state.board[(2, 0)].knights == (0, 0, 0) and state.supply[0] == 0
    assert state.current_player == 1  # his hand is empty: the turn passes


def test_third_lay_castle_deploys_before_the_turn_passes() -> None:
    state = position(
        {(0, 0): "plain"},
        hands=[["plain", "lake"], ["plain"]],
        piles=[["plain+castle", "mountain", "forest+village"], []],
    )
    state = state.apply(Place("plain", 1, 0)).apply(Place("lake", 2, 0))
    state = state.apply(Place("plain+castle", 0, 1))
    assert state.phase == "deploy" and state.current_player == 0 and state.lays_this_turn == 3
    state = state.apply(NO_DEPLOY)
    assert state.current_player == 1 and state.lays_this_turn == 0
    assert state.hands[0] == (Tile("mountain", "A"), Tile("forest+village", "B"))


def test_a_castle_laid_as_the_very_last_tile_is_still_deployed() -> None:
    state = position({(0, 0): "plain"}, hands=[["plain+castle"], []])
    state = state.apply(Place("plain+castle", 1, 0))
    assert state.phase == "deploy" and not state.is_terminal
    state = state.apply(Deploy(2, "W", (1, 1)))
    assert state.is_terminal and state.phase == "over"
    assert state.current_player is None and state.lays_this_turn == 0
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(Place("plain", 2, 0))


def test_running_out_of_knights_does_not_end_the_game() -> None:
    state = position({(0, 0): "plain"}, hands=[["plain+castle", "lake"], ["plain"]], supply=[0, 30])
    state = state.apply(Place("plain+castle", 1, 0)).apply(NO_DEPLOY).apply(End())
    assert state.phase == "place" and state.current_player == 1 and not state.is_terminal


# ----- scoring ----------------------------------------------------------------------------


def over(board: dict, supply: list[int]) -> KnightsState:
    return position(board, hands=[[]] * len(supply), supply=supply, current=None, phase="over")


def test_buildings_score_for_the_top_knight_only() -> None:
    state = over(
        {
            (0, 0): ("plain+castle", [1, 0]),  # 1 for seat 0
            (1, 0): ("plain+village", [0, 1]),  # 2 for seat 1
            (2, 0): ("forest+town", [0, 0]),  # 3 for seat 0
            (3, 0): ("plain", [1]),  # no building: nothing
            (4, 0): "plain+town",  # no knights: nothing
            (5, 0): ("mountain", [1, 1, 1]),
        },
        supply=[26, 24],
    )
    assert state.scores() == [4, 2]
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]


def test_tie_on_points_goes_to_most_knights_left() -> None:
    state = over({(0, 0): ("plain+village", [0]), (1, 0): ("plain+village", [1])}, [20, 25])
    assert state.scores() == [2, 2] and state.winners() == [1]
    assert state.returns() == [0.0, 1.0]


def test_full_tie_is_a_shared_win() -> None:
    board = {(0, 0): ("plain+town", [0]), (1, 0): ("plain+town", [1]), (2, 0): ("plain", [2])}
    state = over(board, [29, 29, 29])
    assert state.scores() == [3, 3, 0] and state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_returns_are_zero_before_the_end() -> None:
    assert kept_all(3).returns() == [0.0, 0.0, 0.0]


# ----- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_game_lays_every_tile_and_ends(players: int) -> None:
    rng = random.Random(players)
    state = new_game(players, seed=players)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.board) == 24 * players
    assert not any(state.hands) and not any(state.piles)
    assert state.current_player is None and state.lays_this_turn == 0
    assert sum(state.returns()) == pytest.approx(1.0)


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = kept_all(2)
    before = state.to_dict()
    for action in (Place("lake", 5, 5), Keep("plain"), NO_DEPLOY, End(), Place("mountain", 0, 0)):
        with pytest.raises(IllegalAction):
            state.apply(action)
    with pytest.raises(IllegalAction):
        state.apply("place")  # type: ignore[arg-type]
    assert state.to_dict() == before


def test_legal_actions_returns_a_fresh_list() -> None:
    state = kept_all(2)
    actions = state.legal_actions()
    actions.clear()
    assert state.legal_actions()


def test_each_tile_kind_names_its_terrain_and_building_and_a_player_owns_24_tiles() -> None:
    """The terrain decides how many knights must stay, the building the points."""
    from game.knights.tiles import TILE_KINDS, building_of, letter_counts, terrain_of

    assert [(terrain_of(kind), building_of(kind)) for kind in TILE_KINDS] == [
        ("lake", None),
        ("mountain", None),
        ("plain", None),
        ("plain", "village"),
        ("plain", "castle"),
        ("plain", "town"),
        ("forest", "village"),
        ("forest", "castle"),
        ("forest", "town"),
    ]
    counts = letter_counts()
    assert sum(counts.values()) == 24 and len(counts) == 23
    assert counts[("plain+castle", "D")] == 2 and counts[("lake", "B")] == 1


def test_a_tile_that_is_not_named_by_text_is_refused_saying_how_tiles_are_named() -> None:
    state = new_game(2, 1)
    while not any(isinstance(action, Place) for action in state.legal_actions()):
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply(Place(5, 0, 0))  # type: ignore[arg-type]
    assert str(refused.value) == "a tile is named by its terrain, such as plain+village"
