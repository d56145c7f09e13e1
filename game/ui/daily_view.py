"""The statistics screen's page of the deal of the day: each person's best result per day."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.persist.daily import DailyRecords
from game.persist.stats import LOWER_IS_BETTER
from game.registry import GAMES
from game.ui import theme


def draw_daily(surface: pygame.Surface, area: pygame.Rect, records: DailyRecords) -> None:
    """The newest days first, as many rows as ``area`` holds."""
    line = theme.font(theme.FONT_BODY).get_linesize() + 6
    title = _("Deal of the day: each person's best result per day")
    theme.blit_text(surface, title, area.topleft, theme.FONT_BODY + 2, theme.ACCENT, True)
    area = pygame.Rect(area.x, area.y + line + 6, area.w, area.h - line - 6)
    headings = (_("Day"), _("Game"), _("Players"), _("Name"), _("Best"), _("Played"), _("Won"))
    fractions = (0.0, 0.15, 0.4, 0.5, 0.7, 0.8, 0.9)
    xs = [area.x + int(area.w * f) for f in fractions]
    for x, heading in zip(xs, headings, strict=True):
        theme.blit_text(surface, heading, (x, area.y), theme.FONT_SMALL, theme.TEXT_DIM, True)
    y = area.y + line - 4
    rows = max(0, (area.bottom - y) // line)
    shown = records.newest(rows)
    if not shown:
        note = _("No deal of the day played yet: Deal of the day in a new game's setup.")
        theme.blit_text(surface, note, (area.x, y), colour=theme.TEXT_DIM)
        return
    for entry in shown:
        values = (
            entry.day.isoformat(),
            _(GAMES[entry.game].info.title),
            str(entry.seats),
            entry.name,
            str(entry.best),
            str(entry.played),
            str(entry.won),
        )
        for x, value in zip(xs, values, strict=True):
            theme.blit_text(surface, value, (x, y))
        y += line
    if any(LOWER_IS_BETTER[entry.game] for entry in shown):
        note = _("Best: the day's best score (the most points, or the fewest penalty points).")
        theme.blit_text(surface, note, (area.x, y + 4), theme.FONT_SMALL, theme.TEXT_DIM)
