"""The coach's words and aids for Robber Knights, on hand-built positions: the reasons a move
is worth playing, each rival's tiles to come, and the buildings a rival could take."""

from __future__ import annotations

import random

from game.knights import Deploy, End, KnightsState, Place, new_game
from game.knights.aids import rival_threats, threatened, tiles_to_come
from game.knights.reasons import move_reasons
from game.knights.tiles import PlacedTile, Tile
from game.knights.words import spot_name


def position(
    board: dict[tuple[int, int], PlacedTile],
    phase: str = "place",
    pending: tuple[int, int] | None = None,
    supply: tuple[int, int] = (20, 20),
    lays: int = 1,
) -> KnightsState:
    return KnightsState.build(
        players=("Ann", "Hilde"),
        seed=1,
        phase=phase,  # type: ignore[arg-type]
        current_player=0,
        lays_this_turn=lays,
        pending=pending,
        board=board,
        hands=((Tile("plain", "C"), Tile("mountain", "D")), (Tile("?", "C"), Tile("?", "C"))),
        piles=((Tile("plain+castle", "D"),), (Tile("?", "D"), Tile("?", "E"))),
        supply=supply,
        kept=(True, True),
        start=(),
    )


ROW = {
    (-1, 0): PlacedTile("plain+castle", "B"),  # Ann's castle, just laid
    (0, 0): PlacedTile("plain+village", "A", (1,)),  # Hilde's village
    (1, 0): PlacedTile("plain", "A"),
    (2, 0): PlacedTile("plain+town", "B", (0, 0, 0)),  # Ann's town, three knights
    (0, 1): PlacedTile("mountain", "A"),
    (1, 1): PlacedTile("lake", "B"),
}


def test_a_deployment_that_takes_a_village_and_fills_a_town_says_both() -> None:
    state = position(dict(ROW), phase="deploy", pending=(-1, 0))
    lines = move_reasons(state, [Deploy(4, "E", (1, 1, 1, 1))], ["Ann", "Hilde"])
    village, town = spot_name(2, 0, 0), spot_name(2, 2, 0)
    assert lines[0] == f"takes Hilde's village at {village}: +2"
    assert lines[1] == f"your town at {town} now holds 4 knights: nobody can land on it"


def test_knights_kept_back_and_a_castle_secured_are_said() -> None:
    walled = {
        (0, 0): PlacedTile("plain+castle", "B"),
        (1, 0): PlacedTile("lake", "B"),
        (-1, 0): PlacedTile("lake", "B"),
        (0, 1): PlacedTile("lake", "C"),
        (0, -1): PlacedTile("lake", "D"),
    }
    state = position(walled, phase="deploy", pending=(0, 0))
    lines = move_reasons(state, [Deploy(1, None, (1,))], None)
    assert lines == [
        f"secures the castle at {spot_name(2, 0, 0)}: +1",
        "keeps 19 knights in the supply for later castles",
    ]


def test_ending_the_turn_keeps_a_tile_for_later() -> None:
    state = position(dict(ROW))
    assert move_reasons(state, [End()], None) == ["keeps the plain in hand for later"]


def test_a_building_won_where_a_rival_castle_could_reach_it_is_said_to_be_open() -> None:
    state = position(dict(ROW), phase="deploy", pending=(-1, 0))
    castle = spot_name(2, -1, 0)
    assert move_reasons(state, [Deploy(1, None, (1,))], None) == [
        f"secures the castle at {castle}: +1",
        f"leaves your castle at {castle} open to a rival's castle",
    ]


def test_threatened_buildings_need_a_castle_in_reach_and_room_on_the_stack() -> None:
    board = {
        (0, 0): PlacedTile("plain+village", "A", (0,)),
        (1, 0): PlacedTile("plain", "A"),
        (0, 1): PlacedTile("lake", "A"),
        (1, 1): PlacedTile("lake", "B"),
    }
    state = position(board)
    assert threatened(state, 0, {1: {"plain+castle"}}) == {(0, 0): [1]}
    assert threatened(state, 0, {1: set()}) == {}
    full = dict(board)
    full[(0, 0)] = PlacedTile("plain+village", "A", (1, 0, 1, 0))  # four knights: safe
    assert threatened(position(full), 0, {1: {"plain+castle"}}) == {}


def test_tiles_to_come_follow_what_each_player_laid() -> None:
    state = new_game(["Ann", "Hilde"], 5)
    rng = random.Random(3)
    moves = []
    for _turn in range(30):
        action = rng.choice(state.legal_actions())
        moves.append((state.current_player, action))
        state = state.apply(action)
    counts = tiles_to_come(state, moves)
    for seat in range(2):
        got = counts[seat]
        assert got is not None and sum(got.values()) == state.tiles_left(seat)
    # Every tile a player laid is gone from his tiles to come, none from the other's.
    laid = [(seat, a) for seat, a in moves if isinstance(a, Place)]
    assert laid
    assert tiles_to_come(state, moves[:-1]) != counts or not isinstance(moves[-1][1], Place)
    # A history that does not reach the start gives no count rather than a wrong one.
    assert tiles_to_come(state, moves[5:]) != counts
    assert rival_threats(state.view(0), 0, counts) is not None


def test_which_start_tile_a_rival_kept_stays_his_secret() -> None:
    """The log hides the start tile a player kept: the aids must not tell it either."""
    seen = []
    for choice in range(3):
        state = new_game(["Ann", "Hilde"], 5)
        moves = []
        while state.phase == "keep":
            keeps = state.legal_actions()
            action = keeps[choice % len(keeps)] if state.current_player == 1 else keeps[0]
            moves.append((state.current_player, action))
            state = state.apply(action)
        counts = tiles_to_come(state, moves, viewer=0)
        assert counts[1] is not None
        assert sum(counts[1].values()) == state.tiles_left(1) - 1  # one start tile unknown
        seen.append(counts[1])
        own = tiles_to_come(state, moves, viewer=1)[1]  # Hilde knows her own
        assert own is not None and sum(own.values()) == state.tiles_left(1)
    assert seen[0] == seen[1] == seen[2]  # Ann's aids read the same whatever Hilde kept


def test_a_town_laid_bare_says_who_may_take_it() -> None:
    """The hint that said "lay the town and end the turn" now says why, and what it risks: the
    castle in his hand could take the town next turn, and so could a rival's castle."""

    def bare_town_position(rival_supply: int) -> KnightsState:
        return KnightsState.build(
            players=("Ann", "Hilde"),
            seed=1,
            phase="place",
            current_player=0,
            lays_this_turn=0,
            pending=None,
            board={(0, 0): PlacedTile("plain", "A"), (0, 1): PlacedTile("lake", "A")},
            hands=((Tile("plain+town", "C"), Tile("plain+castle", "C")), (Tile("?", "C"),)),
            piles=((Tile("plain", "D"),), (Tile("?", "D"),)),
            supply=(20, rival_supply),
            kept=(True, True),
            start=(),
        )

    state = bare_town_position(20)
    town = spot_name(2, 1, 0)
    turn = [Place("plain+town", 1, 0), End()]
    assert move_reasons(state, turn, ["Ann", "Hilde"]) == [
        f"lays the town at {town} for the castle in your hand to take",
        f"leaves the town at {town} bare: a rival's castle could take it",
    ]
    # Told to the others ("why?"), his hand stays his own.
    assert move_reasons(state, turn, ["Ann", "Hilde"], public=True) == [
        f"leaves the town at {town} bare: a rival's castle could take it"
    ]
    # A rival with no knights left can take nothing.
    assert move_reasons(bare_town_position(0), turn, None) == [
        f"lays the town at {town} for the castle in your hand to take",
        "keeps the castle in hand for later",
    ]
