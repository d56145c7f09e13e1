"""Idle CPU of the real loop: the menu and each table while the person on turn thinks.

    .venv/bin/python tests/bench/bench_idle.py [--seconds 10] [--loop new|old] [--size 1280x800]

Each case opens a scene in a headless app (or in a real window when SDL_VIDEODRIVER is set to
something else than ``dummy``, e.g. under Xvfb), runs ``App.run`` for ``--seconds`` and reports
the process's CPU time as a share of one core. ``--loop old`` runs the former loop (60 frames a
second whatever happens) for a before/after comparison. Then the first-event latency: events
posted from another thread while the app idles, and the time until the frame that handled
them is drawn (p50 / p95 / max). Targets: <= 3 % of a core at a table, <= 5 % at the animated
menu (headless) and at the quiet menu (nobody touched anything for ``MenuScene.PAUSE_AFTER``
seconds: the knights stand still, one frame a second; in a real window too), latency <= 16 ms.
Other processes on the same cores inflate every number.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.play.session import Seat, Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menu import MenuScene  # noqa: E402
from game.ui.scene import Scene  # noqa: E402
from game.ui.table_shell import TableScene  # noqa: E402
from game.ui.tables import open_table  # noqa: E402
from game.ui.testing import wait_until  # noqa: E402

MARK = pygame.USEREVENT + 7  # an event no scene uses: only its arrival time matters


def old_loop(app: App, seconds: float) -> None:
    """The loop before idling: 60 frames a second, always."""
    clock = pygame.time.Clock()
    end = time.perf_counter() + seconds
    while app.running and time.perf_counter() < end:
        dt = clock.tick(60) / 1000.0
        app.step(min(dt, 0.1))


def new_loop(app: App, seconds: float) -> None:
    app.time = 0.0
    app.run(quit_after=seconds)


def open_menu(app: App) -> Scene:
    return app.push(MenuScene(app))


def open_quiet_menu(app: App) -> Scene:
    """The menu when nobody has touched anything for MenuScene.PAUSE_AFTER seconds: the
    knights stand still and it is drawn once a second."""
    menu = MenuScene(app)
    menu.PAUSE_AFTER = 0.0  # quiet from the start
    return app.push(menu)


def open_game(game: str) -> Callable[[App], Scene]:
    def opener(app: App) -> Scene:
        app.push(MenuScene(app))
        seats = [Seat("Ann", True, colour=0), Seat("Hilde", False, "easy", colour=1)]
        open_table(app, Session(game, seats, seed=5))
        table = app.find_scene(TableScene)
        assert isinstance(table, TableScene)
        if not wait_until(app, table.human_to_move, 60):
            raise RuntimeError("the computer's opening turn did not end")
        while app.top is not table:
            app.pop()  # a note over the table: the table itself is measured
        return table

    return opener


def cpu_share(
    open_scene: Callable[[App], Scene], loop: str, seconds: float, size: tuple[int, int]
) -> tuple[float, str]:
    app = App(size, headless=os.environ.get("SDL_VIDEODRIVER") == "dummy", pace=0.0)
    try:
        scene = open_scene(app)
        app.run_frames(20)  # sprites scaled for this window: not the steady state
        runner = old_loop if loop == "old" else new_loop
        cpu, wall = time.process_time(), time.perf_counter()
        runner(app, seconds)
        share = (time.process_time() - cpu) / (time.perf_counter() - wall)
        return share, type(scene).__name__
    finally:
        for scene in list(app.scenes):
            scene.on_exit()


def latencies(
    open_scene: Callable[[App], Scene], loop: str, count: int, size: tuple[int, int]
) -> list[float]:
    """Milliseconds from posting an event (another thread, as the OS would) to the end of the
    frame that handled it."""
    app = App(size, headless=os.environ.get("SDL_VIDEODRIVER") == "dummy", pace=0.0)
    posted: list[float] = []
    seen: list[float] = []
    handled = {"pending": False}
    dispatch = app.dispatch

    def marking_dispatch(event: pygame.event.Event) -> None:
        if event.type == MARK:
            handled["pending"] = True
            return
        dispatch(event)

    step = app.step

    def timed_step(dt: float, first: tuple[pygame.event.Event, ...] = ()) -> None:
        step(dt, first)
        if handled["pending"]:
            handled["pending"] = False
            seen.append(time.perf_counter())

    app.dispatch = marking_dispatch  # type: ignore[method-assign]
    app.step = timed_step  # type: ignore[method-assign, assignment]

    def poster() -> None:
        for _i in range(count):
            time.sleep(0.137)  # out of step with any frame clock
            posted.append(time.perf_counter())
            pygame.event.post(pygame.event.Event(MARK))

    try:
        open_scene(app)
        app.run_frames(20)
        thread = threading.Thread(target=poster, daemon=True)
        thread.start()
        runner = old_loop if loop == "old" else new_loop
        runner(app, 0.137 * count + 0.5)
        thread.join()
    finally:
        for scene in list(app.scenes):
            scene.on_exit()
    return [(b - a) * 1000 for a, b in zip(posted, seen, strict=False)]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--loop", choices=("new", "old"), default="new")
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    w, h = (int(part) for part in args.size.split("x"))
    driver = os.environ.get("SDL_VIDEODRIVER")
    print(f"loop {args.loop}, video driver {driver}, {args.seconds:.0f} s per case, {w}x{h}")
    cases = {
        "menu": open_menu,
        "menu, quiet": open_quiet_menu,
        "knights table": open_game("knights"),
        "rummy table": open_game("rummy"),
    }
    targets = {"menu": 0.05, "menu, quiet": 0.05, "knights table": 0.03, "rummy table": 0.03}
    ok = True
    for label, opener in cases.items():
        share, shown = cpu_share(opener, args.loop, args.seconds, (w, h))
        ok &= share <= targets[label]
        print(
            f"{label:<14} ({shown:<17}) CPU {100 * share:5.1f} % of a core"
            f"  (target <= {100 * targets[label]:.0f} %)"
        )
    for label in ("menu", "knights table"):
        values = latencies(cases[label], args.loop, 30, (w, h))
        ok &= percentile(values, 0.95) <= 16.0
        print(
            f"first-event latency at the {label}: p50 {statistics.median(values):5.1f} ms"
            f"  p95 {percentile(values, 0.95):5.1f} ms  max {max(values):5.1f} ms"
            f"  ({len(values)} events)"
        )
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
