"""The review tells good play from bad: over seeded games of easy against expert it grades
far more of easy's decisions than of expert's (issue 38). Small budgets and the first turns
only, so it stays a few seconds; tests/bench/bench_review_levels.py measures whole games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import make_agent
from ai.review import review_game
from game.registry import game_spec

LEVELS = ("easy", "expert")


def opening(
    game: str, seed: int, levels: tuple[str, ...], moves: int
) -> tuple[list[Any], list[Any]]:
    """The first ``moves`` moves of a game of ``levels`` (the expert on a tiny budget)."""
    state = game_spec(game).new_game(["Easy", "Expert"], seed)
    agents = [make_agent(game, level, seed + i, budget=0.05) for i, level in enumerate(levels)]
    rng = random.Random(seed)
    states, history = [state], []
    while not state.is_terminal and len(history) < moves:
        action = agents[state.current_player].choose(state, rng)
        history.append(action)
        states.append(state := state.apply(action))
    return states, history


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "seeds", "moves"), [("knights", (3, 4), 50), ("rummy", (3, 4), 400)]
)
def test_easy_is_graded_far_more_often_than_expert(
    game: str, seeds: tuple[int, ...], moves: int
) -> None:
    graded = {level: 0 for level in LEVELS}
    decisions = {level: 0 for level in LEVELS}
    for number, seed in enumerate(seeds):
        levels = LEVELS if number % 2 == 0 else LEVELS[::-1]
        states, history = opening(game, seed, levels, moves)
        for turn in review_game(game, states, history, {0, 1}, budget=0.1, seed=seed):
            decisions[levels[turn.seat]] += 1
            graded[levels[turn.seat]] += turn.grade is not None
    assert decisions["easy"] >= 8 and decisions["expert"] >= 8
    assert graded["easy"] >= 3, (graded, decisions)
    assert graded["easy"] >= 3 * max(1, graded["expert"]), (graded, decisions)
