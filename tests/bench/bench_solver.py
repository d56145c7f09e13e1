"""Benchmark: ``best_play`` against the HiGHS integer program on fixed realistic positions.

Run: ``.venv/bin/python tests/bench/bench_solver.py [positions per phase]`` from the project root.
Early game: small tables, big hands, mostly not opened; middle: tables of 25-50 cards;
late: tables of 50-80 cards, small hands, opened. Prints median and p99 solve times of both and
the median of the per-position ratio (HiGHS time / solver time), how many plays gave up on
exactness because of the state budget, and how many scored less than the HiGHS optimum (the
play is checked for validity too; untimed). The solver runs compiled
(``ai.rummy_solver_jit.warm_up()`` first); ``ROBBERS_DEN_NO_JIT=1`` measures the Python one.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import ai.rummy_solver as solver_module  # noqa: E402
from ai.rummy_solver import best_play  # noqa: E402
from tests.reference_ilp import random_position, solve_reference  # noqa: E402
from tests.test_solver_exact import check_play  # noqa: E402

PHASES = {
    # name: (table cards range, hand cards range, chance the player has opened)
    "early": ((0, 16), (13, 21), 0.3),
    "middle": ((25, 51), (8, 15), 0.8),
    "late": ((50, 81), (1, 9), 1.0),
}


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q))


# States per step before the exact search gives up and keeps the quick search's answer. The
# bench reports how often that happened (those answers are legal but not proven optimal).
BUDGET = 60_000


def main(per_phase: int = 20, seed: int = 2026, verbose: bool = True) -> None:
    from ai.rummy_solver_jit import warm_up

    print(f"solver: {'compiled' if warm_up() else 'pure Python'}", flush=True)
    rng = np.random.default_rng(seed)
    rows = []
    over_budget: dict[str, int] = {}
    not_optimal: dict[str, int] = {}
    all_solver: list[float] = []
    all_ilp: list[float] = []
    all_ratio: list[float] = []
    for name, ((t_lo, t_hi), (h_lo, h_hi), p_open) in PHASES.items():
        solver_times: list[float] = []
        ilp_times: list[float] = []
        ratios: list[float] = []
        for _ in range(per_phase):
            table_size = int(rng.integers(t_lo, t_hi))
            hand_size = int(rng.integers(h_lo, h_hi))
            opened = bool(rng.random() < p_open)
            table, hand = random_position(rng, table_size, hand_size)
            flat = [card for cards in table for card in cards]
            start = time.perf_counter()
            fallbacks = solver_module.budget_fallbacks
            result = best_play(table, hand, opened, budget=BUDGET)
            solver_time = time.perf_counter() - start
            gave_up = solver_module.budget_fallbacks > fallbacks
            start = time.perf_counter()
            reference = solve_reference(flat, hand, opened)
            ilp = time.perf_counter() - start
            # The same optimum as the integer program (checked, not timed).
            expected = reference.score if reference.feasible and reference.laid > 0 else -1
            if check_play(table, hand, opened, result) != expected:
                not_optimal[name] = not_optimal.get(name, 0) + 1
            solver = solver_time
            if gave_up:
                over_budget[name] = over_budget.get(name, 0) + 1
            if verbose:
                print(
                    f"  {name} table={len(flat)} hand={len(hand)} opened={opened} "
                    f"solver={solver * 1e3:.1f} ms HiGHS={ilp * 1e3:.1f} ms"
                    + (" (over budget)" if gave_up else ""),
                    flush=True,
                )
            solver_times.append(solver)
            ilp_times.append(ilp)
            ratios.append(ilp / solver)
        rows.append((name, solver_times, ilp_times, ratios))
        all_solver += solver_times
        all_ilp += ilp_times
        all_ratio += ratios
    rows.append(("all", all_solver, all_ilp, all_ratio))
    header = (
        f"{'phase':<7}{'n':>4}{'solver med ms':>15}{'solver p99 ms':>15}"
        f"{'HiGHS med ms':>14}{'HiGHS p99 ms':>14}{'ratio med':>11}{'over budget':>13}"
        f"{'not optimal':>13}"
    )
    print(header)
    print("-" * len(header))
    for name, solver_times, ilp_times, ratios in rows:
        print(
            f"{name:<7}{len(solver_times):>4}"
            f"{statistics.median(solver_times) * 1e3:>15.1f}"
            f"{percentile(solver_times, 99) * 1e3:>15.1f}"
            f"{statistics.median(ilp_times) * 1e3:>14.1f}"
            f"{percentile(ilp_times, 99) * 1e3:>14.1f}"
            f"{statistics.median(ratios):>11.2f}"
            f"{_count(over_budget, name):>13}{_count(not_optimal, name):>13}"
        )


def _count(per_phase: dict[str, int], name: str) -> int:
    return sum(per_phase.values()) if name == "all" else per_phase.get(name, 0)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
