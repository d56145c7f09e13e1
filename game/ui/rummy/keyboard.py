"""Räuber-Rommé without a mouse: a focus over the hand's cards and the table's sets and cards.

Arrows move the focus: Left/Right along the hand or along a set (past its end to the next set,
after the last set to the new-set place), Up/Down between the hand and the table's sets.
Space lifts the focused card; the arrows then choose where it goes (a place in a set, the
new-set place, a place in the hand) and Enter (or Space) drops it there, refused with the
reason as a drag is; Esc puts it back. The focus is a :class:`Spot`: ``("hand", i)``,
``("set", s, i)`` or ``("new",)``; with a card lifted, ``i`` is a place between cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, capitalised, refusal_text
from game.rummy.draft import DraftError
from game.ui import theme
from game.ui.rummy.turn_edit import Slot

if TYPE_CHECKING:
    from game.ui.rummy.table import RummyTableScene

Spot = tuple[str, int, int] | tuple[str, int] | tuple[str]
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


@dataclass
class KeyFocus:
    """Where the keyboard is, and the card it holds (``lifted``: its slot) if any."""

    spot: Spot
    lifted: Slot | None = None
    shown: bool = True  # drawn only after a focus key, until the mouse is used


def mouse_used(t: RummyTableScene, event: pygame.event.Event) -> None:
    """The mouse took over: the focus frame goes (it would cover the cards the pointer is
    after); a click also puts a lifted card back. A nudge of the mouse while a card is lifted
    keeps it, in sight, for Enter."""
    focus = t.keys
    if focus is None:
        return
    if event.type == pygame.MOUSEBUTTONDOWN:
        if focus.lifted is not None:
            focus.spot = home(focus.lifted)
            focus.lifted = None
        focus.shown = False
    elif focus.lifted is None:
        focus.shown = False


def handle_key(t: RummyTableScene, event: pygame.event.Event) -> bool:
    """The focus keys; False for every other key (the table's commands)."""
    key = event.key
    lifting = t.keys is not None and t.keys.lifted is not None
    if key not in (*ARROWS, pygame.K_SPACE) and not (
        lifting and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)
    ):
        return False
    edit = t.current_edit()
    if edit is None or t.hint is not None or t.drag is not None:
        return False
    if t.keys is None:
        t.keys = KeyFocus(("hand", 0) if edit.hand else ("new",))
        t.say(lambda: _("Arrows move the focus, Space lifts the card."), theme.TEXT_DIM)
    focus = t.keys
    focus.spot = clamp(t, focus.spot, focus.lifted is not None)
    if not focus.shown:  # back from the mouse: the first arrow shows where the focus is
        focus.shown = True
        if key in ARROWS:
            t.sync_widgets()
            return True
    if key in ARROWS:
        focus.spot = moved(t, focus.spot, key, focus.lifted is not None)
    elif key == pygame.K_ESCAPE:
        focus.spot = home(focus.lifted)
        focus.lifted = None
        t.say(lambda: _("The card is back in its place."), theme.TEXT_DIM)
    elif focus.lifted is None:
        lift(t, focus)
    else:
        drop(t, focus)
    t.sync_widgets()
    return True


def home(slot: Slot | None) -> Spot:
    if slot is None:
        return ("hand", 0)
    return slot


def lift(t: RummyTableScene, focus: KeyFocus) -> None:
    spot = focus.spot
    if spot[0] == "new":
        t.say(lambda: _("Move the focus onto a card first (arrows)."), theme.BAD)
        return
    focus.lifted = spot  # type: ignore[assignment]
    t.say(
        lambda: _("Lifted: arrows pick the place, Enter drops, Esc puts back."),
        theme.ACCENT,
    )


def drop(t: RummyTableScene, focus: KeyFocus) -> None:
    edit = t.current_edit()
    slot = focus.lifted
    if edit is None or slot is None:
        return
    spot = focus.spot
    had_opening = not edit.opened_before and edit.opened
    try:
        if spot[0] == "hand":
            edit.move_to_hand(slot, spot[1])  # type: ignore[misc]
        elif spot[0] == "new":
            edit.move_to_new_set(slot)
        else:
            edit.move_to_set(slot, spot[1], spot[2])  # type: ignore[misc]
    except (DraftError, IndexError) as error:
        refused: Exception = error

        def why() -> str:
            return capitalised(
                refusal_text(refused)
                if isinstance(refused, DraftError)
                else _("that card has moved")
            )

        t.say(why, theme.BAD)
        return
    focus.lifted = None
    focus.spot = clamp(t, spot, False)
    if had_opening and not edit.opened:
        t.say(lambda: _("Your own sets are below 30 again: the public sets are locked."), theme.BAD)
    else:
        t.say(lambda: _("Dropped. Space: the next card, N: end the turn."), theme.TEXT_DIM)
    if spot[0] != "hand":
        t.play_sound("lay_card")


def _sizes(t: RummyTableScene) -> tuple[int, list[int]]:
    edit = t.current_edit()
    if edit is None:
        return 0, []
    return len(edit.hand), [len(cards) for cards in edit.sets]


def clamp(t: RummyTableScene, spot: Spot, between: bool) -> Spot:
    """``spot`` made valid for the table as it is now (``between``: places between cards)."""
    hand, sets = _sizes(t)
    extra = 1 if between else 0
    if spot[0] == "set":
        s = spot[1]  # type: ignore[misc]
        if s < len(sets):
            top = sets[s] - 1 + extra
            return ("set", s, max(0, min(spot[2], top)))  # type: ignore[misc]
        spot = ("new",)
    if spot[0] == "new":
        return spot if between or sets or not hand else ("hand", 0)
    if hand + extra == 0:
        return ("new",)
    return ("hand", max(0, min(spot[1], hand - 1 + extra)))  # type: ignore[misc]


def moved(t: RummyTableScene, spot: Spot, key: int, between: bool) -> Spot:
    hand, sets = _sizes(t)
    extra = 1 if between else 0
    if key in (pygame.K_UP, pygame.K_DOWN):
        if spot[0] == "hand":
            if key == pygame.K_DOWN:
                return spot
            return ("set", len(sets) - 1, 0) if sets else ("new",)
        if key == pygame.K_DOWN:
            return clamp(t, ("hand", spot[1] if spot[0] == "set" else 0), between)  # type: ignore[misc]
        s = spot[1] if spot[0] == "set" else len(sets)  # type: ignore[misc]
        position = spot[2] if spot[0] == "set" else 0  # type: ignore[misc]
        return clamp(t, ("set", max(0, s - 1), position), between) if sets else spot
    step = 1 if key == pygame.K_RIGHT else -1
    if spot[0] == "hand":
        return ("hand", max(0, min(hand - 1 + extra, spot[1] + step)))  # type: ignore[misc]
    if spot[0] == "new":
        return ("set", len(sets) - 1, sets[-1] - 1 + extra) if step < 0 and sets else spot
    s, i = spot[1], spot[2] + step  # type: ignore[misc]
    if i < 0:
        return ("set", s - 1, sets[s - 1] - 1 + extra) if s > 0 else ("set", s, 0)
    if i > sets[s] - 1 + extra:
        return ("set", s + 1, 0) if s + 1 < len(sets) else ("new",)
    return ("set", s, i)


def focus_rect(t: RummyTableScene) -> tuple[pygame.Rect, bool] | None:
    """Where the focus is drawn, and whether it marks a place between cards (a card lifted)."""
    focus = t.keys
    if focus is None or not focus.shown or t.current_edit() is None:
        return None
    if t.app.top is not t:
        return None  # a dialog, the replay or the help is over the table: they have the keys
    if t.replay is not None or t.hint is not None:
        return None  # another table is shown, laid out for its own sets: the focus is not on it
    between = focus.lifted is not None
    spot = clamp(t, focus.spot, between)
    if spot[0] == "new":
        return t.grid().new_cell, False
    if spot[0] == "hand":
        row = t.hand_row()
        i = spot[1]  # type: ignore[misc]
        if between:
            x = row.left + i * row.step - 4
            return pygame.Rect(x - 3, row.area.y + 6, 6, row.area.h - 12), True
        return row.card_rect(i), False
    grid = t.grid()
    s, i = spot[1], spot[2]  # type: ignore[misc]
    if s >= len(grid.cells):
        return None  # a hint shown with fewer sets than the turn has: no place for the focus
    n = grid.lengths[s] if s < len(grid.lengths) else 0
    if between:
        if n == 0:
            return grid.cells[s], False
        x = grid.card_rect(s, i).x - 3 if i < n else grid.card_rect(s, n - 1).right + 3
        card = grid.card_rect(s, min(i, n - 1))
        return pygame.Rect(x - 3, card.y - 4, 6, card.h + 8), True
    return grid.card_rect(s, i), False
