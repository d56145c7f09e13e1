"""Robber Knights strength checks (long; not in the default suite).

    .venv/bin/python tests/bench/match_knights.py [GAMES] [BUDGET] [WORKERS]

Plays medium vs easy and hard vs medium, two players, seats rotated, and prints the reports.
Targets: medium beats easy >= 90%; hard beats medium >= 70% (at the stated budget).
"""

from __future__ import annotations

import sys

from ai.arena import main

if __name__ == "__main__":
    games = sys.argv[1] if len(sys.argv) > 1 else "200"
    budget = sys.argv[2] if len(sys.argv) > 2 else "1.0"
    workers = sys.argv[3] if len(sys.argv) > 3 else "1"
    common = ["--game", "knights", "--games", games, "--workers", workers, "--seed", "1"]
    main([*common, "--players", "medium,easy"])
    main([*common, "--players", "hard,medium", "--budget", budget])
