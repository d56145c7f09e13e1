"""Räuber-Rommé strength checks over mirrored deals (long; not in the default suite).

    .venv/bin/python tests/bench/match_rummy.py [ROUNDS] [BUDGET] [WORKERS]

Targets: medium beats easy in >= 65% of rounds; hard beats medium in >= 60% of >= 200 rounds.
A "game" of the arena is one round; two players share each deal seed with seats swapped, so
400 rounds are 200 mirrored deals.

Measured on 2026-11-29 (2 shared cores, nice 10, one worker, seed 0):
- medium vs easy, 400 rounds: medium 100% (400/400).
- hard vs medium, 400 rounds at 0.2 s: hard 73.0% (95% CI 68.5-77.1%), 0 illegal actions;
  hard's decisions: mean 79 ms, p95 135 ms, max 494 ms (one spike past the 220 ms promise
  while the machine ran three times more work than it has cores).
- hard vs medium, 20 rounds at the real 1 s: hard 19/20; decisions p95 686 ms, max 889 ms.
- expert vs medium, 4 rounds at the real 3 s: expert 4/4; decisions p95 2033 ms, max 2039 ms.
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
