"""Never lose a game, through the UI: autosave, Continue after the app is dropped, named saves,
damaged files refused with a dialog while the last good save survives, save-folder errors."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.persist import (
    autosave_path,
    has_autosave,
    load_autosave,
    save_named,
    saved_game,
    saves_dir,
)
from game.play.session import Seat, Session
from game.ui.app import App
from game.ui.knights.table import KnightsTableScene
from game.ui.menu import MenuScene
from game.ui.overlays import Dialog, PauseOverlay
from game.ui.saves_scene import SavesScene
from game.ui.saving import saved_from_table
from game.ui.setup_scene import SetupScene
from game.ui.testing import QuickAgent, click, headless_app, press, type_text, wait_until


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def menu_app() -> App:
    app = headless_app()
    app.push(MenuScene(app))
    app.run_frames(1)
    return app


def start_knights_by_clicks(app: App) -> KnightsTableScene:
    click(app, app.top.widget("knights").center)
    level = app.top.widget("level1")
    click(app, (level.x + level.w * 5 // 8, level.centery))  # Hard
    click(app, app.top.widget("seed").center)
    type_text(app, "42")
    click(app, app.top.widget("start").center)
    table = app.top
    assert isinstance(table, KnightsTableScene)
    table.session.set_agent(1, QuickAgent())
    return table


def play_human_turn(app: App, table: KnightsTableScene) -> None:
    """The human's next decision through the table's own controls."""
    assert app.run_until(lambda: table.human_to_move() or table.state.is_terminal, 3000)
    state = table.state
    if state.phase == "keep":
        tiles = table.hand_tiles()
        index = next(i for i, t in enumerate(tiles) if t.tile != "plain+castle")
        click(app, table.hand_slot_rects()[index].center)
        press(app, pygame.K_RETURN)
    elif state.phase == "place":
        press(app, pygame.K_RETURN)  # lay the selected tile at the cursor
        if table.state.phase == "place" and table.state.current_player == 0:
            press(app, pygame.K_e)
    elif state.phase == "deploy":
        press(app, pygame.K_0)
        press(app, pygame.K_RETURN)


def wait_saved(app: App) -> None:
    assert app.saver is not None
    assert app.saver.flush(10)


def test_kill_and_resume_through_the_menu_plays_on() -> None:
    app = menu_app()
    table = start_knights_by_clicks(app)
    for _ in range(3):
        play_human_turn(app, table)
    assert app.run_until(lambda: table.human_to_move(), 3000)
    wait_saved(app)
    expected = table.state.to_dict()
    lines = [entry for entry, _colour in table.log.entries]
    for scene in list(app.scenes):  # the window goes: only the disk remembers
        scene.on_exit()

    again = menu_app()
    menu = again.top
    assert isinstance(menu, MenuScene)
    assert menu.widgets.find("continue").enabled
    click(again, menu.widget("continue").center)
    resumed = again.top
    assert isinstance(resumed, KnightsTableScene)
    assert resumed.state.to_dict() == expected
    seat = resumed.session.seats[1]
    assert (seat.human, seat.level, seat.name) == (False, "hard", "Hilde")
    assert resumed.session.seed == 42
    # The log is rebuilt: the first run's log, line for line, then the resumption.
    resumed_lines = [entry for entry, _colour in resumed.log.entries]
    assert resumed_lines == [*lines, "The game goes on where it stopped."]
    # ... and the game plays on.
    resumed.session.set_agent(1, QuickAgent())
    before = len(resumed.session.history)
    play_human_turn(again, resumed)
    assert len(resumed.session.history) > before


def test_continue_is_disabled_without_a_good_autosave(private_home: Path) -> None:
    app = menu_app()
    assert not app.top.widgets.find("continue").enabled
    private_home.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text('{"format": "robbers-den-save", "vers', encoding="utf-8")
    app = menu_app()
    button = app.top.widgets.find("continue")
    assert not button.enabled
    assert "damaged" in button.tooltip or "cut short" in button.tooltip


@pytest.mark.parametrize("damage", ["truncated", "random"])
def test_damaged_named_save_is_refused_and_the_good_save_survives(damage: str) -> None:
    app = menu_app()
    table = start_knights_by_clicks(app)
    play_human_turn(app, table)
    wait_saved(app)
    save_named("Evening game", saved_from_table(table))
    text = (saves_dir() / "Evening game.json").read_bytes()
    bad = text[: len(text) // 2] if damage == "truncated" else random.Random(3).randbytes(900)
    (saves_dir() / "Broken.json").write_bytes(bad)

    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseOverlay)
    click(app, app.top.widget("saves").center)
    saves = app.top
    assert isinstance(saves, SavesScene)
    assert wait_until(app, lambda: not saves.reading(), 10)
    names = [info.name for info in saves.saves]
    broken = names.index("Broken")
    assert saves.saves[broken].problem  # listed with its problem
    click(app, saves.row_rect(broken).center)
    click(app, saves.widget("load").center)
    assert isinstance(app.top, Dialog)
    assert "damaged" in app.top.message or "not a saved game" in app.top.message.lower()
    press(app, pygame.K_RETURN)
    assert app.top is saves
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert app.top is table  # the game goes on
    wait_saved(app)
    survivor = load_autosave()  # the last good save is still there and still good
    assert survivor is not None and survivor.state.to_dict() == table.state.to_dict()
    play_human_turn(app, table)
    wait_saved(app)
    assert load_autosave() is not None


def test_named_save_and_load_through_the_screens() -> None:
    app = menu_app()
    table = start_knights_by_clicks(app)
    play_human_turn(app, table)
    press(app, pygame.K_ESCAPE)
    state = table.state.to_dict()  # paused: nobody moves while we save
    click(app, app.top.widget("saves").center)
    saves = app.top
    click(app, saves.widget("name").center)
    type_text(app, "Sunday / match")  # the slash is refused by the field
    press(app, pygame.K_RETURN)  # Enter in the name field saves (issue 36)
    assert (saves_dir() / "Sunday match.json").exists()  # spaces squeezed, "/" refused
    assert app.top is table

    other = menu_app()
    click(other, other.top.widget("load").center)
    listing = other.top
    assert isinstance(listing, SavesScene)
    assert wait_until(other, lambda: not listing.reading(), 10)
    assert listing.saves[0].game == "knights"
    click(other, listing.row_rect(0).center)
    click(other, listing.widget("load").center)
    if isinstance(other.top, Dialog):  # the game Continue resumes went on since: asked
        click(other, other.top.widget("Load").center)
    loaded = other.top
    assert isinstance(loaded, KnightsTableScene)
    assert loaded.state.to_dict() == state


def test_enter_on_the_load_screen_loads_the_newest_save() -> None:
    app = menu_app()
    table = start_knights_by_clicks(app)
    play_human_turn(app, table)
    save_named("Sunday", saved_from_table(table))
    state = table.state.to_dict()
    other = menu_app()
    click(other, other.top.widget("load").center)
    listing = other.top
    assert isinstance(listing, SavesScene) and listing.chosen() is not None
    press(other, pygame.K_RETURN)
    loaded = other.top
    assert isinstance(loaded, KnightsTableScene)
    assert loaded.state.to_dict() == state


def test_a_read_only_save_folder_shows_a_message_and_the_game_goes_on(
    private_home: Path,
) -> None:
    app = menu_app()
    table = start_knights_by_clicks(app)
    private_home.mkdir(parents=True, exist_ok=True)
    blocker = private_home / "continue.json"
    if blocker.exists():
        blocker.unlink()
    blocker.mkdir()  # a folder where the save should go: fails even for root (unlike chmod)
    play_human_turn(app, table)
    wait_saved(app)
    app.run_frames(2)
    dialogs = [scene for scene in app.scenes if isinstance(scene, Dialog)]
    assert dialogs and "save" in dialogs[0].title.lower()
    press(app, pygame.K_RETURN)
    assert app.top is table
    play_human_turn(app, table)  # still playable


def test_a_finished_knights_game_leaves_no_continue() -> None:
    app = headless_app()
    app.push(MenuScene(app))
    session = Session("knights", [Seat("A", False, "easy", 0), Seat("B", False, "easy", 1)], 5)
    session.set_agent(0, QuickAgent())
    session.set_agent(1, QuickAgent())
    from game.ui.tables import open_table

    table = open_table(app, session)
    assert app.run_until(lambda: session.state.is_terminal, 20000)
    app.run_frames(2)
    assert app.saver is not None and app.saver.flush(10)
    assert not has_autosave()
    assert isinstance(table, KnightsTableScene)


def test_rummy_resumes_with_its_score_table_and_log() -> None:
    from game.ui.rummy.table import RummyTableScene
    from game.ui.tables import open_table

    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Greta", False, "expert", colour=3)]
    session = Session("rummy", seats, 6)
    session.set_agent(1, QuickAgent())
    table = open_table(app, session)
    assert isinstance(table, RummyTableScene)
    for _step in range(400):
        if session.state.is_terminal:
            break
        if table.human_to_move():
            table.draw_card()
        app.run_frames(1)
    assert session.state.is_terminal
    table.next_round()
    assert app.run_until(lambda: table.human_to_move(), 3000)
    wait_saved(app)
    expected = session.state.to_dict()
    rounds = list(table.rounds)
    assert len(rounds) == 1

    again = menu_app()
    click(again, again.top.widget("continue").center)
    resumed = again.top
    assert isinstance(resumed, RummyTableScene)
    assert resumed.state.to_dict() == expected
    assert resumed.rounds == rounds
    assert resumed.session.seats[1].level == "expert"
    assert len(resumed.log.entries) > 10  # every draw of the first round is back in the log


def test_a_new_game_from_the_menu_asks_before_replacing_the_game_in_progress() -> None:
    app = menu_app()
    table = start_knights_by_clicks(app)
    play_human_turn(app, table)
    wait_saved(app)
    saved = autosave_path().read_bytes()
    press(app, pygame.K_ESCAPE)  # pause
    click(app, app.top.widget("Main menu").center)
    assert isinstance(app.top, MenuScene)
    press(app, pygame.K_r)  # a new rummy game
    assert isinstance(app.top, Dialog) and "Robber Knights" in app.top.message
    press(app, pygame.K_RETURN)  # Enter keeps the game: the safe choice
    assert isinstance(app.top, MenuScene) and autosave_path().read_bytes() == saved
    click(app, app.top.widget("rummy").center)
    assert isinstance(app.top, Dialog)
    click(app, app.top.widget("New game").center)
    assert isinstance(app.top, SetupScene) and app.top.game == "rummy"


def rummy_save(name: str) -> None:
    seats = [Seat("Ann", True, colour=0), Seat("Greta", False, "expert", colour=3)]
    session = Session("rummy", seats, 6)
    save_named(name, saved_game("rummy", session.seats, session.state, []))


def test_a_load_over_a_different_game_in_progress_asks_first() -> None:
    # Issue 36: a load from the pause menu replaced a hot-seat knights game without a word.
    from game.ui.rummy.table import RummyTableScene

    rummy_save("Evening rummy")
    app = menu_app()
    table = start_knights_by_clicks(app)
    play_human_turn(app, table)
    wait_saved(app)
    saved = autosave_path().read_bytes()
    press(app, pygame.K_ESCAPE)  # pause
    click(app, app.top.widget("saves").center)
    saves = app.top
    assert isinstance(saves, SavesScene)
    assert wait_until(app, lambda: not saves.reading(), 10)
    click(app, saves.row_rect([i.name for i in saves.saves].index("Evening rummy")).center)
    click(app, saves.widget("load").center)
    assert isinstance(app.top, Dialog) and "Robber Knights" in app.top.message
    assert "Evening rummy" in app.top.message
    press(app, pygame.K_RETURN)  # Enter keeps the game: the safe choice
    assert app.top is saves and table in app.scenes
    assert autosave_path().read_bytes() == saved
    click(app, saves.widget("load").center)
    click(app, app.top.widget("Load").center)
    assert isinstance(app.top, RummyTableScene)


def test_a_load_from_the_menu_over_the_game_continue_resumes_asks_first() -> None:
    app = menu_app()
    table = start_knights_by_clicks(app)
    play_human_turn(app, table)
    wait_saved(app)
    save_named("Same game", saved_from_table(table))
    rummy_save("Evening rummy")
    press(app, pygame.K_ESCAPE)  # pause
    click(app, app.top.widget("Main menu").center)
    click(app, app.top.widget("load").center)
    saves = app.top
    assert isinstance(saves, SavesScene)
    assert wait_until(app, lambda: not saves.reading(), 10)
    names = [i.name for i in saves.saves]
    click(app, saves.row_rect(names.index("Evening rummy")).center)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, Dialog)
    press(app, pygame.K_ESCAPE)  # Esc keeps it too
    assert app.top is saves
    click(app, saves.row_rect(names.index("Same game")).center)
    press(app, pygame.K_RETURN)  # the very game Continue resumes: nothing to lose, no question
    assert isinstance(app.top, KnightsTableScene)


def test_the_load_screen_shows_at_once_and_reads_a_slow_save_behind_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Issue 35: twenty large saves were parsed on the window's thread: no frame for 16 s.
    from game.persist import saves as persist_saves
    from game.ui import saves_scene

    session = Session("knights", [Seat("Ann", True, colour=0), Seat("Bo", True, colour=1)], 4)
    save_named("Quick", saved_game("knights", session.seats, session.state))
    save_named("Slow", saved_game("knights", session.seats, session.state, extra={"x": [0] * 99}))
    gate = threading.Event()
    real = persist_saves.load_game

    def slow_to_read(path: Any) -> Any:
        if Path(path).stem == "Slow":
            gate.wait(5)  # a large save being checked
        return real(path)

    monkeypatch.setattr(persist_saves, "load_game", slow_to_read)  # what list_saves reads with
    monkeypatch.setattr(saves_scene, "load_game", slow_to_read)
    app = menu_app()
    started = time.perf_counter()
    click(app, app.top.widget("load").center)
    took = time.perf_counter() - started
    listing = app.top
    try:
        assert isinstance(listing, SavesScene)
        assert took < 2.0, f"the Load screen's first frame took {took:.1f} s"
        names = [info.name for info in listing.saves]
        assert sorted(names) == ["Quick", "Slow"]  # both listed at once, by name and date
        assert listing.reading() and listing.saves[names.index("Slow")].path in listing.unread
        # the small save is read first: the slow one holds up no other row
        assert wait_until(app, lambda: listing.saves[names.index("Quick")].game == "knights", 2)
        app.screenshot(str(tmp_path / "load-reading.png"))
    finally:
        gate.set()
    assert wait_until(app, lambda: not listing.reading(), 10)
    assert [info.game for info in listing.saves] == ["knights", "knights"]
    press(app, pygame.K_ESCAPE)
    assert app.top is not listing
