"""The session owns its changes: players joining, renamed and leaving, and seats handed to the
computer and back, are recorded, logged, saved, and come back exactly with Continue — the move
log line for line and the last move's highlight — in both games."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.persist import load_stats
from game.play.session import Seat, Session
from game.registry import GAME_KEYS, game_spec
from game.seat_events import SeatEvent
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.overlays import PauseOverlay
from game.ui.rummy.prompts import NameDialog
from game.ui.rummy.table import RummyTableScene
from game.ui.seats_dialog import SeatsDialog
from game.ui.table_shell import TableScene
from game.ui.tables import open_table
from game.ui.testing import QuickAgent, click, headless_app, press, type_text, wait_until


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def menu_app() -> App:
    app = headless_app((1280, 800), pace=0.0)
    app.push(MenuScene(app))
    app.run_frames(1)
    return app


def lines_of(table: Any) -> list[str]:
    return [line for line, _colour in table.log.entries]


def continue_in_a_new_window(app: App) -> tuple[App, Any]:
    """Save, close every scene (the window goes), and Continue from the menu of a new one."""
    assert app.saver is not None and app.saver.flush(10)
    for scene in list(app.scenes):
        scene.on_exit()
    again = menu_app()
    click(again, again.top.widget("continue").center)
    return again, next(scene for scene in again.scenes if isinstance(scene, TableScene))


def human_plays(app: App, table: Any, rng: random.Random, moves: int) -> None:
    """``moves`` of the human's decisions (any legal ones), the computer answering between."""
    for _ in range(moves):
        assert wait_until(app, lambda: table.human_to_move() or table.state.is_terminal)
        if table.state.is_terminal:
            return
        if isinstance(table, RummyTableScene):
            table.draw_card()
        else:
            table.act(rng.choice(table.state.legal_actions()))
        app.run_frames(1)


def test_rummy_continue_after_add_rename_and_remove_keeps_the_log_and_seats() -> None:
    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    seats.append(Seat("Kunz", False, colour=2))
    session = Session("rummy", seats, seed=9)
    session.set_agent(2, QuickAgent())
    table = open_table(app, session)
    assert isinstance(table, RummyTableScene)
    rng = random.Random(1)
    human_plays(app, table, rng, 2)
    assert wait_until(app, lambda: table.human_to_move())
    while app.top is not table:
        press(app, pygame.K_RETURN)  # the hand-over cover: the next player is ready
    press(app, pygame.K_a)  # add a player, through the dialog
    assert isinstance(app.top, NameDialog)
    for _ in range(12):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Dora")
    press(app, pygame.K_RETURN)
    assert [s.name for s in session.seats][-1] == "Dora"
    on_turn = session.state.current_player
    assert on_turn is not None
    press(app, pygame.K_e)  # rename the player on turn
    assert isinstance(app.top, NameDialog)
    for _ in range(12):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Zoe")
    press(app, pygame.K_RETURN)
    assert session.seats[on_turn].name == "Zoe"
    press(app, pygame.K_x)  # Zoe leaves
    press(app, pygame.K_RETURN)  # Remove
    assert "Zoe" not in [s.name for s in session.seats]
    app.run_frames(2)
    before_lines = lines_of(table)
    assert any("joins the game" in line for line in before_lines)
    assert any("is now called Zoe" in line for line in before_lines)
    assert any("Zoe leaves the game" in line for line in before_lines)
    history = [entry.action for entry in session.history]
    state = session.state.to_dict()

    again, resumed = continue_in_a_new_window(app)
    assert isinstance(resumed, RummyTableScene)
    assert resumed.state.to_dict() == state
    assert [entry.action for entry in resumed.session.history] == history
    assert [s.name for s in resumed.session.seats] == [s.name for s in session.seats]
    resumed_lines = lines_of(resumed)
    assert resumed_lines[-1] == "The game goes on where it stopped."
    assert resumed_lines[:-1] == before_lines  # the log, line for line
    pygame.quit()


def test_knights_continue_keeps_every_log_line_and_the_highlight() -> None:
    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    session = Session("knights", seats, seed=3)
    table: Any = open_table(app, session)
    rng = random.Random(3)  # this game's random moves take three buildings
    while not any("takes" in line for line in lines_of(table)):
        table.act(rng.choice(session.state.legal_actions()))
    for _ in range(5):
        table.act(rng.choice(session.state.legal_actions()))
    before_lines = lines_of(table)
    highlight = table.own_last
    assert highlight is not None and highlight.placed
    for scene in list(app.scenes):
        scene.on_exit()  # stops the computers before the window goes
    again, resumed = continue_in_a_new_window(app)
    assert resumed.state.to_dict() == session.state.to_dict()
    assert lines_of(resumed)[:-1] == before_lines
    assert resumed.own_last == highlight
    pygame.quit()


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_player_hands_his_seat_to_the_computer_and_takes_it_back(game: str) -> None:
    app = menu_app()
    seats = [Seat("Anna", True, colour=0), Seat("Kunz", False, "easy", colour=1)]
    session = Session(game, seats, seed=5)
    session.set_agent(1, QuickAgent())
    table: Any = open_table(app, session)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseOverlay)
    click(app, app.top.widget("seats").center)
    dialog = app.top
    assert isinstance(dialog, SeatsDialog)
    row = dialog.widget("seat0")
    click(app, (row.x + row.w * 7 // 10, row.centery))  # the fourth choice: hard
    assert (session.seats[0].human, session.seats[0].level) == (False, "hard")
    assert any(
        "Anna has left; the computer plays for that seat (hard)" in line for line in lines_of(table)
    )
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert app.top is table
    session.set_agent(0, QuickAgent())
    assert wait_until(app, lambda: any(e.seat == 0 and e.is_move for e in session.history))
    # Continue brings the computer's seat back as it is, with the line in the log.
    again, resumed = continue_in_a_new_window(app)
    assert (resumed.session.seats[0].human, resumed.session.seats[0].level) == (False, "hard")
    assert any("Anna has left" in line for line in lines_of(resumed))
    resumed.change_seats(SeatEvent("seat", 0, "Anna", old="hard", human=True))
    assert resumed.session.seats[0].human
    assert "Anna is back and plays again." in lines_of(resumed)
    pygame.quit()


def test_a_round_counts_only_for_people_who_played_it_to_the_end() -> None:
    app = menu_app()
    seats = [Seat("Anna", True, colour=0), Seat("Bert", True, colour=1)]
    session = Session("rummy", seats, seed=3)
    table: Any = open_table(app, session)
    table.change_seats(SeatEvent("seat", 1, "Bert", old="human", level="easy"))
    table.change_seats(SeatEvent("seat", 1, "Bert", old="easy", human=True))  # back again
    rng = random.Random(2)
    for _ in range(2000):
        if session.state.is_terminal:
            break
        while app.top is not table:
            press(app, pygame.K_RETURN)  # covers between the two people
        table.act(rng.choice(session.state.legal_actions()))
        app.run_frames(1)
    assert session.state.is_terminal
    record = load_stats().get("rummy", "humans")
    assert record.played == 1  # Anna's round; Bert was away for part of it
    pygame.quit()


def test_a_long_rummy_evening_keeps_one_round_in_memory_and_the_whole_log() -> None:
    """Earlier rounds leave the history (memory, save size) but not the log, live or after
    Continue."""
    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    session = Session("rummy", seats, seed=8)
    table: Any = open_table(app, session)
    rng = random.Random(8)
    while session.state.round < 3:
        table.act(rng.choice(session.state.legal_actions()))
    for _ in range(4):
        table.act(rng.choice(session.state.legal_actions()))
    assert all(type(e.action).__name__ != "NextRound" for e in session.history)
    assert table.earlier_log  # the first rounds' lines, as text
    lines = lines_of(table)
    table.log_history()
    assert lines_of(table) == lines  # rebuilt from what is kept: the same log
    again, resumed = continue_in_a_new_window(app)
    assert lines_of(resumed)[:-1] == lines
    assert resumed.state.to_dict() == session.state.to_dict()
    pygame.quit()


def test_continue_after_a_rummy_new_game_keeps_the_whole_log() -> None:
    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    session = Session("rummy", seats, seed=4)
    table: Any = open_table(app, session)
    rng = random.Random(4)
    for _ in range(3):
        table.act(rng.choice(session.state.legal_actions()))
    table.new_game()
    table.act(rng.choice(session.state.legal_actions()))
    lines = lines_of(table)
    assert any("all points are back to 0" in line for line in lines)
    again, resumed = continue_in_a_new_window(app)
    assert lines_of(resumed)[:-1] == lines
    assert resumed.state.to_dict() == session.state.to_dict()
    assert resumed.rounds == []  # the old game's score table did not come back
    pygame.quit()


def test_a_failed_computers_reason_of_any_text_never_stops_the_autosave() -> None:
    class Garbled:
        def choose(self, state: Any, rng: random.Random) -> Any:
            raise ValueError("line one\nline two\x07 " + "x" * 400)

    app = menu_app()
    seats = [Seat("Kunz", False, "hard", colour=0), Seat("Ann", True, colour=1)]
    session = Session("knights", seats, seed=2)
    session.set_agent(0, Garbled())
    table: Any = open_table(app, session)
    assert wait_until(app, lambda: session.seats[0].level == "medium")
    assert app.saver is not None and app.saver.flush(10)
    assert app.saver.take_error() is None  # the save took the note
    event = session.history[-1].action
    assert isinstance(event, SeatEvent) and "\n" not in event.note and len(event.note) <= 300
    table.on_exit()
    pygame.quit()


def test_a_seat_counts_as_played_through_by_the_person_sitting_there_now() -> None:
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1), Seat("Cid", True, colour=2)]
    session = Session("rummy", seats, seed=6)
    session.record(SeatEvent("seat", 1, "Bob", old="human", level="easy"))
    session.record(SeatEvent("seat", 1, "Bob", old="easy", human=True))
    on_turn = session.state.current_player
    assert on_turn is not None
    name = session.seats[on_turn].name
    session.remove_player(on_turn)
    played = {s.name: session.played_through(i) for i, s in enumerate(session.seats)}
    expected = {n: n != "Bob" for n in ("Ann", "Bob", "Cid") if n != name}
    assert played == expected


def test_setup_names_are_compared_as_the_save_compares_them() -> None:
    from game.play.session import SeatError, validate_seats

    with pytest.raises(SeatError):
        validate_seats("knights", [Seat("Straße", True, colour=0), Seat("STRASSE", True, colour=1)])


def test_after_the_player_on_turn_leaves_the_next_person_gets_the_cover() -> None:
    from game.ui.overlays import CoverScene

    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1), Seat("Cid", True, colour=2)]
    table: Any = open_table(app, Session("rummy", seats, seed=5))
    app.run_frames(2)
    while app.top is not table:
        press(app, pygame.K_RETURN)
    table.remove_current()
    app.run_frames(2)
    assert isinstance(app.top, CoverScene)  # another person is on turn now
    pygame.quit()


def test_a_seat_change_is_not_replayed_as_an_opponents_turn() -> None:
    from game.ui.replay import opponent_turns

    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    session = Session("rummy", seats, seed=3)
    session.apply(session.state.legal_actions()[0])  # seat 0's or 1's draw
    mover = session.history[-1].seat
    assert mover is not None
    session.record(SeatEvent("seat", mover, seats[mover].name, old="human", level="easy"))
    turn = (opponent_turns(session, 1 - mover) or [None])[-1]
    assert turn is not None and turn.seat == mover and len(turn.actions) == 1  # the move only


def test_seated_players_stay_with_their_seats_when_someone_leaves() -> None:
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1), Seat("Cid", False, colour=2)]
    session = Session("rummy", seats, seed=6)
    cid = QuickAgent()
    session.set_agent(2, cid)
    on_turn = session.state.current_player
    assert on_turn is not None and on_turn != 2
    session.remove_player(on_turn)
    assert session.agent(session.num_seats - 1) is cid  # Cid, one seat up, keeps his player
    session.add_player("Dan", False, "easy", 3)
    assert session.agent(session.num_seats - 2) is cid


def hand_over_by_the_seats_dialog(app: App, table: Any, seat: int) -> None:
    """Esc, Seats, the seat's fourth choice (hard), and back to the table: real events."""
    press(app, pygame.K_ESCAPE)
    click(app, app.top.widget("seats").center)
    dialog = app.top
    assert isinstance(dialog, SeatsDialog)
    row = dialog.widget(f"seat{seat}")
    click(app, (row.x + row.w * 7 // 10, row.centery))  # the fourth choice: hard
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)


def shown_hand(table: Any) -> list[Any]:
    if isinstance(table, RummyTableScene):
        return list(table.shown_hand() or [])
    return list(table.hand_tiles())


# Only a game with hidden information has a hand to hide.
HIDING_GAMES = [key for key in GAME_KEYS if game_spec(key).info.hidden_information]


@pytest.mark.parametrize("game", HIDING_GAMES)
def test_with_nobody_seated_no_hand_is_shown_and_every_round_ends_on_its_results(
    game: str,
) -> None:
    # Issue 36: with the only person's seat handed over, the bottom area showed each
    # computer's hand in turn, and rummy's round results went by on their own.
    from game.ui.rummy.results import RummyResultsScene

    app = menu_app()
    seats = [Seat("Anna", True, colour=0), Seat("Kunz", False, "easy", colour=1)]
    session = Session(game, seats, seed=5)
    session.set_agent(1, QuickAgent())
    table: Any = open_table(app, session)
    app.run_frames(2)
    assert shown_hand(table)  # Anna's own
    hand_over_by_the_seats_dialog(app, table, 0)
    assert app.top is table and not session.humans
    session.set_agent(0, QuickAgent())
    for _frame in range(3000):
        assert not shown_hand(table)
        if not isinstance(app.top, TableScene) or session.state.is_terminal:
            break
        app.run_frames(1)
    if game == "rummy":
        assert wait_until(app, lambda: isinstance(app.top, RummyResultsScene), 10)
        results = app.top
        app.run_frames(600)  # ten seconds of frames: the results wait for a person
        assert app.top is results
    pygame.quit()


def test_a_seat_handed_over_in_hot_seat_covers_the_table_before_the_next_hand() -> None:
    # Bob hands his seat over on his turn: Ann's hand would show to him at once.
    from game.ui.overlays import CoverScene

    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1), Seat("Cid", True, colour=2)]
    session = Session("rummy", seats, seed=5)
    table: Any = open_table(app, session)
    app.run_frames(2)
    while app.top is not table:
        press(app, pygame.K_RETURN)  # the first cover
    on_turn = session.state.current_player
    hand_over_by_the_seats_dialog(app, table, on_turn)
    assert session.seats[on_turn].human is False
    app.run_frames(1)
    # Two people are left: no hand shows until the next of them is on turn, behind a cover.
    session.set_agent(on_turn, QuickAgent())
    assert wait_until(app, lambda: isinstance(app.top, CoverScene), 10)
    assert app.top.player != seats[on_turn].name
    pygame.quit()


def test_the_one_person_left_gets_the_cover_before_his_hand_shows() -> None:
    from game.ui.overlays import CoverScene

    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    session = Session("rummy", seats, seed=5)
    table: Any = open_table(app, session)
    app.run_frames(2)
    while app.top is not table:
        press(app, pygame.K_RETURN)  # the first cover
    on_turn = session.state.current_player
    other = 1 - on_turn
    hand_over_by_the_seats_dialog(app, table, on_turn)
    app.run_frames(1)
    # One person left: his hand shows from now on, but first the screen is his.
    assert isinstance(app.top, CoverScene) and app.top.player == seats[other].name
    press(app, pygame.K_RETURN)
    assert table.hand_seat() == other and shown_hand(table)
    pygame.quit()


def test_a_table_continued_after_its_person_handed_over_still_waits_for_him() -> None:
    # The window's review: after Continue, a table whose only person had handed his seat over
    # counted as nobody's, so the round results went by on their own again.
    app = menu_app()
    seats = [Seat("Anna", True, colour=0), Seat("Kunz", False, "easy", colour=1)]
    session = Session("rummy", seats, seed=5)
    session.hand_over(0, "medium")
    continued = Session.restore("rummy", session.seats, session.state, session.history)
    table: Any = open_table(app, continued)
    assert not session.humans and not table.watch_only
    nobody = Session("rummy", [Seat("Cid", False, "easy", colour=2), seats[1]], seed=5)
    assert open_table(app, nobody).watch_only  # --autoplay: nobody ever sat here
    pygame.quit()
