"""The setup screen: the game, 2–4 (knights) or 2–6 (rummy) seats, and an optional seed.

Each seat has a name, Human or Computer with a level, and a colour; colours stay unique
(clicking the colour chip moves to the next free colour).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.core import LEVELS
from game.deals import MAX_CODE, Deal, DealCodeError, daily_deal, decode
from game.i18n import _
from game.play.deal_session import session_for_deal
from game.play.lesson import has_lesson
from game.play.rating import offers_matched
from game.play.session import (
    COMPUTER_NAMES,
    Seat,
    SeatError,
    Session,
    game_title,
    level_word,
    seat_limits,
    validate_seats,
)
from game.play.setup_memory import offered_seats, remember_seats, remembered_seats
from game.registry import GAME_KEYS
from game.ui import sprites, theme
from game.ui.lesson import offer_lesson, start_lesson
from game.ui.matched_seat import MATCHED_W, matched_button, matched_note, rematched, toggled
from game.ui.scene import Scene
from game.ui.tables import open_table
from game.ui.widgets import Button, Segmented, TextEntry

if TYPE_CHECKING:
    from game.ui.app import App

ROW_H = 58
DEAL_ROW = 80  # the room the deal code row and its message take


class ColourChip(Button):
    """A button showing the seat's knight; clicking picks the next free colour."""

    def __init__(self, seat_index: int, setup: SetupScene, rect: pygame.Rect) -> None:
        super().__init__(
            "",
            lambda: setup.next_colour(seat_index),
            rect,
            ident=f"colour{seat_index}",
            tooltip=_("Click for another colour"),
        )
        self.seat_index = seat_index
        self.setup = setup

    def draw(self, surface: pygame.Surface) -> None:
        colour = theme.seat_colour(self.setup.seats[self.seat_index].colour)
        fill = theme.BUTTON_HOVER if self.hovered else theme.PANEL_DARK
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, colour.rgb, self.rect, width=3, border_radius=8)
        figure = sprites.knight_sprite(colour, self.rect.h - 10)
        surface.blit(figure, figure.get_rect(center=self.rect.center))


class SetupScene(Scene):
    name = "setup"
    help_topic = "general"

    def __init__(self, app: App, game: str = GAME_KEYS[0], seats: list[Seat] | None = None) -> None:
        super().__init__(app)
        self.game = game
        if seats is None:
            seats = offered_seats(game)
        self.seats: list[Seat] = list(seats)
        self.matched_text = ""
        self.seed_text = ""
        self.code_text = ""  # a deal code as typed (untrusted)
        self.today: Callable[[], datetime.date] = datetime.date.today
        self.error = ""
        self.box = pygame.Rect(0, 0, 0, 0)
        self.offer = offer_lesson(app, game)  # a game picked for the first time: its lesson?

    # -- seat editing ----------------------------------------------------------------------
    def set_game(self, index: int) -> None:
        self.game = GAME_KEYS[index]
        self.offer = offer_lesson(self.app, self.game)
        if remembered_seats(self.game) is not None:  # else the seats set here so far stay
            self.seats = offered_seats(self.game)
        low, high = seat_limits(self.game)
        while len(self.seats) > high:
            self.seats.pop()
        while len(self.seats) < low:
            self.add_seat()
        self.error = ""
        self.layout(self.size)

    def free_colour(self, after: int = -1) -> int:
        used = {s.colour for s in self.seats}
        count = len(theme.PLAYER_COLOURS)
        for step in range(1, count + 1):
            candidate = (after + step) % count
            if candidate not in used:
                return candidate
        return after

    def add_seat(self) -> None:
        if len(self.seats) >= seat_limits(self.game)[1]:
            return
        taken = {s.name for s in self.seats}
        name = next(
            (n for n in COMPUTER_NAMES if n not in taken),
            _("Player {number}").format(number=len(self.seats) + 1),
        )
        self.seats.append(Seat(name, False, "medium", self.free_colour()))
        self.error = ""
        self.layout(self.size)

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= seat_limits(self.game)[0]:
            return
        self.seats.pop(index)
        self.error = ""
        self.layout(self.size)

    def set_name(self, index: int, name: str) -> None:
        self.seats[index] = replace(self.seats[index], name=name)
        self.refresh_matched()

    def set_human(self, index: int, human: bool) -> None:
        self.seats[index] = replace(self.seats[index], human=human)
        self.layout(self.size)

    def set_kind(self, index: int, option: int) -> None:
        self.set_human(index, option == 0)

    def set_level(self, index: int, level_index: int) -> None:
        self.seats[index] = replace(self.seats[index], level=LEVELS[level_index], strength=None)
        self.layout(self.size)

    def toggle_matched(self, index: int) -> None:
        self.seats = toggled(self.game, self.seats, index)
        self.layout(self.size)

    def refresh_matched(self) -> None:
        """The matched seats' strength for the people seated now, and the line about it."""
        if not any(seat.strength is not None for seat in self.seats):
            self.matched_text = ""  # nothing matched: no statistics to read (every key typed)
            return
        self.seats = rematched(self.game, self.seats)
        self.matched_text = matched_note(self.game, self.seats)

    def next_colour(self, index: int) -> None:
        self.seats[index] = replace(
            self.seats[index], colour=self.free_colour(self.seats[index].colour)
        )

    def set_seed(self, text: str) -> None:
        self.seed_text = text

    # -- start -----------------------------------------------------------------------------
    def start(self) -> None:
        seats = rematched(self.game, [replace(s, name=s.name.strip()) for s in self.seats])
        try:
            validate_seats(self.game, seats)
            session = Session(self.game, seats, int(self.seed_text) if self.seed_text else None)
        except SeatError as error:
            self.error = str(error)
            return
        remember_seats(self.game, seats)
        self.app.pop(self)
        open_table(self.app, session)

    def back(self) -> None:
        self.app.pop(self)

    # -- a named deal: a deal code, the deal of the day ------------------------------------
    def set_code(self, text: str) -> None:
        self.code_text = text

    def play_code(self) -> None:
        """Deal the typed code's game again: its game and seats count are taken over (the
        seats as set here, added or removed at the end); a code that names no deal is
        refused with the reason, and the field keeps what was typed."""
        try:
            deal = decode(self.code_text)
        except DealCodeError as error:
            self.error = str(error)
            return
        if deal.game != self.game:
            self.set_game(GAME_KEYS.index(deal.game))
        while len(self.seats) > deal.seats:
            self.seats.pop()
        while len(self.seats) < deal.seats:
            self.add_seat()
        self.start_deal(deal)

    def play_daily(self) -> None:
        """The deal of the day of this game for the seats set here."""
        self.start_deal(daily_deal(self.game, self.today(), len(self.seats)))

    def start_deal(self, deal: Deal) -> None:
        seats = [replace(s, name=s.name.strip()) for s in self.seats]
        try:
            validate_seats(self.game, seats)
            session = session_for_deal(seats, deal)
        except SeatError as error:
            self.error = str(error)
            self.layout(self.size)
            return
        remember_seats(self.game, seats)
        self.app.pop(self)
        open_table(self.app, session)

    def add_deal_row(self, x0: int, y: int) -> None:
        """The deal code field, its button and the deal of the day, in one row at ``y``."""
        label_w = theme.text_width(_("Deal code"), theme.FONT_BODY)
        entry = pygame.Rect(x0 + label_w + 14, y, 230, 38)
        self.widgets.add(
            TextEntry(
                self.code_text,
                self.set_code,
                entry,
                ident="code",
                max_len=MAX_CODE + 8,
                placeholder="K3RJ-01Z",
                allowed=lambda ch: ch.isalnum() or ch in " -",
                on_enter=self.play_code,
                tooltip=_("Type a deal code from the results screen to deal that game again"),
            )
        )
        play_w = max(150, theme.text_width(_("Play this deal"), theme.FONT_BODY) + 28)
        self.widgets.add(
            Button(
                _("Play this deal"),
                self.play_code,
                pygame.Rect(entry.right + 10, y - 2, play_w, 42),
                ident="play_code",
            )
        )
        daily_w = max(190, theme.text_width(_("Deal of the day"), theme.FONT_BODY) + 28)
        self.widgets.add(
            Button(
                _("Deal of the day"),
                self.play_daily,
                pygame.Rect(self.box.right - 28 - daily_w, y - 2, daily_w, 42),
                pygame.K_F3,
                ident="daily",
                tooltip=_(
                    "The same deal for everyone on {date} (F3); your best result of the day "
                    "is kept in the statistics"
                ).format(date=self.today().isoformat()),
            )
        )

    def draw_deal_row(self, surface: pygame.Surface) -> None:
        theme.blit_text(
            surface,
            _("Deal code"),
            (self.box.x + 28, self.box.bottom - 62 - DEAL_ROW + 44),
            theme.FONT_BODY,
            theme.TEXT_DIM,
            anchor="midleft",
        )

    def learn(self) -> None:
        """This game's lesson instead of a new game."""
        self.app.pop(self)
        start_lesson(self.app, self.game)

    # -- layout ----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.refresh_matched()
        w, h = size
        low, high = seat_limits(self.game)
        box_w = min(900, w - 40)
        box_h = min(250 + DEAL_ROW + high * ROW_H, h - 30)
        row_h = min(ROW_H, (box_h - 250 - DEAL_ROW) // high)  # rows shrink on short windows
        field_h = min(38, row_h - 8)
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (w // 2, h // 2)
        self.widgets.tooltip_bounds = self.box.inflate(-8, -8)
        # Columns share the width: chip | name | human/computer | level | remove.
        rest = box_w - 56 - 64 - 48 - 24
        matched = offers_matched(self.game)  # its toggle takes room from the other columns
        name_w = int(rest * (0.22 if matched else 0.25))
        kind_w = int(rest * (0.25 if matched else 0.30))
        level_w = rest - name_w - kind_w
        self.widgets.clear()
        x0 = self.box.x + 28
        add = self.widgets.add
        add(
            Segmented(
                [game_title(g) for g in GAME_KEYS],
                GAME_KEYS.index(self.game),
                self.set_game,
                pygame.Rect(x0, self.box.y + 70, 420, 40),
                ident="game",
            )
        )
        learn = Button(
            _("Learn to play"),
            self.learn,
            pygame.Rect(self.box.right - 228, self.box.y + 70, 200, 40),
            ident="learn",
            tooltip=_("A guided first game, step by step"),
        )
        learn.visible = has_lesson(self.game)
        add(learn)
        y = self.box.y + 130
        for i, seat in enumerate(self.seats):
            x = x0
            add(ColourChip(i, self, pygame.Rect(x, y, 52, field_h + 10)))
            x += 64
            add(
                TextEntry(
                    seat.name,
                    partial(self.set_name, i),
                    pygame.Rect(x, y + 5, name_w, field_h),
                    ident=f"name{i}",
                    max_len=14,
                    tooltip=_("Click to rename"),
                )
            )
            x += name_w + 12
            add(
                Segmented(
                    [_("Human"), _("Computer")],
                    0 if seat.human else 1,
                    partial(self.set_kind, i),
                    pygame.Rect(x, y + 5, kind_w, field_h),
                    ident=f"kind{i}",
                    size=theme.FONT_SMALL + 2,
                )
            )
            x += kind_w + 12
            level = Segmented(
                [level_word(lv).capitalize() for lv in LEVELS],
                LEVELS.index(seat.level),
                partial(self.set_level, i),
                pygame.Rect(x, y + 5, level_w - (MATCHED_W + 8) * matched, field_h),
                ident=f"level{i}",
                size=theme.FONT_SMALL + 2,
                tooltip=_(
                    "Easy: beginner · Medium: greedy · Hard: ~1 s search · Expert: ~3 s search"
                ),
            )
            level.visible = not seat.human
            add(level)
            if matched and not seat.human:
                toggle = partial(self.toggle_matched, i)
                spot = pygame.Rect(x + level_w - MATCHED_W, y + 5, MATCHED_W, field_h)
                add(matched_button(self.game, self.seats, i, spot, toggle))
            x += level_w + 12
            remove = Button(
                "X",
                partial(self.remove_seat, i),
                pygame.Rect(x, y + 7, 36, field_h - 4),
                ident=f"remove{i}",
                tooltip=_("Remove this seat"),
            )
            remove.enabled = len(self.seats) > low
            add(remove)
            y += row_h
        add_button = Button(
            _("+ Add seat"),
            self.add_seat,
            pygame.Rect(x0, y + 4, 180, 40),
            pygame.K_F2,
            ident="add",
            tooltip=_("Up to {high} seats").format(high=high),
        )
        add_button.enabled = len(self.seats) < high
        add(add_button)
        bottom = self.box.bottom - 62
        self.add_deal_row(x0, bottom - DEAL_ROW + 25)
        seed_label_w = max(56, theme.font(theme.FONT_BODY).size(_("Seed"))[0])
        add(
            TextEntry(
                self.seed_text,
                self.set_seed,
                pygame.Rect(x0 + seed_label_w + 14, bottom + 6, 150, 38),
                ident="seed",
                max_len=9,
                placeholder=_("random"),
                allowed=str.isdigit,
                tooltip=_("Same seed, same deal"),
            )
        )
        add(
            Button(
                _("Back"),
                self.back,
                pygame.Rect(self.box.right - 360, bottom, 150, 46),
                pygame.K_ESCAPE,
                ident="back",
            )
        )
        add(
            Button(
                _("Start"),
                self.start,
                pygame.Rect(self.box.right - 196, bottom, 168, 46),
                pygame.K_RETURN,
                ident="start",
                size=theme.FONT_LARGE,
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.panel(surface, self.box)
        theme.blit_text(
            surface,
            _("New game: {game}").format(game=game_title(self.game)),
            (self.box.x + 28, self.box.y + 20),
            theme.FONT_LARGE,
            theme.ACCENT,
            True,
        )
        low, high = seat_limits(self.game)
        note = _("{low}–{high} players · colours are unique · names can be edited").format(
            low=low, high=high
        )
        if self.offer:  # the first time: the lesson is offered (its button is lit)
            note = _("New to this game? Learn to play: about 5 minutes")
            pygame.draw.rect(
                surface, theme.ACCENT, self.widget("learn").inflate(8, 8), 3, border_radius=10
            )
        theme.blit_text(
            surface,
            note,
            (self.box.right - 28, self.box.y + 28),
            theme.FONT_SMALL,
            theme.ACCENT if self.offer else theme.TEXT_DIM,
            anchor="topright",
        )
        theme.blit_text(
            surface,
            _("Seed"),
            (self.box.x + 28, self.box.bottom - 38),
            theme.FONT_BODY,
            theme.TEXT_DIM,
            anchor="midleft",
        )
        self.draw_deal_row(surface)
        if self.matched_text and not self.error:
            theme.blit_text(
                surface,
                self.matched_text,
                (self.box.centerx, self.box.bottom - 62 - DEAL_ROW + 18),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                anchor="midbottom",
            )
        if self.error:
            lines = theme.wrap(self.error, theme.FONT_BODY, self.box.w - 56)
            bottom = self.box.bottom - 62 - DEAL_ROW + 18
            for i, line in enumerate(reversed(lines)):
                theme.blit_text(
                    surface,
                    line,
                    (self.box.centerx, bottom - i * 24),
                    theme.FONT_BODY,
                    theme.BAD,
                    True,
                    "midbottom",
                )
        self.widgets.draw(surface)
