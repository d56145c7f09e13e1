"""Frame times of the Räuber-Rommé table while the Hint button's solver search runs.

    .venv/bin/python tests/bench/bench_ui_hint.py [--positions 30] [--seed 2026]

For each position (the solver bench's early, middle and late phases), the human on turn asks
for a hint; the window then steps real frames at 60 per second until the hint arrives. Reports
the worst and p99 frame while a hint was being searched, and how long the hints took.
Target: no frame late by more than a frame (<= 33 ms) while a hint is searched.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402

from game.rummy.cards import cards_text  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.rummy.showcase import build, open_scene  # noqa: E402
from tests.ai.rummy.solver.reference_ilp import random_position  # noqa: E402
from tests.bench.bench_solver import PHASES  # noqa: E402

FRAME = 1 / 60


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(positions: int, seed: int) -> int:
    from ai.rummy_solver import warm_up

    warm_up()  # as a real window had it when hints ran on its thread (before 2026-11-29)
    app = App((1280, 800), headless=True, pace=0.0)
    rng = np.random.default_rng(seed)
    phases = list(PHASES.values())
    frames: list[float] = []
    waits: list[float] = []
    worst_of_hint: list[float] = []
    in_process = 0
    # The AI process (where hints should run) starts and loads the compiled solver first.
    warm = build(["You", "Kunz"], ["5C 6C 7C", "2D 3D 4D"], ["AH AS AD"], [True, True], 10)
    scene = open_scene(app, warm)
    scene.show_hint()
    app.run_until(lambda: not scene.hint_worker.busy, max_frames=100_000)
    time.sleep(3.0)
    app.pop()
    for index in range(positions):
        (t_lo, t_hi), (h_lo, h_hi), p_open = phases[index % len(phases)]
        table, hand = random_position(
            rng, int(rng.integers(t_lo, t_hi)), int(rng.integers(h_lo, h_hi))
        )
        opened = bool(rng.random() < p_open)
        state = build(
            ["You", "Kunz"],
            [cards_text(hand), "2D 3D 4D"],
            [cards_text(cards) for cards in table],
            [opened, True],
            stock=10,
        )
        scene = open_scene(app, state)
        scene.show_hint()
        started = time.perf_counter()
        these: list[float] = []
        while scene.hint_worker.busy:
            t0 = time.perf_counter()
            app.step(FRAME)
            spent = time.perf_counter() - t0
            these.append(spent * 1000.0)
            time.sleep(max(0.0, FRAME - spent))
        waits.append((time.perf_counter() - started) * 1000.0)
        frames.extend(these)
        worst_of_hint.append(max(these) if these else 0.0)
        in_process += not scene.hint_worker._local_agents
        app.pop()
    print(f"{positions} hints ({in_process} answered by the AI process), {len(frames)} frames")
    print(
        f"frame while searching: median {statistics.median(frames):.1f} ms, "
        f"p99 {percentile(frames, 0.99):.1f} ms, max {max(frames):.1f} ms"
    )
    late = sum(1 for f in frames if f > 2 * FRAME * 1000.0)
    print(
        f"frames over 33 ms: {late}; hints with such a frame: "
        f"{sum(1 for w in worst_of_hint if w > 2 * FRAME * 1000.0)}"
    )
    print(
        f"time to the hint: median {statistics.median(waits):.0f} ms, "
        f"p99 {percentile(waits, 0.99):.0f} ms, max {max(waits):.0f} ms"
    )
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    raise SystemExit(main(args.positions, args.seed))
