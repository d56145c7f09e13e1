"""Procedural sprites: textured terrain, castle/village/town, knight figures and tile backs.

Everything is drawn once at a base resolution (twice supersampled for smooth edges: pygame.draw
plus numpy value noise for texture) and scaled to the size a view needs; both steps are cached,
so a table redraws from ready surfaces. No image files are needed.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pygame

from game.ui import theme

BASE = 160  # base tile size in pixels
SUPER = 2  # supersampling factor for the base drawings

TERRAINS = ("plain", "forest", "mountain", "lake")
BUILDINGS = ("castle", "village", "town")

_RAMPS: dict[str, tuple[theme.Colour, theme.Colour]] = {
    "plain": ((104, 156, 62), (164, 200, 96)),
    "forest": ((40, 88, 40), (86, 132, 60)),
    "mountain": ((112, 104, 96), (170, 162, 150)),
    "lake": ((36, 92, 164), (88, 150, 214)),
}


def split_kind(kind: str) -> tuple[str, str | None]:
    """``"forest+castle"`` -> ``("forest", "castle")``; ``"lake"`` -> ``("lake", None)``."""
    terrain, _, building = kind.partition("+")
    return terrain, (building or None)


# -- noise ------------------------------------------------------------------------------------
def value_noise(
    size: int, seed: int, octaves: tuple[tuple[int, float], ...] = ((3, 0.5), (7, 0.3), (19, 0.2))
) -> np.ndarray:
    """Smooth value noise in [0, 1] of shape (size, size): random grids, smoothstep-blended."""
    rng = np.random.default_rng(seed)
    out = np.zeros((size, size), dtype=np.float64)
    for cells, weight in octaves:
        grid = rng.random((cells + 1, cells + 1))
        coords = np.linspace(0.0, cells, size, endpoint=False)
        index = coords.astype(np.int64)
        frac = coords - index
        frac = frac * frac * (3 - 2 * frac)
        top = (
            grid[index][:, index] * (1 - frac)[None, :] + grid[index][:, index + 1] * frac[None, :]
        )
        bottom = (
            grid[index + 1][:, index] * (1 - frac)[None, :]
            + grid[index + 1][:, index + 1] * frac[None, :]
        )
        out += weight * (top * (1 - frac)[:, None] + bottom * frac[:, None])
    low, high = out.min(), out.max()
    return (out - low) / max(high - low, 1e-9)


def _textured(size: int, ramp: tuple[theme.Colour, theme.Colour], seed: int) -> pygame.Surface:
    noise = value_noise(size, seed)
    a = np.array(ramp[0], dtype=np.float64)
    b = np.array(ramp[1], dtype=np.float64)
    rgb = (a[None, None, :] + (b - a)[None, None, :] * noise[:, :, None]).astype(np.uint8)
    return pygame.surfarray.make_surface(rgb)


# -- terrain ----------------------------------------------------------------------------------
def _draw_plain(surf: pygame.Surface, s: int, seed: int) -> None:
    rng = np.random.default_rng(seed + 11)
    for _ in range(60):
        x, y = rng.integers(0, s, 2)
        colour = (214, 214, 120) if rng.random() < 0.5 else (236, 232, 200)
        if rng.random() < 0.3:
            pygame.draw.circle(surf, colour, (int(x), int(y)), max(2, s // 140))
        else:
            pygame.draw.line(
                surf,
                (84, 130, 50),
                (int(x), int(y)),
                (int(x) + s // 90, int(y) - s // 40),
                max(1, s // 160),
            )


def _tree(surf: pygame.Surface, x: int, y: int, r: int, shade: int) -> None:
    pygame.draw.rect(surf, (84, 58, 34), (x - r // 6, y, max(2, r // 3), r))
    dark = (24 + shade, 70 + shade, 30 + shade // 2)
    light = (52 + shade, 112 + shade, 46 + shade // 2)
    pygame.draw.circle(surf, (16, 40, 20), (x, y), r + max(1, r // 8))
    pygame.draw.circle(surf, dark, (x, y), r)
    pygame.draw.circle(surf, light, (x - r // 3, y - r // 3), r // 2)


def _draw_forest(surf: pygame.Surface, s: int, seed: int, leave_centre: bool) -> None:
    rng = np.random.default_rng(seed + 23)
    trees: list[tuple[int, int, int, int]] = []
    step = s // 6
    for gy in range(0, 7):
        for gx in range(0, 7):
            x = int(gx * step + rng.integers(-step // 3, step // 3 + 1))
            y = int(gy * step + rng.integers(-step // 3, step // 3 + 1))
            if leave_centre and abs(x - s * 0.42) < s * 0.3 and abs(y - s * 0.48) < s * 0.3:
                continue
            trees.append((y, x, int(s * (0.075 + 0.03 * rng.random())), int(rng.integers(-10, 14))))
    for y, x, r, shade in sorted(trees):
        _tree(surf, x, y, r, shade)


def _draw_mountain(surf: pygame.Surface, s: int, seed: int) -> None:
    rng = np.random.default_rng(seed + 37)
    peaks = [(0.28, 0.72, 0.42), (0.68, 0.78, 0.5), (0.48, 0.86, 0.62)]
    for cx, base, height in peaks:
        cx += float(rng.uniform(-0.04, 0.04))
        half = height * 0.62
        top = (int(cx * s), int((base - height) * s))
        left = (int((cx - half) * s), int(base * s))
        right = (int((cx + half) * s), int(base * s))
        pygame.draw.polygon(surf, (96, 88, 82), [left, top, right])
        pygame.draw.polygon(surf, (132, 124, 116), [top, right, (top[0], right[1])])
        snow_h = height * 0.3
        sl = (int((cx - half * 0.3) * s), int((base - height + snow_h) * s))
        sr = (int((cx + half * 0.3) * s), int((base - height + snow_h) * s))
        mid = (int(cx * s), int((base - height + snow_h * 0.8) * s))
        pygame.draw.polygon(surf, (244, 244, 248), [top, sr, mid, sl])
        pygame.draw.polygon(surf, (52, 46, 44), [left, top, right], max(2, s // 100))


def _draw_lake(surf: pygame.Surface, s: int, seed: int) -> None:
    rng = np.random.default_rng(seed + 41)
    # A reedy shore around the water.
    shore = max(4, s // 14)
    for rect in (
        (0, 0, s, shore),
        (0, s - shore, s, shore),
        (0, 0, shore, s),
        (s - shore, 0, shore, s),
    ):
        pygame.draw.rect(surf, (118, 158, 74), rect)
    pygame.draw.rect(
        surf,
        (30, 80, 150),
        (shore, shore, s - 2 * shore, s - 2 * shore),
        max(2, s // 80),
        border_radius=s // 8,
    )
    for _ in range(9):
        x = int(rng.integers(s // 6, s * 5 // 6))
        y = int(rng.integers(s // 6, s * 5 // 6))
        w = s // 9
        pygame.draw.arc(
            surf,
            (196, 224, 246),
            (x, y, w, w // 2),
            math.pi * 0.15,
            math.pi * 0.85,
            max(2, s // 120),
        )
    for _ in range(6):
        x = int(rng.integers(shore, s - shore))
        edge = int(rng.choice([shore, s - shore]))
        pygame.draw.line(
            surf, (60, 100, 40), (x, edge), (x + s // 60, edge - s // 18), max(2, s // 120)
        )


# -- buildings ----------------------------------------------------------------------------------
def _outline_rect(
    surf: pygame.Surface, colour: theme.Colour, rect: tuple[int, int, int, int], edge: int
) -> None:
    pygame.draw.rect(surf, colour, rect)
    pygame.draw.rect(surf, (36, 30, 28), rect, edge)


def _crenels(
    surf: pygame.Surface,
    x: int,
    y: int,
    w: int,
    h: int,
    count: int,
    colour: theme.Colour,
    edge: int,
) -> None:
    gap = w / (2 * count - 1)
    for i in range(count):
        _outline_rect(
            surf, colour, (int(x + 2 * i * gap), y - h, max(2, int(gap) + 1), h + edge), edge
        )


def draw_castle(surf: pygame.Surface, cx: int, cy: int, u: float) -> None:
    """A stone castle: a keep between two towers, crenellations, a gate and a pennant."""
    e = max(2, int(u * 0.035))
    stone, dark = (186, 180, 168), (150, 144, 132)
    wall = (int(cx - u * 0.42), int(cy - u * 0.12), int(u * 0.84), int(u * 0.42))
    _crenels(surf, wall[0], wall[1], wall[2], int(u * 0.07), 5, stone, e)
    _outline_rect(surf, stone, wall, e)
    for side in (-1, 1):
        tx = int(cx + side * u * 0.42 - u * 0.11)
        tower = (tx, int(cy - u * 0.36), int(u * 0.22), int(u * 0.66))
        _crenels(surf, tower[0], tower[1], tower[2], int(u * 0.07), 3, dark, e)
        _outline_rect(surf, dark, tower, e)
        pygame.draw.rect(
            surf,
            (40, 34, 30),
            (tx + int(u * 0.08), int(cy - u * 0.24), int(u * 0.06), int(u * 0.1)),
        )
    keep = (int(cx - u * 0.14), int(cy - u * 0.5), int(u * 0.28), int(u * 0.5))
    _crenels(surf, keep[0], keep[1], keep[2], int(u * 0.07), 3, stone, e)
    _outline_rect(surf, stone, keep, e)
    gate_w, gate_h = int(u * 0.18), int(u * 0.22)
    gate = pygame.Rect(cx - gate_w // 2, int(cy + u * 0.30) - gate_h, gate_w, gate_h)
    pygame.draw.rect(
        surf,
        (58, 40, 26),
        gate,
        border_top_left_radius=gate_w // 2,
        border_top_right_radius=gate_w // 2,
    )
    pygame.draw.rect(
        surf,
        (36, 30, 28),
        gate,
        e,
        border_top_left_radius=gate_w // 2,
        border_top_right_radius=gate_w // 2,
    )
    pole_top = (cx, int(cy - u * 0.78))
    pygame.draw.line(surf, (50, 40, 30), (cx, keep[1] - int(u * 0.07)), pole_top, e)
    pygame.draw.polygon(
        surf,
        (200, 176, 70),
        [
            pole_top,
            (cx + int(u * 0.2), pole_top[1] + int(u * 0.06)),
            (cx, pole_top[1] + int(u * 0.12)),
        ],
    )
    pygame.draw.polygon(
        surf,
        (36, 30, 28),
        [
            pole_top,
            (cx + int(u * 0.2), pole_top[1] + int(u * 0.06)),
            (cx, pole_top[1] + int(u * 0.12)),
        ],
        max(1, e // 2),
    )


def _house(
    surf: pygame.Surface, x: int, base: int, w: int, h: int, roof: theme.Colour, e: int
) -> None:
    body = (x, base - h, w, h)
    _outline_rect(surf, (232, 214, 176), body, e)
    apex = (x + w // 2, base - h - int(w * 0.62))
    pygame.draw.polygon(surf, roof, [(x - w // 8, base - h), apex, (x + w + w // 8, base - h)])
    pygame.draw.polygon(
        surf, (36, 30, 28), [(x - w // 8, base - h), apex, (x + w + w // 8, base - h)], e
    )
    pygame.draw.rect(surf, (90, 60, 36), (x + w // 2 - w // 8, base - h // 2, w // 4, h // 2))
    if h > w * 0.8:
        pygame.draw.rect(surf, (70, 90, 120), (x + w // 5, base - h + h // 6, w // 5, w // 5))


def draw_village(surf: pygame.Surface, cx: int, cy: int, u: float) -> None:
    """Three cottages with red roofs."""
    e = max(2, int(u * 0.03))
    _house(
        surf, int(cx - u * 0.44), int(cy + u * 0.02), int(u * 0.3), int(u * 0.24), (176, 64, 44), e
    )
    _house(
        surf, int(cx + u * 0.12), int(cy + u * 0.06), int(u * 0.32), int(u * 0.26), (150, 80, 44), e
    )
    _house(
        surf, int(cx - u * 0.16), int(cy + u * 0.34), int(u * 0.34), int(u * 0.26), (190, 74, 50), e
    )


def draw_town(surf: pygame.Surface, cx: int, cy: int, u: float) -> None:
    """A walled town: a church spire among tall houses, behind a ring wall."""
    e = max(2, int(u * 0.03))
    wall_rect = pygame.Rect(int(cx - u * 0.5), int(cy - u * 0.3), int(u * 1.0), int(u * 0.72))
    pygame.draw.ellipse(surf, (170, 160, 140), wall_rect)
    pygame.draw.ellipse(surf, (36, 30, 28), wall_rect, e)
    pygame.draw.ellipse(surf, (120, 150, 80), wall_rect.inflate(-int(u * 0.1), -int(u * 0.1)))
    _house(
        surf, int(cx - u * 0.4), int(cy + u * 0.22), int(u * 0.2), int(u * 0.3), (60, 80, 150), e
    )
    _house(
        surf, int(cx + u * 0.18), int(cy + u * 0.24), int(u * 0.22), int(u * 0.34), (176, 64, 44), e
    )
    # Church: nave and a tall spire, the town's mark at any size.
    _house(
        surf, int(cx - u * 0.14), int(cy + u * 0.32), int(u * 0.28), int(u * 0.24), (120, 60, 40), e
    )
    spire_x = int(cx - u * 0.04)
    tower = (spire_x - int(u * 0.07), int(cy - u * 0.24), int(u * 0.14), int(u * 0.34))
    _outline_rect(surf, (214, 198, 164), tower, e)
    apex = (spire_x, int(cy - u * 0.62))
    spire = [(tower[0] - e, tower[1]), apex, (tower[0] + tower[2] + e, tower[1])]
    pygame.draw.polygon(surf, (70, 80, 110), spire)
    pygame.draw.polygon(surf, (36, 30, 28), spire, e)
    pygame.draw.line(surf, (230, 200, 80), (apex[0], apex[1] - int(u * 0.1)), apex, e)
    pygame.draw.line(
        surf,
        (230, 200, 80),
        (apex[0] - int(u * 0.04), apex[1] - int(u * 0.06)),
        (apex[0] + int(u * 0.04), apex[1] - int(u * 0.06)),
        e,
    )


_BUILDERS = {"castle": draw_castle, "village": draw_village, "town": draw_town}
BUILDING_CENTRE = (0.42, 0.5)  # buildings sit left of centre; knights stand on the right


@lru_cache(maxsize=32)
def _base_tile(kind: str) -> pygame.Surface:
    terrain, building = split_kind(kind)
    s = BASE * SUPER
    seed = sum(ord(c) for c in kind) * 7919
    surf = _textured(s, _RAMPS[terrain], seed)
    if terrain == "plain":
        _draw_plain(surf, s, seed)
    elif terrain == "forest":
        _draw_forest(surf, s, seed, leave_centre=building is not None)
    elif terrain == "mountain":
        _draw_mountain(surf, s, seed)
    elif terrain == "lake":
        _draw_lake(surf, s, seed)
    if building is not None:
        cx, cy = int(s * BUILDING_CENTRE[0]), int(s * BUILDING_CENTRE[1])
        # A trampled ground patch so the building reads against any terrain.
        pygame.draw.ellipse(
            surf,
            (150, 134, 96),
            (cx - int(s * 0.34), cy + int(s * 0.12), int(s * 0.68), int(s * 0.2)),
        )
        _BUILDERS[building](surf, cx, cy, s * 0.62)
    # Bevelled edge: light top-left, dark bottom-right, so neighbouring tiles stay apart.
    edge = max(2, s // 60)
    pygame.draw.lines(surf, (250, 246, 220), False, [(0, s - 1), (0, 0), (s - 1, 0)], edge)
    pygame.draw.lines(surf, (30, 26, 22), False, [(s - 1, 0), (s - 1, s - 1), (0, s - 1)], edge)
    return pygame.transform.smoothscale(surf, (BASE, BASE))


@lru_cache(maxsize=256)
def tile_sprite(kind: str, size: int) -> pygame.Surface:
    """The face of a landscape tile ``kind`` (e.g. ``"forest+castle"``) at ``size`` pixels."""
    size = max(4, int(size))
    base = _base_tile(kind)
    if size == BASE:
        return base
    return pygame.transform.smoothscale(base, (size, size))


@lru_cache(maxsize=64)
def tile_back(letter: str, size: int) -> pygame.Surface:
    """The back of a tile: wood with its letter, as seen on the draw piles."""
    size = max(8, int(size))
    surf = _textured(size, ((120, 86, 52), (160, 118, 72)), ord(letter) * 131)
    pygame.draw.rect(surf, (70, 48, 28), surf.get_rect(), max(1, size // 16))
    label = theme.font(max(10, int(size * 0.8)), bold=True).render(letter, True, (250, 232, 190))
    surf.blit(label, label.get_rect(center=(size // 2, size // 2 + 1)))
    return surf


# -- knights ----------------------------------------------------------------------------------
def draw_mark(
    surf: pygame.Surface, mark: str, centre: tuple[int, int], r: int, colour: theme.Colour
) -> None:
    """The colour-blind cue: one distinct shape per player colour."""
    x, y = centre
    if mark == "circle":
        pygame.draw.circle(surf, colour, centre, r)
    elif mark == "triangle":
        pygame.draw.polygon(
            surf, colour, [(x, y - r), (x + r, y + int(r * 0.8)), (x - r, y + int(r * 0.8))]
        )
    elif mark == "square":
        pygame.draw.rect(
            surf, colour, (x - int(r * 0.85), y - int(r * 0.85), int(r * 1.7), int(r * 1.7))
        )
    elif mark == "diamond":
        pygame.draw.polygon(surf, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif mark == "star":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        pygame.draw.polygon(surf, colour, points)
    else:  # cross
        w = max(2, r // 2)
        pygame.draw.rect(surf, colour, (x - r, y - w // 2, 2 * r, w))
        pygame.draw.rect(surf, colour, (x - w // 2, y - r, w, 2 * r))


@lru_cache(maxsize=16)
def _base_knight(colour: theme.PlayerColour) -> pygame.Surface:
    h = 96 * SUPER
    w = int(h * 0.78)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    outline = (24, 20, 18)
    cx = w // 2
    # A meeple-like figure: helmet, broad shoulders, legs apart.
    body = [
        (cx - int(w * 0.16), int(h * 0.30)),
        (cx - int(w * 0.46), int(h * 0.44)),
        (cx - int(w * 0.40), int(h * 0.56)),
        (cx - int(w * 0.24), int(h * 0.52)),
        (cx - int(w * 0.38), int(h * 0.96)),
        (cx - int(w * 0.08), int(h * 0.96)),
        (cx, int(h * 0.76)),
        (cx + int(w * 0.08), int(h * 0.96)),
        (cx + int(w * 0.38), int(h * 0.96)),
        (cx + int(w * 0.24), int(h * 0.52)),
        (cx + int(w * 0.40), int(h * 0.56)),
        (cx + int(w * 0.46), int(h * 0.44)),
        (cx + int(w * 0.16), int(h * 0.30)),
    ]
    pygame.draw.polygon(surf, colour.rgb, body)
    pygame.draw.polygon(surf, outline, body, 7)
    head = (cx, int(h * 0.2))
    pygame.draw.circle(surf, colour.rgb, head, int(h * 0.15))
    pygame.draw.circle(surf, outline, head, int(h * 0.15), 7)
    pygame.draw.line(
        surf, outline, (cx - int(h * 0.1), head[1]), (cx + int(h * 0.1), head[1]), 6
    )  # visor
    if _marks[0]:
        draw_mark(surf, colour.mark, (cx, int(h * 0.55)), int(h * 0.13), colour.ink)
    return pygame.transform.smoothscale(surf, (w // SUPER, h // SUPER))


@lru_cache(maxsize=128)
def knight_sprite(colour: theme.PlayerColour, height: int) -> pygame.Surface:
    """A knight figure in ``colour`` with its mark, ``height`` pixels tall."""
    height = max(6, int(height))
    base = _base_knight(colour)
    width = max(4, round(base.get_width() * height / base.get_height()))
    return pygame.transform.smoothscale(base, (width, height))


@lru_cache(maxsize=512)
def stack_sprite(colours: tuple[theme.PlayerColour, ...], tile: int) -> pygame.Surface:
    """Knights stacked bottom first, each a little higher, with a count badge: reads at a glance."""
    figure_h = max(8, int(tile * 0.36))
    step = max(3, int(tile * 0.13))
    figure = knight_sprite(colours[0], figure_h)
    fw = figure.get_width()
    badge_r = max(6, int(tile * 0.1))
    height = figure_h + step * (len(colours) - 1) + badge_r
    width = fw + badge_r + 2
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    for i, colour in enumerate(colours):
        y = height - figure_h - i * step
        surf.blit(knight_sprite(colour, figure_h), (0, y))
    if len(colours) > 1 or tile >= 48:
        centre = (width - badge_r - 1, badge_r + 1)
        pygame.draw.circle(surf, (250, 244, 226), centre, badge_r)
        pygame.draw.circle(surf, (24, 20, 18), centre, badge_r, max(1, badge_r // 5))
        number = theme.font(max(10, int(badge_r * 1.9)), bold=True).render(
            str(len(colours)), True, (24, 20, 18)
        )
        surf.blit(number, number.get_rect(center=(centre[0], centre[1] + 1)))
    return surf


_marks = [True]  # the colour-blind mark on each knight (the setting "colour-blind marks")


def set_marks(on: bool) -> None:
    """Draw the colour's mark on knights (on) or plain figures (off)."""
    if _marks[0] != on:
        _marks[0] = on
        for cached in (_base_knight, knight_sprite, stack_sprite):
            cached.cache_clear()


def marks_shown() -> bool:
    return _marks[0]


def clear_caches() -> None:
    """Forget every cached sprite (e.g. after the display mode changed)."""
    for cached in (_base_tile, tile_sprite, tile_back, _base_knight, knight_sprite, stack_sprite):
        cached.cache_clear()
