"""The review tells good play from bad: on games of easy against expert it grades far more of
easy's decisions than of expert's (issue 38).

The games are stored (tests/data/review_levels/, made by
tests/bench/make_review_level_games.py with the expert at its bench budget): playing them here
would take most of the time. The review of them, on a small budget, is what is tested;
tests/bench/bench_review_levels.py measures more games at the default budget."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.review import review_game
from game.persist import load_game, replay_states

GAMES = Path(__file__).parents[1] / "data" / "review_levels"


def graded_by_level(name: str, budget: float) -> tuple[dict[str, int], dict[str, int]]:
    saved = load_game(GAMES / name)
    states = replay_states(saved)
    assert states is not None
    levels = [seat.level for seat in saved.seats]
    graded = {"easy": 0, "expert": 0}
    decisions = {"easy": 0, "expert": 0}
    for turn in review_game(saved.game, states, saved.history, {0, 1}, budget=budget, seed=1):
        level = levels[turn.seat]
        assert level is not None
        decisions[level] += 1
        graded[level] += turn.grade is not None
    return graded, decisions


@pytest.mark.slow
@pytest.mark.parametrize("name", ["knights-31.json", "rummy-32.json"])
def test_easy_is_graded_far_more_often_than_expert(name: str) -> None:
    graded, decisions = graded_by_level(name, budget=0.05)
    assert decisions["easy"] >= 10 and decisions["expert"] >= 10
    assert graded["easy"] >= 3, (graded, decisions)
    assert graded["easy"] >= 3 * max(1, graded["expert"]), (graded, decisions)
