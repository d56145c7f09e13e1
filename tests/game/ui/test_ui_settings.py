"""The settings screen (changes applied at once, remembered across runs) and the statistics
screen (results recorded at each game/round end for human seats)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.i18n import set_language
from game.persist import Settings, load_settings, load_stats
from game.play.session import Seat, Session
from game.ui import sprites
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.settings_scene import SettingsScene
from game.ui.stats_scene import StatsScene
from game.ui.tables import open_table
from game.ui.testing import click, headless_app, press
from game.ui.widgets import Segmented


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    set_language("en")
    sprites.set_marks(True)


def menu_app() -> App:
    app = headless_app()
    app.push(MenuScene(app))
    app.run_frames(1)
    return app


def choose(app: App, ident: str, index: int) -> None:
    control = app.top.widgets.find(ident)
    assert isinstance(control, Segmented)
    click(app, control.option_rect(index).center)


def test_settings_round_trip_through_the_screen() -> None:
    app = menu_app()
    click(app, app.top.widget("settings").center)
    assert isinstance(app.top, SettingsScene)
    choose(app, "animation", 0)  # off
    choose(app, "ai-pace", 4)  # 1.6 s
    choose(app, "window", 2)  # 1600×900
    choose(app, "columns", 4)  # 5 columns (after auto, 2, 3, 4)
    for toggle in ("four-colour", "marks", "sound"):
        click(app, app.top.widget(toggle).center)
    choose(app, "language", 1)  # Deutsch
    expected = Settings(
        animation_pace=0.0,
        ai_pace=1.6,
        window_size=(1600, 900),
        fullscreen=False,
        set_columns=5,
        four_colour_suits=True,
        colour_blind_marks=False,
        sound_on=not app.audio.enabled or False,
        language="de",
    )
    # Applied at once: window, pace, marks, language of the screen itself.
    assert app.size == (1600, 900)
    assert app.pace == 1.6
    assert not sprites.marks_shown()
    from game.i18n import language

    assert language() == "de"
    saved = load_settings()
    assert saved == expected.replace(sound_on=saved.sound_on)
    assert saved.sound_on == app.audio.enabled
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)

    # Next run: main() loads them (here: the same call main() makes).
    again = headless_app()
    again.apply_settings(load_settings())
    assert again.settings == saved
    assert again.size == (1600, 900)


def test_rummy_table_takes_columns_and_four_colours_from_the_settings() -> None:
    app = menu_app()
    app.change_settings(set_columns=5, four_colour_suits=True)
    seats = [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", colour=1)]
    table: Any = open_table(app, Session("rummy", seats, 3))
    assert table.columns == 5 and table.four_colour
    table.change_columns(-1)
    assert load_settings().set_columns == 4


class QuickAgent:
    def choose(self, state: Any, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


def test_a_finished_game_is_counted_and_shown_in_the_statistics() -> None:
    app = menu_app()
    seats = [Seat("Ann", True, colour=0), Seat("Kunz", False, "hard", colour=1)]
    session = Session("knights", seats, 9)
    session.set_agent(1, QuickAgent())
    table: Any = open_table(app, session)
    human = QuickAgent()
    rng = random.Random(1)
    for _step in range(400):
        if session.state.is_terminal:
            break
        if table.human_to_move():
            table.act(human.choose(session.state, rng))
        app.run_frames(1)
        app.run_until(lambda: table.human_to_move() or session.state.is_terminal, 500)
    assert session.state.is_terminal
    app.run_frames(3)
    record = load_stats().get("knights", "hard")
    assert record.played == 1
    won = 0 in session.state.winners()
    assert record.won == int(won)
    assert record.best == session.state.scores()[0]

    fresh = menu_app()
    click(fresh, fresh.top.widget("stats").center)
    assert isinstance(fresh.top, StatsScene)
    drawn: list[str] = []
    from game.ui import theme

    original = theme.text

    def spy(content: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(content)
        return original(content, *args, **kwargs)

    theme.text = spy  # type: ignore[assignment]
    try:
        fresh.run_frames(1)
    finally:
        theme.text = original  # type: ignore[assignment]
    assert "hard" in drawn and "1" in drawn
    assert f"{100 * int(won)} %" in drawn


def test_tables_play_their_sounds_and_the_sound_setting_silences_them() -> None:
    app = menu_app()
    played: list[str] = []
    app.audio.play = lambda name: played.append(name) or True  # type: ignore[method-assign]
    seats = [Seat("Ann", False, "easy", colour=0), Seat("Kunz", False, "easy", colour=1)]
    session = Session("knights", seats, 3)
    session.set_agent(0, QuickAgent())
    session.set_agent(1, QuickAgent())
    open_table(app, session)
    assert app.run_until(lambda: session.state.is_terminal, 20000)
    app.run_frames(3)
    assert {"lay_tile", "win"} <= set(played)
    assert "deal" in played or not any(
        getattr(e.action, "count", 0) for e in session.history
    )  # knights marching out sound like a deal

    from game.ui.audio import Audio

    silent = Audio(enabled=True)
    silent.set_enabled(False)
    assert silent.play("lay_tile") is False
    app.change_settings(sound_on=False)
    assert app.audio.enabled is False
    app.change_settings(sound_on=True)
    assert app.audio.enabled is True
