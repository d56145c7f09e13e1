"""The coach's aid at the Räuber-Rommé table (on unless switched off in Settings): the cards
the player on screen has not seen yet, as a grid of suits by ranks in the side panel (a dot:
all seen; 1 or 2: that many still out, in other hands or the stock), and the jokers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rummy.aids import not_seen
from game.rummy.cards import RANK_NAMES, SUITS
from game.ui import theme
from game.ui.rummy import card_art

if TYPE_CHECKING:
    from game.ui.rummy.table import RummyTableScene

LINE = 14
HEIGHT = 8 + LINE + 2 + LINE + 4 * LINE + 4  # heading, ranks, four suits


def box_height(t: RummyTableScene, room: int) -> int:
    """The aid's height in the side panel, or 0 when it is off or there is no room for it."""
    if not t.app.settings.coach_aids or room < HEIGHT:
        return 0
    return HEIGHT


def draw_box(t: RummyTableScene, surface: pygame.Surface) -> None:
    box = t.aids_rect
    viewer = t.viewer
    if box.h == 0 or viewer is None or not t.app.settings.coach_aids or t.replay is not None:
        return
    try:
        counts, jokers = not_seen(t.state, viewer)
    except ValueError:
        return  # a position whose cards do not add up: no aid rather than a wrong one
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
    size = theme.FONT_SMALL - 2
    total = sum(counts.values()) + jokers
    theme.blit_text(
        surface,
        _("Not seen yet: {n} cards, {jokers} jokers").format(n=total, jokers=jokers),
        (box.x + 6, box.y + 4),
        size,
        theme.ACCENT,
        True,
    )
    label_w = 16
    cell = max(10, (box.w - 12 - label_w) // 13)
    top = box.y + 4 + LINE + 2
    for rank in range(1, 14):
        x = box.x + 6 + label_w + (rank - 1) * cell + cell // 2
        theme.blit_text(
            surface, RANK_NAMES[rank - 1], (x, top), size, theme.TEXT_DIM, False, "midtop"
        )
    for row, suit in enumerate(SUITS):
        y = top + LINE * (row + 1)
        colour = card_art.suit_colour(suit, t.four_colour)
        shown = theme.mix(colour, theme.TEXT, 0.45)
        surface.blit(card_art.suit_symbol(suit, LINE - 4, shown), (box.x + 6, y + 2))
        for rank in range(1, 14):
            n = counts.get((suit, rank), 0)
            x = box.x + 6 + label_w + (rank - 1) * cell + cell // 2
            if not n:  # all seen: a dot, drawn
                pygame.draw.circle(surface, theme.TEXT_DIM, (x, y + LINE // 2), 1)
                continue
            theme.blit_text(surface, str(n), (x, y), size, theme.TEXT, n > 1, "midtop")
