"""The Räuber-Rommé table's controls: the command row above the hand, the hint's answer
buttons, the side panel's buttons and the log, and which of them work at each moment."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.replay import replay_button
from game.ui.rummy import aids_view
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.rummy.table import RummyTableScene

BUTTONS_H = 46


def build_widgets(t: RummyTableScene, buttons_y: int) -> None:
    t.widgets.clear()
    actions: list[tuple[str, str, Any, int, str]] = [
        (
            "draw",
            _("Draw"),
            t.draw_card,
            pygame.K_d,
            _("Take a card from the stock: turn ends"),
        ),
        ("undo", _("Undo"), t.undo, pygame.K_u, _("Undo your last move of a card")),
        (
            "reset",
            _("Reset turn"),
            t.reset_turn,
            pygame.K_r,
            _("Everything back as it was"),
        ),
        ("hint", _("Hint"), t.show_hint, pygame.K_h, _("Show the best play (not applied)")),
        ("sort", _("Sort"), t.toggle_sort, pygame.K_s, _("Sort your hand by suit or rank")),
        ("next", _("Next player"), t.next_player, pygame.K_n, _("End your turn")),
    ]
    left_w = t.hand_area.w
    gap = 8
    bw = (left_w - gap * (len(actions) - 1)) // len(actions)
    for i, (ident, label, callback, key, tip) in enumerate(actions):
        rect = pygame.Rect(t.hand_area.x + i * (bw + gap), buttons_y + 4, bw, 38)
        t.widgets.add(Button(label, callback, rect, key, ident=ident, tooltip=tip))
    # Hint answer buttons sit over the table's bottom edge while a hint is shown.
    hint_y = t.table_area.bottom - 44
    cx = t.table_area.centerx
    t.widgets.add(
        Button(
            _("Accept hint"),
            t.accept_hint,
            pygame.Rect(cx - 210, hint_y, 200, 38),
            pygame.K_y,
            ident="accept",
        )
    )
    t.widgets.add(
        Button(
            _("Dismiss"),
            t.dismiss_hint,
            pygame.Rect(cx + 10, hint_y, 200, 38),
            ident="dismiss",
        )
    )
    side = t.side_area
    x = side.x + 10
    bw2 = (side.w - 30) // 2
    # Player rows shrink (64 -> 44 px) so that stock, buttons and some log always fit.
    players = t.state.num_players
    room = side.h - 8 - 66 - 5 * 40 - 70
    t.seat_row_h = max(44, min(64, room // max(1, players)))
    rows_end = side.y + 8 + t.seat_row_h * players
    # The stock row is left out when cramped: the status line shows the stock as well.
    aids_need = aids_view.box_height(t, aids_view.HEIGHT) + 6  # the coach's aid, when on
    t.show_stock_row = rows_end + 66 <= side.bottom - 5 * 40 - 70 - aids_need
    y = rows_end + (66 if t.show_stock_row else 4)
    rows: list[list[tuple[str, str, Any, int | None, str]]] = [
        [
            (
                "fewer",
                _("Columns −"),
                partial(t.change_columns, -1),
                pygame.K_MINUS,
                _("Fewer columns of sets"),
            ),
            (
                "more",
                _("Columns +"),
                partial(t.change_columns, 1),
                pygame.K_EQUALS,
                _("More columns of sets"),
            ),
        ],
        [
            (
                "colours",
                _("4 colours"),
                t.toggle_colours,
                pygame.K_c,
                _("Two or four suit colours"),
            ),
            ("scores", _("Scores"), t.show_scores, pygame.K_p, _("Every round's penalties")),
        ],
        [
            (
                "add",
                _("Add player"),
                t.ask_add_player,
                pygame.K_a,
                _("A new player joins now"),
            ),
            (
                "rename",
                _("Rename"),
                t.ask_rename,
                pygame.K_e,
                _("Rename the current player"),
            ),
        ],
        [
            (
                "remove",
                _("Remove"),
                t.ask_remove,
                pygame.K_x,
                _("The current player leaves"),
            ),
            (
                "why",
                _("Why?"),
                t.show_why,
                pygame.K_w,
                _("What the computer weighed for its last turn"),
            ),
        ],
    ]
    for r, row in enumerate(rows):
        for c, (ident, label, callback, shortcut, tip) in enumerate(row):
            rect = pygame.Rect(x + c * (bw2 + 10), y + r * 40, bw2, 34)
            t.widgets.add(
                Button(
                    label,
                    callback,
                    rect,
                    shortcut,
                    ident=ident,
                    tooltip=tip,
                    size=theme.FONT_SMALL,
                )
            )
    # A row of their own: the pace, slower and faster (keys [ and ]), each a whole cell so
    # that "Langzamer" keeps a readable size and its key.
    for button in t.pace_buttons(
        pygame.Rect(x, y + 4 * 40, bw2, 34), pygame.Rect(x + bw2 + 10, y + 4 * 40, bw2, 34)
    ):
        t.widgets.add(button)
    # The coach's aid (the cards not seen yet) above the log, when the log keeps some room.
    aids_top = y + 5 * 40 - 4
    aids_h = aids_view.box_height(t, side.bottom - aids_top - 44 - 50)
    t.aids_rect = pygame.Rect(side.x + 10, aids_top, side.w - 20, aids_h)
    y += aids_h + 6 if aids_h else 0
    # The Replay button sits in the strip above the log.
    t.log.rect = pygame.Rect(
        side.x + 10, y + 5 * 40 + 34, side.w - 20, side.bottom - y - 5 * 40 - 44
    )
    t.widgets.add(t.log)
    t.widgets.add(replay_button(t.log.rect, t.replay_last_turn))  # over the log
    t.sync_widgets()


def sync_widgets(t: RummyTableScene) -> None:
    t.sync_pace_buttons()
    find = t.widgets.find
    edit = t.current_edit()
    mine = edit is not None
    hinting = t.hint is not None
    for ident in ("draw", "undo", "reset", "hint", "sort", "next"):
        find(ident).enabled = mine and not hinting
    find("sort").enabled = t.shown_hand() is not None
    draw = find("draw")
    assert isinstance(draw, Button)
    draw.label = _("Draw") if t.state.stock or t.state.is_terminal else _("Pass")
    nxt = find("next")
    assert isinstance(nxt, Button)
    if t.state.is_terminal:
        nxt.label, nxt.enabled = _("Next round"), True
    else:
        nxt.label = _("Next player")
    if edit is not None:
        find("undo").enabled = edit.can_undo and not hinting
        find("reset").enabled = edit.changed and not hinting
    find("accept").visible = find("dismiss").visible = hinting
    if t.hint_worker.busy:
        find("hint").enabled = False
    sort = find("sort")
    assert isinstance(sort, Button)
    # The button says what a click does; the tooltip says how the hand is sorted now.
    if t.sort_by == "suit":
        sort.label, sort.tooltip = (
            _("Sort by rank"),
            _("Your hand is sorted by suit: sort it by rank"),
        )
    else:
        sort.label, sort.tooltip = (
            _("Sort by suit"),
            _("Your hand is sorted by rank: sort it by suit"),
        )
    colours = find("colours")
    assert isinstance(colours, Button)
    colours.selected = t.four_colour
    in_turn = not t.state.is_terminal and t.anim is None
    find("rename").enabled = find("remove").enabled = in_turn
    find("remove").enabled = in_turn and t.state.num_players > 2
    find("add").enabled = t.state.num_players < 6 and t.anim is None
    find("why").enabled = t.why is not None
    find("fewer").enabled = t.grid().columns > 1
    find("more").enabled = t.grid().columns < 8
