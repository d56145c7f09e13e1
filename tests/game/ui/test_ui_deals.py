"""Deal codes at the screens, driven by real events: the setup's "Play a deal code" and "Deal
of the day", the fingerprint in the log at the start, the code on the results and pause
screens, and the day's best kept."""

from __future__ import annotations

import datetime
import random
from pathlib import Path

import pygame
import pytest

from game import deals
from game.deals import Deal, decode, encode
from game.persist.daily import load_daily
from game.play.deal_session import session_for_deal
from game.play.session import Seat, Session
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.overlays import PauseOverlay
from game.ui.setup_scene import SetupScene
from game.ui.tables import open_table
from game.ui.testing import QuickAgent, click, headless_app, press, type_text
from tests.game.test_i18n_screens import recording

DAY = datetime.date(2026, 12, 5)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    app = headless_app()
    app.push(MenuScene(app))
    app.run_frames(1)
    return app


def open_setup(app: App, game: str = "knights") -> SetupScene:
    click(app, app.top.widget(game).center)
    assert isinstance(app.top, SetupScene)
    app.top.today = lambda: DAY
    return app.top


def type_code(app: App, setup: SetupScene, code: str) -> None:
    click(app, setup.widget("code").center)
    type_text(app, code)


def log_text(table: object) -> list[str]:
    return [line for line, _colour in table.log.entries]  # type: ignore[attr-defined]


def test_a_typed_code_deals_that_game_again_with_its_seats(app: App) -> None:
    setup = open_setup(app, "knights")
    deal = Deal("rummy", 5, 31337, 3)  # another game, more seats, a later round
    type_code(app, setup, encode(deal).lower().replace("-", " "))
    press(app, pygame.K_RETURN)
    table = app.top
    assert not isinstance(table, SetupScene), setup.error
    session = table.session  # type: ignore[attr-defined]
    assert session.game == "rummy" and session.num_seats == 5 and session.seed == 31337
    state = session.state
    expected = deals.first_position(deal, [seat.name for seat in session.seats])
    assert state.to_dict() == expected.to_dict()  # the same round's deck, dealer and turn
    assert state.round == 3
    shown = deals.deal_fingerprint(deal)
    assert any(shown in line for line in log_text(table))  # the fingerprint at the start
    assert deals.code_of("rummy", state) == encode(deal)


def test_a_mistyped_code_is_refused_and_nothing_is_lost(app: App) -> None:
    setup = open_setup(app, "knights")
    seats_before = list(setup.seats)
    code = encode(Deal("knights", 3, 2024)).replace("-", "")
    wrong = code[:3] + ("A" if code[3] != "A" else "B") + code[4:]
    type_code(app, setup, wrong)
    click(app, setup.widget("play_code").center)
    assert app.top is setup
    assert "typo" in setup.error
    assert setup.code_text == wrong and setup.seats == seats_before
    # Corrected in place (one Backspace per character typed after the typo), it plays.
    click(app, setup.widget("code").center)
    for _ in range(len(wrong) - 3):
        press(app, pygame.K_BACKSPACE)
    type_text(app, code[3:])
    click(app, setup.widget("play_code").center)
    assert not isinstance(app.top, SetupScene)
    assert app.top.session.num_seats == 3


def test_an_empty_or_foreign_code_says_why(app: App) -> None:
    setup = open_setup(app, "rummy")
    click(app, setup.widget("play_code").center)
    assert app.top is setup and "Type a deal code" in setup.error
    type_code(app, setup, "R2Ü4")
    click(app, setup.widget("play_code").center)
    assert app.top is setup and "“Ü”" in setup.error


def test_the_deal_of_the_day_is_the_same_for_everyone_that_day(app: App) -> None:
    setup = open_setup(app, "knights")
    press(app, pygame.K_F3)
    first = app.top.session  # type: ignore[attr-defined]
    assert deals.daily_date(Deal("knights", first.num_seats, first.seed)) == DAY
    # Another window on the same day (another person's computer): the same deal.
    other = headless_app()
    other.push(MenuScene(other))
    other.run_frames(1)
    setup = open_setup(other, "knights")
    click(other, setup.widget("daily").center)
    second = other.top.session  # type: ignore[attr-defined]
    assert second.state.to_dict()["piles"] == first.state.to_dict()["piles"]


def test_the_results_show_the_code_and_the_days_best_is_kept(app: App) -> None:
    seats = [Seat("Ann", True, "medium", 0), Seat("Kunz", False, "medium", 1)]
    deal = deals.daily_deal("knights", DAY, 2)
    session = session_for_deal(seats, deal)
    session.set_agent(1, QuickAgent())
    table = open_table(app, session)
    assert any(deals.deal_fingerprint(deal) in line for line in log_text(table))
    rng = random.Random(3)
    while not session.state.is_terminal:
        assert table.act(rng.choice(session.state.legal_actions()))  # type: ignore[attr-defined]
    with recording() as recorder:
        app.run_frames(5)
    assert app.top.name == "results"
    code = encode(deal)
    assert any(code in text for text in recorder.texts)
    assert decode(code) == deal
    best = load_daily().get("knights", DAY, 2, "Ann")
    assert best is not None and best.best == session.state.scores()[0] and best.played == 1


def test_the_pause_screen_shows_the_code_only_once_the_game_is_over(app: App) -> None:
    """The code names every pile: during play it would give the deal away."""
    seats = [Seat("Ann", True, "medium", 0), Seat("Kunz", False, "medium", 1)]
    session = session_for_deal(seats, Deal("knights", 2, 77))
    open_table(app, session)
    app.run_frames(1)
    table = app.top
    code = encode(Deal("knights", 2, 77))
    with recording() as recorder:
        press(app, pygame.K_ESCAPE, frames=2)
    assert isinstance(app.top, PauseOverlay)
    assert not any(code in text for text in recorder.texts)
    while not session.state.is_terminal:
        session.apply(session.state.legal_actions()[0])
    pause = PauseOverlay(app, lambda: None, table)
    pause.layout(app.size)
    with recording() as recorder:
        pause.draw(app.screen)
    assert any(code in text for text in recorder.texts)


@pytest.mark.parametrize("game", ["knights", "rummy"])
def test_the_log_never_gives_the_seed_away(app: App, game: str) -> None:
    """The seed names the whole deal; the fingerprint at the start must not lead back to it by
    trying every seed either."""
    seats = [Seat("Ann", True, "medium", 0), Seat("Kunz", False, "medium", 1)]
    session = Session(game, seats)
    assert session.seed is not None and session.seed > 2**20  # far more seeds than can be tried
    open_table(app, session)
    app.run_frames(1)
    table = next(scene for scene in app.scenes if hasattr(scene, "opening_line"))
    assert str(session.seed) not in table.opening_line()
