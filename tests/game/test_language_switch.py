"""Switching the language mid-game: the log, the status line, hints and refusals speak the new
language at once (texts are made from data when shown, not kept as strings)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.core import IllegalAction
from game.i18n import set_language
from game.play.session import Seat, Session
from game.ui.saving import earlier_log_lines
from game.ui.tables import open_table
from game.ui.testing import headless_app


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    yield
    set_language("en")


def table_of(game: str) -> tuple[Any, Any]:
    app = headless_app((1280, 800), pace=0.0)
    app.push(app.make_scene("menu"))
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    return app, open_table(app, Session(game, seats, seed=3))


def switch(app: Any, lang: str) -> None:
    app.apply_settings(app.settings.replace(language=lang))
    app.run_frames(1)


def log_texts(table: Any) -> list[str]:
    return [text for text, _colour in table.log.entries]


@pytest.mark.parametrize("game", ["knights", "rummy"])
def test_the_log_and_a_refusal_follow_a_language_switch(game: str) -> None:
    app, table = table_of(game)
    switch(app, "de")
    for _move in range(4):
        assert table.act(table.state.legal_actions()[0])
        app.run_frames(1)
    german = log_texts(table)
    refused = next(a for a in _illegal_candidates(table.state) if not _legal(table.state, a))
    assert not table.act(refused)
    german_refusal = table.message
    switch(app, "nl")
    dutch = log_texts(table)
    assert len(dutch) == len(german) and dutch != german
    assert table.message != german_refusal and table.message
    switch(app, "en")
    english = log_texts(table)
    assert english[0] == table.opening_line()
    assert any(" laid " in line or " kept " in line or " drew " in line for line in english)
    assert not set(english) & set(german) - {"Ann", "Bob"}


def _legal(state: Any, action: Any) -> bool:
    try:
        state.apply(action)
    except (IllegalAction, ValueError):
        return False
    return True


def _illegal_candidates(state: Any) -> list[Any]:
    if hasattr(state, "board"):
        from game.knights import Place

        return [Place(tile.tile, 40, 40) for tile in state.hands[state.current_player]]
    from game.rummy import Pass

    return [Pass()]


def test_the_status_line_follows_a_language_switch() -> None:
    app, table = table_of("rummy")
    switch(app, "nl")
    app.run_frames(1)
    from game.i18n import _

    table.say(lambda: _("Undone."))
    assert table.message == "Ongedaan gemaakt."
    switch(app, "en")
    assert table.message == "Undone."


def test_lines_of_moves_no_longer_kept_are_kept_in_every_language() -> None:
    app, table = table_of("rummy")
    lines = table.logged_lines_everywhere(0) if table.session.history else []
    assert not lines or set(lines[0][1]) == {"en", "de", "nl"}
    kept = earlier_log_lines(
        [[0, {"en": "Ann drew a card", "de": "Ann hat gezogen", "xx": 5}, "move"], [1, "old"]], 2
    )
    assert kept == [
        [0, {"en": "Ann drew a card", "de": "Ann hat gezogen"}, "move"],
        [1, "old", "move"],
    ]
    table.earlier_log = kept
    switch(app, "de")
    assert log_texts(table)[:2] == ["Ann hat gezogen", "old"]
    switch(app, "nl")
    assert log_texts(table)[0] == "Ann drew a card"  # no Dutch kept: English


def test_the_log_drawn_on_screen_follows_a_language_switch() -> None:
    import pygame

    app, table = table_of("rummy")
    for _move in range(3):
        assert table.act(table.state.legal_actions()[0])
        app.run_frames(1)
    app.run_frames(2)
    while app.scenes[-1] is not table:  # the hand-over cover: the next person is ready
        app.pop(app.scenes[-1])
    app.run_frames(1)
    log_area = table.log.rect.copy()
    app.draw()
    before = app.screen.subsurface(log_area).copy()
    switch(app, "de")
    app.draw()
    after = app.screen.subsurface(log_area).copy()
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB"), (
        "the log on screen still shows the old language"
    )


def test_the_replayed_move_is_said_in_the_language_of_the_moment() -> None:
    from game.ui.replay import ReplayOverlay, opponent_turns

    app, table = table_of("rummy")
    assert table.act(table.state.legal_actions()[0])  # the first seat draws
    app.run_frames(1)
    viewer = table.session.state.current_player
    turns = opponent_turns(table.session, viewer)
    assert turns
    overlay = ReplayOverlay(app, table, turns)
    app.push(overlay)
    while not overlay.move_line():
        overlay.step += 1
    english = overlay.move_line()
    switch(app, "de")
    assert overlay.move_line() != english and "zieht" in overlay.move_line()


def test_a_game_opened_again_says_so_in_the_chosen_language_and_names_a_dropped_review() -> None:
    # The window's review: "The game goes on where it stopped." vanished from the log at the
    # first rebuild, and a save whose stored review was dropped loaded without a word.
    import json

    from game.persist import load_game, save_named
    from game.ui.saving import resume, saved_from_table

    app, table = table_of("rummy")
    assert table.act(table.state.legal_actions()[0])
    path = save_named("Evening", saved_from_table(table))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["review"] = {"version": 1, "budget": 10**400}  # damaged: only the review is lost
    path.write_text(json.dumps(data), encoding="utf-8")
    saved = load_game(path)
    assert saved.review is None and saved.review_problem
    opened = resume(app, saved)
    english = log_texts(opened)
    assert "The game goes on where it stopped." in english
    assert any(line.startswith("Its stored review was damaged") for line in english)
    switch(app, "de")
    german = log_texts(opened)
    assert len(german) == len(english)
    assert "Das Spiel geht weiter, wo es aufgehört hat." in german
    assert not any(line.startswith("Its stored review") for line in german)
