"""Perft-style counts, and brute-force cross-checks of the legal move generator.

The brute-force generators below read the rules file literally (every drop vector, every spot
in a wide window) and share no code with the engine; the perft numbers were checked in only
after the engine agreed with them on thousands of positions.
"""

from __future__ import annotations

import itertools
import random

import pytest

from game.knights import (
    DIRECTIONS,
    END,
    KIND_MINIMUM,
    NO_DEPLOY,
    Deploy,
    Keep,
    KnightsState,
    Place,
    PlacedTile,
    new_game,
)


def can_receive(placed: PlacedTile, drop: int) -> bool:
    need = KIND_MINIMUM[placed.tile]
    return need is not None and drop >= need and len(placed.knights) + drop <= 4


def brute_deployments(state: KnightsState) -> set[Deploy]:
    """Every Deploy the rules allow, by trying all drop vectors of up to 5 entries."""
    assert state.pending is not None and state.current_player is not None
    x, y = state.pending
    board = state.board
    castle_need = KIND_MINIMUM[board[x, y].tile]
    supply = state.supply[state.current_player]
    found = {NO_DEPLOY}
    for length in range(1, 6):
        for drops in itertools.product(range(6), repeat=length):
            count = sum(drops)
            if not 1 <= count <= min(5, supply):
                continue
            for direction in [None] if length == 1 else list(DIRECTIONS):
                if direction is None:
                    ok = drops[0] >= castle_need and drops[0] <= 4  # type: ignore[operator]
                else:
                    dx, dy = DIRECTIONS[direction]
                    ok = castle_need <= drops[0] <= 4  # type: ignore[operator]
                    for i in range(1, length):
                        placed = board.get((x + dx * i, y + dy * i))
                        ok = ok and placed is not None and can_receive(placed, drops[i])
                if ok:
                    found.add(Deploy(count, direction, drops))
    return found


def brute_places(state: KnightsState) -> set[Place]:
    """Every (kind, spot) with an edge neighbour whose layout stays within the N×N area."""
    assert state.current_player is not None
    board = state.board
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    found = set()
    for x in range(min(xs) - 2, max(xs) + 3):
        for y in range(min(ys) - 2, max(ys) + 3):
            if (x, y) in board:
                continue
            if not any(n in board for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))):
                continue
            if max(xs + [x]) - min(xs + [x]) >= state.area:
                continue
            if max(ys + [y]) - min(ys + [y]) >= state.area:
                continue
            found.update(Place(t.tile, x, y) for t in state.hands[state.current_player])
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_move_generator_matches_brute_force_along_random_games(players: int) -> None:
    rng = random.Random(100 + players)
    deploys = 0
    for game in range(3 if players == 2 else 2):
        state = new_game(players, seed=game)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            if state.phase == "deploy":
                assert set(legal) == brute_deployments(state)
                deploys += 1
            elif state.phase == "place":
                places = {a for a in legal if a != END}
                assert places == brute_places(state)
                assert (END in legal) == (state.lays_this_turn > 0)
            # prefer castles so deployments get tested often
            castles = [a for a in legal if isinstance(a, Place) and "castle" in a.tile]
            state = state.apply(rng.choice(castles if castles and rng.random() < 0.7 else legal))
    assert deploys > 20


def perft(state: KnightsState, depth: int) -> int:
    if depth == 0 or state.is_terminal:
        return 1
    return sum(perft(state.apply(a), depth - 1) for a in state.legal_actions())


def after_keeps(players: int, seed: int) -> KnightsState:
    state = new_game(players, seed)
    for _ in range(players):
        state = state.apply(Keep("mountain"))
    return state


def test_perft_from_the_new_game() -> None:
    state = new_game(2, 1)
    assert [perft(state, d) for d in range(4)] == [1, 3, 9, 9 * 16]


@pytest.mark.parametrize(
    "players,seed,expected",
    [
        # depth 2 by hand for 2 players: all four start tiles are plain, so each of the 8 castle
        # spots faces a straight row of two plains (25 deployments, see test_knights_deploy) and
        # each of the 8 mountain spots leaves 9 spots for 2 kinds plus End: 8*25 + 8*19 = 352.
        (2, 1, [1, 16, 352, 7016]),
        (3, 2, [1, 20, 496, 10314]),
        (4, 3, [1, 24, 640, 16868]),
    ],
)
def test_perft_from_the_start_layout(players: int, seed: int, expected: list[int]) -> None:
    state = after_keeps(players, seed)
    assert [perft(state, d) for d in range(len(expected))] == expected


def random_position(players: int, seed: int, steps: int) -> KnightsState:
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(steps):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "players,seed,steps,expected",
    [
        (2, 7, 20, [1, 31, 1271, 50344]),  # in phase deploy
        (3, 8, 45, [1, 59, 2260, 90552]),  # in phase place, two lays made
        (4, 9, 70, [1, 24, 1344, 75456]),  # in phase deploy after a third lay
    ],
)
def test_perft_from_seeded_midgame_positions(
    players: int, seed: int, steps: int, expected: list[int]
) -> None:
    state = random_position(players, seed, steps)
    assert state.phase == ("place" if players == 3 else "deploy")
    assert [perft(state, d) for d in range(len(expected))] == expected


@pytest.mark.parametrize(
    "players,seed,expected", [(2, 11, (62, 1283, 37)), (4, 12, (127, 4893, 69))]
)
def test_legal_action_counts_along_a_seeded_random_game(
    players: int, seed: int, expected: tuple[int, int, int]
) -> None:
    rng = random.Random(seed)
    state = new_game(players, seed)
    counts = []
    while not state.is_terminal:
        legal = state.legal_actions()
        counts.append(len(legal))
        state = state.apply(rng.choice(legal))
    assert (len(counts), sum(counts), max(counts)) == expected
