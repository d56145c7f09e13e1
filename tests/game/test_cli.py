"""Issue 16, the command line: numbers finite and in range (one-line error, exit 2),
``play --continue`` and ``play --load NAME`` resume exactly or refuse in words (exit 0), and the
final save and settings are written even when the screenshot fails."""

from __future__ import annotations

import json
import random
import signal
from pathlib import Path
from typing import Any

import pytest

from game.__main__ import main
from game.knights import new_game as knights_new_game
from game.persist import (
    SeatRecord,
    autosave,
    autosave_path,
    load_autosave,
    save_named,
    saved_game,
    settings_path,
)
from game.rummy import new_game as rummy_new_game
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.overlays import Dialog
from tests.game.test_movelog_players import random_knights_action, random_rummy_action


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    from game.persist import jsonfile

    if hasattr(jsonfile, "take_problems"):
        jsonfile.take_problems()  # what earlier tests' damaged files left to report
    return tmp_path


BAD_PLAY = [
    ["--pace", "nan"],
    ["--pace", "inf"],
    ["--pace", "1e400"],
    ["--pace", "-1"],
    ["--quit-after", "nan"],
    ["--quit-after", "inf"],
    ["--quit-after", "-2"],
    ["--seed", "1" + "0" * 400],
    ["--seed", "nan"],
    ["--size", "1e400x800"],
    ["--size", "0x800"],
]


def cores() -> int:
    from game.cli_args import cores as usable  # imported here: new in issue 16

    return usable()


BAD_MATCH = [
    ["--budget", "inf"],
    ["--budget", "nan"],
    ["--budget", "0"],
    ["--workers", "0"],
    ["--workers", "-3"],
    ["--workers", "cores + 1"],
    ["--workers", "100"],
    ["--games", "0"],
    ["--games", "nan"],
]


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    def hung(signum: int, frame: Any) -> None:
        raise TimeoutError(f"{' '.join(argv)} still runs after 10 s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    try:
        with pytest.raises(SystemExit) as caught:
            main(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert ": error: " in last
    return last


@pytest.mark.parametrize("numbers", BAD_PLAY, ids=" ".join)
def test_a_bad_number_for_play_is_a_one_line_error(
    numbers: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(["play", *numbers], capsys).startswith("robbers-den play: error:")


@pytest.mark.parametrize("numbers", BAD_MATCH, ids=" ".join)
def test_a_bad_number_for_match_is_a_one_line_error(
    numbers: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    numbers = [str(cores() + 1) if n == "cores + 1" else n for n in numbers]
    argv = ["match", "--game", "knights", "--players", "easy,easy", *numbers]
    assert refused(argv, capsys).startswith("robbers-den match: error:")


def test_workers_up_to_the_cores_are_accepted() -> None:
    from ai.arena import parse_args

    base = ["--game", "knights", "--players", "easy,easy"]
    assert parse_args([*base, "--workers", "1"]).workers == 1
    assert parse_args([*base, "--workers", str(cores())]).workers == cores()


# ----- resuming from the command line ---------------------------------------------------------


SEATS = [SeatRecord("Ann", "human", None, 0), SeatRecord("Kunz", "computer", "hard", 1)]


def mid_game(game: str) -> Any:
    rng = random.Random(7)
    if game == "knights":
        state: Any = knights_new_game(["Ann", "Kunz"], 7)
        step = random_knights_action
    else:
        state = rummy_new_game(["Ann", "Kunz"], 7)
        step = random_rummy_action
    history = []
    for _ in range(9):
        action = step(state, rng)
        history.append(action)
        state = state.apply(action)
    return saved_game(game, SEATS, state, history)


class Opened:
    """What the window showed when its loop began (``App.run`` replaced)."""

    scenes: list[Any] = []


@pytest.fixture()
def no_loop(monkeypatch: pytest.MonkeyPatch) -> type[Opened]:
    def run(self: App, quit_after: float | None = None, screenshot: str | None = None) -> None:
        Opened.scenes = list(self.scenes)
        if screenshot:
            self.screenshot(screenshot)

    monkeypatch.setattr(App, "run", run)
    Opened.scenes = []
    return Opened


@pytest.mark.parametrize("game", ["knights", "rummy"])
@pytest.mark.parametrize("how", ["continue", "load"])
def test_continue_and_load_from_the_command_line_resume_exactly(
    game: str, how: str, no_loop: type[Opened]
) -> None:
    saved = mid_game(game)
    if how == "continue":
        autosave(saved)
        argv = ["play", "--continue"]
    else:
        save_named("Evening game", saved)
        argv = ["play", "--load", "Evening game"]
    assert main(argv) == 0
    menu, table = no_loop.scenes
    assert isinstance(menu, MenuScene)
    session = table.session
    assert session.game == game
    assert session.state.to_dict() == saved.state.to_dict()
    assert [entry.action for entry in session.history] == list(saved.history)
    assert [seat.name for seat in session.seats] == ["Ann", "Kunz"]
    assert [seat.human for seat in session.seats] == [True, False]
    assert session.seats[1].level == "hard"


@pytest.mark.parametrize("how", ["continue", "load"])
def test_a_refused_file_is_said_in_the_window_and_on_stderr_and_the_player_stays_at_the_menu(
    how: str, home: Path, no_loop: type[Opened], capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(json.dumps(mid_game("knights").to_dict()))
    data["seats"][0]["name"] = "A\x00nn"
    if how == "continue":
        autosave_path().write_text(json.dumps(data))
        argv = ["play", "--continue"]
    else:
        (home / "saves").mkdir()
        (home / "saves" / "Forged.json").write_text(json.dumps(data))
        argv = ["play", "--load", "Forged"]
    assert main(argv) == 0
    menu, dialog = no_loop.scenes
    assert isinstance(menu, MenuScene) and isinstance(dialog, Dialog)
    assert "seat 1" in dialog.message or "seats[0]" in dialog.message
    err = capsys.readouterr().err
    assert dialog.message in err and "Traceback" not in err


def test_continue_without_a_game_in_progress_says_so(
    no_loop: type[Opened], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--continue"]) == 0
    menu, dialog = no_loop.scenes
    assert isinstance(dialog, Dialog) and "no game in progress" in dialog.message
    assert "no game in progress" in capsys.readouterr().err


def test_a_failed_screenshot_still_writes_the_final_save_and_the_settings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.ui.saving import autosave_table

    saved = mid_game("rummy")
    autosave(saved)

    def run(self: App, quit_after: float | None = None, screenshot: str | None = None) -> None:
        table = self.top
        table.session.apply(table.state.legal_actions()[0])
        autosave_table(table)  # as the table does after a move
        self.resize((1000, 700))  # the player drags the window: remembered on quitting

    monkeypatch.setattr(App, "run", run)
    code = main(["play", "--continue", "--screenshot", "/proc/no/x.png"])
    assert code == 1
    assert "screenshot" in capsys.readouterr().err
    resumed = load_autosave()
    assert resumed is not None and len(resumed.history) == len(saved.history) + 1
    written = json.loads(settings_path().read_text())
    assert written["window_size"] == [1000, 700]


def test_play_removes_temp_files_a_killed_game_left(home: Path, no_loop: type[Opened]) -> None:
    import os
    import time

    stale = home / ".continue.json.x1y2z3.tmp"
    stale.write_text('{"half": ')
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert main(["play"]) == 0
    assert not stale.exists()
