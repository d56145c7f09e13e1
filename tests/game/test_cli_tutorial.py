"""``robbers-den tutorial GAME``: the lesson opens at its table; ``--demo`` plays it to its end
and exits 0; a game without a lesson says so; the window options work."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.__main__ import main
from game.play.lesson import has_lesson
from game.registry import GAME_KEYS
from tests.paths import ROOT


def _env(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "ROBBERS_DEN_HOME": str(home),
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }


@pytest.mark.parametrize("game", [g for g in GAME_KEYS if has_lesson(g)])
def test_the_demo_plays_the_lesson_to_its_end_and_exits_0(tmp_path: Path, game: str) -> None:
    shot = tmp_path / "end.png"
    done = subprocess.run(
        [sys.executable, "-m", "game", "tutorial", game, "--demo", "--pace", "0"]
        + ["--size", "1024x640", "--screenshot", str(shot), "--quit-after", "120"],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "lesson stopped" not in done.stderr
    assert pygame.image.load(str(shot)).get_size() == (1024, 640)
    assert not (tmp_path / "continue.json").exists()  # a lesson replaces no game in progress


@pytest.mark.parametrize("game", [g for g in GAME_KEYS if not has_lesson(g)])
def test_a_game_without_a_lesson_says_so(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tutorial", game]) == 1
    assert "no lesson yet" in capsys.readouterr().err


def test_an_unknown_game_or_size_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["tutorial", "chess"], ["tutorial", "knights", "--size", "0x9"]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
