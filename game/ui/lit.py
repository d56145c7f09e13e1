"""Lighting things on a table: a pulsing frame around each rect (a lesson's targets)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.ui import theme


def draw_lit(surface: pygame.Surface, rects: Iterable[pygame.Rect], clock: float) -> None:
    """A frame that pulses between the accent and the highlight colour around each rect."""
    pulse = 0.5 + 0.5 * abs(((clock * 1.6) % 2) - 1)
    glow = theme.mix(theme.ACCENT, theme.HIGHLIGHT, pulse)
    for rect in rects:
        pygame.draw.rect(surface, theme.SHADOW, rect.inflate(4, 4), 2, border_radius=10)
        pygame.draw.rect(surface, glow, rect, 4, border_radius=9)
