"""Small pictures for the rules screen: each game draws its own (its plug-in's
``rules_pictures_ref``) with the helpers here for headings and captions."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.registry import GAMES, resolve
from game.ui import theme


def heading(surface: pygame.Surface, text: str, y: int) -> int:
    """Draw a heading at ``y``; the y below it."""
    theme.blit_text(surface, text, (0, y), theme.FONT_BODY, theme.ACCENT, True)
    return y + theme.font(theme.FONT_BODY, True).get_linesize() + 6


def caption(surface: pygame.Surface, text: str, x: int, y: int, width: int) -> int:
    """Draw ``text`` wrapped to ``width`` at (x, y); the y below it."""
    line_h = theme.font(theme.FONT_SMALL).get_linesize()
    for line in theme.wrap(text, theme.FONT_SMALL, width):
        theme.blit_text(surface, line, (x, y), theme.FONT_SMALL, theme.TEXT_DIM)
        y += line_h
    return y


def pictures(topic: str, width: int) -> pygame.Surface | None:
    """The pictures for a help topic (a game's key, see the registry), or None."""
    spec = GAMES.get(topic)
    if spec is None:
        return None
    draw: Callable[[int], pygame.Surface] = resolve(spec.rules_pictures_ref)
    return draw(width)
