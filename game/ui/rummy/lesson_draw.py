"""The Räuber-Rommé lesson's targets lit on the table (see game/rummy/lesson.py):

- ``("hand", "QH")``: that card in the hand along the bottom (a second target of the same
  card lights its second copy);
- ``("set", index)``: a set on the table, as shown now;
- ``("seat", seat)``: a player's row in the side panel;
- ``("stock",)``: the stock's card back.

Drawing only reads the table.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import lit

if TYPE_CHECKING:
    from game.ui.rummy.table import RummyTableScene


def _hand_rects(t: RummyTableScene, codes: list[str]) -> list[pygame.Rect]:
    hand = t.shown_hand() or []
    wanted = Counter(codes)
    row = t.hand_row()
    rects: list[pygame.Rect] = []
    previous = -2
    for i, card in enumerate(hand):
        code = str(card)
        if wanted[code] > 0:
            wanted[code] -= 1
            rect = row.card_rect(i)
            if i + 1 < len(hand):  # only the part the next card leaves in sight
                rect.w = min(rect.w, row.card_rect(i + 1).x - rect.x)
            rect = rect.inflate(6, 6)
            if i == previous + 1:  # cards side by side are lit as one row
                rects[-1] = rects[-1].union(rect)
            else:
                rects.append(rect)
            previous = i
    return rects


def _set_rect(t: RummyTableScene, index: int) -> pygame.Rect | None:
    grid = t.grid()
    if not 0 <= index < len(grid.lengths) or not grid.lengths[index]:
        return None
    cards = grid.card_rects(index)
    return cards[0].unionall(cards[1:]).inflate(10, 10)


def lit_rects(t: RummyTableScene, targets: tuple[Any, ...]) -> list[pygame.Rect]:
    """Where each target the table knows is on screen (unknown ones light nothing)."""
    rects: list[pygame.Rect] = []
    codes = [str(target[1]) for target in targets if len(target) == 2 and target[0] == "hand"]
    if codes:
        rects += _hand_rects(t, codes)
    for target in targets:
        kind = target[0] if target else None
        if kind == "set" and len(target) == 2:
            rect = _set_rect(t, int(target[1]))
            if rect is not None:
                rects.append(rect)
        elif kind == "seat" and len(target) == 2:
            seats = t.seat_rects
            if 0 <= int(target[1]) < len(seats):
                rects.append(seats[int(target[1])].inflate(4, 4))
        elif kind == "stock":
            rects.append(t.stock_rect.inflate(8, 8))
    return rects


def draw_lit(t: RummyTableScene, surface: pygame.Surface, targets: tuple[Any, ...]) -> None:
    lit.draw_lit(surface, lit_rects(t, targets), t.clock)
