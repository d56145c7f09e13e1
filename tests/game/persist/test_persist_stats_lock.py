"""Issue 35, point 7: two windows (two processes) recording results into one data folder at
the same time lose none of them; the statistics file's lock is the operating system's, so a
killed holder leaves nothing behind that blocks the next game."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.persist import load_stats, record_result, stats_path
from game.persist.filelock import FolderLock, lock_path, locked
from tests.paths import ROOT

RESULTS = 300

# Waits for the go file, so both processes record at the same time (not one after the other).
RECORDER = """
import os, sys, time
from game.persist import record_result
go = sys.argv[1]
while not os.path.exists(go):
    time.sleep(0.001)
for i in range(int(sys.argv[2])):
    record_result("knights", "hard", i % 3 == 0, 7)
"""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "den"
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(folder))
    return folder


def test_two_processes_recording_at_once_lose_no_result(home: Path, tmp_path: Path) -> None:
    go = tmp_path / "go"
    env = {**os.environ, "ROBBERS_DEN_HOME": str(home), "ROBBERS_DEN_NO_JIT": "1"}
    command = [sys.executable, "-c", RECORDER, str(go), str(RESULTS)]
    recorders = [subprocess.Popen(command, cwd=ROOT, env=env) for _ in range(2)]
    try:
        time.sleep(0.5)  # both started and waiting
        go.touch()
        assert [p.wait(timeout=120) for p in recorders] == [0, 0]
    finally:
        for process in recorders:  # only the processes this test started
            if process.poll() is None:
                process.kill()
                process.wait()
    record = load_stats().get("knights", "hard")
    assert record.played == 2 * RESULTS  # was 316 of 600
    assert record.won == 2 * 100 and record.total == 7 * 2 * RESULTS


def test_a_killed_holder_leaves_no_lock_behind(home: Path) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from pathlib import Path\n"
            "from game.persist.filelock import locked\n"
            "with locked(Path(sys.argv[1])):\n"
            "    print('held', flush=True)\n"
            "    time.sleep(60)\n",
            str(stats_path()),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with locked(stats_path(), wait=0.2) as held:
            assert not held  # the other process holds it
    finally:
        holder.kill()
        holder.wait()
    assert lock_path(stats_path()).exists()
    started = time.monotonic()
    record_result("knights", "hard", True, 9)  # at once: the dead holder's lock went with it
    assert time.monotonic() - started < 2.0
    assert load_stats().get("knights", "hard").played == 1


def test_a_fifo_or_folder_in_place_of_the_lock_file_never_blocks(home: Path) -> None:
    home.mkdir(parents=True)
    os.mkfifo(lock_path(stats_path()))
    started = time.monotonic()
    record_result("knights", "hard", True, 9)
    assert time.monotonic() - started < 2.0
    assert load_stats().get("knights", "hard").played == 1
    folder_lock = FolderLock(lock_path(stats_path()))
    assert folder_lock.acquire()  # nothing to warn of where no lock can be made
