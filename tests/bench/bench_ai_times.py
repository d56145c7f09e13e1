"""Decision times of hard and expert at their real budgets (p95 must stay <= 1.1 s / 3.3 s).

.venv/bin/python tests/bench/bench_ai_times.py [GAMES]
"""

from __future__ import annotations

import sys

from ai.arena import main

if __name__ == "__main__":
    games = sys.argv[1] if len(sys.argv) > 1 else "2"
    for game in ("knights", "rummy"):
        main(["--game", game, "--players", "hard,expert", "--games", games, "--seed", "3"])
