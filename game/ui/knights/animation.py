"""Step-by-step moves: a laid tile slides in, deployed knights march along their path.

An animation names the state to show underneath it (``display_state``) and the cells whose
knights it draws itself (``hide_knights``); the table renders the board for that state once
and lets the animation draw on top each frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.ui import sprites, theme
from game.ui.knights.board_render import blit_stack
from game.ui.knights.geometry import BoardGeometry, Pos


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


class Animation:
    def __init__(self, duration: float, display_state: Any) -> None:
        self.duration = max(0.0, duration)
        self.elapsed = 0.0
        self.display_state = display_state
        self.hide_knights: frozenset[Pos] = frozenset()

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def draw(
        self, surface: pygame.Surface, geom: BoardGeometry, colours: Sequence[theme.PlayerColour]
    ) -> None:
        pass


class Wait(Animation):
    """A pause so the eye can follow (e.g. after a computer ends its turn)."""


class TileSlide(Animation):
    """A tile flies from ``start`` (screen pixels) to its cell and settles there."""

    def __init__(
        self, kind: str, start: tuple[int, int], target: Pos, duration: float, display_state: Any
    ) -> None:
        super().__init__(duration, display_state)
        self.kind = kind
        self.start = start
        self.target = target

    def draw(
        self, surface: pygame.Surface, geom: BoardGeometry, colours: Sequence[theme.PlayerColour]
    ) -> None:
        t = ease_out(self.progress)
        end = geom.cell_centre(*self.target)
        x = self.start[0] + (end[0] - self.start[0]) * t
        y = self.start[1] + (end[1] - self.start[1]) * t
        size = max(8, int(geom.tile * (0.7 + 0.3 * t)) - 2)
        sprite = sprites.tile_sprite(self.kind, size)
        rect = sprite.get_rect(center=(int(x), int(y) - int(12 * (1 - t))))
        pygame.draw.rect(surface, (16, 12, 10), rect.move(4, 6), border_radius=4)
        surface.blit(sprite, rect)


class KnightMarch(Animation):
    """Knights appear on the castle and walk the path, leaving their drops behind."""

    def __init__(
        self,
        path: Sequence[tuple[Pos, int]],
        seat: int,
        before: Any,
        after: Any,
        duration: float,
    ) -> None:
        super().__init__(duration, after)
        self.path = list(path)
        self.seat = seat
        self.before = before
        self.after = after
        self.hide_knights = frozenset(pos for pos, _ in self.path)

    def frame(self) -> tuple[dict[Pos, tuple[int, ...]], tuple[Pos, Pos, float, int] | None]:
        """What shows now: the stack on every path cell, and the walking group as
        (from cell, to cell, fraction of the way, knights carried), None when it stands."""
        stacks: dict[Pos, tuple[int, ...]] = {}
        if self.progress >= 1.0 or not self.path:
            for pos, _ in self.path:
                stacks[pos] = tuple(self.after.board[pos].knights)
            return stacks, None
        steps = len(self.path) - 1
        # First quarter: the group gathers on the castle; then it walks to the last tile.
        walk = max(0.0, (self.progress - 0.25) / 0.75) * steps
        reached = min(int(walk), steps)
        frac = ease_out(walk - reached) if reached < steps else 0.0
        standing = frac < 0.02  # on the reached cell, not between two cells
        for i, (pos, _) in enumerate(self.path):
            # Cells behind the group (and the one it is leaving) hold their final stacks.
            board = (
                self.after.board
                if i < reached or (i == reached and not standing)
                else self.before.board
            )
            stacks[pos] = tuple(board[pos].knights)
        here = self.path[reached][0]
        if standing:
            carried = sum(drop for _, drop in self.path[reached:])
            stacks[here] = stacks[here] + (self.seat,) * carried
            return stacks, None
        carried = sum(drop for _, drop in self.path[reached + 1 :])
        return stacks, (here, self.path[reached + 1][0], frac, carried)

    def draw(
        self, surface: pygame.Surface, geom: BoardGeometry, colours: Sequence[theme.PlayerColour]
    ) -> None:
        stacks, group = self.frame()
        for pos, knights in stacks.items():
            blit_stack(surface, geom.cell_rect(*pos), knights, colours)
        if group is None:
            return
        start, end, frac, carried = group
        a, b = geom.cell_rect(*start), geom.cell_rect(*end)
        hop = int(math.sin(frac * math.pi) * geom.tile * 0.15)
        cell = pygame.Rect(
            int(a.x + (b.x - a.x) * frac), int(a.y + (b.y - a.y) * frac) - hop, a.w, a.h
        )
        blit_stack(surface, cell, (self.seat,) * carried, colours)
