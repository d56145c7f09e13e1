"""Robber Knights strength checks (long; not in the default suite).

    .venv/bin/python tests/bench/match_knights.py [GAMES] [BUDGET] [WORKERS]

Plays medium vs easy and hard vs medium, two players, seats rotated, and prints the reports.
Targets: medium beats easy >= 90%; hard beats medium >= 70% (at the stated budget).

Measured 2026-11-29 on a shared 2-core machine (load average 5-7, so each match process had
about 40% of a core), ``--workers 1`` each:
- medium vs easy, 200 games: medium 98.5% [95.7, 99.5].
- hard vs medium at 1.0 s, seeds 1 and 2, 100 games each: 64.5% [54.7, 73.2] and 71.5%
  [62.0, 79.4], together 136/200 = 68.0%; decision p95 857 ms, max 1.32 s (one stall of
  the loaded machine; p95/max in a 2-game hard/expert bench: 862/942 ms, 2.56/2.66 s).
- hard vs medium at 0.2 s, 100 games: 53%: the endgame rollouts need the time.
- later, on a quiet machine, hard vs medium at 1.0 s, seed 3, 60 games: 69.2% [56.6, 79.4],
  decision p95 844 ms, max 912 ms (all 260 games at 1.0 s: 68.3%).

Later the same day, after the quicker rollout planner moved the end play to 28 tiles left at 1 s
(was 20): hard vs medium at 1.0 s, 200 games, ``--seed 5 --workers 2`` (load about 2):
81.0% [75.0, 85.8], decision mean 808 ms, p95 846 ms, max 960 ms.
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
