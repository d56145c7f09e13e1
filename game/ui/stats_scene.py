"""The statistics screen: per game and opponent level, played, won, win rate, best and average;
and on its second page each person's rating per game (``game.ui.rating_view``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.persist import Stats, load_stats
from game.persist.daily import DailyRecords, load_daily
from game.persist.stats import LOWER_IS_BETTER, OPPONENTS
from game.play.session import level_word
from game.registry import GAMES
from game.ui import theme
from game.ui.daily_view import draw_daily
from game.ui.overlays import clicked_outside, dim
from game.ui.rating_view import draw_ratings, rated_people
from game.ui.scene import Scene
from game.ui.widgets import Button, Segmented

if TYPE_CHECKING:
    from game.ui.app import App


class StatsScene(Scene):
    opaque = False
    name = "stats"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats: Stats = load_stats()
        self.daily: DailyRecords = load_daily()
        self.daily_page = False  # the deal of the day's records instead of the results
        self.box = pygame.Rect(0, 0, 0, 0)
        self.page = 0  # 0: the results, 1: the ratings
        people = rated_people(self.stats)
        self.person = people[0] if people else ""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.box = pygame.Rect(0, 0, min(900, size[0] - 30), min(640, size[1] - 30))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        self.widgets.add(
            Button(
                _("Close"),
                lambda: self.app.pop(self),
                pygame.Rect(self.box.right - 28 - 150, self.box.bottom - 58, 150, 42),
                pygame.K_ESCAPE,
                ident="close",
            )
        )
        self.add_rating_controls()
        if self.page == 0:
            self.add_daily_button()

    def add_rating_controls(self) -> None:
        """The switch between the results and the ratings, and there the choice of person."""
        b = self.box
        self.widgets.add(
            Segmented(
                [_("Results"), _("Ratings")],
                self.page,
                self.show_page,
                pygame.Rect(b.right - 28 - 300, b.y + 18, 300, 38),
                ident="stats_page",
                size=theme.FONT_SMALL + 2,
            )
        )
        people = rated_people(self.stats)
        if self.page == 1 and len(people) > 1:
            self.widgets.add(
                Segmented(
                    people,
                    people.index(self.person) if self.person in people else 0,
                    lambda index: self.show_person(people[index]),
                    pygame.Rect(b.x + 28, b.bottom - 58, min(560, b.w - 240), 42),
                    ident="person",
                    size=theme.FONT_SMALL + 2,
                )
            )

    def show_page(self, page: int) -> None:
        self.page = page
        self.daily_page = False
        self.layout(self.size)

    def show_person(self, name: str) -> None:
        self.person = name

    def add_daily_button(self) -> None:
        label = _("Results") if self.daily_page else _("Deal of the day")
        width = max(190, theme.text_width(label, theme.FONT_BODY) + 28)
        rect = pygame.Rect(self.box.x + 28, self.box.bottom - 58, width, 42)
        self.widgets.add(Button(label, self.toggle_daily, rect, pygame.K_d, ident="daily"))

    def toggle_daily(self) -> None:
        self.daily_page = not self.daily_page
        self.layout(self.size)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event) or clicked_outside(self, event, self.box):
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        b = self.box
        theme.panel(surface, b)
        theme.blit_text(
            surface, _("Statistics"), (b.x + 28, b.y + 20), theme.FONT_LARGE, theme.ACCENT, True
        )
        if self.page == 1:
            self.draw_ratings_page(surface)
            return
        if self.daily_page:
            area = pygame.Rect(b.x + 28, b.y + 70, b.w - 56, b.h - 70 - 80)
            draw_daily(surface, area, self.daily)
            self.widgets.draw(surface)
            return
        headings = (_("Opponents"), _("Played"), _("Won"), _("Win rate"), _("Best"), _("Average"))
        xs = [b.x + 28] + [b.x + 28 + int((b.w - 56) * f) for f in (0.3, 0.44, 0.56, 0.72, 0.86)]
        y = b.y + 70
        line = theme.font(theme.FONT_BODY).get_linesize() + 6
        for game, spec in GAMES.items():
            theme.blit_text(
                surface, _(spec.info.title), (b.x + 28, y), theme.FONT_BODY + 2, theme.ACCENT, True
            )
            note = (
                _("score: penalty points per round, lower is better")
                if LOWER_IS_BETTER[game]
                else _("score: points per game")
            )
            theme.blit_text(
                surface,
                note,
                (b.right - 28, y + 4),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                anchor="topright",
            )
            y += line
            for x, heading in zip(xs, headings, strict=True):
                theme.blit_text(surface, heading, (x, y), theme.FONT_SMALL, theme.TEXT_DIM, True)
            y += line - 4
            shown = 0
            for level in OPPONENTS:
                record = self.stats.get(game, level)
                if not record.played:
                    continue
                shown += 1
                rate = record.win_rate or 0.0
                average = record.average or 0.0
                values = (
                    level_word(level),
                    str(record.played),
                    str(record.won),
                    f"{rate * 100:.0f} %",
                    str(record.best),
                    f"{average:.1f}",
                )
                for x, value in zip(xs, values, strict=True):
                    theme.blit_text(surface, value, (x, y))
                y += line
            if not shown:
                theme.blit_text(
                    surface, _("No games played yet."), (xs[0], y), colour=theme.TEXT_DIM
                )
                y += line
            y += 14
        self.widgets.draw(surface)

    def draw_ratings_page(self, surface: pygame.Surface) -> None:
        b = self.box
        bottom = b.bottom - 70
        for problem in reversed(self.stats.problems[:2]):
            bottom -= theme.font(theme.FONT_SMALL).get_linesize()
            theme.blit_text(surface, problem, (b.x + 28, bottom), theme.FONT_SMALL, theme.BAD)
        area = pygame.Rect(b.x + 28, b.y + 72, b.w - 56, bottom - b.y - 80)
        if self.person:
            theme.blit_text(
                surface,
                self.person,
                (b.right - 28, b.y + 72),
                theme.FONT_BODY,
                theme.TEXT,
                True,
                anchor="topright",
            )
        draw_ratings(surface, area, self.stats, self.person)
        self.widgets.draw(surface)
