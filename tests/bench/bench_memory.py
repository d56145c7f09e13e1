"""Memory of a game: VmRSS of the window process and of its AI process, for each game.

    .venv/bin/python tests/bench/bench_memory.py [--seconds 12] [--games knights,rummy]
                                                 [--first-start]

Each case starts the game as a player would (``python -m game play``, a fresh home), with two
hard computers playing (``--autoplay --pace 0.3``), and after ``--seconds`` reads VmRSS from
``/proc/PID/status`` of the window process and of each child: the AI process (spawned) and
multiprocessing's resource tracker. The "menu" case opens only the menu (in a real window the
AI process starts there; headless it does not). Headless unless SDL_VIDEODRIVER is set to
something else than ``dummy`` (e.g. ``x11`` under Xvfb). Linux only (``/proc``).

The numba cache is whatever this machine has (a later start: the rummy AI process loads it).
``--first-start`` points numba at an empty cache folder instead: the AI process has the solver
compiled by a short-lived child of its own (about a minute, longer on a busy machine), then
loads it; run it with ``--seconds`` long enough for that (the "compile" column is that child's
peak, "AI compiling" the AI process's while the child runs, marked "(numba)" when numba was
loaded in it meanwhile, and "peak" is the highest sum of the AI process and the child at one
time).

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


def grandchildren(pid: int) -> list[int]:
    return [grand for child in children(pid) for grand in children(child)]


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


def measure(case: str, seconds: float, first_start: bool) -> list[tuple[str, float, bool]]:
    """(role, MB, numba loaded) of the window process and its children after ``seconds``, and
    the peaks seen meanwhile (sampled twice a second)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, ROBBERS_DEN_HOME=home)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        env["PYTHONPATH"] = str(ROOT)
        if first_start:
            env["NUMBA_CACHE_DIR"] = str(Path(home) / "numba-cache")
        process = subprocess.Popen(
            [sys.executable, "-m", "game", "play", *CASES[case], "--quit-after", str(seconds + 4)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        peaks: dict[str, float] = {}
        numba_meanwhile = False
        try:
            end = time.monotonic() + seconds
            while True:
                time.sleep(0.5)
                sample = _sample(process.pid)
                for name, mb, _ in sample:
                    peaks[name] = max(peaks.get(name, 0.0), mb)
                together = sum(mb for name, mb, _ in sample if name in ("AI", "compile"))
                peaks["peak"] = max(peaks.get("peak", 0.0), together)
                if any(name == "compile" for name, _, _ in sample):
                    for name, mb, compiler in sample:
                        if name == "AI":  # the process that plays, while the child compiles
                            peaks["AI compiling"] = max(peaks.get("AI compiling", 0.0), mb)
                            numba_meanwhile = numba_meanwhile or compiler
                if time.monotonic() >= end:
                    break
            rows = sample + [
                (f"max {name}", mb, name == "AI compiling" and numba_meanwhile)
                for name, mb in peaks.items()
            ]
            process.wait(timeout=120)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    return rows


def _sample(pid: int) -> list[tuple[str, float, bool]]:
    rows = [("window", rss_mb(pid), has_compiler(pid))]
    for child in sorted(children(pid)):
        try:
            rows.append((role(child), rss_mb(child), has_compiler(child)))
        except OSError:
            continue  # ended meanwhile
    for grand in grandchildren(pid):
        try:
            rows.append(("compile", rss_mb(grand), has_compiler(grand)))
        except OSError:
            continue
    return rows


def main() -> int:
    if not Path("/proc/self/status").exists():
        print("bench_memory: needs Linux's /proc; skipped")
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--games", default="menu,knights,rummy")
    parser.add_argument("--first-start", action="store_true", help="an empty numba cache")
    args = parser.parse_args()
    driver = os.environ.get("SDL_VIDEODRIVER", "dummy")
    start = "first start (empty numba cache)" if args.first_start else "later start"
    print(f"video driver {driver}, {start}, VmRSS after {args.seconds:.0f} s (MB)")
    ok = True
    for case in args.games.split(","):
        rows = measure(case, args.seconds, args.first_start)
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
