"""Rendering the Robber Knights board into one surface, once per state change.

The table keeps the result and blits it every frame; only hover/selection overlays are drawn
per frame. The N×N area is outlined on each axis as soon as the layout fixes it (solid), and
shown dashed while a side is one tile from its limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.knights.words import column_letter, row_number
from game.ui import sprites, theme
from game.ui.knights.geometry import BoardGeometry, Pos

FELT: theme.Colour = (54, 70, 50)
FELT_EDGE: theme.Colour = (40, 52, 38)
AREA_LINE: theme.Colour = (236, 184, 70)
# The area's outline runs this far past the cells (so that its corners close).
OUTLINE_OVERHANG = 6
# How far anything of the board is drawn beyond its cells: the outline's overhang plus half of
# its widest line; the table keeps this much room on every side of the cells.
EDGE_REACH = OUTLINE_OVERHANG + 3
LABEL_INK: theme.Colour = (150, 170, 140)


@dataclass(frozen=True)
class LastMove:
    """What to highlight: the tiles laid in the latest turn and the cells knights went to."""

    seat: int
    placed: tuple[Pos, ...] = ()
    path: tuple[Pos, ...] = ()


def stack_for(
    knights: Sequence[int], colours: Sequence[theme.PlayerColour], tile: int
) -> pygame.Surface:
    return sprites.stack_sprite(tuple(colours[k] for k in knights), tile)


def blit_stack(
    surface: pygame.Surface,
    cell: pygame.Rect,
    knights: Sequence[int],
    colours: Sequence[theme.PlayerColour],
) -> None:
    """Knights stand in the lower right of a tile (buildings sit left of centre)."""
    if not knights:
        return
    sprite = stack_for(knights, colours, cell.w)
    margin = max(1, cell.w // 24)
    surface.blit(sprite, sprite.get_rect(bottomright=(cell.right - margin, cell.bottom - margin)))


def _dashed(
    surface: pygame.Surface,
    colour: theme.Colour,
    a: tuple[int, int],
    b: tuple[int, int],
    width: int,
) -> None:
    length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    dash = 10
    for start in range(0, length, dash * 2):
        end = min(start + dash, length)
        t0, t1 = start / max(length, 1), end / max(length, 1)
        p0 = (int(a[0] + (b[0] - a[0]) * t0), int(a[1] + (b[1] - a[1]) * t0))
        p1 = (int(a[0] + (b[0] - a[0]) * t1), int(a[1] + (b[1] - a[1]) * t1))
        pygame.draw.line(surface, colour, p0, p1, width)


def draw_area_outline(
    surface: pygame.Surface, state: Any, geom: BoardGeometry, offset: tuple[int, int]
) -> None:
    """Outline the N×N area on each axis the layout has fixed (solid) or nearly fixed (dashed)."""
    bounds = state.bounds()
    if bounds is None:
        return
    min_x, max_x, min_y, max_y = bounds
    n = state.area
    view = geom.rect.move(-offset[0], -offset[1])
    width = max(3, geom.tile // 22)
    ox, oy = geom.origin[0] - offset[0], geom.origin[1] - offset[1]
    for axis_fixed, lo, hi, vertical in (
        (max_x - min_x + 1, min_x, max_x, True),
        (max_y - min_y + 1, min_y, max_y, False),
    ):
        if axis_fixed < n - 1:
            continue
        solid = axis_fixed == n
        if vertical:
            edges = [ox + (lo - geom.min_x) * geom.tile, ox + (hi + 1 - geom.min_x) * geom.tile]
            if not solid:
                edges = [
                    ox + (hi + 1 - n - geom.min_x) * geom.tile,
                    ox + (lo + n - geom.min_x) * geom.tile,
                ]
            for x in edges:
                if view.left - 1 <= x <= view.right + 1:
                    a, b = (x, view.top - OUTLINE_OVERHANG), (x, view.bottom + OUTLINE_OVERHANG)
                    if solid:
                        pygame.draw.line(surface, AREA_LINE, a, b, width)
                    else:
                        _dashed(surface, AREA_LINE, a, b, max(2, width - 1))
        else:
            edges = [oy + (lo - geom.min_y) * geom.tile, oy + (hi + 1 - geom.min_y) * geom.tile]
            if not solid:
                edges = [
                    oy + (hi + 1 - n - geom.min_y) * geom.tile,
                    oy + (lo + n - geom.min_y) * geom.tile,
                ]
            for y in edges:
                if view.top - 1 <= y <= view.bottom + 1:
                    a, b = (view.left - OUTLINE_OVERHANG, y), (view.right + OUTLINE_OVERHANG, y)
                    if solid:
                        pygame.draw.line(surface, AREA_LINE, a, b, width)
                    else:
                        _dashed(surface, AREA_LINE, a, b, max(2, width - 1))


def draw_labels(
    surface: pygame.Surface, players: int, geom: BoardGeometry, offset: tuple[int, int]
) -> None:
    """Column letters above and row numbers left of the cells: the names the move log uses."""
    size = max(13, min(20, geom.tile // 3))
    view = geom.rect.move(-offset[0], -offset[1])
    for cx in range(geom.cols):
        letter = column_letter(players, geom.min_x + cx)
        if letter is not None:
            centre = (view.x + cx * geom.tile + geom.tile // 2, view.y - 9)
            theme.blit_text(surface, letter, centre, size, LABEL_INK, True, "center")
    for cy in range(geom.rows):
        number = row_number(players, geom.min_y + cy)
        if number is not None:
            centre = (view.x - 11, view.y + cy * geom.tile + geom.tile // 2)
            theme.blit_text(surface, str(number), centre, size, LABEL_INK, True, "center")


def render_board(
    state: Any,
    geom: BoardGeometry,
    area: pygame.Rect,
    colours: Sequence[theme.PlayerColour],
    last: LastMove | None = None,
    hide_knights: Iterable[Pos] = (),
) -> pygame.Surface:
    """The board area: felt, empty-cell grid, tiles, knight stacks, area outline, last move."""
    surface = pygame.Surface(area.size)
    surface.fill(FELT)
    if state.bounds() is None:
        return surface  # before the start layout: an empty table
    offset = area.topleft
    view = geom.rect.move(-offset[0], -offset[1])
    pygame.draw.rect(surface, FELT_EDGE, view.inflate(6, 6), border_radius=4)
    # A faint outline marks each free space around the layout.
    board = state.board
    for cx in range(geom.cols):
        for cy in range(geom.rows):
            if (geom.min_x + cx, geom.min_y + cy) not in board:
                cell = pygame.Rect(
                    view.x + cx * geom.tile, view.y + cy * geom.tile, geom.tile, geom.tile
                )
                pygame.draw.rect(surface, (62, 80, 58), cell.inflate(-2, -2), 1)
    hidden = set(hide_knights)
    tile_px = geom.tile - 2
    for (x, y), placed in state.board.items():
        cell = geom.cell_rect(x, y).move(-offset[0], -offset[1])
        surface.blit(sprites.tile_sprite(placed.tile, tile_px), cell.move(1, 1))
        if placed.knights and (x, y) not in hidden:
            blit_stack(surface, cell, placed.knights, colours)
    draw_area_outline(surface, state, geom, offset)
    draw_labels(surface, state.num_players, geom, offset)
    if last is not None:
        ink = colours[last.seat].rgb
        for pos in last.path:
            cell = geom.cell_rect(*pos).move(-offset[0], -offset[1])
            pygame.draw.rect(
                surface, ink, cell.inflate(-4, -4), max(2, geom.tile // 30), border_radius=4
            )
        for pos in last.placed:
            cell = geom.cell_rect(*pos).move(-offset[0], -offset[1])
            pygame.draw.rect(
                surface,
                (255, 255, 255),
                cell.inflate(2, 2),
                max(2, geom.tile // 26) + 2,
                border_radius=5,
            )
            pygame.draw.rect(surface, ink, cell, max(2, geom.tile // 26), border_radius=5)
    return surface
