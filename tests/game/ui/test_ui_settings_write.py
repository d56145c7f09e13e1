"""Issue 35: a settings write that fails says so when it happens. A window dragged to a new size
on a full or read-only disk was dropped without a word (written only on quitting, its failure
suppressed); now the size is written once the drag settles and a refusal is shown at once."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from game.persist import load_settings, settings_path
from game.ui.app import SETTINGS_SAVE_DELAY
from game.ui.menu import MenuScene
from game.ui.overlays import Dialog
from game.ui.testing import headless_app, resize


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "den"))
    return tmp_path / "den"


def frames_for(seconds: float) -> int:
    return int(seconds * 60) + 2


def test_a_dragged_window_size_is_written_once_the_drag_settles() -> None:
    app = headless_app()
    app.push(MenuScene(app))
    resize(app, (1000, 700))
    resize(app, (1020, 720))  # still dragging: nothing written yet
    assert not settings_path().exists()
    app.run_frames(frames_for(SETTINGS_SAVE_DELAY))
    assert load_settings().window_size == (1020, 720)
    assert isinstance(app.top, MenuScene)  # no message: it worked


def test_a_full_disk_refusing_the_window_size_is_shown_when_it_happens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    app = headless_app()
    app.push(MenuScene(app))
    resize(app, (1000, 700))
    app.run_frames(frames_for(SETTINGS_SAVE_DELAY))
    dialog = app.top
    assert isinstance(dialog, Dialog)
    assert dialog.title == "Can't save the settings" and "disk is full" in dialog.message
    # Said once, not again at every further drag with the same reason.
    app.pop()
    resize(app, (1040, 740))
    app.run_frames(frames_for(SETTINGS_SAVE_DELAY))
    assert isinstance(app.top, MenuScene)
