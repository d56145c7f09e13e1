"""Lighting things on a table: a pulsing frame around each rect (a lesson's targets)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.ui import theme
from game.ui.lesson import lit_colour


def draw_lit(surface: pygame.Surface, rects: Iterable[pygame.Rect], clock: float) -> None:
    """A frame in the lesson's pulsing light around each rect, with a shadow to stand out."""
    glow = lit_colour(clock)
    for rect in rects:
        pygame.draw.rect(surface, theme.SHADOW, rect.inflate(6, 6), 3, border_radius=11)
        pygame.draw.rect(surface, glow, rect, 5, border_radius=9)
