"""The Robber Knights table's controls: the buttons of the top bar, the side panel and the
hand bar, the deployment row (knights, direction, drop pattern, confirm), and which of them
show and work at each moment. A mixin of :class:`~game.ui.knights.table.KnightsTableScene`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext, pgettext
from game.knights.words import direction_name
from game.ui import theme
from game.ui.knights.deploy_picker import drops_label
from game.ui.replay import replay_button
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.knights.table import KnightsTableScene

TOP_H = 46
BOTTOM_H = 168
COUNT_KEYS = (pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5)
DIRECTION_BUTTONS: tuple[tuple[str | None, str, int], ...] = (
    (None, N_("Stay"), pygame.K_SPACE),
    ("N", "N", pygame.K_UP),
    ("E", "E", pygame.K_RIGHT),
    ("S", "S", pygame.K_DOWN),
    ("W", "W", pygame.K_LEFT),
)


def direction_label(direction: str | None, label: str) -> str:
    """The button text: "Stay", or the compass letter in the player's language (O for Ost)."""
    letters = {
        "N": pgettext("compass", "N"),
        "E": pgettext("compass", "E"),
        "S": pgettext("compass", "S"),
        "W": pgettext("compass", "W"),
    }
    return _(label) if direction is None else letters[direction]


MAX_DROP_CHIPS = 10
LABEL_MARGIN = 20


@dataclass(frozen=True)
class DeployLayout:
    """Where the deployment controls go: one row of counts and directions when there is room
    beside the hand, else three rows across the whole bar (the hand is hidden meanwhile)."""

    area: pygame.Rect
    wide: bool
    button: int
    step: int
    label_x: int
    counts_x: int
    counts_y: int
    dirs_label_x: int
    dirs_x: int
    dirs_y: int
    drops_y: int

    @classmethod
    def fit(cls, beside_hand: pygame.Rect, whole_bar: pygame.Rect) -> DeployLayout:
        if beside_hand.w >= 640:
            a = beside_hand
            counts_x = a.x + 86
            dirs_label_x = counts_x + 6 * 44 + 4
            return cls(
                a,
                True,
                40,
                44,
                a.x,
                counts_x,
                a.y + 28,
                dirs_label_x,
                dirs_label_x + 62,
                a.y + 28,
                a.bottom - 44,
            )
        a = whole_bar
        counts_x = a.x + 86
        return cls(
            a, False, 38, 42, a.x, counts_x, a.y + 22, a.x, counts_x, a.y + 62, a.bottom - 40
        )


def build_widgets(t: KnightsTableScene) -> None:
    t.widgets.clear()
    add = t.widgets.add
    w = t.size[0]
    add(
        Button(
            _("Menu"),
            t.pause,
            pygame.Rect(w - 116, 6, 106, 34),
            pygame.K_ESCAPE,
            ident="menu",
            size=theme.FONT_SMALL + 2,
        )
    )
    add(
        Button(
            _("Help"),
            t.app.toggle_help,
            pygame.Rect(w - 230, 6, 106, 34),
            pygame.K_F1,
            ident="help",
            size=theme.FONT_SMALL + 2,
        )
    )
    add(
        Button(
            _("Hint"),
            t.show_hint,
            pygame.Rect(w - 344, 6, 106, 34),
            pygame.K_h,
            ident="hint",
            size=theme.FONT_SMALL + 2,
            tooltip=_("Ask the hard computer player for a move (shown, not played)"),
        )
    )
    add(
        Button(
            _("Why?"),
            t.show_why,
            pygame.Rect(w - 458, 6, 106, 34),
            pygame.K_w,
            ident="why",
            size=theme.FONT_SMALL + 2,
            tooltip=_("What the computer weighed for its last turn"),
        )
    )
    add(t.log)
    add(replay_button(t.log.rect, t.replay_last_turn))  # drawn over the log
    y = t.side.bottom - 48
    add(
        Button(
            _("Slower"),
            partial(t.change_pace, 1),
            pygame.Rect(t.side.x + 10, y, 100, 36),
            pygame.K_LEFTBRACKET,
            ident="slower",
            size=theme.FONT_SMALL,
            tooltip=_("Computer moves play slower"),
        )
    )
    add(
        Button(
            _("Faster"),
            partial(t.change_pace, -1),
            pygame.Rect(t.side.right - 110, y, 100, 36),
            pygame.K_RIGHTBRACKET,
            ident="faster",
            size=theme.FONT_SMALL,
            tooltip=_("Computer moves play faster (0 = instant)"),
        )
    )
    c = t.controls
    add(
        Button(
            _("End turn"),
            t.end_turn,
            pygame.Rect(c.right - 170, c.bottom - 50, 170, 48),
            pygame.K_e,
            ident="end",
            size=theme.FONT_LARGE,
            tooltip=_("Stop laying for this turn"),
        )
    )
    add(
        Button(
            _("Keep"),
            t.keep_selected,
            pygame.Rect(c.right - 170, c.bottom - 50, 170, 48),
            pygame.K_RETURN,
            ident="keep",
            size=theme.FONT_LARGE,
            tooltip=_("Keep the chosen tile in your hand"),
        )
    )
    # Deployment: knights 0–5, a direction, the drop pattern, confirm (see DeployLayout).
    d = t.deploy_layout = DeployLayout.fit(c, pygame.Rect(16, c.y, t.bottom.w - 32, c.h))
    for n, key in enumerate(COUNT_KEYS):
        add(
            Button(
                str(n),
                partial(t.pick_count, n),
                pygame.Rect(d.counts_x + n * d.step, d.counts_y, d.button, 36),
                key,
                ident=f"count{n}",
                tooltip=ngettext(
                    "Bring {n} knight into play", "Bring {n} knights into play", n
                ).format(n=n),
            )
        )
    for i, (direction, label, key) in enumerate(DIRECTION_BUTTONS):
        width = d.button + 22 if direction is None else d.button
        left = d.dirs_x + (0 if direction is None else d.button + 28 + (i - 1) * d.step)
        tip = (
            _("Leave all knights on the castle")
            if direction is None
            else _("March {direction}").format(direction=direction_name(direction))
        )
        add(
            Button(
                direction_label(direction, label),
                partial(t.pick_direction, direction),
                pygame.Rect(left, d.dirs_y, width, 36),
                key,
                ident=f"dir-{direction or 'stay'}",
                tooltip=tip,
            )
        )
    add(
        Button(
            _("Confirm"),
            t.confirm_deploy,
            pygame.Rect(d.area.right - 160, d.area.bottom - 46, 160, 44),
            pygame.K_RETURN,
            ident="confirm",
            size=theme.FONT_LARGE,
            tooltip=_("Bring these knights into play"),
        )
    )
    t.drop_buttons = []
    t.drop_chosen = None  # the chips change with the window: find the page again
    chip_w = 62
    room = max(2, (d.area.right - 170 - d.counts_x) // (chip_w + 6))
    for i in range(min(MAX_DROP_CHIPS, room)):
        chip = Button(
            "",
            partial(t.pick_drop_chip, i),
            pygame.Rect(d.counts_x + i * (chip_w + 6), d.drops_y, chip_w, 36),
            ident=f"drops{i}",
            size=theme.FONT_SMALL,
        )
        t.drop_buttons.append(chip)
        add(chip)
    t.sync_widgets()


def drop_pages(t: KnightsTableScene, options: int) -> tuple[int, int]:
    """How many drop patterns a page of chips shows, and the page on show. With more
    patterns than chips, the last chip turns the page (every pattern stays reachable)."""
    chips = len(t.drop_buttons)
    per_page = chips if options <= chips else chips - 1
    pages = max(1, -(-options // per_page))
    return per_page, t.drop_page % pages


def sync_widgets(t: KnightsTableScene) -> None:
    """Show the controls that fit the moment (keep, lay/end, deploy, or none)."""
    t.sync_pace_buttons()
    state = t.state
    mine = t.human_to_move()
    phase = state.phase if mine else ""
    find = t.widgets.find
    end = find("end")
    end.visible = phase == "place"
    end.enabled = phase == "place" and state.lays_this_turn > 0
    keep = find("keep")
    keep.visible = phase == "keep"
    keep.enabled = phase == "keep" and t.keep_choice() is not None
    picker = t.picker if phase == "deploy" else None
    counts = picker.counts() if picker else []
    for n in range(6):
        button = find(f"count{n}")
        assert isinstance(button, Button)
        button.visible = picker is not None
        button.enabled = n in counts
        button.selected = picker is not None and picker.count == n
    directions = picker.directions() if picker and picker.count is not None else []
    for direction, _label, _key in DIRECTION_BUTTONS:
        button = find(f"dir-{direction or 'stay'}")
        assert isinstance(button, Button)
        button.visible = picker is not None
        button.enabled = (
            picker is not None and picker.count not in (None, 0) and direction in directions
        )
        button.selected = button.enabled and picker is not None and picker.direction == direction
    options = picker.drop_options() if picker and picker.count else []
    per_page, page = drop_pages(t, len(options))
    chosen = (id(picker), picker.count, picker.direction, picker.index) if picker else None
    if chosen != t.drop_chosen:  # a new choice (by key, on the board): show its page
        t.drop_chosen = chosen
        if picker is not None and options:
            page = t.drop_page = (picker.index % len(options)) // per_page
    for i, chip in enumerate(t.drop_buttons):
        option = page * per_page + i
        turner = i == per_page  # the page-turning chip (only with more patterns than chips)
        chip.visible = len(options) > 1 and (turner or option < len(options))
        if turner:
            pages = -(-len(options) // per_page)
            chip.label = f"{page + 1}/{pages} ›"
            chip.selected = False
            chip.tooltip = _("More ways to leave the knights")
        elif option < len(options):
            chip.label = drops_label(options[option])
            chip.selected = picker is not None and picker.index == option
            chip.tooltip = _("Knights left on each tile, castle first")
    confirm = find("confirm")
    confirm.visible = picker is not None
    confirm.enabled = picker is not None and picker.current is not None
    find("why").enabled = t.why is not None


def pick_drop_chip(t: KnightsTableScene, chip: int) -> None:
    """A drop chip was clicked: its pattern on the page shown, or the next page."""
    if t.picker is None or not t.picker.count:
        return
    per_page, page = drop_pages(t, len(t.picker.drop_options()))
    if chip == per_page:
        t.drop_page = page + 1
        t.sync_widgets()
    else:
        t.pick_drops(page * per_page + chip)
