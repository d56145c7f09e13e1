"""Memory of a game: VmRSS of the window process and of its AI process, for each game.

    .venv/bin/python tests/bench/bench_memory.py [--seconds 12] [--games knights,rummy]

Each case starts the game as a player would (``python -m game play``, a fresh home), with two
hard computers playing (``--autoplay --pace 0.3``), and after ``--seconds`` reads VmRSS from
``/proc/PID/status`` of the window process and of each child: the AI process (spawned) and
multiprocessing's resource tracker. The "menu" case opens only the menu (in a real window the
AI process starts there; headless it does not). Headless unless SDL_VIDEODRIVER is set to
something else than ``dummy`` (e.g. ``x11`` under Xvfb). Linux only (``/proc``).

The numba cache is whatever this machine has: on a first start after a change of the solver
the rummy AI process compiles (more memory, for about a minute); later starts load the cache.

Target (issue 40): at most 150 MB for the window and 150 MB for the AI process in a real
window; printed as met or missed. The exit status is 1 only when a Robber Knights game's AI
process has the rummy solver's compiler (numba, llvmlite) loaded: a game loads only what it
needs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_MB = 150.0
CASES = {
    "menu": [],
    "knights": ["--game", "knights", "--players", "hard,hard", "--autoplay", "--pace", "0.3"],
    "rummy": ["--game", "rummy", "--players", "hard,hard", "--autoplay", "--pace", "0.3"],
}


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024.0
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces, so split after its closing ')'
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def role(pid: int) -> str:
    command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    if "resource_tracker" in command:
        return "tracker"
    if "spawn_main" in command or "--multiprocessing-fork" in command:
        return "AI"
    return "child"


def has_compiler(pid: int) -> bool:
    maps = Path(f"/proc/{pid}/maps").read_text()
    return "llvmlite" in maps or "numba" in maps


def measure(case: str, seconds: float) -> list[tuple[str, float, bool]]:
    """(role, MB, numba loaded) of the window process and its children after ``seconds``."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, ROBBERS_DEN_HOME=home)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        env["PYTHONPATH"] = str(ROOT)
        process = subprocess.Popen(
            [sys.executable, "-m", "game", "play", *CASES[case], "--quit-after", str(seconds + 4)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(seconds)
            rows = [("window", rss_mb(process.pid), has_compiler(process.pid))]
            for child in sorted(children(process.pid)):
                try:
                    rows.append((role(child), rss_mb(child), has_compiler(child)))
                except OSError:
                    continue  # ended meanwhile
            process.wait(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    return rows


def main() -> int:
    if not Path("/proc/self/status").exists():
        print("bench_memory: needs Linux's /proc; skipped")
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--games", default="menu,knights,rummy")
    args = parser.parse_args()
    driver = os.environ.get("SDL_VIDEODRIVER", "dummy")
    print(f"video driver {driver}, VmRSS after {args.seconds:.0f} s (MB)")
    ok = True
    for case in args.games.split(","):
        rows = measure(case, args.seconds)
        shown = "  ".join(
            f"{name} {mb:6.1f}{' (numba)' if compiler else ''}" for name, mb, compiler in rows
        )
        big = [name for name, mb, _ in rows if name in ("window", "AI") and mb > TARGET_MB]
        verdict = f"over {TARGET_MB:.0f} MB: {', '.join(big)}" if big else "within target"
        print(f"{case:<8} {shown}  [{verdict}]")
        if case == "knights" and any(compiler for _, _, compiler in rows):
            print("  FAIL: a Robber Knights game loaded the rummy solver's compiler")
            ok = False
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
