"""Memory of the rummy computer players in one process, decision by decision.

    .venv/bin/python tests/bench/bench_solver_memory.py [--decisions 300] [--budget 0.3]

Loads the compiled solver (``warm_up``), then two hard players play both seats of a two-player
game (same seeds every run) and VmRSS is printed every 40 decisions: what the AI process's
memory does over a game, without the window, the watchdog or the machine's load in the way.
``ROBBERS_DEN_NO_JIT=1`` measures the pure-Python solver. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024.0
    return 0.0


def main() -> int:
    if not Path("/proc/self/status").exists():
        print("bench_solver_memory: needs Linux's /proc; skipped")
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--budget", type=float, default=0.3)
    args = parser.parse_args()
    from ai import make_agent
    from ai.rummy_solver import warm_up
    from game.rummy.state import new_game

    compiled = warm_up()
    print(f"compiled {compiled}: {rss_mb():.0f} MB after loading")
    agents = [make_agent("rummy", "hard", seat, budget=args.budget) for seat in range(2)]
    state = new_game(2, seed=5)
    rng = random.Random(1)
    decisions = 0
    while decisions < args.decisions:
        if state.is_terminal:
            state = new_game(2, seed=decisions)
            continue
        seat = state.current_player
        state = state.apply(agents[seat].choose(state.view(seat), rng))
        decisions += 1
        if decisions % 40 == 0:
            print(f"{decisions:5d} decisions: {rss_mb():.0f} MB", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
