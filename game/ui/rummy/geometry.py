"""Where things are on the rummy table: the grid of sets, cards in a set, the hand row.

Pure arithmetic on rectangles (no drawing), so layout and hit-testing agree by construction.
The grid has one cell per set plus a last "new set" cell; the card size shrinks so that the
rows fit the table area and the longest set fits its cell with every corner index visible.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

CARD_RATIO = 0.7  # width / height
MIN_STEP = 0.46  # of a card's width: the rank and suit corner stays readable
PREFERRED_STEP = 0.62
BESIDE = 0.42  # of a card's width: the free strip right of a set ("beside it")
CAPTION_H = 18
HINT_BAND_H = 52  # the hint's Accept / Dismiss band along the table's bottom
PAD = 6


@dataclass(frozen=True)
class Drop:
    """Where a dragged card would land: a set at a position, beside a set, a new set, the hand."""

    kind: str  # "set", "beside", "new", "hand"
    index: int = 0  # set index (set/beside) or hand position (hand)
    position: int = 0  # position inside the set (set)


@dataclass(frozen=True)
class TableGrid:
    area: pygame.Rect
    columns: int
    cells: tuple[pygame.Rect, ...]  # one per set, then the "new set" cell
    card: tuple[int, int]
    lengths: tuple[int, ...]

    @property
    def new_cell(self) -> pygame.Rect:
        return self.cells[-1]

    def step(self, index: int) -> int:
        n = self.lengths[index]
        w = self.card[0]
        if n <= 1:
            return w
        room = self.cells[index].w - 2 * PAD - w - int(BESIDE * w)
        return max(1, min(int(PREFERRED_STEP * w), room // (n - 1)))

    def card_rect(self, index: int, position: int) -> pygame.Rect:
        cell = self.cells[index]
        x = cell.x + PAD + position * self.step(index)
        return pygame.Rect(x, cell.y + CAPTION_H + PAD // 2, *self.card)

    def card_rects(self, index: int) -> list[pygame.Rect]:
        return [self.card_rect(index, i) for i in range(self.lengths[index])]

    def card_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(set, position) of the topmost card under ``pos``."""
        for s, cell in enumerate(self.cells[:-1]):
            if not cell.collidepoint(pos):
                continue
            for i in reversed(range(self.lengths[s])):
                if self.card_rect(s, i).collidepoint(pos):
                    return s, i
        return None

    def set_at(self, pos: tuple[int, int]) -> int | None:
        for s, cell in enumerate(self.cells[:-1]):
            if cell.collidepoint(pos):
                return s
        return None

    def drop_at(self, pos: tuple[int, int]) -> Drop | None:
        if self.new_cell.collidepoint(pos):
            return Drop("new")
        s = self.set_at(pos)
        if s is None:
            return None
        n = self.lengths[s]
        first = self.card_rect(s, 0)
        last = self.card_rect(s, max(0, n - 1))
        if n and pos[0] > last.right + 2:
            return Drop("beside", s)
        step = self.step(s)
        position = round((pos[0] - first.x) / step)
        return Drop("set", s, max(0, min(n, position)))


def table_grid(
    area: pygame.Rect, columns: int, lengths: Sequence[int], max_card_h: int
) -> TableGrid:
    columns = max(1, columns)
    count = len(lengths) + 1
    rows = max(1, math.ceil(count / columns))
    cell_w = area.w // columns
    cell_h = area.h // rows
    longest = max([3, *lengths])
    by_height = cell_h - CAPTION_H - PAD
    by_width = (cell_w - 2 * PAD) / (1 + MIN_STEP * (longest - 1) + BESIDE) / CARD_RATIO
    card_h = int(max(24, min(max_card_h, by_height, by_width)))
    card_w = int(card_h * CARD_RATIO)
    # Rows take their natural height (a card plus its caption), not a stretched share.
    row_h = min(cell_h, card_h + CAPTION_H + PAD + 6)
    cells = []
    for i in range(count):
        row, col = divmod(i, columns)
        cells.append(
            pygame.Rect(area.x + col * cell_w, area.y + row * row_h, cell_w - 4, row_h - 4)
        )
    return TableGrid(area, columns, tuple(cells), (card_w, card_h), tuple(lengths))


AUTO_COLUMNS = range(2, 9)
PREFERRED_COLUMNS = 3


def best_columns(area: pygame.Rect, lengths: Sequence[int], max_card_h: int) -> int:
    """The column count (2 to 8) that shows the sets with the biggest cards; among equals,
    the one nearest 3 (a crowded table wants more columns, a bare one fewer rows)."""
    return min(
        AUTO_COLUMNS,
        key=lambda c: (
            -table_grid(area, c, lengths, max_card_h).card[1],
            abs(c - PREFERRED_COLUMNS),
        ),
    )


@dataclass(frozen=True)
class HandRow:
    """The hand along the bottom, laid out for ``slots`` cards (at least ``count``): during a
    turn the row keeps the places of the cards it started with, so the cards left don't slide
    to a new centre under the pointer after each card played."""

    area: pygame.Rect
    card: tuple[int, int]
    count: int
    slots: int = 0

    @property
    def places(self) -> int:
        return max(self.count, self.slots)

    @property
    def step(self) -> int:
        w = self.card[0]
        if self.places <= 1:
            return w + 6
        return max(4, min(w + 6, (self.area.w - w) // (self.places - 1)))

    @property
    def left(self) -> int:
        used = self.card[0] + self.step * max(0, self.places - 1)
        return self.area.x + max(0, (self.area.w - used) // 2)

    def card_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(
            self.left + i * self.step, self.area.bottom - self.card[1] - 4, *self.card
        )

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for i in reversed(range(self.count)):
            if self.card_rect(i).collidepoint(pos):
                return i
        return None

    def position_at(self, x: int) -> int:
        return max(0, min(self.count, round((x - self.left) / self.step)))


def hand_row(area: pygame.Rect, count: int, slots: int = 0) -> HandRow:
    card_h = int(area.h - 8)
    return HandRow(area, (int(card_h * CARD_RATIO), card_h), count, slots)
