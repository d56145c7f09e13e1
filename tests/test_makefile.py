"""`make play` opens the window without waiting for the solver's compile; `make test` keeps it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def planned(*arguments: str) -> list[str]:
    """The commands ``make`` would run (``-n``: nothing is run, nothing installed)."""
    result = subprocess.run(
        ["make", "-n", "--no-print-directory", "-C", str(ROOT), *arguments],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return [line.strip() for line in result.stdout.splitlines()]


def test_make_play_starts_the_game_without_compiling_the_solver_first() -> None:
    commands = planned("play")
    assert not [line for line in commands if "warm_up" in line]
    assert commands[-1].endswith("-m game")


def test_make_play_passes_play_args_to_the_game() -> None:
    commands = planned("play", "PLAY_ARGS=--quit-after 2 --size 1024x640")
    assert commands[-1].endswith("-m game --quit-after 2 --size 1024x640")


def test_make_test_compiles_the_solver_before_the_suite() -> None:
    commands = planned("test")
    warm = next(i for i, line in enumerate(commands) if "warm_up()" in line)
    suite = next(i for i, line in enumerate(commands) if "-m pytest" in line)
    assert warm < suite
