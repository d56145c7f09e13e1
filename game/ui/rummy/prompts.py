"""Small dialogs of the rummy table: a name (and for a new player, human or computer level)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.ui import theme
from game.ui.overlays import dim
from game.ui.scene import Scene
from game.ui.widgets import Button, Segmented, TextEntry

if TYPE_CHECKING:
    from game.ui.app import App

KINDS = ("Human", "Easy", "Medium", "Hard", "Expert")
KIND_WORDS = (N_("Human"), N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"))


class NameDialog(Scene):
    """Ask for a name (and optionally who plays the seat); Enter confirms, Esc cancels."""

    opaque = False
    name = "name-dialog"

    def __init__(
        self,
        app: App,
        title: str,
        initial: str,
        on_ok: Callable[[str, str], str | None],
        ask_kind: bool = False,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.value = initial
        self.kind = 2  # medium computer by default
        self.ask_kind = ask_kind
        self.on_ok = on_ok  # returns an error to show, or None when done
        self.error = ""
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        height = 250 if self.ask_kind else 200
        self.box = pygame.Rect(0, 0, min(520, size[0] - 40), height)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        entry = TextEntry(
            self.value,
            self._set_value,
            pygame.Rect(self.box.x + 30, self.box.y + 66, self.box.w - 60, 38),
            ident="name",
            max_len=16,
        )
        entry.focus(True)
        self.widgets.add(entry)
        if self.ask_kind:
            self.widgets.add(
                Segmented(
                    [_(word) for word in KIND_WORDS],
                    self.kind,
                    self._set_kind,
                    pygame.Rect(self.box.x + 30, self.box.y + 116, self.box.w - 60, 36),
                    ident="kind",
                    size=theme.FONT_SMALL,
                )
            )
        bottom = self.box.bottom - 56
        self.widgets.add(
            Button(
                _("OK"),
                self.confirm,
                pygame.Rect(self.box.centerx - 170, bottom, 160, 42),
                ident="ok",
            )
        )
        self.widgets.add(
            Button(
                _("Cancel"),
                self.cancel,
                pygame.Rect(self.box.centerx + 10, bottom, 160, 42),
                ident="cancel",
            )
        )

    def _set_value(self, value: str) -> None:
        self.value = value

    def _set_kind(self, index: int) -> None:
        self.kind = index

    def confirm(self) -> None:
        error = self.on_ok(self.value.strip(), KINDS[self.kind].lower())
        if error:
            self.error = error
        else:
            self.app.pop(self)

    def cancel(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        self.widgets.handle(event)
        return event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.TEXTINPUT,
        )

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        theme.panel(surface, self.box)
        theme.blit_text(
            surface,
            self.title,
            (self.box.centerx, self.box.y + 18),
            theme.FONT_LARGE,
            theme.ACCENT,
            True,
            "midtop",
        )
        if self.error:
            theme.blit_text(
                surface,
                self.error,
                (self.box.centerx, self.box.bottom - 78),
                theme.FONT_SMALL,
                theme.BAD,
                anchor="midbottom",
            )
        self.widgets.draw(surface)
