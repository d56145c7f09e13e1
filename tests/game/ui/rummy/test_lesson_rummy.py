"""The Räuber-Rommé lesson at its table, driven by real events: keys, clicks and card drags."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.rummy.lesson import STEPS
from game.ui.app import App
from game.ui.lesson import LessonOverlay, start_lesson
from game.ui.rummy.table import RummyTableScene
from game.ui.testing import click, drag, headless_app, press


@pytest.fixture
def app() -> Iterator[App]:
    app = headless_app()
    yield app
    for scene in list(app.scenes):
        scene.on_exit()


def hand_pos(table: RummyTableScene, card: str) -> tuple[int, int]:
    hand = [str(c) for c in table.shown_hand() or []]
    rect = table.hand_row().card_rect(hand.index(card))
    return (rect.x + 8, rect.y + 20)


def set_end(table: RummyTableScene, s: int) -> tuple[int, int]:
    rect = table.grid().card_rect(s, len(table.shown_table()[s]) - 1)
    return (rect.right - 6, rect.centery)


def open_lesson(app: App) -> tuple[LessonOverlay, RummyTableScene]:
    overlay = start_lesson(app, "rummy")
    assert overlay is not None
    table = overlay.table
    assert isinstance(table, RummyTableScene)
    app.run_frames(2)
    return overlay, table


def settle(app: App, overlay: LessonOverlay) -> None:
    """Frames until the computer's scripted moves of the step are played and shown."""
    for _ in range(400):
        if overlay.runner.computer_done() and not overlay.table.animating():
            return
        app.run_frames(1)
    raise AssertionError("the computer's scripted moves never finished")


def step_with(word: str) -> int:
    return next(i for i, step in enumerate(STEPS) if word in step.text and step.moves)


def read_until(app: App, overlay: LessonOverlay, index: int) -> None:
    while overlay.runner.index < index:
        settle(app, overlay)
        assert overlay.runner.can_go_on(), f"step {overlay.runner.index + 1} is not to read"
        press(app, pygame.K_RETURN)


def lay_new_set(app: App, table: RummyTableScene, cards: list[str]) -> None:
    drag(app, hand_pos(table, cards[0]), table.grid().new_cell.center)
    s = len(table.shown_table()) - 1
    for card in cards[1:]:
        drag(app, hand_pos(table, card), set_end(table, s))


def test_the_lesson_is_played_to_its_end_with_real_moves(app: App) -> None:
    overlay, table = open_lesson(app)
    read_until(app, overlay, step_with("Now Draw"))
    lay_new_set(app, table, ["4H", "5H", "6H", "7H"])
    press(app, pygame.K_d)  # drawing takes the laid cards back: the table asks first
    take_back = [w for w in app.top.widgets.widgets if w.label == "Take back and draw"]
    click(app, take_back[0].rect.center, frames=2)
    assert len(table.state.players[0].hand) == 14  # all 13 back, and the drawn queen
    read_until(app, overlay, step_with("three queens (30)"))
    settle(app, overlay)
    lay_new_set(app, table, ["QH", "QD", "QC"])
    lay_new_set(app, table, ["3H", "4H", "5H", "6H", "7H"])
    press(app, pygame.K_n)
    assert table.state.players[0].opened
    for word in ("king and ace", "jack of spades"):
        read_until(app, overlay, step_with(word))
        settle(app, overlay)
        press(app, pygame.K_F2)  # Show me: the lesson lays it (with real keys)
    settle(app, overlay)
    while not overlay.runner.finished:
        press(app, pygame.K_RETURN)
    assert table.state.winner == 0
    assert table.state.players[1].score == 60
    click(app, overlay.widgets.find("lesson-play-on").rect.center, frames=3)
    assert table.lesson is None
    assert app.top is not overlay  # played on: the round's scores come up


def test_a_move_off_the_script_is_refused_in_the_lessons_words(app: App) -> None:
    overlay, table = open_lesson(app)
    index = step_with("three queens (30)")
    read_until(app, overlay, step_with("Now Draw"))
    press(app, pygame.K_d)
    read_until(app, overlay, index)
    settle(app, overlay)
    before = table.state
    press(app, pygame.K_d)  # a draw where the lesson asks for the opening
    assert table.state is before
    assert overlay.runner.index == index
    assert table.message == STEPS[index].refusal
