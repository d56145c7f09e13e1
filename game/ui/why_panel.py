"""The "why?" panel: the last computer turn's move and the others its player weighed most,
with their chances and reasons (the lines of :mod:`game.play.why`), and the box that shows a
hint's reasons on the table. Shared by every game's table; it names no game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.play.why import HEAD, NOTE, OPTION, PLAYED, REASON, WhyRecord, why_lines
from game.ui import theme
from game.ui.overlays import ModalBox
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

INDENT = {PLAYED: 0, OPTION: 0, REASON: 22, NOTE: 0}
COLOUR = {PLAYED: theme.GOOD, OPTION: theme.TEXT, REASON: theme.TEXT_DIM, NOTE: theme.TEXT_DIM}


class WhyPanel(ModalBox):
    """W (or the Why? button) at a table: what the computer weighed for its last turn."""

    name = "why"

    def __init__(self, app: App, record: WhyRecord, names: Sequence[str]) -> None:
        super().__init__(app)
        self.record = record
        self.names = list(names)
        self.rows: list[tuple[str, str, int]] = []  # (text, kind, indent) as laid out
        self.box = pygame.Rect(0, 0, 0, 0)

    def content(self) -> list[tuple[str, str]]:
        """The panel's lines in the language of the moment (the first is its title)."""
        return why_lines(self.record, self.names)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        lines = self.content()
        self.title = lines[0][0] if lines and lines[0][1] == HEAD else ""
        width = min(760, size[0] - 40)
        self.rows = []
        for text, kind in lines[1:]:
            indent = INDENT.get(kind, 0)
            for i, part in enumerate(theme.wrap(text, theme.FONT_SMALL + 2, width - 56 - indent)):
                self.rows.append((part, kind, indent + (12 if kind == REASON and i else 0)))
        line_h = theme.font(theme.FONT_SMALL + 2).get_linesize()
        height = 70 + len(self.rows) * line_h + 24 + 42 + 18
        self.box = pygame.Rect(0, 0, width, min(height, size[1] - 20))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        close = pygame.Rect(self.box.centerx - 80, self.box.bottom - 60, 160, 42)
        self.widgets.add(
            Button(_("Close"), lambda: self.app.pop(self), close, pygame.K_ESCAPE, ident="close")
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_w, pygame.K_RETURN):
            self.app.pop(self)
            return True
        return self.take_input(event)

    def settings_changed(self, settings: object) -> None:
        self.layout(self.size)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        line_h = theme.font(theme.FONT_SMALL + 2).get_linesize()
        y = self.box.y + 64
        bottom = self.box.bottom - 70
        for text, kind, indent in self.rows:
            if y + line_h > bottom:
                break
            bold = kind in (PLAYED, OPTION)
            if kind == REASON and indent == INDENT[REASON]:
                _bullet(surface, (self.box.x + 28 + indent - 8, y + line_h // 2))
            colour = COLOUR.get(kind, theme.TEXT)
            theme.blit_text(
                surface,
                text,
                (self.box.x + 28 + indent, y),
                theme.FONT_SMALL + 2,
                colour,
                bold,
                "topleft",
            )
            y += line_h + (4 if kind == REASON else 0)
        self.widgets.draw(surface)


def draw_reasons(
    surface: pygame.Surface,
    lines: Sequence[str],
    area: pygame.Rect,
    keep_clear: Sequence[pygame.Rect] = (),
) -> None:
    """A hint's reasons in a small gold-edged box at the bottom left of ``area`` (the board or
    the table), over what is drawn there; at its top left instead when the box would hide one
    of ``keep_clear`` (the place the hint points at)."""
    if not lines:
        return
    size = theme.FONT_SMALL + 1
    line_h = theme.font(size).get_linesize()
    width = min(area.w - 16, 24 + max(theme.text_width(line, size) for line in lines) + 16)
    shown = [theme.ellipsize(line, size, width - 36) for line in lines]
    box = pygame.Rect(area.x + 8, 0, max(120, width), 12 + line_h * (len(shown) + 1))
    box.bottom = area.bottom - 8
    if any(box.colliderect(rect) for rect in keep_clear):
        box.top = area.top + 8
    theme.panel(surface, box, theme.PANEL_DARK, 8)
    pygame.draw.rect(surface, theme.ACCENT, box, width=2, border_radius=8)
    theme.blit_text(
        surface, _("Why:"), (box.x + 12, box.y + 6), size, theme.ACCENT, True, "topleft"
    )
    for i, line in enumerate(shown):
        y = box.y + 6 + line_h * (i + 1)
        _bullet(surface, (box.x + 16, y + line_h // 2))
        theme.blit_text(surface, line, (box.x + 24, y), size, theme.TEXT, False, "topleft")


def _bullet(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    pygame.draw.circle(surface, theme.ACCENT, centre, 3)
