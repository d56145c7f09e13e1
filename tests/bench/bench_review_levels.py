"""Does the review tell good play from bad? Easy against expert, every decision graded.

    nice -n 10 python tests/bench/bench_review_levels.py knights 10 [SEED] [REVIEW_BUDGET]
    nice -n 10 python tests/bench/bench_review_levels.py rummy 10 [SEED] [REVIEW_BUDGET]

Each game (a rummy round) is easy against expert, the seats alternating; the expert searches
``EXPERT_BUDGET`` seconds a decision. Both seats are reviewed (the review's default budget
unless one is given). Prints one row per game (decisions and graded decisions of each level,
by grade) and the totals. One process, one core.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ai import make_agent
from ai.review import review_game
from game.registry import game_spec
from game.review import GRADES, ReviewedTurn

EXPERT_BUDGET = 0.5
LEVELS = ("easy", "expert")


def play(game: str, seed: int, levels: Sequence[str], budget: float) -> tuple[list[Any], list[Any]]:
    """One game (a rummy round) of ``levels`` by seat: the states and the actions."""
    state = game_spec(game).new_game([level.capitalize() for level in levels], seed)
    agents = [
        make_agent(game, level, seed + seat, budget=budget) for seat, level in enumerate(levels)
    ]
    rng = random.Random(seed)
    states, history = [state], []
    while not state.is_terminal:
        action = agents[state.current_player].choose(state, rng)
        history.append(action)
        state = state.apply(action)
        states.append(state)
    return states, history


def graded(turns: Sequence[ReviewedTurn], seat: int) -> tuple[int, int, Counter[str]]:
    mine = [t for t in turns if t.seat == seat]
    grades = Counter(t.grade for t in mine if t.grade is not None)
    return len(mine), sum(grades.values()), grades


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "knights"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    budget = float(sys.argv[4]) if len(sys.argv) > 4 else None
    names = [name for name, _floor in GRADES]
    print(f"{game}: easy against expert ({EXPERT_BUDGET} s), review budget {budget or 'default'}")
    print("| game | easy decisions | easy graded | expert decisions | expert graded | seconds |")
    print("|---|---|---|---|---|---|")
    totals = {level: [0, 0, Counter[str]()] for level in LEVELS}
    for number in range(games):
        levels = LEVELS if number % 2 == 0 else tuple(reversed(LEVELS))
        states, history = play(game, seed + number, levels, EXPERT_BUDGET)
        started = time.perf_counter()
        turns = list(review_game(game, states, history, {0, 1}, budget=budget, seed=number))
        took = time.perf_counter() - started
        cells = {}
        for seat, level in enumerate(levels):
            decisions, flagged, grades = graded(turns, seat)
            totals[level][0] += decisions
            totals[level][1] += flagged
            totals[level][2] += grades
            detail = ", ".join(f"{grades[n]} {n}" for n in names if grades[n])
            cells[level] = (decisions, f"{flagged}" + (f" ({detail})" if detail else ""))
        print(
            f"| {number + 1} | {cells['easy'][0]} | {cells['easy'][1]} | {cells['expert'][0]} "
            f"| {cells['expert'][1]} | {took:.0f} |",
            flush=True,
        )
    for level in LEVELS:
        decisions, flagged, grades = totals[level]
        share = flagged / decisions if decisions else 0.0
        detail = ", ".join(f"{grades[n]} {n}" for n in names if grades[n])
        print(f"{level}: {flagged} of {decisions} decisions graded ({share:.0%}): {detail}")


if __name__ == "__main__":
    main()
