"""Property tests over random Robber Knights games (hypothesis picks players, seeds and moves)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.knights import (
    HIDDEN,
    KNIGHTS_PER_PLAYER,
    MAX_STACK,
    TILES_PER_PLAYER,
    KnightsState,
    new_game,
)

players = st.integers(min_value=2, max_value=4)
seeds = st.integers(min_value=0, max_value=2**32)


def check_invariants(state: KnightsState) -> None:
    on_board = Counter(k for placed in state.board.values() for k in placed.knights)
    for seat in range(state.num_players):
        assert state.supply[seat] + on_board[seat] == KNIGHTS_PER_PLAYER
    assert all(len(placed.knights) <= MAX_STACK for placed in state.board.values())
    if state.board:
        min_x, max_x, min_y, max_y = state.bounds()  # type: ignore[misc]
        assert max_x - min_x < state.area and max_y - min_y < state.area
    for seat in range(state.num_players):  # the hand holds 2 tiles until the pile runs out
        if state.piles[seat] and state.phase != "keep":
            drawing = state.phase == "deploy" and seat == state.current_player
            assert len(state.hands[seat]) == (1 if drawing else 2)
    tiles = len(state.board) + len(state.start)
    tiles += sum(len(h) + len(p) for h, p in zip(state.hands, state.piles, strict=True))
    assert tiles == TILES_PER_PLAYER * state.num_players


@settings(max_examples=30, deadline=None)
@given(players, seeds, seeds)
def test_random_games_keep_every_invariant_and_end_with_all_tiles_laid(
    n: int, seed: int, move_seed: int
) -> None:
    rng = random.Random(move_seed)
    state = new_game(n, seed)
    while not state.is_terminal:
        check_invariants(state)
        nxt = state.apply(rng.choice(state.legal_actions()))
        for spot, placed in state.board.items():  # knights never move again
            assert nxt.board[spot].knights[: len(placed.knights)] == placed.knights
        state = nxt
    check_invariants(state)
    assert len(state.board) == TILES_PER_PLAYER * n
    assert state.current_player is None and state.lays_this_turn == 0
    assert sum(state.returns()) == 1.0


@settings(max_examples=15, deadline=None)
@given(players, seeds, seeds)
def test_apply_never_mutates_and_json_round_trips_exactly(
    n: int, seed: int, move_seed: int
) -> None:
    rng = random.Random(move_seed)
    state = new_game(n, seed)
    while not state.is_terminal:
        before = state.to_dict()
        text = json.dumps(before)
        assert KnightsState.from_dict(json.loads(text)).to_dict() == before
        actions = state.legal_actions()
        state.apply(rng.choice(actions))  # a branch not taken
        nxt = state.apply(rng.choice(actions))
        assert state.to_dict() == before and json.dumps(state.to_dict()) == text
        state = nxt


@settings(max_examples=30, deadline=None)
@given(players, seeds, seeds, st.integers(min_value=0, max_value=150))
def test_determinize_keeps_everything_the_player_has_seen(
    n: int, seed: int, move_seed: int, steps: int
) -> None:
    rng = random.Random(move_seed)
    state = new_game(n, seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    me = rng.randrange(n)
    seen = state.view(me)
    world = seen.determinize(me, rng)
    assert world.hands[me] == state.hands[me]
    assert dict(world.board) == dict(state.board)
    assert world.supply == state.supply
    for seat in range(n):
        assert [t.letter for t in world.hands[seat]] == [t.letter for t in state.hands[seat]]
        assert [t.letter for t in world.piles[seat]] == [t.letter for t in state.piles[seat]]
        assert all(t.tile != HIDDEN for t in world.hands[seat] + world.piles[seat])
    assert sorted(world.piles[me]) == sorted(state.piles[me])
    assert world.view(me).to_dict() == seen.to_dict()
    KnightsState.from_dict(world.to_dict())  # a complete, consistent state
