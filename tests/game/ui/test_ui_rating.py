"""The ratings in the window, driven by real events: the setup's "Matched" toggle, the game it
starts, and the statistics' Ratings page (also with a forged file)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame
import pytest

from ai.ladder import ladder_for, rating_of
from game.persist import stats_path
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.setup_scene import SetupScene
from game.ui.stats_scene import StatsScene
from game.ui.testing import click, headless_app, press, type_text


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    app = headless_app()
    app.push(MenuScene(app))
    app.run_frames(1)
    return app


def write_ratings(ratings: object) -> None:
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    data = {"version": 1, "games": {}, "recorded": [], "ratings": ratings}
    stats_path().write_text(json.dumps(data, allow_nan=True), encoding="utf-8")


def history(start: float, end: float, games: int) -> dict[str, object]:
    values = [round(start + (end - start) * i / games, 1) for i in range(games + 1)]
    return {"rating": values[-1], "games": games, "history": values}


def test_matched_seat_plays_at_the_strength_of_the_persons_rating(app: App) -> None:
    ladder = ladder_for("knights")
    assert ladder is not None
    strong = (ladder.levels["hard"].rating + ladder.levels["expert"].rating) / 2
    write_ratings({"knights": {"Ann": history(1500.0, strong, 20)}})
    click(app, app.top.widget("knights").center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click(app, setup.widget("name0").center)
    press(app, pygame.K_a, pygame.KMOD_LCTRL)
    type_text(app, "Ann")
    click(app, setup.widget("matched1").center)
    seat = setup.seats[1]
    assert seat.strength is not None and 2.0 < seat.strength < 3.0 and seat.level == "hard"
    assert rating_of(ladder, seat.strength) == pytest.approx(
        strong, abs=5.0
    )  # strength kept in hundredths
    assert "Ann" in setup.matched_text and "20" in setup.matched_text
    # a newcomer at the same table meets a player of about medium strength
    click(app, setup.widget("name0").center)
    press(app, pygame.K_a, pygame.KMOD_LCTRL)
    type_text(app, "Newcomer")
    assert setup.seats[1].strength == pytest.approx(1.0, abs=0.01)
    # choosing a level ends the match
    level = setup.widget("level1")
    click(app, (level.x + level.w * 7 // 8, level.centery))
    assert (setup.seats[1].level, setup.seats[1].strength) == ("expert", None)
    click(app, setup.widget("matched1").center)
    click(app, setup.widget("name0").center)
    press(app, pygame.K_a, pygame.KMOD_LCTRL)
    type_text(app, "Ann")
    click(app, setup.widget("start").center)
    session = app.top.session  # type: ignore[attr-defined]
    assert session.seats[1].strength == pytest.approx(seat.strength)
    assert session.agent(1).strength == session.seats[1].strength


def open_ratings(app: App) -> StatsScene:
    click(app, app.top.widget("stats").center)
    stats = app.top
    assert isinstance(stats, StatsScene)
    page = stats.widgets.find("stats_page")
    click(app, page.option_rect(1).center)  # type: ignore[attr-defined]
    app.run_frames(2)
    return stats


def test_the_ratings_page_shows_each_persons_history(app: App) -> None:
    write_ratings(
        {
            "knights": {"Ann": history(1500.0, 1620.0, 30), "Bob": history(1500.0, 1450.0, 3)},
            "rummy": {"Ann": history(1500.0, 1480.0, 8)},
        }
    )
    stats = open_ratings(app)
    assert stats.page == 1 and stats.person == "Ann"  # most games first
    person = stats.widgets.find("person")
    click(app, person.option_rect(1).center)  # type: ignore[attr-defined]
    app.run_frames(1)
    assert stats.person == "Bob"


def test_a_forged_rating_shows_a_message_and_draws(app: App) -> None:
    forged = history(1500.0, 1620.0, 30) | {"rating": math.inf}
    write_ratings({"knights": {"Ann": forged, "Bob": history(1500.0, 1400.0, 4)}})
    stats = open_ratings(app)
    assert any("Ann" in problem for problem in stats.stats.problems)
    assert stats.person == "Bob"
    app.run_frames(2)  # drawing the page with the refused entry left out
    press(app, pygame.K_ESCAPE)  # closed
    write_ratings({"knights": {"Ann": {"rating": 1e308, "games": 2, "history": [1e308]}}})
    again = open_ratings(app)
    assert again.person == "" and again.stats.problems


def test_drawing_the_ratings_page_changes_nothing(app: App) -> None:
    from tests.game.ui.test_ui_draw_purity import assert_draw_is_pure

    write_ratings({"knights": {"Ann": history(1500.0, 1620.0, 30)}})
    open_ratings(app)
    assert_draw_is_pure(app)


def test_the_next_setup_offers_the_matched_seat_again(app: App) -> None:
    click(app, app.top.widget("knights").center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click(app, setup.widget("matched1").center)
    click(app, setup.widget("start").center)
    assert not isinstance(app.top, SetupScene)
    press(app, pygame.K_ESCAPE)  # pause
    click(app, app.top.widget("Main menu").center)
    click(app, app.top.widget("knights").center)
    again = app.top
    assert isinstance(again, SetupScene) and again is not setup
    assert again.seats[1].strength == pytest.approx(1.0, abs=0.01)  # a newcomer: about medium
    assert again.widgets.find("matched1").selected  # type: ignore[attr-defined]


def test_typing_a_name_reads_no_statistics_when_nothing_is_matched(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A big statistics file must not slow every key typed in a name."""
    import game.ui.matched_seat as matched_seat

    reads: list[int] = []
    real = matched_seat.load_stats
    monkeypatch.setattr(matched_seat, "load_stats", lambda: reads.append(1) or real())
    click(app, app.top.widget("knights").center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click(app, setup.widget("name0").center)
    type_text(app, "Annabel")
    assert reads == []
    click(app, setup.widget("matched1").center)  # a matched seat: now its strength is read
    assert reads
