"""The Robber Knights lesson's targets lit on the table (see game/knights/lesson.py):

- ``("spot", x, y)``: a board cell, empty or laid;
- ``("hand", kind)``: the hand tile of that kind;
- ``("card", seat)``: a player's card in the side panel (name, points, knights, tiles, piles);
- ``("pile", seat)``: the hand and pile letters at the foot of that card;
- ``("drops", "1-1-1")``: the chip of that drop pattern, while it shows.

Drawing only reads the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import lit
from game.ui.knights.panels import MINI

if TYPE_CHECKING:
    from game.ui.knights.table import KnightsTableScene


def lit_rects(t: KnightsTableScene, targets: tuple[Any, ...]) -> list[pygame.Rect]:
    """Where each target the table knows is on screen (unknown ones light nothing)."""
    rects: list[pygame.Rect] = []
    for target in targets:
        kind = target[0] if target else None
        if kind == "spot" and len(target) == 3:
            cell = t.geom.cell_rect(int(target[1]), int(target[2]))
            if t.board_area.colliderect(cell):
                rects.append(cell.inflate(6, 6))
        elif kind == "hand" and len(target) == 2:
            tiles = t.hand_tiles()
            for tile, rect in zip(tiles, t.hand_slot_rects(), strict=False):
                if tile.tile == target[1]:
                    rects.append(rect.inflate(10, 10))
                    break
        elif kind in ("card", "pile") and len(target) == 2:
            seat = int(target[1])
            if 0 <= seat < len(t.cards):
                card = t.cards[seat]
                if kind == "card":
                    rects.append(card.inflate(6, 6))
                else:
                    foot = card.bottom - MINI - 14
                    rects.append(pygame.Rect(card.x + 6, foot, card.w - 12, MINI + 12))
        elif kind == "drops" and len(target) == 2:
            for chip in t.drop_buttons:
                if chip.visible and chip.label == target[1]:
                    rects.append(chip.rect.inflate(8, 8))
    return rects


def draw_lit(t: KnightsTableScene, surface: pygame.Surface, targets: tuple[Any, ...]) -> None:
    lit.draw_lit(surface, lit_rects(t, targets), t.clock)
