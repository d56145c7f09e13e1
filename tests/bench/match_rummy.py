"""Räuber-Rommé strength checks over mirrored deals (long; not in the default suite).

    .venv/bin/python tests/bench/match_rummy.py [ROUNDS] [BUDGET] [WORKERS]

Targets: medium beats easy in >= 65% of rounds; hard beats medium in >= 60% of >= 200 rounds.
"""

from __future__ import annotations

import sys

from ai.arena import main

if __name__ == "__main__":
    rounds = sys.argv[1] if len(sys.argv) > 1 else "200"
    budget = sys.argv[2] if len(sys.argv) > 2 else "1.0"
    workers = sys.argv[3] if len(sys.argv) > 3 else "1"
    common = ["--game", "rummy", "--games", rounds, "--workers", workers, "--seed", "1"]
    main([*common, "--players", "medium,easy"])
    main([*common, "--players", "hard,medium", "--budget", budget])
