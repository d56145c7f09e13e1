"""Where board cells are on screen: the layout centred and zoomed to fit its rectangle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

Pos = tuple[int, int]
MAX_TILE = 120
MIN_TILE = 18


@dataclass(frozen=True)
class BoardGeometry:
    """Cells ``min_x .. min_x + cols - 1`` by ``min_y .. min_y + rows - 1`` drawn ``tile`` pixels
    wide, with cell (min_x, min_y) at ``origin`` (screen pixels)."""

    min_x: int
    min_y: int
    cols: int
    rows: int
    tile: int
    origin: tuple[int, int]

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        return pygame.Rect(
            self.origin[0] + (x - self.min_x) * self.tile,
            self.origin[1] + (y - self.min_y) * self.tile,
            self.tile,
            self.tile,
        )

    def cell_centre(self, x: int, y: int) -> tuple[int, int]:
        return self.cell_rect(x, y).center

    def cell_at(self, point: tuple[int, int]) -> Pos | None:
        """The cell under a screen point, or None outside the viewed cells."""
        cx = (point[0] - self.origin[0]) // self.tile
        cy = (point[1] - self.origin[1]) // self.tile
        if 0 <= cx < self.cols and 0 <= cy < self.rows:
            return (self.min_x + cx, self.min_y + cy)
        return None

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.origin, (self.cols * self.tile, self.rows * self.tile))


def view_cells(state: Any) -> tuple[int, int, int, int]:
    """The cells worth showing: the layout plus one ring for free spots, kept inside the area
    window (so the view stops growing on a side once the area is fixed there)."""
    bounds = state.bounds()
    if bounds is None:
        n = state.num_players
        return (-1, n, -1, 2)
    min_x, max_x, min_y, max_y = bounds
    lo_x, hi_x, lo_y, hi_y = state.area_window()
    return (max(min_x - 1, lo_x), min(max_x + 1, hi_x), max(min_y - 1, lo_y), min(max_y + 1, hi_y))


def fit(cells: tuple[int, int, int, int], area: pygame.Rect) -> BoardGeometry:
    """Zoom ``cells`` (min_x, max_x, min_y, max_y) to fit ``area`` and centre them in it."""
    min_x, max_x, min_y, max_y = cells
    cols, rows = max_x - min_x + 1, max_y - min_y + 1
    tile = int(min(area.w / cols, area.h / rows))
    tile = max(MIN_TILE, min(MAX_TILE, tile))
    tile -= tile % 2  # even sizes keep sprite caches small and centres exact
    width, height = cols * tile, rows * tile
    origin = (area.x + (area.w - width) // 2, area.y + (area.h - height) // 2)
    return BoardGeometry(min_x, min_y, cols, rows, tile, origin)


def keep(
    held: BoardGeometry, cells: tuple[int, int, int, int], area: pygame.Rect
) -> BoardGeometry | None:
    """``cells`` shown at ``held``'s scale and with every cell where ``held`` drew it, if that
    still fits ``area``; None when the board must be fitted again."""
    min_x, max_x, min_y, max_y = cells
    origin = (
        held.origin[0] + (min_x - held.min_x) * held.tile,
        held.origin[1] + (min_y - held.min_y) * held.tile,
    )
    kept = BoardGeometry(min_x, min_y, max_x - min_x + 1, max_y - min_y + 1, held.tile, origin)
    return kept if area.contains(kept.rect) else None


def fit_around(
    cells: tuple[int, int, int, int], area: pygame.Rect, held: BoardGeometry, point: tuple[int, int]
) -> BoardGeometry:
    """``cells`` zoomed to fit ``area`` and placed so that the cell ``held`` showed under
    ``point`` is under it again: at :func:`fit`'s scale if the area allows that, otherwise a
    little smaller."""
    fitted = fit(cells, area)
    cell = held.cell_at(point)
    if cell is None:
        return fitted
    old = held.cell_rect(*cell)
    for tile in range(fitted.tile, MIN_TILE - 1, -2):
        origin = []
        for axis, (lo, cell_at, count, start, end) in enumerate(
            (
                (fitted.min_x, cell[0], fitted.cols, area.x, area.right),
                (fitted.min_y, cell[1], fitted.rows, area.y, area.bottom),
            )
        ):
            p = point[axis]
            inside = (p - (old.x, old.y)[axis]) * tile // held.tile  # the point within its cell
            k = cell_at - lo
            # The cell stays under the point for origins in [low, high]; the board stays in
            # the area for origins in [start, end - count * tile].
            low, high = max(p - (k + 1) * tile + 1, start), min(p - k * tile, end - count * tile)
            if low > high:
                break
            origin.append(max(low, min(p - inside - k * tile, high)))
        else:
            return BoardGeometry(
                fitted.min_x, fitted.min_y, fitted.cols, fitted.rows, tile, (origin[0], origin[1])
            )
    return fitted
