"""The ways into a lesson: Learn to play on the menu and in the setup (for any game with a
lesson), and the one offer the first time a player picks a game he has never played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.persist import Settings, load_settings, record_result, settings_path
from game.play.lesson import has_lesson
from game.registry import GAME_KEYS
from game.ui.app import App
from game.ui.lesson import LessonOverlay
from game.ui.menu import MenuScene
from game.ui.overlays import Dialog
from game.ui.setup_scene import SetupScene
from game.ui.testing import click, headless_app

LEARNABLE = [game for game in GAME_KEYS if has_lesson(game)]


@pytest.fixture
def app() -> App:
    app = headless_app()
    app.push(MenuScene(app))
    app.run_frames(1)
    return app


def test_learn_to_play_on_the_menu_opens_a_lesson(app: App) -> None:
    click(app, app.top.widget("learn").center)
    if len(LEARNABLE) > 1:  # a choice of the games that have a lesson
        assert isinstance(app.top, Dialog)
        click(app, app.top.widget(app.top.choices[0][0]).center)
    assert isinstance(app.top, LessonOverlay)
    assert app.top.table.session.game == LEARNABLE[0]


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_setups_learn_to_play_button_is_there_for_a_game_with_a_lesson(
    app: App, game: str
) -> None:
    app.push(SetupScene(app, game))
    button = app.top.widgets.find("learn")
    assert button.visible == has_lesson(game)
    if has_lesson(game):
        click(app, button.rect.center)
        assert isinstance(app.top, LessonOverlay) and app.top.table.session.game == game
        assert not any(isinstance(scene, SetupScene) for scene in app.scenes)


@pytest.mark.parametrize("game", LEARNABLE)
def test_a_game_never_played_offers_its_lesson_once(app: App, game: str) -> None:
    first = SetupScene(app, game)
    assert first.offer
    assert game in load_settings().lessons_offered  # remembered on disk at once
    assert not SetupScene(app, game).offer  # once only
    fresh = headless_app()
    fresh.apply_settings(load_settings())
    assert not SetupScene(fresh, game).offer  # and in the next session too


@pytest.mark.parametrize("game", LEARNABLE)
def test_a_game_played_before_offers_no_lesson(app: App, game: str) -> None:
    record_result(game, "easy", won=True, score=3)
    assert not SetupScene(app, game).offer
    assert game not in load_settings().lessons_offered


def test_the_remembered_offers_are_read_as_untrusted(tmp_path: Path) -> None:
    data = Settings().to_dict()
    data["lessons_offered"] = [GAME_KEYS[0], "chess", 7, None, GAME_KEYS[0], "x" * 10_000]
    settings_path().write_text(json.dumps(data))
    assert load_settings().lessons_offered == (GAME_KEYS[0],)
    data["lessons_offered"] = {"knights": True}
    settings_path().write_text(json.dumps(data))
    assert load_settings().lessons_offered == ()
    with pytest.raises(ValueError):
        Settings().replace(lessons_offered="knights")
