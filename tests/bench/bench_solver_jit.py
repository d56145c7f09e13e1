"""Benchmark: the compiled sweep (:mod:`ai.rummy.solver.compiled.sweep`) on the 60 positions of
``bench_solver.py`` (same seed, same draws).

Run from the project root (under ``nice -n 19``):

    .venv/bin/python tests/bench/bench_solver_jit.py [--highs FILE] [--write-highs] [--e2e]

- compile time: a fresh process with an empty numba cache, then one with the cache warm;
- solver only: ``solve_counts_jit`` alone in the mode the position needs ("opened", or
  "opening" for a player who has not opened) with the state budget of the bench (60,000), on
  the counts ``best_play`` would pass it; positions over budget are counted;
- ``--e2e``: ``best_play``, which runs the compiled solvers once ``warm_up()`` is done (see
  ``ai.rummy.solver.paths.solve_mode``), checked against HiGHS scores when a HiGHS file is given.

HiGHS takes minutes on the middle and late positions: ``--write-highs`` runs it once and stores
its times and scores in ``FILE`` (default ``/tmp/bench_solver_highs.json``) for later runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


PHASES = {
    # name: (table cards range, hand cards range, chance the player has opened)
    "early": ((0, 16), (13, 21), 0.3),
    "middle": ((25, 51), (8, 15), 0.8),
    "late": ((50, 81), (1, 9), 1.0),
}
# States per step of an AI in a hurry (see ai.rummy_solver.best_play's budget).
BUDGET = 60_000


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q))


from tests.ai.rummy.solver.reference_ilp import random_position  # noqa: E402

Position = tuple[str, list, list, bool]


def positions(per_phase: int = 20, seed: int = 2026) -> list[Position]:
    """The positions of ``bench_solver.main`` (same draws from the same generator)."""
    rng = np.random.default_rng(seed)
    found: list[Position] = []
    for name, ((t_lo, t_hi), (h_lo, h_hi), p_open) in PHASES.items():
        for _ in range(per_phase):
            table_size = int(rng.integers(t_lo, t_hi))
            hand_size = int(rng.integers(h_lo, h_hi))
            opened = bool(rng.random() < p_open)
            table, hand = random_position(rng, table_size, hand_size)
            found.append((name, table, hand, opened))
    return found


def compile_times() -> tuple[float, float]:
    """Seconds to import and warm up in a fresh process: empty cache, then warm cache."""
    code = (
        "import time; t = time.perf_counter(); "
        "from ai.rummy_solver import warm_up; warm_up(); "
        "print(time.perf_counter() - t)"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        times = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
            )
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return times[0], times[1]


def summary(label: str, times: list[float], ratios: list[float] | None = None) -> None:
    line = (
        f"{label:<24} median {statistics.median(times) * 1e3:8.1f} ms"
        f"  p99 {percentile(times, 99) * 1e3:8.1f} ms  max {max(times) * 1e3:8.1f} ms"
    )
    if ratios:
        line += f"  ratio med {statistics.median(ratios):6.2f}"
    print(line, flush=True)


def solver_only(cases: list[Position], highs: list[dict] | None) -> None:
    from ai.rummy.solver import _counts, _flatten, _table_weight
    from ai.rummy.solver.compiled.sweep import solve_counts_jit
    from ai.rummy.solver.plan import Mode, OverBudget
    from ai.rummy.solver.sweep import drop_unusable

    times: list[float] = []
    over = 0
    for i, (name, table, hand, opened) in enumerate(cases):
        flat = _flatten(table)
        counts = _counts(flat, hand)
        usable = drop_unusable(counts.table, counts.hand, counts.table_jokers + counts.hand_jokers)
        mode: Mode = "opened" if opened else "opening"
        beat = _table_weight(flat) if opened else None
        start = time.perf_counter()
        try:
            solve_counts_jit(
                counts.table, usable, counts.table_jokers, counts.hand_jokers, mode,
                beat=beat, limit=BUDGET,
            )  # fmt: skip
            result = "exact"
        except OverBudget:
            over += 1
            result = "over budget"
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        print(f"  {i:2} {name:<6} table={len(flat):2} hand={len(hand):2} opened={opened!s:<5} "
              f"{elapsed * 1e3:8.1f} ms {result}", flush=True)  # fmt: skip
    ratios = [h["highs_s"] / t for h, t in zip(highs, times, strict=True)] if highs else None
    summary("solver only (JIT DP)", times, ratios)
    print(f"over budget: {over} of {len(cases)}")


def end_to_end(cases: list[Position], highs: list[dict] | None) -> None:
    import ai.rummy.solver as solver
    from ai.rummy.solver.compiled import ready
    from tests.ai.rummy.solver.test_solver_exact import check_play

    assert ready(), "warm_up() first: best_play runs the compiled solvers only once ready"
    times: list[float] = []
    wrong = over = 0
    for i, (name, table, hand, opened) in enumerate(cases):
        start = time.perf_counter()
        answer = solver.solve_play(table, hand, opened, budget=BUDGET)
        elapsed = time.perf_counter() - start
        result = answer.table
        times.append(elapsed)
        note = ""
        if not answer.exact:
            over += 1
            note += " over budget"
        score = check_play(table, hand, opened, result)
        if highs:
            h = highs[i]
            expected = h["score"] if h["feasible"] and h["laid"] > 0 else -1
            if score != expected:
                wrong += 1
                note += f" NOT OPTIMAL ({score} < {expected})"
        print(f"  {i:2} {name:<6} {elapsed * 1e3:8.1f} ms{note}", flush=True)
    ratios = [h["highs_s"] / t for h, t in zip(highs, times, strict=True)] if highs else None
    summary("best_play, compiled", times, ratios)
    print(f"over budget: {over}, not optimal vs HiGHS: {wrong if highs else 'n/a'}")


def write_highs(cases: list[Position], path: Path) -> None:
    from tests.ai.rummy.solver.reference_ilp import solve_reference

    rows = []
    for i, (name, table, hand, opened) in enumerate(cases):
        flat = [card for cards in table for card in cards]
        start = time.perf_counter()
        result = solve_reference(flat, hand, opened)
        elapsed = time.perf_counter() - start
        rows.append(
            {"i": i, "phase": name, "highs_s": elapsed, "score": result.score,
             "feasible": result.feasible, "laid": result.laid}
        )  # fmt: skip
        print(f"  {i:2} {name:<6} HiGHS {elapsed * 1e3:8.1f} ms", flush=True)
        path.write_text(json.dumps(rows))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--highs", type=Path, default=Path("/tmp/bench_solver_highs.json"))
    parser.add_argument("--write-highs", action="store_true")
    parser.add_argument("--e2e", action="store_true")
    parser.add_argument("--no-compile", action="store_true")
    args = parser.parse_args()
    cases = positions()
    if args.write_highs:
        write_highs(cases, args.highs)
    highs = json.loads(args.highs.read_text()) if args.highs.exists() else None
    if not args.no_compile:
        cold, warm = compile_times()
        print(f"compile + first solves: empty cache {cold:.2f} s, warm cache {warm:.2f} s")
    from ai.rummy_solver import warm_up

    if not warm_up():
        sys.exit("the compiled solvers are not available (numba missing or ROBBERS_DEN_NO_JIT=1)")
    solver_only(cases, highs)
    if args.e2e:
        end_to_end(cases, highs)


if __name__ == "__main__":
    main()
