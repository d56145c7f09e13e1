"""The app shell driven by real pygame events: menu, setup, help, resize, command line."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.__main__ import play as main
from game.play.session import SeatError, seats_from_spec
from game.registry import GAME_KEYS
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.overlays import HelpOverlay
from game.ui.setup_scene import SetupScene
from game.ui.tables import table_class
from game.ui.testing import click, headless_app, press, resize, type_text, wait_until
from game.ui.widgets import Segmented


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    # A home of its own: no remembered setup or game in progress from another test.
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    app = headless_app()
    app.push(MenuScene(app))
    app.run_frames(1)
    return app


def open_setup(app: App, game: str = "knights") -> SetupScene:
    click(app, app.top.widget(game).center)
    assert isinstance(app.top, SetupScene)
    return app.top


def choose_game(app: App, setup: SetupScene, game: str) -> None:
    """Click ``game``'s part of the setup's row of games (one part per registered game)."""
    row = setup.widgets.find("game")
    assert isinstance(row, Segmented)
    click(app, row.option_rect(GAME_KEYS.index(game)).center)


def test_menu_button_opens_setup_and_back_returns(app: App) -> None:
    setup = open_setup(app)
    assert setup.game == "knights"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_menu_keyboard_shortcut_opens_setup(app: App) -> None:
    press(app, pygame.K_k)
    assert isinstance(app.top, SetupScene)


def test_setup_by_clicks_and_typing_starts_a_knights_table(app: App) -> None:
    from game.ui.knights.table import KnightsTableScene

    setup = open_setup(app)
    click(app, setup.widget("name0").center)
    for _ in range(len("Player 1")):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Ann")
    # Seat 1 is a computer: pick the Easy level (first quarter of the level control).
    level = setup.widget("level1")
    click(app, (level.x + level.w // 8, level.centery))
    click(app, setup.widget("seed").center)
    type_text(app, "7x")  # letters are refused in the seed field
    click(app, setup.widget("start").center)
    table = app.top
    assert isinstance(table, KnightsTableScene)
    session = table.session
    assert [s.name for s in session.seats] == ["Ann", "Hilde"]
    assert session.seats[0].human and not session.seats[1].human
    assert session.seats[1].level == "easy"
    assert session.seed == 7
    assert session.state.players == ("Ann", "Hilde")


def test_the_last_setup_of_each_game_is_offered_again(app: App) -> None:
    setup = open_setup(app)
    click(app, setup.widget("name0").center)
    press(app, pygame.K_a, pygame.KMOD_LCTRL)  # select all: typing replaces "Player 1"
    type_text(app, "Ann")
    level = setup.widget("level1")
    click(app, (level.x + level.w * 7 // 8, level.centery))  # Expert
    click(app, setup.widget("start").center)
    assert not isinstance(app.top, SetupScene)
    press(app, pygame.K_ESCAPE)  # pause
    click(app, app.top.widget("Main menu").center)
    again = open_setup(app, "knights")
    assert [(s.name, s.human, s.level) for s in again.seats] == [
        ("Ann", True, "medium"),
        ("Hilde", False, "expert"),
    ]
    choose_game(app, again, "rummy")  # never set up: the seats carry over
    click(app, again.widget("add").center)
    assert again.game == "rummy" and len(again.seats) == 3
    choose_game(app, again, "knights")  # and back: knights' own last setup again
    assert [s.name for s in again.seats] == ["Ann", "Hilde"]


def test_a_name_typed_at_one_games_setup_is_offered_at_the_others(app: App) -> None:
    # Issue 36: "Hilde" typed at the rummy setup was not offered at the knights setup.
    for game, name in (("knights", "Ann"), ("rummy", "Greta")):
        setup = open_setup(app, game)
        click(app, setup.widget("name0").center)
        press(app, pygame.K_a, pygame.KMOD_LCTRL)  # select all: typing replaces the name
        type_text(app, name)
        click(app, setup.widget("start").center)
        assert not isinstance(app.top, SetupScene)
        press(app, pygame.K_ESCAPE)  # pause
        click(app, app.top.widget("Main menu").center)
        assert isinstance(app.top, MenuScene)
    knights = open_setup(app, "knights")  # knights was set up with "Ann": the newer name
    assert [(s.name, s.human) for s in knights.seats] == [("Greta", True), ("Hilde", False)]
    press(app, pygame.K_ESCAPE)
    assert open_setup(app, "rummy").seats[0].name == "Greta"


def test_a_damaged_setup_memory_gives_the_defaults(app: App) -> None:
    from game.play.setup_memory import memory_path

    memory_path().parent.mkdir(parents=True, exist_ok=True)
    memory_path().write_text('{"knights": [{"name": "", "human": 3}]}', encoding="utf-8")
    setup = open_setup(app)
    assert [s.name for s in setup.seats] == ["Player 1", "Hilde"]


def test_a_name_of_blank_characters_is_refused(app: App) -> None:
    setup = open_setup(app)
    click(app, setup.widget("name0").center)
    press(app, pygame.K_a, pygame.KMOD_LCTRL)
    type_text(app, "\u3164 \u2800")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)  # start
    assert app.top is setup and "needs a name" in setup.error


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_level_tooltip_stays_inside_the_setup_panel(app: App, size: tuple[int, int]) -> None:
    from game.ui.widgets import draw_tooltip

    resize(app, size)
    setup = open_setup(app)
    level = setup.widget("level1")
    pointer = (level.right - 4, level.centery)
    bounds = setup.widgets.tooltip_bounds
    assert bounds is not None and setup.box.contains(bounds)
    tip = setup.widgets.find("level1").tooltip
    assert setup.box.contains(draw_tooltip(app.screen, tip, pointer, bounds))


def test_setup_seats_stay_within_limits_and_colours_unique(app: App) -> None:
    setup = open_setup(app)
    click(app, setup.widget("add").center)
    click(app, setup.widget("add").center)
    click(app, setup.widget("add").center)  # a fifth seat is not possible for knights
    assert len(setup.seats) == 4
    assert not setup.widgets.find("add").enabled
    for _ in range(7):
        click(app, setup.widget("colour0").center)
        colours = [s.colour for s in setup.seats]
        assert len(set(colours)) == 4
    # Räuber-Rommé takes up to six seats; going back to knights trims to four.
    choose_game(app, setup, "rummy")
    assert setup.game == "rummy"
    click(app, setup.widget("add").center)
    click(app, setup.widget("add").center)
    assert len(setup.seats) == 6
    assert len({s.colour for s in setup.seats}) == 6
    choose_game(app, setup, "knights")  # found where it is now: the panel grew for six seats
    assert setup.game == "knights" and len(setup.seats) == 4
    click(app, setup.widget("remove3").center)
    click(app, setup.widget("remove2").center)
    assert len(setup.seats) == 2
    assert not setup.widgets.find("remove0").enabled


def test_setup_switches_a_seat_to_human_and_hides_its_level(app: App) -> None:
    setup = open_setup(app)
    kind = setup.widget("kind1")
    click(app, (kind.x + kind.w // 4, kind.centery))
    assert setup.seats[1].human
    assert not setup.widgets.find("level1").visible


def test_setup_refuses_duplicate_names(app: App) -> None:
    setup = open_setup(app)
    click(app, setup.widget("name1").center)
    for _ in range(10):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "player 1")  # seat 0's name, in other letters
    press(app, pygame.K_RETURN)  # leaves the text field
    press(app, pygame.K_RETURN)  # start
    assert app.top is setup
    assert "same name" in setup.error


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_registered_game_opens_its_table_from_setup(app: App, game: str) -> None:
    setup = open_setup(app, game)
    click(app, setup.widget("start").center)
    assert isinstance(app.top, table_class(game))
    assert app.top.help_topic == game


def test_f1_toggles_the_help_overlay(app: App) -> None:
    press(app, pygame.K_F1)
    assert isinstance(app.top, HelpOverlay)
    press(app, pygame.K_F1)
    assert isinstance(app.top, MenuScene)
    press(app, pygame.K_F1)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


@pytest.mark.parametrize("topic", ["general", *GAME_KEYS])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_help_keys_never_run_into_the_pictures(
    app: App, topic: str, size: tuple[int, int]
) -> None:
    resize(app, size)
    help_overlay = HelpOverlay(app, topic)
    app.push(help_overlay)
    app.run_frames(3)  # the text, then the pictures below it
    assert help_overlay.drawn and help_overlay.keys_bottom > 0
    assert help_overlay.keys_bottom <= help_overlay.text_bottom


def test_resize_reflows_every_widget_inside_the_window(app: App) -> None:
    setup = open_setup(app)
    click(app, setup.widget("add").center)
    click(app, setup.widget("add").center)
    for size in ((900, 620), (1600, 1000)):
        resize(app, size)
        assert app.size == size
        window = pygame.Rect((0, 0), size)
        for widget in setup.widgets.widgets:
            assert window.contains(widget.rect), widget.ident
        # The menu underneath was reflowed too.
        menu = app.scenes[0]
        assert window.contains(menu.widget("quit"))


def test_escape_on_menu_quits(app: App) -> None:
    press(app, pygame.K_ESCAPE)
    assert not app.running


def test_seats_from_the_command_line() -> None:
    seats = seats_from_spec("knights", "human,hard,easy")
    assert [s.human for s in seats] == [True, False, False]
    assert [s.level for s in seats[1:]] == ["hard", "easy"]
    assert all(not s.human for s in seats_from_spec("knights", "human,hard", autoplay=True))
    with pytest.raises(SeatError):
        seats_from_spec("knights", "human,hard,easy,easy,easy")
    with pytest.raises(SeatError):
        seats_from_spec("knights", "human,wizard")


def test_command_line_screenshot_of_an_autoplay_table(tmp_path: Path) -> None:
    shot = tmp_path / "table.png"
    code = main(
        ["--game", "knights", "--autoplay", "--players", "easy,easy", "--seed", "3", "--pace", "0"]
        + ["--screenshot", str(shot), "--quit-after", "0.4", "--size", "1024x700"]
    )
    assert code == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 700)


def test_command_line_rejects_a_bad_seat_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "knights", "--players", "human"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_a_table_waiting_for_a_person_sleeps_between_frames_and_wakes_for_input(
    app: App,
) -> None:
    from game.play.session import Seat, Session
    from game.ui.knights.table import KnightsTableScene
    from game.ui.tables import open_table

    seats = [Seat("Ann", True, colour=0), Seat("Hilde", False, "easy", colour=1)]
    open_table(app, Session("knights", seats, 3))
    table = app.top
    assert isinstance(table, KnightsTableScene) and table.human_to_move()
    assert not app.wants_frames()
    frames, app.time = app.frames, 0.0
    app.run(quit_after=1.0)
    assert app.frames - frames <= 15  # a few idle frames, not 60
    assert app.time >= 1.0  # the idle frames still count the real time
    # Input is handled as soon as it comes, not at the next idle frame.
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    started = time.perf_counter()
    app.time = 0.0
    app.run(quit_after=0.0)  # one pass of the loop
    assert time.perf_counter() - started < 0.2
    assert app.top is not table  # Esc paused the game


def test_the_menu_stops_asking_for_frames_when_nobody_touches_anything(app: App) -> None:
    menu = app.top
    assert isinstance(menu, MenuScene) and not app.wants_frames()
    assert app.idle_wait_ms() == int(1000 / menu.idle_fps)  # the knights bob
    app.run_frames(int(MenuScene.PAUSE_AFTER * 10) + 10, dt=0.1)  # nobody there
    assert not menu.animating()
    assert app.idle_wait_ms() >= 1000  # once a second at most
    still = menu.clock
    app.run_frames(10, dt=0.1)
    assert menu.clock == still  # the knights stand still
    # Moving the mouse wakes them at once.
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.run_frames(1, dt=0.1)
    assert menu.animating() and app.idle_wait_ms() == int(1000 / menu.idle_fps)
    app.run_frames(2, dt=0.1)
    assert menu.clock > still


def test_the_real_loop_at_a_quiet_menu_draws_about_once_a_second(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(MenuScene, "PAUSE_AFTER", 0.5)
    frames, app.time, app.last_input = app.frames, 0.0, 0.0
    app.run(quit_after=2.5)
    # 0.5 s at 15 frames a second, then 2 s at one: about 10, against 37 bobbing all along.
    assert app.frames - frames <= 16


def test_the_rummy_table_draws_at_full_rate_while_a_card_is_dragged(app: App) -> None:
    from game.play.session import Seat, Session
    from game.ui.rummy.table import RummyTableScene
    from game.ui.tables import open_table

    seats = [Seat("Ann", True, colour=0), Seat("Hilde", False, "easy", colour=1)]
    session = Session("rummy", seats, 3)
    open_table(app, session)
    table = app.find_scene(RummyTableScene)
    assert isinstance(table, RummyTableScene)
    assert wait_until(app, table.human_to_move)
    while app.top is not table:
        app.pop()
    assert not app.wants_frames()
    rect = table.hand_row().card_rect(0)
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.run_frames(1)
    assert table.drag is not None and app.wants_frames()


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_replace_question_keeps_its_text_clear_of_its_buttons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, size: tuple[int, int]
) -> None:
    from game.persist import autosave
    from game.ui import theme
    from game.ui.overlays import Dialog
    from tests.game.test_cli import mid_game

    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    autosave(mid_game("rummy"))  # a game in progress: a new one asks first
    app = headless_app(size)
    app.change_settings(language=language)
    app.push(MenuScene(app))
    app.run_frames(1)
    click(app, app.top.widget("knights").center)
    dialog = app.top
    assert isinstance(dialog, Dialog) and len(dialog.lines) >= 2
    buttons = [widget.rect for widget in dialog.widgets.widgets]
    text = dialog.message_rect
    line_h = theme.font(theme.FONT_BODY).get_linesize()
    assert text.h == len(dialog.lines) * line_h  # the block the lines are drawn in
    assert all(theme.text_width(line, theme.FONT_BODY) <= text.w for line in dialog.lines)
    assert min(rect.top for rect in buttons) - text.bottom >= 20
    assert all(dialog.box.contains(rect.inflate(20, 20)) for rect in buttons)
    title_bottom = dialog.box.y + dialog.TITLE_TOP + theme.font(theme.FONT_LARGE).get_linesize()
    assert text.top - title_bottom >= 12
    assert app.screen.get_rect().contains(dialog.box)
    pygame.quit()
