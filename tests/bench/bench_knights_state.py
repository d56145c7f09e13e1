"""Robber Knights engine cost where the AI pays it: perft, greedy games, fixed-size searches.

Times are CPU seconds, the best of ``--repeats`` runs (the machine is shared, so the best run is
the least disturbed one). Every workload is deterministic, so two versions of the engine can be
compared number by number.

    .venv/bin/python tests/bench/bench_knights_state.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ai.ismcts import search  # noqa: E402
from ai.knights.greedy import GreedyKnights  # noqa: E402
from ai.knights.levels import KnightsSearchAgent  # noqa: E402
from ai.knights.search import KnightsSearch  # noqa: E402
from game.knights import KnightsState, new_game  # noqa: E402


def perft(state: KnightsState, depth: int) -> int:
    if depth == 0 or state.is_terminal:
        return 1
    return sum(perft(state.apply(a), depth - 1) for a in state.legal_actions())


def random_position(players: int, seed: int, steps: int) -> KnightsState:
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(steps):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def perft_work() -> int:
    """The three mid-game perft positions of tests/game/knights/test_knights_perft.py, depth 3."""
    nodes = 0
    for players, seed, steps in ((2, 7, 20), (3, 8, 45), (4, 9, 70)):
        nodes += perft(random_position(players, seed, steps), 3)
    return nodes


def greedy_games() -> int:
    """Four 2-player games of the medium level against itself."""
    agent = GreedyKnights()
    moves = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(2, seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state = state.apply(agent.choose(state.view(seat), rng))
            moves += 1
    return moves


def fixed_searches() -> int:
    """Twelve hard-level decisions along a seeded game, 150 iterations each (no clock)."""
    agent = KnightsSearchAgent(1.0)
    config = replace(agent.midgame, budget=None, max_iterations=150)
    rng = random.Random(3)
    state = random_position(3, 21, 12)
    iterations = 0
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        result = search(state.view(seat), KnightsSearch(plans_per_turn=6), config, rng)
        iterations += result.iterations
        state = state.apply(result.action)
    return iterations


def best_time(work: Callable[[], int], repeats: int) -> tuple[int, float]:
    best = float("inf")
    count = 0
    for _ in range(repeats):
        start = time.process_time()
        count = work()
        best = min(best, time.process_time() - start)
    return count, best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    for name, work, unit in (
        ("perft depth 3 x3", perft_work, "nodes"),
        ("greedy 2p games x4", greedy_games, "moves"),
        ("search 12 x 150 it", fixed_searches, "iterations"),
    ):
        count, seconds = best_time(work, args.repeats)
        print(f"{name:<20} {count:>8} {unit:<10} {seconds:7.2f} s cpu  {count / seconds:9.0f}/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
