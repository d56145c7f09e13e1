"""The deal code as the screens show it (results, pause): one line, or nothing for a game
whose deals have no codes."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.play.deal_session import session_deal_code
from game.ui import theme

LINE_H = 30  # the room a screen keeps for the line


def deal_code_line(session: Any, how: bool = True) -> str | None:
    """The line "Deal code: K3RJ-01Z" for the deal the session's position plays (``how``:
    with how to play it again), or None."""
    code = session_deal_code(session)
    if code is None:
        return None
    if not how:
        return _("Deal code: {code}").format(code=code)
    return _("Deal code: {code}: type it in a new game's setup to play it again").format(code=code)


def draw_deal_code(
    surface: pygame.Surface, session: Any, box: pygame.Rect, y: int, how: bool = True
) -> None:
    """The deal code line centred in ``box`` with its middle at ``y`` (fitted to the box)."""
    line = deal_code_line(session, how)
    if line is None:
        return
    size = theme.FONT_SMALL
    while size > 12 and theme.text_width(line, size) > box.w - 32:
        size -= 1
    theme.blit_text(surface, line, (box.centerx, y), size, theme.HIGHLIGHT, False, "center")
