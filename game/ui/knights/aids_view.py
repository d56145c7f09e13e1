"""The coach's aids at the Robber Knights table (on unless switched off in Settings): each
rival's tiles still to come, by kind, in the side panel, and a mark on the viewer's buildings a
rival could take on his next turn. Worked out in ``update`` (``refresh``), only drawn here."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.knights.aids import kinds_to_come, rival_threats, tiles_to_come
from game.knights.tiles import TILE_KINDS
from game.knights.words import tile_name
from game.ui import theme

if TYPE_CHECKING:
    from game.ui.knights.table import KnightsTableScene

LINE = 15  # px per line of the aids box
Pos = tuple[int, int]


class KnightsAids:
    """The aids for one position and viewer (None fields: nothing known to show)."""

    def __init__(self) -> None:
        self.state: Any = None
        self.viewer: int | None = None
        self.entries = -1
        self.to_come: list[Counter[str] | None] = []
        self.secret: list[int] = []  # per seat: a kept start tile whose kind he hasn't shown
        self.threats: dict[Pos, list[int]] = {}

    def refresh(self, t: KnightsTableScene) -> None:
        """Work the aids out again when the position or the viewer changed."""
        state, viewer = t.state, t.viewer
        history = t.session.history
        if state is self.state and viewer == self.viewer and len(history) == self.entries:
            return
        self.state, self.viewer, self.entries = state, viewer, len(history)
        moves = [(entry.seat, entry.action) for entry in history if entry.is_move]
        counts = tiles_to_come(state, moves, viewer) if state.phase != "keep" else []
        self.to_come = [kinds_to_come(c) if c is not None else None for c in counts]
        self.secret = [
            state.tiles_left(seat) - sum(c.values()) if c is not None else 0
            for seat, c in enumerate(counts)
        ]
        self.threats = {}
        if viewer is not None and counts and not state.is_terminal:
            self.threats = rival_threats(state.view(viewer), viewer, counts)


def kinds_text(kinds: Counter[str]) -> str:
    """ "castle 2, forest village 1, town 3" in the table's order of kinds."""
    parts = [
        _("{tile} {n}").format(n=kinds[kind], tile=tile_name(kind))
        for kind in TILE_KINDS
        if kinds.get(kind)
    ]
    return ", ".join(parts) if parts else _("none")


def rivals(t: KnightsTableScene) -> list[int]:
    viewer = t.viewer
    return [seat for seat in range(t.session.num_seats) if seat != viewer]


def box_height(t: KnightsTableScene, room: int) -> int:
    """The aids box's height in the side panel: two lines per rival and a heading, within
    ``room`` (0 when the aids are off)."""
    if not t.app.settings.coach_aids:
        return 0
    wanted = LINE + 6 + 2 * LINE * len(rivals(t)) + LINE
    return max(0, min(wanted, room))


def draw_box(t: KnightsTableScene, surface: pygame.Surface) -> None:
    """Each rival's tiles still to come, and what the building marks mean."""
    box = t.aids_rect
    if box.h < 2 * LINE or not t.app.settings.coach_aids:
        return
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
    size = theme.FONT_SMALL - 1
    theme.blit_text(
        surface, _("Tiles still to come"), (box.x + 8, box.y + 3), size, theme.ACCENT, True
    )
    y = box.y + 3 + LINE + 2
    aids = t.aids
    for seat in rivals(t):
        if y + LINE > box.bottom:
            break
        name = t.session.seats[seat].name
        kinds = aids.to_come[seat] if seat < len(aids.to_come) else None
        text = kinds_text(kinds) if kinds is not None else _("not known")
        secret = aids.secret[seat] if seat < len(aids.secret) else 0
        if kinds is not None and secret > 0:
            kept = _("{tile} {n}").format(tile=_("kept start tile"), n=secret)
            text = kept if not kinds else f"{kept}, {text}"
        colour = theme.mix(theme.TEXT, t.colours[seat].rgb, 0.35)
        lines = theme.wrap(_("{name}: {tiles}").format(name=name, tiles=text), size, box.w - 16)
        room = max(1, (box.bottom - y - LINE) // LINE)
        if len(lines) > min(2, room):
            lines = lines[: min(2, room)]
            lines[-1] = theme.ellipsize(lines[-1] + " …", size, box.w - 16)
        for line in lines:
            theme.blit_text(surface, line, (box.x + 8, y), size, colour)
            y += LINE
    if t.viewer is not None and y + LINE <= box.bottom:
        legend = _("! on your building: a rival could take it next turn")
        theme.blit_text(
            surface, theme.ellipsize(legend, size, box.w - 16), (box.x + 8, y), size, theme.BAD
        )


def draw_marks(t: KnightsTableScene, surface: pygame.Surface) -> None:
    """A red ring and "!" on each of the viewer's buildings a rival could take next turn."""
    if not t.app.settings.coach_aids or t.replay is not None or t.anim is not None:
        return
    geom = t.geom
    for pos in t.aids.threats:
        rect = geom.cell_rect(*pos)
        radius = max(7, rect.w // 7)
        centre = (rect.right - radius - 2, rect.y + radius + 2)
        pygame.draw.circle(surface, theme.BAD, centre, radius)
        pygame.draw.circle(surface, theme.TEXT, centre, radius, 2)
        _exclamation(surface, centre, radius)


def _exclamation(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """An exclamation mark drawn, not written: a stroke and a dot."""
    x, y = centre
    top, bottom = y - radius * 3 // 5, y + radius // 5
    pygame.draw.line(surface, theme.TEXT, (x, top), (x, bottom), max(2, radius // 4))
    pygame.draw.circle(surface, theme.TEXT, (x, y + radius * 3 // 6), max(1, radius // 6))
