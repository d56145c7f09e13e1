"""Nim's end screen: who took the last stone, then a rematch, the review or the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.overlays import dim
from game.ui.review.opening import review_session
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table_shell import TableScene


class NimResultsScene(Scene):
    opaque = False
    name = "results"

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.state = table.session.state
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.box = pygame.Rect(0, 0, min(620, size[0] - 40), 200)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        entries = [
            (_("Rematch"), self.table.rematch, pygame.K_r, "rematch"),
            (
                _("Review"),
                lambda: review_session(self.app, self.table.session),
                pygame.K_v,
                "review",
            ),
            (_("Main menu"), self.table.back_to_menu, pygame.K_m, "menu"),
        ]
        width = (self.box.w - 48 - 24) // len(entries)
        for i, (label, callback, key, ident) in enumerate(entries):
            rect = pygame.Rect(self.box.x + 24 + i * (width + 12), self.box.bottom - 62, width, 44)
            self.widgets.add(Button(label, callback, rect, key, ident=ident))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.back_to_menu()
            return True
        self.widgets.handle(event)
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 140)
        theme.panel(surface, self.box)
        winner = self.state.winner
        name = self.table.session.seats[winner].name if winner is not None else ""
        title = _("{name} wins!").format(name=name)
        theme.blit_text(
            surface,
            title,
            (self.box.centerx, self.box.y + 18),
            theme.FONT_TITLE,
            theme.ACCENT,
            True,
            "midtop",
        )
        self.widgets.draw(surface)
