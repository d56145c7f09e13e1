"""Robber Knights evaluation speed: ``expected_points`` calls per second on one core.

The evaluation runs in every plan the turn planner weighs, so it sets how many play-outs the
hard and expert players get in the endgame. Positions are every third of one greedy game
(2, 3, 4 players); each is evaluated repeatedly for about ``--seconds`` of CPU per count.

    .venv/bin/python tests/bench/bench_knights_eval.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ai.knights.eval import expected_points  # noqa: E402
from ai.knights.greedy import GreedyKnights  # noqa: E402
from game.knights import KnightsState, new_game  # noqa: E402


def positions(players: int, seed: int) -> list[KnightsState]:
    state, agent, rng = new_game(players, seed), GreedyKnights(), random.Random(seed)
    seen = []
    while not state.is_terminal:
        if state.phase == "place":
            seen.append(state.determinize(state.current_player, rng))
        state = state.apply(agent.choose(state, rng))
    return seen[::3]


def measure(players: int, seconds: float) -> tuple[int, float]:
    """(calls, cpu seconds) for about ``seconds`` of CPU time."""
    states = [s for seed in range(3) for s in positions(players, 900 + seed)]
    calls = 0
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds:
        for state in states:
            expected_points(state)
        calls += len(states)
    return calls, time.process_time() - cpu0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per count")
    args = parser.parse_args()
    print(f"{'players':>7} {'calls':>8} {'calls/s cpu':>12} {'us/call':>8}")
    for players in (2, 3, 4):
        calls, cpu = measure(players, args.seconds)
        print(f"{players:>7} {calls:>8} {calls / cpu:>12.0f} {1e6 * cpu / calls:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
