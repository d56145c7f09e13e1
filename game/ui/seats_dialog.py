"""Who plays each seat, changed mid-game: a player who has to go hands his seat to the computer
at a level he picks, and takes it back when he returns; a computer seat's level can change.

Opened from the pause menu ("Seats") of either table. Each change goes through the table's
:meth:`~game.ui.table_shell.TableScene.change_seats`, so it is recorded in the history, logged
("Anna has left; the computer plays for that seat (hard)"), saved and restored; the statistics
count a game only for the people who played it to the end themselves.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core import LEVELS
from game.i18n import _
from game.play.session import level_word
from game.ui import sprites, theme
from game.ui.overlays import dim, handle_modal
from game.ui.scene import Scene
from game.ui.widgets import Button, Segmented

if TYPE_CHECKING:
    from game.ui.app import App

ROW_H = 56


def seat_choices() -> list[str]:
    """The choices of a seat's row: a person, or the computer at each level."""
    return [_("Person"), *(level_word(level).capitalize() for level in LEVELS)]


def choice_of(human: bool, level: str) -> int:
    return 0 if human else 1 + LEVELS.index(level)


class SeatsDialog(Scene):
    """One row per seat: its name and a choice of person or computer level."""

    opaque = False
    name = "seats"

    def __init__(self, app: App, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        seats = self.table.session.seats
        width = min(760, size[0] - 40)
        height = min(size[1] - 20, 150 + ROW_H * len(seats))
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        choice_w = min(460, width - 260)
        for seat, info in enumerate(seats):
            rect = pygame.Rect(
                self.box.right - 30 - choice_w, self.box.y + 70 + seat * ROW_H, choice_w, 40
            )
            self.widgets.add(
                Segmented(
                    seat_choices(),
                    choice_of(info.human, info.level),
                    partial(self.choose, seat),
                    rect,
                    ident=f"seat{seat}",
                    size=theme.FONT_SMALL + 2,
                    tooltip=_("Who plays this seat from now on"),
                )
            )
        self.widgets.add(
            Button(
                _("Close"),
                lambda: self.app.pop(self),
                pygame.Rect(self.box.centerx - 80, self.box.bottom - 58, 160, 42),
                pygame.K_ESCAPE,
                ident="close",
            )
        )

    def choose(self, seat: int, index: int) -> None:
        """Seat ``seat`` is played by a person (0) or the computer at ``LEVELS[index - 1]``."""
        session = self.table.session
        info = session.seats[seat]
        if index == choice_of(info.human, info.level):
            return
        if index == 0:
            self.table.change_seats(lambda: session.take_back(seat))
        else:
            self.table.change_seats(lambda: session.hand_over(seat, LEVELS[index - 1]))
        self.layout(self.size)  # the rows show what the seats are now

    def handle(self, event: pygame.event.Event) -> bool:
        return handle_modal(self, event, self.box)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        theme.panel(surface, self.box)
        theme.blit_text(
            surface,
            _("Who plays each seat"),
            (self.box.x + 30, self.box.y + 22),
            theme.FONT_LARGE,
            theme.ACCENT,
            True,
        )
        for seat, info in enumerate(self.table.session.seats):
            y = self.box.y + 70 + seat * ROW_H
            knight = sprites.knight_sprite(theme.seat_colour(info.colour), 30)
            surface.blit(knight, (self.box.x + 30, y + 5))
            name = theme.ellipsize(info.name, theme.FONT_BODY, 180)
            theme.blit_text(surface, name, (self.box.x + 70, y + 10), theme.FONT_BODY)
        self.widgets.draw(surface)
