"""The Robber Knights lesson played at its table by real pygame events: every step lit where
the learner looks, moves off the script refused in the lesson's words, Show me, Play on."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.i18n import _, set_language
from game.knights import Deploy, End, Keep, Place
from game.knights.lesson import LESSON
from game.persist import load_autosave
from game.ui import theme
from game.ui.app import App
from game.ui.knights.lesson_draw import lit_rects
from game.ui.knights.table import KnightsTableScene
from game.ui.lesson import LessonOverlay, start_lesson, step_lines
from game.ui.menu import MenuScene
from game.ui.testing import click, headless_app, press


def open_lesson(
    size: tuple[int, int] = (1280, 800),
) -> tuple[App, KnightsTableScene, LessonOverlay]:
    app = headless_app(size, pace=0.0)
    app.push(MenuScene(app))
    overlay = start_lesson(app, "knights")
    assert overlay is not None
    table = overlay.table
    assert isinstance(table, KnightsTableScene)
    app.run_frames(2)
    return app, table, overlay


def settle(app: App, overlay: LessonOverlay) -> None:
    """Frames until the computer's moves of the step are played and shown."""
    runner, table = overlay.runner, overlay.table
    assert app.run_until(lambda: runner.computer_done() and not table.animating(), 600)
    app.run_frames(1)


def hand_slot(table: KnightsTableScene, kind: str) -> pygame.Rect:
    tiles = table.hand_tiles()
    index = next(i for i, tile in enumerate(tiles) if tile.tile == kind)
    return table.hand_slot_rects()[index]


def play_by_events(app: App, table: KnightsTableScene, action: Any) -> None:
    """The learner's move made as a player makes it: clicks on the tiles, spots and buttons."""
    if isinstance(action, Keep):
        click(app, hand_slot(table, action.tile).center)
        click(app, table.widget("keep").center)
    elif isinstance(action, Place):
        click(app, hand_slot(table, action.tile).center)
        click(app, table.geom.cell_rect(action.x, action.y).center)
    elif isinstance(action, Deploy):
        click(app, table.widget(f"count{action.count}").center)
        click(app, table.widget(f"dir-{action.dir or 'stay'}").center)
        label = "-".join(str(drop) for drop in action.drops)
        chip = next((c for c in table.drop_buttons if c.visible and c.label == label), None)
        if chip is not None:
            click(app, chip.rect.center)
        click(app, table.widget("confirm").center)
    else:
        assert isinstance(action, End)
        click(app, table.widget("end").center)


def test_the_lesson_played_to_its_end_by_real_events_then_play_on() -> None:
    app, table, overlay = open_lesson()
    runner = overlay.runner
    steps = len(LESSON.steps)
    for number in range(1, steps + 1):
        settle(app, overlay)
        assert runner.index == number - 1
        step = runner.step
        # Everything the step points at is on screen, where the learner looks (a drop
        # pattern's chip shows once the count and direction are chosen).
        own = tuple(target for target in step.lit if target[0] not in ("button", "drops"))
        assert len(lit_rects(table, own)) == len(own), (number, own)
        for target in step.lit:
            if target[0] == "button":
                assert table.widgets.find(target[1]).visible, (number, target)
        move = runner.learner_move()
        if move is None:
            assert overlay.widgets.find("lesson-next").visible or runner.last
            if not runner.last:
                click(app, overlay.widget("lesson-next").center)
            continue
        before = len(table.session.history)
        play_by_events(app, table, move)
        assert table.session.history[before].action == move, number
    assert runner.finished
    assert overlay.widgets.find("lesson-play-on").visible
    assert load_autosave() is None  # the lesson replaced no game in progress
    click(app, overlay.widget("lesson-play-on").center)
    assert overlay not in app.scenes and table.lesson is None
    assert app.top is table and table.human_to_move()
    assert table.session.seats[1].level == "easy"
    assert app.saver is not None and app.saver.flush(10.0)
    saved = load_autosave()
    assert saved is not None and saved.state.to_dict() == table.state.to_dict()
    # The game goes on: the learner lays, the easy computer answers with moves of its own.
    laid = len(table.state.board)
    table.lay_at(table.legal_spots()[0])
    assert len(table.state.board) == laid + 1


def test_a_move_off_the_script_is_refused_in_the_lessons_words_and_changes_nothing() -> None:
    app, table, overlay = open_lesson()
    runner = overlay.runner
    while runner.learner_move() != Place("plain+castle", 2, 0):
        settle(app, overlay)
        move = runner.learner_move()
        if move is None:
            press(app, pygame.K_RETURN)
        else:
            play_by_events(app, table, move)
    settle(app, overlay)
    state, history, index = table.state, list(table.session.history), runner.index
    other = next(spot for spot in table.legal_spots() if spot != (2, 0))
    click(app, hand_slot(table, "plain+castle").center)
    click(app, table.geom.cell_rect(*other).center)
    assert table.state is state and table.session.history == history
    assert runner.index == index
    assert table.message == "In this lesson, lay the castle on the lit spot."
    set_language("de")
    assert (
        table.message
        == _("In this lesson, lay the castle on the lit spot.")
        != ("In this lesson, lay the castle on the lit spot.")
    )
    set_language("en")
    # F2 shows it: the step's move is played for the learner, and the lesson goes on.
    press(app, pygame.K_F2)
    assert table.session.history[-1].action == Place("plain+castle", 2, 0)
    assert runner.index == index + 1


def test_a_step_to_read_takes_no_move_and_goes_on_with_enter() -> None:
    app, table, overlay = open_lesson()
    runner = overlay.runner
    assert runner.step.reading and runner.index == 0
    state = table.state
    table.keep_selected()  # a move while the step asks to read
    click(app, hand_slot(table, "mountain").center)
    click(app, table.widget("keep").center)
    assert table.state is state
    assert table.message == "In this lesson, read the step, then press Next (Enter)."
    press(app, pygame.K_RETURN)
    assert runner.index == 1 and table.state is state


def test_the_lesson_bar_keeps_the_board_free_and_menu_leaves() -> None:
    app, table, overlay = open_lesson((1024, 640))
    assert not overlay.bar.colliderect(table.board_area)
    assert overlay.bar.bottom <= table.board_area.top
    while not overlay.runner.finished:
        settle(app, overlay)
        if overlay.runner.learner_move() is not None:
            press(app, pygame.K_F2)
        else:
            press(app, pygame.K_RETURN)
    click(app, overlay.widget("lesson-menu").center)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_every_step_fits_two_lines_of_the_bar_at_1024x640(language: str) -> None:
    app, table, overlay = open_lesson((1024, 640))
    app.apply_settings(app.settings.replace(language=language))
    width = overlay.buttons_left() - 16 - (overlay.bar.x + 14 + 150)  # the widest step label
    for step in LESSON.steps:
        size, lines = step_lines(_(step.text), width)
        assert len(lines) <= 2 and size >= theme.FONT_SMALL + 1, (language, step.text)
    set_language("en")


def test_drawing_the_lesson_changes_nothing() -> None:
    from tests.game.ui.test_ui_draw_purity import scene_fingerprint

    app, table, overlay = open_lesson()
    for _step in range(6):  # a step to read, a keep, a lay, a deployment
        settle(app, overlay)
        runner = vars(overlay.runner).copy()
        before = (scene_fingerprint(overlay), scene_fingerprint(table), table.state)
        app.draw()
        app.draw()
        assert (scene_fingerprint(overlay), scene_fingerprint(table), table.state) == before
        assert vars(overlay.runner) == runner
        press(app, pygame.K_F2 if overlay.runner.learner_move() is not None else pygame.K_RETURN)


def test_a_step_that_asks_for_a_lay_readies_its_tile_and_spot() -> None:
    app, table, overlay = open_lesson()
    runner = overlay.runner
    lays = 0
    while not runner.finished:
        settle(app, overlay)
        move = runner.learner_move()
        if isinstance(move, Place):
            # The tile is picked and the cursor is on the lit spot: Enter lays it.
            assert table.selected_kind() == move.tile and table.cursor == (move.x, move.y)
            before = len(table.session.history)
            press(app, pygame.K_RETURN)
            assert table.session.history[before].action == move
            lays += 1
        else:
            press(app, pygame.K_F2 if move is not None else pygame.K_RETURN)
    assert lays == 5
