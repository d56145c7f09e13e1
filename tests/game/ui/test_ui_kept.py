"""Finished games kept, and played again, through the window: a game played to its end is in
the Load screen under its own heading; Review, Retry and Delete work there; a forged kept file
is listed with its problem; the review's "Play from here" opens a new game at the position
shown, with the same tiles to come, and leaves the kept file as it was."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.persist import (
    autosave_path,
    list_kept,
    load_autosave,
    load_game,
    replay_states,
    save_named,
)
from game.persist.kept import keep_finished
from game.persist.paths import kept_dir
from game.persist.saves import saved_game
from game.play.review_source import source_from_saved
from game.play.session import Seat, Session
from game.review import GameReview, ReviewedTurn
from game.ui.app import App
from game.ui.knights.table import KnightsTableScene
from game.ui.overlays import Dialog
from game.ui.review.position import ReviewPosition
from game.ui.review.scene import ReviewScene
from game.ui.rummy.table import RummyTableScene
from game.ui.saves_scene import SavesScene
from game.ui.tables import open_table
from game.ui.testing import QuickAgent, click, headless_app, press, wait_until


def menu_app() -> App:
    app = headless_app()
    app.push(app.make_scene("menu"))
    app.run_frames(1)
    return app


def play_knights_turn(app: App, table: KnightsTableScene) -> None:
    """The person's next decision through the table's own keys."""
    state = table.state
    if state.phase == "keep":
        tiles = table.hand_tiles()
        index = next(i for i, t in enumerate(tiles) if t.tile != "plain+castle")
        click(app, table.hand_slot_rects()[index].center)
        press(app, pygame.K_RETURN)
    elif state.phase == "place":
        press(app, pygame.K_RETURN)  # lay the chosen tile at the cursor
        if table.state.phase == "place" and table.state.current_player == 0:
            press(app, pygame.K_e)
    elif state.phase == "deploy":
        press(app, pygame.K_0)
        press(app, pygame.K_RETURN)


def knights_to_the_end(app: App, seed: int = 12) -> KnightsTableScene:
    seats = [Seat("Ann", True, colour=0), Seat("Kunz", False, "hard", 1)]
    session = Session("knights", seats, seed)
    session.set_agent(1, QuickAgent())
    table = open_table(app, session)
    assert isinstance(table, KnightsTableScene)
    for _turn in range(400):
        if not app.run_until(lambda: table.human_to_move() or table.state.is_terminal, 3000):
            break
        if table.state.is_terminal:
            break
        play_knights_turn(app, table)
    assert table.state.is_terminal
    return table


def open_load_screen(app: App) -> SavesScene:
    app.reset(app.make_scene("menu"))
    app.run_frames(1)
    press(app, pygame.K_l)
    saves = app.top
    assert isinstance(saves, SavesScene)
    assert wait_until(app, lambda: not saves.reading(), 10)
    return saves


def test_a_knights_game_played_to_its_end_is_kept_and_retried_from_its_start() -> None:
    app = menu_app()
    table = knights_to_the_end(app)
    assert app.keeper is not None and app.keeper.flush(10)
    [info] = list_kept()
    kept_bytes = info.path.read_bytes()
    assert info.game == "knights" and info.players == ("Ann", "Kunz") and info.winners

    saves = open_load_screen(app)
    heading = next(line for line in saves.slots() if isinstance(line, str))
    assert "Finished games" in heading
    press(app, pygame.K_DOWN)  # the first (and only) row: the kept game
    assert saves.chosen() == info
    assert saves.widgets.find("retry").enabled
    press(app, pygame.K_r)
    again = app.top
    assert isinstance(again, KnightsTableScene) and again is not table
    start = replay_states(load_game(info.path))
    assert start is not None
    assert again.state.to_dict() == start[0].to_dict()  # the same deal, the same tiles to come
    assert [(s.name, s.human, s.level) for s in again.session.seats] == [
        ("Ann", True, "medium"),
        ("Kunz", False, "hard"),
    ]
    assert info.path.read_bytes() == kept_bytes
    assert app.saver is not None and app.saver.flush(10)
    resumed = load_autosave()  # Continue resumes the new game
    assert resumed is not None and resumed.state.to_dict() == start[0].to_dict()
    pygame.quit()


def test_a_rummy_round_played_to_its_end_is_kept_under_its_heading() -> None:
    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Greta", False, "expert", colour=3)]
    session = Session("rummy", seats, 6)
    session.set_agent(1, QuickAgent())
    table = open_table(app, session)
    assert isinstance(table, RummyTableScene)
    for _step in range(600):
        if session.state.is_terminal:
            break
        if table.human_to_move():
            press(app, pygame.K_d)  # draw
        else:
            app.run_frames(1)
    assert session.state.is_terminal
    assert app.keeper is not None and app.keeper.flush(10)
    [info] = list_kept()
    assert info.game == "rummy" and info.winners
    saves = open_load_screen(app)
    assert saves.saves == [info]
    assert isinstance(saves.slots()[0], str)  # the heading, then the round
    press(app, pygame.K_DOWN)
    click(app, saves.widget("review").center)
    assert isinstance(app.top, ReviewScene) and app.top.source.game == "rummy"
    pygame.quit()


def nim_kept(seed: int) -> Path:
    session = Session("nim", [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", 1)], seed)
    rng = random.Random(seed)
    while not session.state.is_terminal:
        session.apply(rng.choice(session.state.legal_actions()))
    history = [entry.action for entry in session.history]
    return keep_finished(saved_game("nim", session.seats, session.state, history))


def test_a_shared_win_is_listed_as_shared() -> None:
    """The Name column of a kept game says who won; a tie shared by two reads as shared,
    not as "Won by Ann, Kunz" (as if they had played together)."""
    from game.ui.saves_scene import row_name

    app = menu_app()
    nim_kept(5)
    saves = open_load_screen(app)
    [info] = saves.saves
    assert row_name(info) == f"Won by {info.winners[0]}"
    assert row_name(replace(info, winners=("Ann", "Kunz"))) == "Shared win: Ann, Kunz"
    pygame.quit()


def test_a_kept_game_is_deleted_from_the_load_screen() -> None:
    app = menu_app()
    first, second = nim_kept(1), nim_kept(2)
    saves = open_load_screen(app)
    saves.select([info.path for info in saves.saves].index(first))
    press(app, pygame.K_DELETE)
    assert isinstance(app.top, Dialog)
    click(app, app.top.widget("Delete").center)
    assert not first.exists() and second.exists()
    assert wait_until(app, lambda: not saves.reading(), 10)
    assert [info.path for info in saves.saves] == [second]
    pygame.quit()


def test_a_forged_kept_file_is_listed_with_a_message_and_refused() -> None:
    app = menu_app()
    good = nim_kept(3)
    forged = kept_dir() / "forged.json"
    forged.write_text('{"format": "robbers-den-save", "version": 1, "game": "x"}', "utf-8")
    saves = open_load_screen(app)
    paths = [info.path for info in saves.saves]
    assert set(paths) == {good, forged}
    saves.select(paths.index(forged))
    assert saves.chosen() is not None and saves.chosen().problem  # type: ignore[union-attr]
    assert not saves.widgets.find("retry").enabled
    assert not saves.widgets.find("review").enabled
    app.run_frames(1)  # drawn with its problem: no crash
    press(app, pygame.K_RETURN)  # Load: refused with the reason
    assert isinstance(app.top, Dialog) and "unknown game" in app.top.message
    pygame.quit()


def whole_review(source: Any) -> GameReview:
    """A complete stored review: every decision of seat 0 judged, no mistakes."""
    states, history = source.states, source.history
    turns, index, count = [], 0, {0: 0, 1: 0}
    while index < len(history):
        seat = states[index].current_player
        end = index
        while end < len(history) and states[end].current_player == seat:
            end += 1
        count[seat] += 1
        turns.append(ReviewedTurn(index, end - index, seat, 1, count[seat], (0.5, 0.5), 0.5, True))
        index = end
    return GameReview(source.game, 0.05, (0,), len(history), tuple(turns), True)


@pytest.mark.parametrize("by_key", [True, False])
def test_play_from_here_opens_the_position_shown_and_leaves_the_kept_game(by_key: bool) -> None:
    app = menu_app()
    knights_to_the_end(app, seed=21)
    assert app.keeper is not None and app.keeper.flush(10)
    [info] = list_kept()
    kept_bytes = info.path.read_bytes()
    saved = load_game(info.path)
    source = source_from_saved(saved, info.path)
    assert source is not None
    source = replace(source, stored=whole_review(source))
    app.reset(app.make_scene("menu"))
    scene = app.push(ReviewScene(app, source))
    app.run_frames(2)
    assert isinstance(scene, ReviewScene) and scene.job is None
    turn = [t for t in scene.turns if t.seat == 0][5]
    scene.open_position(turn)
    position = app.top
    assert isinstance(position, ReviewPosition)
    press(app, pygame.K_RIGHT)  # one move into the decision: any position can be played
    cursor = position.cursor
    if by_key:
        press(app, pygame.K_r)
    else:
        click(app, position.widget("retry").center)
    table = app.top
    assert isinstance(table, KnightsTableScene)
    states = source.states
    assert table.state.to_dict() == states[cursor].to_dict()
    assert len(table.session.history) == cursor
    assert [(s.name, s.human, s.level) for s in table.session.seats] == [
        ("Ann", True, "medium"),
        ("Kunz", False, "hard"),
    ]
    # The same moves draw the same tiles: the game goes on as it went.
    for step, action in enumerate(source.history[cursor : cursor + 12], start=cursor + 1):
        assert table.session.apply(action).to_dict() == states[step].to_dict()
    assert info.path.read_bytes() == kept_bytes
    assert app.saver is not None and app.saver.flush(10)
    assert autosave_path().exists()
    pygame.quit()


def test_play_from_here_over_a_rummy_evening_asks_first() -> None:
    """From the review of the round just played (the results screen's way in): the evening
    is the game in progress, so the player is asked; Back keeps it, the other button plays."""
    from game.play.review_source import source_from_session

    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Greta", False, "expert", colour=3)]
    session = Session("rummy", seats, 9)
    session.set_agent(1, QuickAgent())
    table = open_table(app, session)
    for _step in range(600):
        if session.state.is_terminal:
            break
        if table.human_to_move():
            press(app, pygame.K_d)
        else:
            app.run_frames(1)
    assert session.state.is_terminal
    assert app.saver is not None and app.saver.flush(10)
    evening = autosave_path().read_bytes()
    source = source_from_session(session)
    assert source is not None
    source = replace(source, stored=whole_review(source))
    scene = app.push(ReviewScene(app, source))
    app.run_frames(2)
    assert isinstance(scene, ReviewScene) and scene.job is None
    turn = [t for t in scene.turns if t.seat == 0][2]
    scene.open_position(turn)
    press(app, pygame.K_r)
    assert isinstance(app.top, Dialog) and "Ann, Greta" in app.top.message
    press(app, pygame.K_RETURN)  # Back: the evening stays
    assert isinstance(app.top, ReviewPosition) and autosave_path().read_bytes() == evening
    press(app, pygame.K_r)
    click(app, app.top.widget("Play from here").center)
    again = app.top
    assert isinstance(again, RummyTableScene) and again is not table
    assert again.state.to_dict() == source.states[turn.index].to_dict()
    assert app.saver.flush(10)
    resumed = load_autosave()
    assert resumed is not None and resumed.state.to_dict() == again.state.to_dict()
    pygame.quit()


def load_screen_over_a_game(app: App) -> SavesScene:
    """The Load screen opened from the pause menu of a knights game in progress, read."""
    seats = [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", colour=1)]
    table = open_table(app, Session("knights", seats, 3))
    press(app, pygame.K_ESCAPE)  # pause
    click(app, app.top.widget("saves").center)
    saves = app.top
    assert isinstance(saves, SavesScene) and saves.table is table
    assert wait_until(app, lambda: not saves.reading(), 10)
    return saves


def test_choosing_a_kept_game_leaves_the_save_name_alone() -> None:
    app = menu_app()
    nim_kept(4)
    saves = load_screen_over_a_game(app)
    press(app, pygame.K_DOWN)
    assert saves.chosen() is not None and saves.chosen().kept  # type: ignore[union-attr]
    assert saves.entry_text == ""
    assert saves.widgets.find("retry").enabled
    click(app, saves.widget("retry").center)  # over the game at the table: asked first
    assert isinstance(app.top, Dialog) and "Robber Knights" in app.top.message
    pygame.quit()


def test_retry_over_a_game_in_progress_asks_to_retry_and_says_it_starts_over() -> None:
    """The Load screen's Retry plays a kept game from its start: the question's button and
    the new game's log say so, not "from here"."""
    app = menu_app()
    knights_to_the_end(app, seed=12)
    assert app.keeper is not None and app.keeper.flush(10)
    saves = load_screen_over_a_game(app)
    press(app, pygame.K_DOWN)  # the kept game
    click(app, saves.widget("retry").center)  # (R would type into the name field here)
    dialog = app.top
    assert isinstance(dialog, Dialog) and "from its start" in dialog.message
    click(app, dialog.widget("Retry").center)
    again = app.top
    assert isinstance(again, KnightsTableScene) and again is not saves.table
    log = [line for line, _colour in again.log.entries]
    assert any("Played again from the start" in line for line in log)
    assert not any("from here" in line for line in log)
    pygame.quit()


def test_the_arrows_scroll_through_twenty_kept_games_below_the_named_saves() -> None:
    app = headless_app((1024, 640))
    app.push(app.make_scene("menu"))
    for seed in range(20):
        nim_kept(seed)
    session = Session("nim", [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", 1)], 1)
    save_named("Evening", saved_game("nim", session.seats, session.state))
    saves = open_load_screen(app)
    assert len(saves.saves) == 21 and len(saves.slots()) == 22
    assert saves.chosen() == saves.saves[0]  # the newest named save is ready for Enter
    seen = {saves.saves[0].path}
    for _row in range(25):
        press(app, pygame.K_DOWN)
        chosen = saves.chosen()
        assert chosen is not None
        seen.add(chosen.path)
        rect = saves.row_rect(saves.slot_of(saves.selected))  # type: ignore[arg-type]
        assert saves.list_area.contains(rect)  # the chosen row is always in view
    assert len(seen) == 21 and saves.chosen() == saves.saves[-1]
    for _row in range(25):
        press(app, pygame.K_UP)
    assert saves.chosen() == saves.saves[0] and saves.first == 0
    pygame.quit()


def test_a_kept_game_that_cannot_be_written_is_said_once_and_the_game_goes_on() -> None:
    app = menu_app()
    kept_dir().parent.mkdir(parents=True, exist_ok=True)
    kept_dir().write_text("a file in the way", "utf-8")
    session = Session("nim", [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", 1)], 2)
    table: Any = open_table(app, session)
    assert table.change_seats(lambda: session.hand_over(0, "easy"))  # Ann leaves to the computer
    session.set_agent(0, QuickAgent())
    session.set_agent(1, QuickAgent())
    assert wait_until(app, lambda: isinstance(app.top, Dialog), 20)
    assert session.state.is_terminal and "save" in app.top.message.lower()
    press(app, pygame.K_RETURN)
    assert kept_dir().is_file()  # nothing else was touched
    # The Load screen still lists the named saves, and says what is wrong with the kept ones.
    save_named("Evening", saved_game("nim", session.seats, session.state))
    saves = open_load_screen(app)
    assert [info.name for info in saves.saves] == ["Evening"]
    assert "finished" in saves.problem
    pygame.quit()


def test_a_review_made_from_the_results_screen_is_stored_in_the_kept_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reviewed from the results screen, the kept game reopens from the Load screen at once,
    with the same findings, not reviewed a second time."""
    monkeypatch.setattr("ai.review.default_budget", lambda game: 0.01)
    app = menu_app()
    table = knights_to_the_end(app, seed=12)
    assert wait_until(app, lambda: app.top is not table, 10)
    results = app.top
    click(app, results.widget("review").center)
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.running
    assert wait_until(app, lambda: not scene.running, 120)
    assert scene.review is not None and scene.review.complete and not scene.note
    [info] = list_kept()
    kept_time = info.path.stat().st_mtime
    assert load_game(info.path).review is not None
    press(app, pygame.K_ESCAPE)  # back to the results

    saves = open_load_screen(app)
    press(app, pygame.K_DOWN)  # the kept game
    assert saves.chosen() == info
    click(app, saves.widget("review").center)
    reopened = app.top
    assert isinstance(reopened, ReviewScene) and reopened is not scene
    assert reopened.job is None  # not reviewed again: the review stored in the kept file
    assert sorted(reopened.judged) == sorted(scene.judged)
    assert info.path.stat().st_mtime == kept_time  # still listed when it was kept
    pygame.quit()
