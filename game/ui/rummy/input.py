"""Mouse and keyboard at the Räuber-Rommé table: the table's keys, dragging a card from the
hand or a set and dropping it (onto a set, the new-set cell, beside a set to split it, or back
into the hand), the card that springs back when a drop is refused, and the hover texts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, refusal_text
from game.rummy.draft import DraftError
from game.rummy.words import hand_value_text, set_value_text
from game.ui import theme
from game.ui.rummy import keyboard, table_draw
from game.ui.rummy.drag import Drag, Spring
from game.ui.rummy.geometry import Drop
from game.ui.rummy.turn_edit import DROP_OFF_TARGET, Slot

if TYPE_CHECKING:
    from game.ui.rummy.table import RummyTableScene

DRAG_THRESHOLD = 4


def handle(t: RummyTableScene, event: pygame.event.Event) -> bool:
    """The table's input; a hint's reasons on show go once the player changes his turn."""
    edit = t.current_edit()
    before = (edit.sets, edit.hand) if edit is not None else None
    handled = _handle(t, event)
    edit = t.current_edit()
    after = (edit.sets, edit.hand) if edit is not None else None
    if t.hint_reasons is not None and t.hint is None and after != before:
        t.drop_hint()
    return handled


def _handle(t: RummyTableScene, event: pygame.event.Event) -> bool:
    if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
        keyboard.mouse_used(t, event)
    if event.type == pygame.MOUSEMOTION:
        t.pointer = event.pos
        t.hover_still = 0.0
        if t.drag is not None:
            drag_move(t, event.pos)
            t.widgets.handle(event)
            return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and t.drag is not None:
        drop(t, event.pos)
        t.widgets.handle(event)
        return True
    if t.widgets.handle(event):
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return press(t, event.pos)
    if event.type == pygame.KEYDOWN:
        return on_key(t, event)
    return False


def on_key(t: RummyTableScene, event: pygame.event.Event) -> bool:
    if keyboard.handle_key(t, event):
        return True
    key = event.key
    if key == pygame.K_ESCAPE:
        if t.hint_worker.busy:
            t.stop_hint()
        elif t.hint is not None:
            t.dismiss_hint()
        else:
            t.pause()
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        t.next_player()
        return True
    if key == pygame.K_z and event.mod & pygame.KMOD_CTRL or key == pygame.K_BACKSPACE:
        t.undo()
        return True
    if key in (pygame.K_PLUS, pygame.K_KP_PLUS):
        t.change_columns(1)
        return True
    if key == pygame.K_KP_MINUS:
        t.change_columns(-1)
        return True
    return False


def press(t: RummyTableScene, pos: tuple[int, int]) -> bool:
    edit = t.current_edit()
    if edit is None or t.hint is not None:
        return False
    slot: Slot | None = None
    rect: pygame.Rect | None = None
    if t.hand_area.collidepoint(pos):
        row = t.hand_row()
        i = row.card_at(pos)
        if i is not None:
            slot, rect = ("hand", i), row.card_rect(i)
    else:
        grid = t.grid()
        found = grid.card_at(pos)
        if found is not None:
            slot, rect = ("set", found[0], found[1]), grid.card_rect(*found)
    if slot is None or rect is None:
        return False
    t.drag = Drag(slot, edit.card_at(slot), (pos[0] - rect.x, pos[1] - rect.y), pos, pos)
    return True


def drag_move(t: RummyTableScene, pos: tuple[int, int]) -> None:
    drag = t.drag
    assert drag is not None
    drag.pos = pos
    if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_THRESHOLD:
        drag.moved = True


def drop_target(t: RummyTableScene, pos: tuple[int, int]) -> Drop | None:
    if t.hand_area.collidepoint(pos):
        return Drop("hand", t.hand_row().position_at(pos[0]))
    if t.table_area.collidepoint(pos):
        return t.grid().drop_at(pos)
    return None


def drop(t: RummyTableScene, pos: tuple[int, int]) -> None:
    drag = t.drag
    t.drag = None
    edit = t.current_edit()
    if drag is None or edit is None or not drag.moved:
        return
    target = t.drop_target(pos)
    if target is None and t.table_area.collidepoint(pos):
        target = Drop("new")  # anywhere free on the table starts a new set
    slot = drag.slot
    had_opening = not edit.opened_before and edit.opened
    try:
        if target is None:
            raise DraftError(DROP_OFF_TARGET())
        if target.kind == "hand":
            edit.move_to_hand(slot, target.index)
        elif target.kind == "new":
            edit.move_to_new_set(slot)
        elif target.kind == "set":
            edit.move_to_set(slot, target.index, target.position)
        elif slot[0] == "set" and slot[1] == target.index:
            if slot[2] > 0:  # type: ignore[misc]
                edit.split(target.index, slot[2])  # type: ignore[misc]
            else:
                edit.move_to_new_set(slot)
        else:
            edit.move_to_set(slot, target.index, len(edit.sets[target.index]))
    except (DraftError, IndexError) as error:
        refused: Exception = error
        spring_back(t, drag, pos)

        def why() -> str:
            return (
                refusal_text(refused)
                if isinstance(refused, DraftError)
                else _("that card has moved")
            )

        t.say(why, theme.BAD)
        t.sync_widgets()
        return
    if had_opening and not edit.opened:
        # Public sets lock again below 30: say so before the next drag is refused.
        t.say(
            lambda: _(
                "Your own sets are below 30 again: the public sets are locked until they are "
                "back (Undo, or move your cards back)."
            ),
            theme.BAD,
        )
    else:
        t.say("")
    if target.kind != "hand":
        t.play_sound("lay_card")
    t.sync_widgets()


def spring_back(t: RummyTableScene, drag: Drag, pos: tuple[int, int]) -> None:
    try:
        if drag.slot[0] == "hand":
            end = t.hand_row().card_rect(drag.slot[1])
        else:
            end = t.grid().card_rect(drag.slot[1], drag.slot[2])  # type: ignore[misc]
    except IndexError:
        return  # its place is gone: nothing to spring back to
    start = (pos[0] - drag.grab[0] + end.w // 2, pos[1] - drag.grab[1] + end.h // 2)
    t.spring = Spring(drag.card, start, end, drag.slot)


def hover_text(t: RummyTableScene, pos: tuple[int, int] | None = None) -> str | None:
    """What the pointer is over: a card's value where it lies, or an invalid set's reason."""
    pos = t.pointer if pos is None else pos
    if t.drag is not None:
        return None
    hand = t.shown_hand()
    if hand is not None and t.hand_area.collidepoint(pos):
        i = t.hand_row().card_at(pos)
        return hand_value_text(hand[i]) if i is not None and i < len(hand) else None
    if not t.table_area.collidepoint(pos):
        return None
    grid = t.grid()
    table = t.shown_table()
    found = grid.card_at(pos)
    if found is not None:
        s, i = found
        text = set_value_text(table[s], i)
        problem = table_draw.set_problem(table[s])
        invalid = _("Invalid set: {problem}").format(problem=problem)
        # The set's problem, a blank line (drawn as a rule), then the card itself.
        return f"{invalid}\n\n{text}" if problem else text
    s2 = grid.set_at(pos)
    if s2 is not None and s2 < len(table):
        problem = table_draw.set_problem(table[s2])
        if problem:
            return _("Invalid set: {problem}").format(problem=problem)
    if grid.new_cell.collidepoint(pos):
        return _(
            "Drop a card here (or anywhere free on the table) to start a new set. To split a "
            "set, drag one of its cards just right of the set: it and the cards after it "
            "become a new set."
        )
    return None
