"""The keyboard's focus frame in an overlapping row marks one card: it stays off the next card
(a frame round the whole card ran across its neighbour, and seemed to take in two cards)."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.rummy.table_draw import KEY_FOCUS
from game.ui.testing import click
from tests.game.ui.rummy.test_ui_rummy import app, hand_built, keys, open_table

__all__ = ["app"]  # the fixture

CROWDED_HAND = "2C 4C 6C 8C 10C QC 3D 5D 7D 9D JD KD 2H 4H 6H 8H"
CROWDED_SET = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


def focus_pixels(surface: pygame.Surface, area: pygame.Rect) -> int:
    return sum(
        1
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom, 3)
        if surface.get_at((x, y))[:3] == KEY_FOCUS
    )


def test_the_focus_on_a_hand_card_stays_off_the_next_card(app: App) -> None:
    scene = open_table(app, hand_built([CROWDED_HAND, "2S 3S 4S 8D"]))
    row = scene.hand_row()
    focused, following = row.card_rect(2), row.card_rect(3)
    assert following.x < focused.right  # the cards overlap
    keys(app, "D", "R", "R")  # the hand's third card
    assert scene.keys is not None and scene.keys.spot == ("hand", 2)
    app.draw()
    beyond = pygame.Rect(following.x + 6, focused.y + 12, 0, focused.h - 24)
    beyond.width = row.card_rect(len(scene.shown_hand() or []) - 1).right - beyond.x
    assert focus_pixels(app.screen, beyond) == 0
    mine = pygame.Rect(focused.x - 6, focused.y + 12, 4, focused.h - 24)
    assert focus_pixels(app.screen, mine) > 0  # the frame is there, left of the card


def test_the_outline_of_a_lifted_set_card_stays_off_the_next_card(app: App) -> None:
    scene = open_table(
        app, hand_built(["2C 5D", "2D 3D"], table=[CROWDED_SET], opened=[True, True])
    )
    grid = scene.grid()
    focused, following = grid.card_rect(0, 1), grid.card_rect(0, 2)
    assert following.x < focused.right
    keys(app, "U", "R", "SPACE", "D")  # lift the 3S, aim at the hand
    assert scene.keys is not None and scene.keys.lifted == ("set", 0, 1)
    app.draw()
    beyond = pygame.Rect(following.x + 4, focused.y + 12, 0, focused.h - 24)
    beyond.width = grid.card_rect(0, 12).right - beyond.x
    assert focus_pixels(app.screen, beyond) == 0


def test_a_lifted_card_aimed_at_the_empty_table_frames_the_whole_new_set_place(app: App) -> None:
    scene = open_table(app, hand_built([CROWDED_HAND, "2S 3S 4S 8D"]))
    keys(app, "D", "R", "R", "SPACE", "U")  # lift the third card, aim at the empty table
    assert scene.keys is not None and scene.keys.spot == ("new",)
    app.draw()
    place = scene.grid().new_cell
    right_edge = pygame.Rect(place.right, place.y + 10, 4, place.h - 20)
    assert focus_pixels(app.screen, right_edge) > 0


def test_the_focus_is_not_drawn_over_a_replayed_table_with_fewer_sets(app: App) -> None:
    """A replay shows a past table, laid out for its own sets: the focus on a set that table
    does not have must not be looked up in it (it raised IndexError mid-draw)."""
    from game.ui.replay import ReplayOverlay, ReplayTurn

    scene = open_table(
        app,
        hand_built(
            ["2C 5D", "2D 3D"], table=["2S 3S 4S", "5H 6H 7H", "9C 9D 9H"], opened=[True, True]
        ),
    )
    keys(app, "U")  # the focus goes up onto the table's last set
    assert scene.keys is not None and scene.keys.spot[0] == "set"
    assert scene.keys.spot[1] == 2
    empty_past = hand_built(["2C 5D", "2D 3D"])
    app.push(ReplayOverlay(app, scene, ReplayTurn(1, (empty_past, empty_past), ())))
    app.draw()  # no IndexError; and no focus frame on the replayed table
    assert focus_pixels(app.screen, scene.table_area) == 0


def test_a_lifted_card_aimed_at_a_set_the_hint_does_not_show_draws_no_focus(app: App) -> None:
    sets = ["2S 3S 4S", "7H 8H 9H", "5C 6C 7C", "9D 10D JD", "QS QH QD", "4H 5H 6H", "8C 9C 10C"]
    scene = open_table(app, hand_built(["2C 5D", "2D 3D"], table=sets, opened=[True, True]))
    keys(app, "D", "SPACE", "U")  # lift the 2C, aim at the sets
    assert scene.keys is not None and scene.keys.lifted is not None
    scene.keys = type(scene.keys)(("set", len(sets) - 1, 0), scene.keys.lifted)
    scene.hint = [list(scene.state.table[0])]  # a hint laid out with fewer sets
    app.draw()  # the focus has no place among the hint's sets: not drawn (it crashed)


def test_the_focus_shows_only_after_keys_and_goes_with_the_mouse_and_under_a_dialog(
    app: App,
) -> None:
    from game.ui.overlays import PauseOverlay
    from game.ui.rummy import keyboard
    from tests.game.ui.rummy.test_ui_rummy import hand_pos, hover

    scene = open_table(
        app, hand_built(["10H JH QH 5S", "2S 3S 4S 8D"], table=["5H 6H 7H"], opened=[True, True])
    )
    screen = app.screen.get_rect()
    app.draw()
    assert focus_pixels(app.screen, screen) == 0  # no key used yet: no focus
    keys(app, "U", "R")
    app.draw()
    assert scene.keys is not None and scene.keys.spot == ("set", 0, 1)
    assert focus_pixels(app.screen, screen) > 0
    hover(app, hand_pos(scene, "JH"))  # the mouse takes over
    app.draw()
    assert focus_pixels(app.screen, screen) == 0
    keys(app, "R")  # the first arrow shows the focus again, where it was
    app.draw()
    assert scene.keys.spot == ("set", 0, 1) and focus_pixels(app.screen, screen) > 0
    keys(app, "ESC")  # the menu over the table: the focus is not drawn under it
    assert isinstance(app.top, PauseOverlay)
    assert keyboard.focus_rect(scene) is None
    keys(app, "ESC")
    assert app.top is scene and keyboard.focus_rect(scene) is not None
    # A card lifted by keys and then a click elsewhere: the card goes back, the focus goes.
    keys(app, "D", "SPACE")
    assert scene.keys.lifted is not None
    click(app, (scene.table_area.right - 20, scene.table_area.bottom - 20))
    app.draw()
    assert scene.keys.lifted is None and focus_pixels(app.screen, screen) == 0
