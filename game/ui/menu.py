"""The main menu: continue, load, choose a game, rules, statistics, settings, or quit."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.persist import SavedGame, SaveError, load_autosave
from game.play.session import game_title
from game.registry import GAMES
from game.ui import sprites, theme
from game.ui.lesson import choose_lesson
from game.ui.saving import ask_to_replace, resume
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

# Tiles laid out behind the title, as a little landscape.
_DECOR = (
    ("plain+castle", 0, 0),
    ("forest+village", 1, 0),
    ("mountain", 2, 0),
    ("plain+town", 3, 0),
    ("forest", 4, 0),
    ("lake", 5, 0),  # no knight stands here: the knights are on tiles 0, 2, 4 and 6
    ("plain+village", 6, 0),
)


class MenuScene(Scene):
    name = "menu"
    help_topic = "general"
    idle_fps = 15.0  # the knights bob gently: smooth enough, a fraction of the full rate
    # Nobody has touched anything for this long: the knights stand still and the menu is drawn
    # once a second (any key, click or mouse movement wakes them at once).
    PAUSE_AFTER = 20.0
    paused_fps = 1.0

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.saved: SavedGame | None = None
        self.continue_problem: str | None = None
        self.check_autosave()

    def check_autosave(self) -> None:
        """Continue is offered only for an autosave that loads."""
        self.saved, self.continue_problem = None, None
        try:
            self.saved = load_autosave()
        except SaveError as error:
            self.continue_problem = str(error)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.widgets.clear()
        w, h = size
        bw, gap = min(320, (w - 60) // 2), 12
        top = max(h // 2 - 10, 300)
        rows = -(-(len(GAMES) + 7) // 2)  # the games and the seven other entries, two a row
        bh = max(30, min(50, (h - top - 40) // rows - gap))  # short windows: lower buttons
        if self.saved is not None:
            continue_tip = _("Go on with the game you were playing")
        else:
            continue_tip = self.continue_problem or _("No game in progress")
        entries: list[tuple[str, Callable[[], None], int | None, str, str]] = [
            (_("Continue"), self.continue_game, pygame.K_c, "continue", continue_tip),
            (_("Load game"), self.open_saves, pygame.K_l, "load", _("Open a named save")),
            *(
                (
                    _(spec.info.title),
                    partial(self.open_setup, key),
                    pygame.key.key_code(spec.info.menu_letter),
                    key,
                    _(spec.info.blurb),
                )
                for key, spec in GAMES.items()
            ),
            (
                _("Learn to play"),
                partial(choose_lesson, self.app),
                pygame.K_t,
                "learn",
                _("A guided first game, step by step"),
            ),
            (_("Rules & keys"), self.app.toggle_help, pygame.K_F1, "rules", ""),
            (_("Statistics"), self.open_stats, pygame.K_s, "stats", ""),
            (_("Settings"), self.open_settings, pygame.K_o, "settings", ""),
            (_("Quit"), self.app.quit, pygame.K_q, "quit", ""),
        ]
        for i, (label, callback, key, ident, tip) in enumerate(entries):
            rect = pygame.Rect(0, 0, bw, bh)
            column, line = i % 2, i // 2
            rect.topleft = (w // 2 - bw - gap // 2 + column * (bw + gap), top + line * (bh + gap))
            button = Button(
                label, callback, rect, key, ident=ident, tooltip=tip, size=theme.FONT_LARGE - 2
            )
            if ident == "continue":
                button.enabled = self.saved is not None
            self.widgets.add(button)

    def continue_game(self) -> None:
        self.check_autosave()
        if self.saved is None:
            self.layout(self.size)
            return
        resume(self.app, self.saved)

    def open_saves(self) -> None:
        self.app.push(self.app.make_scene("saves"))

    def open_stats(self) -> None:
        self.app.push(self.app.make_scene("stats"))

    def open_settings(self) -> None:
        self.app.push(self.app.make_scene("settings"))

    def open_setup(self, game: str) -> None:
        """The setup of a new ``game``; first a question when that would replace the game
        that Continue resumes (there is one autosave, and the new game's first move
        overwrites it)."""
        self.check_autosave()
        saved = self.saved
        if saved is None:
            self._push_setup(game)
            return
        message = _(
            "Continue takes you back to {game} with {players}. A new game takes its place: "
            "save that game under a name first (Continue, Esc, Save / Load) to keep it."
        ).format(game=game_title(saved.game), players=", ".join(saved.players))
        ask_to_replace(self.app, message, _("New game"), partial(self._push_setup, game))

    def _push_setup(self, game: str) -> None:
        self.app.push(self.app.make_scene("setup", game))

    def on_enter(self) -> None:
        self.check_autosave()
        self.layout(self.size)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return self.widgets.handle(event)

    def animating(self) -> bool:
        """Do the knights bob (somebody touched the keys or the mouse lately)?"""
        return self.app.idle_seconds() < self.PAUSE_AFTER

    def idle_rate(self) -> float:
        return self.idle_fps if self.animating() else self.paused_fps

    def update(self, dt: float) -> None:
        if self.animating():
            self.clock += dt
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        tile = max(56, min(110, w // 11))
        row_w = tile * len(_DECOR)
        x0 = (w - row_w) // 2
        y0 = max(150, h // 2 - tile - 40)
        for kind, dx, _row in _DECOR:
            surface.blit(sprites.tile_sprite(kind, tile), (x0 + dx * tile, y0))
        # A few knights on the decorative tiles, in every colour with their marks.
        for i, colour in enumerate(theme.PLAYER_COLOURS[:4]):
            bob = int(3 * math.sin(self.clock * 2 + i))
            knight = sprites.knight_sprite(colour, max(18, tile // 3))
            kx = x0 + (i * 2 if i < 3 else 6) * tile + tile // 2 - knight.get_width() // 2
            surface.blit(knight, (kx, y0 + tile - knight.get_height() - 6 + bob))
        title_y = max(30, y0 - 130)
        theme.blit_text(
            surface,
            "Robbers' Den",
            (w // 2 + 3, title_y + 4),
            theme.FONT_HUGE,
            theme.SHADOW,
            True,
            "midtop",
        )
        theme.blit_text(
            surface,
            "Robbers' Den",
            (w // 2, title_y),
            theme.FONT_HUGE,
            theme.ACCENT,
            True,
            "midtop",
        )
        theme.blit_text(
            surface,
            _("two tabletop games for one screen"),
            (w // 2, title_y + 70),
            theme.FONT_BODY,
            theme.TEXT_DIM,
            anchor="midtop",
        )
        theme.blit_text(
            surface,
            _("F1 rules and keys · Esc quits"),
            (w // 2, h - 16),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            anchor="midbottom",
        )
        if self.continue_problem:
            note = _("The game in progress can't be continued: {reason}").format(
                reason=self.continue_problem
            )
            for i, line in enumerate(theme.wrap(note, theme.FONT_SMALL, w - 80)[:2]):
                theme.blit_text(
                    surface,
                    line,
                    (w // 2, h - 62 + i * 18),
                    theme.FONT_SMALL,
                    theme.BAD,
                    anchor="midbottom",
                )
        self.widgets.draw(surface)
