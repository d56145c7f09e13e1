"""Issue 16 through the window: texts that could hang or crash a draw, the Replace question for
named saves, a finished game counted once however often it is loaded."""

from __future__ import annotations

import random
import signal
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.knights import new_game as knights_new_game
from game.persist import SeatRecord, load_stats, save_named, saved_game
from game.ui import theme
from game.ui.menu import MenuScene
from game.ui.overlays import Dialog
from game.ui.saves_scene import SavesScene
from game.ui.saving import resume, saved_from_table
from game.ui.testing import headless_app
from tests.game.test_movelog_players import random_knights_action

SEATS = [SeatRecord("Ann", "human", None, 0), SeatRecord("Kunz", "computer", "hard", 1)]


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture()
def fonts() -> None:
    pygame.font.init()


@pytest.mark.usefixtures("fonts")
@pytest.mark.parametrize(
    "content", ["A\x00nn", "\ud800x", "\u200b", "", "😀\u202e", "x" * 2_000_000, "W" * 10_000]
)
def test_any_string_is_drawn_and_fitted(content: str) -> None:
    def hung(signum: int, frame: Any) -> None:
        raise TimeoutError("fitting a text took over 5 s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(5)
    try:
        fitted = fit_and_draw(content)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert theme.text_width(fitted, theme.FONT_BODY) <= 160


def fit_and_draw(content: str) -> str:
    started = time.perf_counter()
    for _ in range(3):
        fitted = theme.ellipsize(content, theme.FONT_BODY, 160)
        theme.text(fitted)
        theme.text(content)
        theme.wrap(content, theme.FONT_SMALL, 300)
        theme.fitting_size(content, theme.FONT_BODY, 160)
    assert time.perf_counter() - started < 1.0
    return fitted


@pytest.mark.usefixtures("fonts")
def test_ellipsize_measures_a_logarithmic_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0
    real = theme.text_width

    def counting(content: str, size: int, bold: bool = False) -> int:
        nonlocal calls
        calls += 1
        return real(content, size, bold)

    monkeypatch.setattr(theme, "text_width", counting)
    fitted = theme.ellipsize("Mechthild von der Au " * 500, theme.FONT_BODY, 200)
    assert fitted.endswith("…") and fitted.startswith("Mechthild")
    assert calls <= 14
    assert real(fitted, theme.FONT_BODY) <= 200
    # one character more would not have fitted
    longer = "Mechthild von der Au " * 500
    assert real(longer[: len(fitted)] + "…", theme.FONT_BODY) > 200 or fitted.endswith(" …")


def test_the_palette_of_the_save_checks_is_the_game_palette() -> None:
    from game.persist.validate import PALETTE_SIZE

    assert len(theme.PLAYER_COLOURS) == PALETTE_SIZE


def knights_one_move_from_the_end() -> tuple[object, object]:
    """A saved game one move before its end, and that last move."""
    state = knights_new_game(["Ann", "Kunz"], 5)
    rng = random.Random(5)
    history = []
    while True:
        action = random_knights_action(state, rng)
        if state.apply(action).is_terminal:
            return saved_game("knights", SEATS, state, history), action
        history.append(action)
        state = state.apply(action)


def test_a_finished_game_loaded_again_and_again_is_counted_once() -> None:
    """The result counts when the last move is played at the table; opening the finished game
    again (Continue, Load) any number of times adds nothing."""
    app = headless_app()
    app.push(MenuScene(app))
    saved, last_move = knights_one_move_from_the_end()
    table: Any = resume(app, saved)  # type: ignore[arg-type]
    table.act(last_move)
    app.run_frames(3)
    assert load_stats().get("knights", "hard").played == 1
    finished = saved_from_table(table)
    for _ in range(3):
        app.reset(MenuScene(app))
        resume(app, finished)
        app.run_frames(3)  # the results come up again
    assert load_stats().get("knights", "hard").played == 1
    pygame.quit()


def test_a_name_with_two_spaces_asks_before_replacing_the_save_it_would_replace() -> None:
    app = headless_app()
    app.push(MenuScene(app))
    state = knights_new_game(["Ann", "Kunz"], 1)
    save_named("Evening game", saved_game("knights", SEATS, state))

    class Table:
        session = None

    scene = SavesScene(app, Table())
    app.push(scene)
    scene.entry_text = "Evening  game"
    scene.save()
    assert isinstance(app.top, Dialog) and "Replace" in app.top.title
    pygame.quit()
