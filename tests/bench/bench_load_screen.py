"""Frame times of the Load screen over large saves (issue 35: it showed no frame for 16 s).

    .venv/bin/python tests/bench/bench_load_screen.py [--saves 20] [--numbers 2600000]

Writes ``--saves`` valid saves of a short knights game, each with one field (in ``extra``) of
``--numbers`` small integers (about 7.6 MB at the default), into a throwaway data folder; then
clicks the menu's Load button and steps frames at 60 per second until every save is read.
Reports the longest frame (the click's included), the p99 frame and how long the list took.
Target: no frame longer than a few frames (<= 100 ms) on the window's thread.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["ROBBERS_DEN_HOME"] = tempfile.mkdtemp(prefix="robbers-den-bench-load-")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.persist import load_game, save_named, saved_game, saves_dir  # noqa: E402
from game.play.session import Seat, Session  # noqa: E402
from game.ui.menu import MenuScene  # noqa: E402
from game.ui.testing import headless_app  # noqa: E402

FRAME = 1 / 60


def write_saves(count: int, numbers: int) -> int:
    """``count`` saves that load, each padded with ``numbers`` small integers; their size."""
    session = Session("knights", [Seat("Ann", True, colour=0), Seat("Bo", True, colour=1)], 4)
    for _ in range(6):
        session.apply(session.state.legal_actions()[0])
    history = [entry.action for entry in session.history]
    first = save_named("big 0", saved_game("knights", session.seats, session.state, history))
    data = json.loads(first.read_text("utf-8"))
    # a field of the table's own ("extra") that the reader takes as it is
    data.setdefault("extra", {})["padding"] = [i % 10 for i in range(numbers)]
    text = json.dumps(data)
    for index in range(count):
        path = saves_dir() / f"big {index}.json"
        path.write_text(text, "utf-8")
        os.utime(path, (1_700_000_000 + index, 1_700_000_000 + index))
    load_game(first)  # still a valid save
    return len(text.encode())


def listing_done(scene: object) -> bool:
    reading = getattr(scene, "reading", None)
    return not callable(reading) or not reading()


def main(saves: int, numbers: int) -> int:
    size = write_saves(saves, numbers)
    app = headless_app((1280, 800))
    app.push(MenuScene(app))
    app.run_frames(2)
    button = app.top.widget("load")
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.center),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.center),
    ]
    frames: list[float] = []
    started = time.perf_counter()
    app.step(FRAME, events)
    frames.append(app.last_frame_ms)
    scene = app.top
    gap, last = 0.0, time.perf_counter()  # the longest wait for a frame, sleeping included
    while not listing_done(scene) and time.perf_counter() - started < 600:
        due = time.perf_counter() + FRAME
        app.step(FRAME)
        frames.append(app.last_frame_ms)
        now = time.perf_counter()
        gap, last = max(gap, now - last), now
        time.sleep(max(0.0, due - time.perf_counter()))
    listed = time.perf_counter() - started
    rows = len(getattr(scene, "saves", []))
    ordered = sorted(frames)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    late = sum(1 for ms in frames if ms > 2 * FRAME * 1000)
    print(
        f"{saves} saves of {size / 1e6:.1f} MB: {len(frames)} frames, longest {max(frames):.0f} ms"
        f" (the click's {frames[0]:.0f} ms), p99 {p99:.0f} ms, {late} over 33 ms;"
        f" longest between two frames {gap * 1000:.0f} ms;"
        f" all {rows} listed after {listed:.1f} s"
    )
    pygame.quit()
    return 0 if max(frames) <= 100 else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--numbers", type=int, default=2_600_000)
    args = parser.parse_args()
    sys.exit(main(args.saves, args.numbers))
