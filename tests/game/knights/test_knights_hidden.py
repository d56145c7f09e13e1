"""What each player may see (view) and redeals consistent with it (determinize)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.knights import HIDDEN, TILE_COUNTS, TILE_SET, KnightsState, Place, new_game


def played(players: int, seed: int, steps: int) -> KnightsState:
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def letters(tiles: tuple) -> list[str]:
    return [t.letter for t in tiles]


def all_tiles(state: KnightsState) -> Counter:
    tiles = Counter((p.tile, p.letter) for p in state.board.values())
    for group in (state.start, *state.hands, *state.piles):
        tiles.update((t.tile, t.letter) for t in group)
    return tiles


def full_sets(players: int) -> Counter:
    return Counter(
        (k, letter) for letter, kinds in TILE_SET.items() for k in kinds for _ in range(players)
    )


@pytest.mark.parametrize("players,steps", [(2, 10), (3, 30), (4, 1)])
def test_view_hides_other_hands_but_keeps_count_and_letters(players: int, steps: int) -> None:
    state = played(players, players, steps)
    for me in range(players):
        view = state.view(me)
        assert view.hands[me] == state.hands[me]
        for other in range(players):
            if other != me:
                assert all(t.tile == HIDDEN for t in view.hands[other])
                assert letters(view.hands[other]) == letters(state.hands[other])


def test_view_keeps_pile_sizes_and_letters_but_not_order_or_others_kinds() -> None:
    state = played(3, 8, 20)
    view = state.view(0)
    for seat in range(3):
        assert letters(view.piles[seat]) == letters(state.piles[seat])
    assert sorted(view.piles[0]) == sorted(state.piles[0])  # he knows his own set
    assert all(t.tile == HIDDEN for seat in (1, 2) for t in view.piles[seat])
    # The order inside a letter is the same whatever the real order was.
    other = new_game(3, 99)
    assert other.view(0).piles[0] == new_game(3, 98).view(0).piles[0]


def test_view_keeps_everything_public() -> None:
    state = played(2, 4, 30)
    view = state.view(1)
    assert dict(view.board) == dict(state.board)
    assert view.supply == state.supply and view.phase == state.phase
    assert view.current_player == state.current_player
    assert view.lays_this_turn == state.lays_this_turn and view.pending == state.pending


def test_view_of_a_view_is_stable_and_legal_moves_work_for_the_viewer() -> None:
    state = played(2, 6, 15)
    me = state.current_player
    assert me is not None
    view = state.view(me)
    assert view.view(me).to_dict() == view.to_dict()
    assert view.legal_actions() == state.legal_actions()
    assert view.apply(view.legal_actions()[0]).board.keys() >= state.board.keys()


@pytest.mark.parametrize("players,steps", [(2, 0), (2, 3), (3, 25), (4, 60)])
def test_determinize_keeps_what_the_player_has_seen(players: int, steps: int) -> None:
    state = played(players, 10 + players, steps)
    for me in range(players):
        for seed in range(3):
            world = state.view(me).determinize(me, random.Random(seed))
            seen, world_seen = state.view(me), world.view(me)
            assert world_seen.to_dict() == seen.to_dict()
            assert all(t.tile != HIDDEN for g in (*world.hands, *world.piles) for t in g)
            assert all_tiles(world) == full_sets(players)
            assert world.legal_actions() == state.legal_actions() or me != state.current_player


def test_determinize_works_on_the_full_state_too() -> None:
    state = played(3, 2, 25)
    world = state.determinize(2, random.Random(1))
    assert world.view(2).to_dict() == state.view(2).to_dict()
    assert all_tiles(world) == full_sets(3)


def test_determinize_actually_redeals_hidden_tiles() -> None:
    state = played(2, 3, 8)
    worlds = {
        state.view(0).determinize(0, random.Random(s)).to_dict()["piles"].__repr__()
        for s in range(8)
    }
    assert len(worlds) > 1


def test_determinized_games_play_to_the_end() -> None:
    state = played(3, 12, 20)
    rng = random.Random(0)
    world = state.view(1).determinize(1, rng)
    while not world.is_terminal:
        world = world.apply(rng.choice(world.legal_actions()))
    assert len(world.board) == 72


def test_others_keep_phase_hands_are_hidden_too() -> None:
    state = new_game(2, 1)
    view = state.view(1)
    assert all(t.tile == HIDDEN for t in view.hands[0]) and len(view.hands[0]) == 4
    world = view.determinize(1, random.Random(0))
    assert sorted(t.tile for t in world.hands[0]) == sorted(TILE_SET["A"])


def test_view_hides_the_laying_players_hand_from_the_next_player() -> None:
    state = played(2, 1, 2)  # both kept
    spot = state.legal_spots()[0]
    kind = state.hands[0][0].tile
    after = state.apply(Place(kind, *spot))
    assert after.view(1).hands[0][0].tile == HIDDEN


@pytest.mark.parametrize("players", [3, 4])
def test_determinize_never_gives_a_seat_more_than_one_tile_set_holds(players: int) -> None:
    rng = random.Random(players)
    for steps in (1, 2, 10, 40, 90):
        state = played(players, steps, steps)
        for me in range(players):
            world = state.view(me).determinize(me, rng)
            for seat in range(players):
                held = Counter((t.tile, t.letter) for t in world.hands[seat] + world.piles[seat])
                assert all(count <= TILE_COUNTS[key] for key, count in held.items())
            if world.phase == "keep":
                KnightsState.from_dict(world.to_dict())  # each kept hand holds its castle
