"""The background autosave: never blocks the caller, writes the latest game, reports failures."""

from __future__ import annotations

import errno
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from game.knights import new_game
from game.persist import BackgroundSaver, SeatRecord, autosave, load_autosave, saved_game
from game.persist.saves import SavedGame

SEATS = [SeatRecord("Ann", "human", None, 0), SeatRecord("Kunz", "computer", "hard", 1)]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    return tmp_path


def _games(count: int) -> list[SavedGame]:
    state = new_game(["Ann", "Kunz"], 5)
    games = []
    while len(games) < count:
        state = state.apply(state.legal_actions()[0])
        games.append(saved_game("knights", SEATS, state))
    return games


def test_the_latest_submitted_game_is_the_one_on_disk() -> None:
    saver = BackgroundSaver()
    games = _games(40)
    for game in games:
        saver.submit(game)
    assert saver.flush(timeout=20)
    resumed = load_autosave()
    assert resumed is not None and resumed.state == games[-1].state
    assert 1 <= saver.saves_written <= len(games)
    assert saver.take_error() is None
    saver.close()


def test_submit_returns_at_once_even_when_the_disk_is_slow() -> None:
    release = threading.Event()

    def slow_write(saved: SavedGame) -> Path:
        release.wait(5)
        return autosave(saved)

    saver = BackgroundSaver(slow_write)
    games = _games(3)
    started = time.perf_counter()
    for game in games:
        saver.submit(game)
    assert time.perf_counter() - started < 0.5
    assert not saver.flush(timeout=0.05)  # still writing
    release.set()
    assert saver.flush(timeout=10)
    resumed = load_autosave()
    assert resumed is not None and resumed.state == games[-1].state
    assert saver.saves_written <= 2  # the middle game was superseded, never written
    saver.close()


def test_a_full_disk_is_reported_once_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = _games(2)
    autosave(games[0])
    saver = BackgroundSaver()

    def full(*args: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", full)
        saver.submit(games[1])
        assert saver.flush(timeout=10)
    error = saver.take_error()
    assert error is not None and "disk is full" in error
    assert saver.take_error() is None
    resumed = load_autosave()
    assert resumed is not None and resumed.state == games[0].state  # the good save survived
    saver.submit(games[1])  # the disk has room again
    saver.close()
    resumed = load_autosave()
    assert resumed is not None and resumed.state == games[1].state


def test_an_unexpected_failure_is_reported_too() -> None:
    def broken(saved: SavedGame) -> Path:
        raise RuntimeError("boom")

    saver = BackgroundSaver(broken)
    saver.submit(_games(1)[0])
    assert saver.flush(timeout=10)
    assert saver.take_error() == "Can't save: boom"
    saver.close()
    with pytest.raises(RuntimeError):
        saver.submit(_games(1)[0])


def test_a_waiting_game_goes_to_the_folder_the_saver_was_made_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saver = BackgroundSaver()
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "elsewhere"))
    saver.submit(_games(1)[0])
    assert saver.flush(timeout=20)
    saver.close()
    assert (tmp_path / "continue.json").is_file()
    assert not (tmp_path / "elsewhere" / "continue.json").exists()
