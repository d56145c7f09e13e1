"""Soak: many autoplay games of each game in ONE client process; memory and pace must hold.

    .venv/bin/python tests/bench/bench_soak.py [--games 200] [--level medium]

Runs the real client headless (tables, animations at pace 0, the AI process), game after game.
Reports the resident memory of the client and of its AI process after the first block of games
and at the end, and the mean seconds per computer decision per block of games: growth must stay
under 50 MB and the last block's decisions no slower than the first's (within noise).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.play.session import Seat, Session  # noqa: E402
from game.ui.menu import MenuScene  # noqa: E402
from game.ui.tables import open_table  # noqa: E402
from game.ui.testing import headless_app  # noqa: E402

MEMORY_LIMIT_MB = 50.0
BLOCK = 20


def rss_mb(pid: int | str = "self") -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


def total_rss_mb() -> float:
    return rss_mb() + sum(rss_mb(child.pid) for child in multiprocessing.active_children())


def play_one(app: object, game: str, level: str, seed: int) -> tuple[int, float]:
    """One autoplay game (a round for rummy); returns (decisions, seconds)."""
    seats = [Seat("Kunz", False, level, 0), Seat("Hilde", False, level, 1)]
    app.reset(MenuScene(app))  # type: ignore[attr-defined]
    session = Session(game, seats, seed)
    open_table(app, session)  # type: ignore[arg-type]
    started = time.perf_counter()
    finished = app.run_until(  # type: ignore[attr-defined]
        lambda: session.state.is_terminal, max_frames=200_000
    )
    if not finished:
        raise SystemExit(f"{game} game {seed} did not finish")
    return session.decisions, time.perf_counter() - started


def soak(game: str, games: int, level: str) -> bool:
    app = headless_app((1280, 800), pace=0.0)
    per_decision: list[float] = []
    baseline = 0.0
    samples: list[str] = []
    for number in range(1, games + 1):
        decisions, seconds = play_one(app, game, level, seed=number)
        per_decision.append(seconds / max(decisions, 1))
        if number == min(BLOCK, games):
            baseline = total_rss_mb()
        if number % BLOCK == 0:
            samples.append(f"{total_rss_mb():.0f}")
    final = total_rss_mb()
    blocks = [per_decision[i : i + BLOCK] for i in range(0, len(per_decision), BLOCK)]
    first, last = statistics.mean(blocks[0]), statistics.mean(blocks[-1])
    growth = final - baseline
    print(
        f"{game:8s} {games} games ({level}): memory after {BLOCK} games {baseline:.0f} MB, "
        f"at the end {final:.0f} MB, growth {growth:+.1f} MB; seconds per decision: first "
        f"block {first * 1000:.1f} ms, last block {last * 1000:.1f} ms"
    )
    print(f"  memory every {BLOCK} games (MB): {' '.join(samples)}")
    for scene in list(app.scenes):
        scene.on_exit()
    return growth < MEMORY_LIMIT_MB and last <= first * 1.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--game", choices=("knights", "rummy", "both"), default="both")
    args = parser.parse_args()
    games = ("knights", "rummy") if args.game == "both" else (args.game,)
    ok = all([soak(game, args.games, args.level) for game in games])
    print("soak:", "passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
