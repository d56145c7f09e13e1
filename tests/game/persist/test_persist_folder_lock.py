"""Issue 35: two windows on one data folder. The second says so (there is one Continue); the lock
is the operating system's, so a window that was killed never leaves the next one warned."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.__main__ import main
from game.persist.filelock import folder_lock_path, hold_data_folder, release_data_folder
from game.persist.jsonfile import take_problems
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.overlays import Dialog
from tests.paths import ROOT

HOLDER = """
import time
from game.persist.filelock import hold_data_folder
print("held" if hold_data_folder() else "refused", flush=True)
time.sleep(60)
"""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "den"))
    take_problems()  # what earlier tests' damaged files left to report (more dialogs)
    yield tmp_path / "den"
    release_data_folder()


@pytest.fixture()
def other_window(home: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process of the game holding the same data folder (ended by this test)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield holder
    finally:
        holder.kill()
        holder.wait()


def test_one_process_holds_the_folder_and_a_killed_one_lets_go(
    other_window: subprocess.Popen[str],
) -> None:
    assert not hold_data_folder()
    other_window.kill()
    other_window.wait()
    assert folder_lock_path().exists()  # the file stays; the lock went with the process
    assert hold_data_folder() and hold_data_folder()  # held, and asking again is no harm


def test_the_second_window_tells_the_player(
    other_window: subprocess.Popen[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    shown: list[Any] = []

    def run(self: App, quit_after: float | None = None) -> None:
        shown.extend(self.scenes)

    monkeypatch.setattr(App, "run", run)
    assert main(["play"]) == 0
    assert isinstance(shown[0], MenuScene)
    dialogs = [scene for scene in shown if isinstance(scene, Dialog)]
    assert len(dialogs) == 1 and dialogs[0].title == "The game is open twice"
    assert "Continue keeps only the game moved last" in dialogs[0].message
    assert "same folder" in capsys.readouterr().err


def test_the_only_window_says_nothing_and_lets_go_when_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[Any] = []
    monkeypatch.setattr(App, "run", lambda self, quit_after=None: shown.extend(self.scenes))
    assert main(["play"]) == 0
    assert [type(scene) for scene in shown] == [MenuScene]
    check = subprocess.run(
        [sys.executable, "-c", HOLDER.replace("time.sleep(60)", "")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.stdout.strip() == "held"  # the ended window holds nothing any more
