"""Benchmark: the hint's latency (``ai.rummy.hint.best_table``'s solve, with its budget) on
crowded positions (see :func:`tests.ai.rummy.solver.positions.crowded_position`).

Run from the project root: ``.venv/bin/python tests/bench/bench_solver_hint.py [positions]
[seed]``. Three ways, one per process: as shipped; ``ROBBERS_DEN_NO_JIT=1`` (pure Python plus
the integer program); ``ROBBERS_DEN_SOLVER_ILP_ONLY=1`` (HiGHS alone). Prints median, p90, p99
and max in ms, and how many hints were not proven optimal (the budget cut the last step short).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ai.rummy.hint import HINT_SOLVER_BUDGET  # noqa: E402
from ai.rummy.solver import solve_play, warm_up  # noqa: E402
from tests.ai.rummy.solver.positions import crowded_position  # noqa: E402


def main(positions: int = 300, seed: int = 2026) -> None:
    compiled = warm_up()
    way = (
        "HiGHS alone"
        if os.environ.get("ROBBERS_DEN_SOLVER_ILP_ONLY") == "1"
        else ("compiled" if compiled else "pure Python")
    )
    rng = np.random.default_rng(seed)
    times: list[float] = []
    not_exact = 0
    for _ in range(positions):
        table, hand, opened = crowded_position(rng)
        start = time.perf_counter()
        answer = solve_play(table, hand, opened, budget=HINT_SOLVER_BUDGET)
        times.append((time.perf_counter() - start) * 1e3)
        not_exact += not answer.exact
    array = np.array(times)
    print(f"hint ({way}), {positions} positions, seed {seed}: median {np.median(array):.1f} ms, "
          f"p90 {np.percentile(array, 90):.1f}, p99 {np.percentile(array, 99):.1f}, "
          f"max {array.max():.1f}; not proven optimal: {not_exact}")  # fmt: skip


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 300,
        int(sys.argv[2]) if len(sys.argv) > 2 else 2026,
    )
