"""Robber Knights' pictures for the rules screen: every tile with what it asks of knights and
what it scores, a deployment with stacks of knights, and a capture."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.knights.tiles import TILE_KINDS
from game.knights.words import tile_help, tile_name
from game.ui import sprites, theme
from game.ui.rules_pictures import caption, heading

TILE = 64
GAP = 14

# A legal deployment: 4 knights on a forest castle marched east; the forest keeps its minimum 2.
DEPLOY_ROW = ("forest+castle", "plain", "plain+village", "mountain")
DEPLOY_DROPS = (2, 1, 1, 0)


def knights_pictures(width: int) -> pygame.Surface:
    surface = pygame.Surface((width, 1400), pygame.SRCALPHA)
    y = heading(surface, _("The tiles"), 0)
    per_row = max(1, (width + GAP) // (TILE + 110 + GAP))
    cell_w = width // per_row
    bottom = y
    for index, kind in enumerate(TILE_KINDS):
        column, row = index % per_row, index // per_row
        x, top = column * cell_w, y + row * (TILE + 18)
        surface.blit(sprites.tile_sprite(kind, TILE), (x, top))
        theme.blit_text(
            surface, tile_name(kind).capitalize(), (x + TILE + 8, top), theme.FONT_SMALL, theme.TEXT
        )
        help_parts = tile_help(kind).split(" · ")[1:]
        bottom = max(
            bottom,
            caption(surface, "; ".join(help_parts), x + TILE + 8, top + 18, cell_w - TILE - 16),
        )
        bottom = max(bottom, top + TILE + 10)
    y = bottom + 16
    y = heading(surface, _("Bringing knights into play"), y)
    colour = theme.PLAYER_COLOURS[0]
    for i, (kind, drop) in enumerate(zip(DEPLOY_ROW, DEPLOY_DROPS, strict=True)):
        x = i * (TILE + 4)
        surface.blit(sprites.tile_sprite(kind, TILE), (x, y))
        if drop:
            stack = sprites.stack_sprite((colour,) * drop, TILE)
            surface.blit(stack, stack.get_rect(bottomright=(x + TILE - 2, y + TILE - 2)))
    arrow_y = y + TILE + 10
    pygame.draw.line(surface, theme.ACCENT, (TILE // 2, arrow_y), (3 * (TILE + 4), arrow_y), 3)
    tip = 3 * (TILE + 4)
    pygame.draw.polygon(
        surface, theme.ACCENT, [(tip, arrow_y - 7), (tip + 12, arrow_y), (tip, arrow_y + 7)]
    )
    text_x = 4 * (TILE + 4) + 16
    caption(
        surface,
        _(
            "Red lays a forest castle and brings 4 knights into play. They march east: 2 stay "
            "on the castle (a forest keeps at least 2), 1 on the plain, 1 on the village. The "
            "mountain would need 3 more, so the march stops before it. Knights never turn, "
            "never cross a lake or a gap, and a tile holds at most 4."
        ),
        text_x,
        y,
        width - text_x,
    )
    y += TILE + 34
    y = heading(surface, _("Taking a building"), y)
    blue = theme.PLAYER_COLOURS[1]
    surface.blit(sprites.tile_sprite("plain+town", TILE), (0, y))
    stack = sprites.stack_sprite((colour, blue), TILE)
    surface.blit(stack, stack.get_rect(bottomright=(TILE - 2, y + TILE - 2)))
    caption(
        surface,
        _(
            "Blue's knight arrived on top of Red's: the top knight owns the town. At the end "
            "every building scores for the owner of its top knight: castle 1, village 2, "
            "town 3 points."
        ),
        TILE + 16,
        y,
        width - TILE - 16,
    )
    y += TILE + 10
    return surface.subsurface(pygame.Rect(0, 0, width, y)).copy()
