"""Issue 16: every process the game starts is accounted for. The AI process ends with the game
(however the game ends), and a stalled one costs its seat no more than the watchdog's grace.
The arena's pool workers end with the match, however it ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.play import ai_worker
from game.play.ai_process import AgentSpec
from game.play.session import Seat, Session
from game.ui.knights.table import KnightsTableScene
from game.ui.menu import MenuScene
from game.ui.testing import headless_app, wait_until
from tests.paths import ROOT

linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def _parents() -> dict[int, int]:
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z":  # a zombie has ended; only its reaping is left
            found[int(entry.name)] = int(fields[1])
    return found


def descendants(pid: int) -> set[int]:
    parents = _parents()
    family, grew = {pid}, True
    while grew:
        grew = False
        for child, parent in parents.items():
            if parent in family and child not in family:
                family.add(child)
                grew = True
    return family - {pid}


def alive(pids: set[int]) -> set[int]:
    living = _parents()
    return {pid for pid in pids if pid in living}


def command_line(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def ai_processes(family: set[int]) -> set[int]:
    """The spawned children among ``family`` (not multiprocessing's resource tracker)."""
    return {pid for pid in family if "spawn_main" in command_line(pid)}


def threads(pid: int) -> int:
    try:
        return len(list((Path("/proc") / str(pid) / "task").iterdir()))
    except OSError:
        return 0


def wait_for_family(process: subprocess.Popen[bytes], expected: int) -> set[int]:
    """``process``'s descendants once there are ``expected`` of them and its spawned children
    are at work (they have started their threads, the parent watch first) (at most 60 s)."""
    family: set[int] = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        family |= descendants(process.pid)
        if len(family) >= expected and all(threads(pid) > 1 for pid in ai_processes(family)):
            break
        time.sleep(0.1)
    return family


def game_env(home: Path) -> dict[str, str]:
    return dict(
        os.environ,
        ROBBERS_DEN_HOME=str(home),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(ROOT),
    )


def kill_and_find_survivors(
    process: subprocess.Popen[bytes],
    expected: int,
    settle: float,
    stopped: set[int] | None = None,
) -> tuple[set[int], set[int]]:
    """Wait (at most 60 s) until ``process`` has ``expected`` descendants, let them settle
    (with ``stopped``: then SIGSTOP its spawned children, and add them to it), SIGKILL it,
    and return its descendants and those still alive 5 s later (which are then killed, so a
    failing test leaves nothing behind)."""
    family: set[int] = set()
    try:
        family = wait_for_family(process, expected)
        time.sleep(settle)
        family |= descendants(process.pid)
        if stopped is not None:
            stopped |= ai_processes(family)
            for pid in stopped:
                os.kill(pid, signal.SIGSTOP)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        deadline = time.monotonic() + 5
        while alive(family) and time.monotonic() < deadline:
            time.sleep(0.1)
        return family, alive(family)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pid in alive(family):
            os.kill(pid, signal.SIGKILL)


@linux_only
def test_nothing_is_left_when_the_game_is_killed_while_its_ai_process_is_stopped(
    tmp_path: Path,
) -> None:
    # Issue 35: a stopped child can't run its parent watch; it and the resource tracker (whose
    # pipe it holds) stayed under PID 1 until someone sent SIGCONT.
    command = [sys.executable, "-m", "game", "play", "--game", "knights"]
    game = subprocess.Popen(
        [*command, "--players", "human,hard", "--seed", "4", "--quit-after", "120"],
        env=game_env(tmp_path),
        cwd=ROOT,
    )
    stopped: set[int] = set()
    family, survivors = kill_and_find_survivors(game, expected=2, settle=0.3, stopped=stopped)
    assert stopped, "the game started no AI process"
    assert not survivors, f"left behind after the game was killed: {survivors}"


@linux_only
@pytest.mark.parametrize("how", ["quit", "SIGTERM"])
def test_the_game_ends_when_it_should_even_with_its_ai_process_stopped(
    tmp_path: Path, how: str
) -> None:
    # Issue 35: quitting waited for ever in multiprocessing's exit for a child that ignored
    # SIGTERM; the game's process must end, and leave nothing behind.
    quit_after = 4.0 if how == "quit" else 120.0
    command = [sys.executable, "-m", "game", "play", "--game", "knights", "--seed", "4"]
    game = subprocess.Popen(
        [*command, "--players", "human,hard", "--quit-after", str(quit_after)],
        env=game_env(tmp_path),
        cwd=ROOT,
    )
    family: set[int] = set()
    try:
        family = wait_for_family(game, expected=2)
        stopped = ai_processes(family)
        assert stopped, "the game started no AI process"
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        ends_in = quit_after
        if how == "SIGTERM":  # SDL makes it a quit, as the window's close button does
            game.send_signal(signal.SIGTERM)
            ends_in = 0.0
        try:
            status = game.wait(timeout=ends_in + 15)  # a loaded machine takes its time
        except subprocess.TimeoutExpired:
            pytest.fail(f"the game still runs 15 s after it should have ended ({how})")
        assert status == 0
        deadline = time.monotonic() + 5
        while alive(family) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(family), f"left behind: {alive(family)}"
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
        for pid in alive(family):
            os.kill(pid, signal.SIGKILL)


@linux_only
def test_no_process_of_the_game_is_left_five_seconds_after_it_is_killed(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "game", "play", "--autoplay", "--game", "knights"]
    game = subprocess.Popen(
        [*command, "--pace", "0", "--quit-after", "120"], env=game_env(tmp_path), cwd=ROOT
    )
    # The AI process (and multiprocessing's resource tracker) are up once the computers think.
    family, survivors = kill_and_find_survivors(game, expected=2, settle=0.5)
    assert family, "the game started no AI process"
    assert not survivors, f"left running after the game was killed: {survivors}"


def answer_within(spec: AgentSpec) -> float:
    from game.play.ai_process import answer_within as grace  # imported here: new in issue 16

    return grace(spec)


def test_the_watchdog_allows_three_budgets_and_two_seconds() -> None:
    assert answer_within(AgentSpec("knights", "hard", 1, 0.5)) == pytest.approx(3.5)
    assert answer_within(AgentSpec("rummy", "expert", 1)) == pytest.approx(11.0)


@linux_only
def test_a_stopped_ai_process_gets_the_fallback_within_the_grace_and_a_fresh_process() -> None:
    app = headless_app((1024, 640))
    app.push(MenuScene(app))
    seats = [Seat("Kunz", False, "hard", 0), Seat("Hilde", False, "hard", 1)]
    session = Session("knights", seats, seed=9)
    session.ai_budget = 0.2
    grace = 3 * 0.2 + 2  # the watchdog's 3 x budget + 2 s
    table = KnightsTableScene(app, session)
    app.push(table)
    process = None
    try:
        assert wait_until(app, lambda: table.worker.busy, 30)
        process = ai_worker._AIProcess._instance
        assert process is not None and process.process.pid is not None
        # Stopped at once: it can't answer this decision (or any other).
        os.kill(process.process.pid, signal.SIGSTOP)
        started = time.perf_counter()
        assert wait_until(
            app, lambda: any("no answer" in line for line, _ in table.log.entries), grace + 10
        )
        waited = time.perf_counter() - started
        assert waited <= grace + 1.5, f"the fallback came after {waited:.1f} s"
        assert not process.process.is_alive()  # the stalled process is gone
        line = next(line for line, _ in table.log.entries if "no answer" in line)
        # Kunz's decision, or Hilde's when Kunz's answer got out just before the stop.
        assert ("Kunz" in line or "Hilde" in line) and "medium" in line
        moves = session.decisions
        assert wait_until(app, lambda: session.decisions >= moves + 2, 60)  # play goes on
        fresh = ai_worker._AIProcess._instance
        assert fresh is not None and fresh is not process and fresh.process.is_alive()
    finally:
        for scene in list(app.scenes):
            scene.on_exit()
        pygame.quit()
        if process is not None and process.process.is_alive():  # never leave it stopped
            process.process.kill()


@linux_only
def test_no_arena_worker_plays_on_five_seconds_after_the_match_is_killed(tmp_path: Path) -> None:
    env = dict(os.environ, ROBBERS_DEN_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "game", "match", "--game", "knights"]
    match = subprocess.Popen(
        [*command, "--players", "hard,hard", "--games", "4", "--seed", "3", "--workers", "2"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # two pool workers and multiprocessing's resource tracker; settled in their first games
    family, survivors = kill_and_find_survivors(match, expected=3, settle=1.0)
    assert len(family) >= 2, "the match started no workers"
    assert not survivors, f"left running after the match was killed: {survivors}"
