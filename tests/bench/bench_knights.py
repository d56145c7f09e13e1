"""Robber Knights engine speed: full random games per second on one core (2, 3, 4 players).

Each game starts from ``new_game`` and is played to the end with ``legal_actions()`` + ``apply()``
and a seeded random choice, exactly as a random playout in search would.

    .venv/bin/python tests/bench/bench_knights.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.knights import new_game  # noqa: E402

TARGET_TWO_PLAYER = 150.0


def play_random_game(players: int, seed: int) -> int:
    """Play one full random game; returns the number of actions applied."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    actions = 0
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def measure(players: int, seconds: float) -> tuple[int, int, float, float]:
    """(games, actions, cpu seconds, wall seconds) for about ``seconds`` of CPU time."""
    games = actions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        actions += play_random_game(players, games)
        games += 1
    return games, actions, time.process_time() - cpu0, time.perf_counter() - wall0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per player count")
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>6} {'games/s cpu':>12} {'games/s wall':>13} {'actions/s':>10}")
    two_player_rate = 0.0
    for players in (2, 3, 4):
        games, actions, cpu, wall = measure(players, args.seconds)
        rate = games / cpu
        if players == 2:
            two_player_rate = rate
        print(f"{players:>7} {games:>6} {rate:>12.1f} {games / wall:>13.1f} {actions / cpu:>10.0f}")
    verdict = "meets" if two_player_rate >= TARGET_TWO_PLAYER else "MISSES"
    print(f"2-player target {TARGET_TWO_PLAYER:.0f} games/s (cpu): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
