"""Small dialogs of the rummy table: a name (and for a new player, human or computer level)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core import LEVELS
from game.i18n import N_, _
from game.play.session import level_word
from game.seat_events import MAX_NAME
from game.ui import theme
from game.ui.overlays import ModalBox
from game.ui.widgets import Button, Segmented, TextEntry

if TYPE_CHECKING:
    from game.ui.app import App

KINDS = ("human", *LEVELS)


def kind_word(kind: str) -> str:
    """ "Human", "Medium": who plays a seat, as the choice reads."""
    return _(N_("Human")) if kind == "human" else level_word(kind).capitalize()


class NameDialog(ModalBox):
    """Ask for a name (and optionally who plays the seat); Enter confirms, Esc cancels."""

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
            max_len=MAX_NAME,
        )
        entry.focus(True)
        self.widgets.add(entry)
        if self.ask_kind:
            self.widgets.add(
                Segmented(
                    [kind_word(kind) for kind in KINDS],
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
        error = self.on_ok(self.value.strip(), KINDS[self.kind])
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
        return self.take_input(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, title_y=18)
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
