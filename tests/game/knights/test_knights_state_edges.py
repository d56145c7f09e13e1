"""Robber Knights positions at their edges (game.knights.state): starting a game with the wrong
players or seed is refused with its reason, and what a table shows of a position (tiles left,
the one-line summary, the seat names) is exact."""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest

from game.core import IllegalAction
from game.knights import End, Keep, KnightsState, Place, new_game


@pytest.mark.parametrize(
    "players,seed,reason",
    [
        ("Ann", 1, "players must be a number (2-4) or a list of 2-4 names"),
        (True, 1, "players must be a number (2-4) or a list of 2-4 names"),
        (2.0, 1, "players must be a number (2-4) or a list of 2-4 names"),
        (5, 1, "Robber Knights is for 2 to 4 players, not 5"),
        (1, 1, "Robber Knights is for 2 to 4 players, not 1"),
        (["Ann"], 1, "Robber Knights is for 2 to 4 players, not 1"),
        (["A", "B", "C", "D", "E"], 1, "Robber Knights is for 2 to 4 players, not 5"),
        (2, "1", "the seed must be an integer, got '1'"),
        (2, True, "the seed must be an integer, got True"),
        (2, 1.0, "the seed must be an integer, got 1.0"),
    ],
)
def test_a_game_with_wrong_players_or_seed_is_refused(players: Any, seed: Any, reason: str) -> None:
    with pytest.raises(ValueError) as info:
        new_game(players, seed)
    assert str(info.value) == reason


def test_seats_are_numbered_or_named() -> None:
    assert new_game(4, 1).player_names == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert new_game(("Ann", "Bob"), 1).players == ("Ann", "Bob")
    assert new_game(["Ann", 7, "Cy"], 1).player_names == ("Ann", "7", "Cy")


def test_tiles_left_count_the_hand_and_the_pile() -> None:
    state = new_game(3, 5)
    assert [state.tiles_left(p) for p in range(3)] == [24, 24, 24]
    kept = state.apply(state.legal_actions()[0])
    assert kept.tiles_left(0) == 22 and kept.tiles_left(1) == 24


def test_a_position_sums_itself_up_in_one_line() -> None:
    state = new_game(2, 5)
    assert repr(state) == "KnightsState(phase='keep', current_player=0, tiles=0, supply=(30, 30))"
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    assert repr(state) == "KnightsState(phase='place', current_player=0, tiles=4, supply=(30, 30))"


def _a_game(steps: int) -> list[KnightsState]:
    rng = random.Random(8)
    states = [new_game(3, 8)]
    while len(states) <= steps and not states[-1].is_terminal:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    return states


def test_a_position_sent_to_the_computer_player_arrives_whole_and_frozen() -> None:
    for state in _a_game(60)[::6]:
        again = pickle.loads(pickle.dumps(state))
        assert type(again) is KnightsState and again == state
        assert again.to_dict() == state.to_dict()
        assert again.legal_actions() == state.legal_actions()
        with pytest.raises(dataclasses.FrozenInstanceError):
            again.phase = "over"  # type: ignore[misc]


def test_positions_hash_alike_when_equal_and_apart_along_a_game() -> None:
    states = _a_game(60)
    for state in states[::10]:
        assert hash(KnightsState.from_dict(state.to_dict())) == hash(state)
    assert len({hash(state) for state in states}) == len(states)


@pytest.mark.parametrize("tile", [5, None, ("plain",)])
def test_keeping_a_tile_not_named_by_its_terrain_is_refused_with_the_reason(tile: Any) -> None:
    with pytest.raises(IllegalAction) as info:
        new_game(2, 5).apply(Keep(tile))
    assert str(info.value) == "a tile is named by its terrain, such as plain+village"


def test_a_view_whose_castle_is_hidden_cant_keep_a_tile_beside_it() -> None:
    d = new_game(2, 5).to_dict()
    d["hands"][0][0] = {"tile": "?", "letter": "A"}  # the castle, as another player sees it
    with pytest.raises(IllegalAction) as info:
        KnightsState.from_dict(d).apply(Keep("plain"))
    assert str(info.value) == "you have no castle to keep beside it"


def test_a_hidden_tile_in_the_hand_on_turn_is_listed_before_the_known_kinds() -> None:
    rng = random.Random(5)
    state = new_game(2, 5)
    for _ in range(25):
        state = state.apply(rng.choice(state.legal_actions()))
    d = state.to_dict()
    assert d["current"] == 1 and d["lays_this_turn"] == 2
    d["hands"][1][0]["tile"] = "?"  # plain C, as the other player sees it
    actions = KnightsState.from_dict(d).legal_actions()
    kinds = [action.tile for action in actions if isinstance(action, Place)]
    spots = len(state.legal_spots())
    assert kinds == ["?"] * spots + ["forest+town"] * spots
    assert actions[-1] == End()
