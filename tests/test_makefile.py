"""`make play` opens the window without waiting for the solver's compile; `make test` keeps it.
`make play` installs what the game needs, `make test` and `make lint` add the test tools, each
install with its own stamp."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
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


def installs(commands: list[str]) -> list[str]:
    return [line for line in commands if "pip install" in line and "-e " in line]


def test_make_play_installs_only_what_the_game_needs() -> None:
    (install,) = installs(planned("play", "VENV=/nonexistent/venv"))
    assert "'.[fast]'" in install


@pytest.mark.parametrize("target", ["test", "lint"])
def test_make_test_and_lint_add_the_test_tools(target: str) -> None:
    (install,) = installs(planned(target, "VENV=/nonexistent/venv"))
    assert "'.[fast,test]'" in install


def stamped(venv: Path, *stamps: str) -> None:
    later = time.time() + 5  # newer than pyproject.toml, whatever its checkout time
    for stamp in stamps:
        (venv / stamp).touch()
        os.utime(venv / stamp, (later, later))


def test_switching_between_play_and_test_reinstalls_nothing_needlessly(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    venv.mkdir()
    # After `make play`: play is ready, test adds the tools once.
    stamped(venv, ".installed-play")
    assert not installs(planned("play", f"VENV={venv}"))
    assert installs(planned("test", f"VENV={venv}"))
    # After `make test` (its install refreshes both stamps): neither installs again.
    touched = next(line for line in planned("test", f"VENV={venv}") if line.startswith("touch"))
    assert ".installed-play" in touched and ".installed-test" in touched
    stamped(venv, ".installed-play", ".installed-test")
    assert not installs(planned("play", f"VENV={venv}"))
    assert not installs(planned("test", f"VENV={venv}"))
    assert not installs(planned("lint", f"VENV={venv}"))


def test_make_clean_removes_both_venvs_and_the_app() -> None:
    (command,) = planned("clean")
    removed = command.split()
    assert removed[:2] == ["rm", "-rf"]
    assert {".venv", ".venv-dist", "build", "dist"} <= set(removed[2:])
