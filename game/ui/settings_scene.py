"""The settings screen (menu and pause menu): every change is applied at once and remembered."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import LANGUAGE_NAMES, LANGUAGES, _
from game.ui import theme
from game.ui.overlays import clicked_outside, dim
from game.ui.scene import Scene
from game.ui.widgets import Button, Segmented, Toggle

if TYPE_CHECKING:
    from game.ui.app import App

ANIMATION_PACES: tuple[float, ...] = (0.0, 0.5, 1.0, 1.5, 2.0)
AI_PACES: tuple[float, ...] = (0.0, 0.3, 0.6, 1.0, 1.6)
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 800), (1600, 900), (1920, 1080))
COLUMNS: tuple[int, ...] = (0, 2, 3, 4, 5, 6)  # 0: auto


def _nearest(options: tuple[Any, ...], value: Any, distance: Callable[[Any], float]) -> int:
    return min(range(len(options)), key=lambda i: distance(options[i]))


class SettingsScene(Scene):
    opaque = False
    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.labels: list[tuple[str, int]] = []

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.app.settings
        self.box = pygame.Rect(0, 0, min(900, size[0] - 30), min(640, size[1] - 30))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        self.labels = []
        b = self.box
        label_x = b.x + 28
        control_x = b.x + 300
        control_w = b.right - 28 - control_x
        row_h = max(40, min(50, (b.h - 150) // 9))
        y = b.y + 70
        change = self.app.change_settings

        def row(label: str) -> pygame.Rect:
            nonlocal y
            self.labels.append((label, y + row_h // 2 - 4))
            rect = pygame.Rect(control_x, y, control_w, row_h - 10)
            y += row_h
            return rect

        def add_choice(
            label: str, ident: str, options: list[str], index: int, on: Callable[[int], None]
        ) -> None:
            self.widgets.add(Segmented(options, index, on, row(label), ident=ident))

        anim = _nearest(ANIMATION_PACES, s.animation_pace, lambda v: abs(v - s.animation_pace))
        add_choice(
            _("Animations"),
            "animation",
            [_("off"), _("fast"), _("normal"), _("slow"), _("very slow")],
            anim,
            lambda i: change(animation_pace=ANIMATION_PACES[i]),
        )
        ai = _nearest(AI_PACES, s.ai_pace, lambda v: abs(v - s.ai_pace))
        add_choice(
            _("Computer moves"),
            "ai-pace",
            [_("instant"), "0.3 s", "0.6 s", "1 s", "1.6 s"],
            ai,
            lambda i: change(ai_pace=AI_PACES[i]),
        )
        size_index = _nearest(
            WINDOW_SIZES,
            s.window_size,
            lambda v: abs(v[0] - s.window_size[0]) + abs(v[1] - s.window_size[1]),
        )
        add_choice(
            _("Window size"),
            "window",
            [f"{w}×{h}" for w, h in WINDOW_SIZES],
            size_index,
            lambda i: change(window_size=WINDOW_SIZES[i], fullscreen=False),
        )
        # A count the choice lacks (1, 7, 8: set with -/+ at the table) shows as the nearest
        # count, never as auto.
        columns = _nearest(
            COLUMNS,
            s.set_columns,
            lambda v: abs(v - s.set_columns) if v or not s.set_columns else 99,
        )
        add_choice(
            _("Set columns (rummy)"),
            "columns",
            [str(c) if c else _("auto") for c in COLUMNS],
            columns,
            lambda i: change(set_columns=COLUMNS[i]),
        )
        add_choice(
            _("Language"),
            "language",
            [LANGUAGE_NAMES[code] for code in LANGUAGES],
            LANGUAGES.index(s.language),
            lambda i: change(language=LANGUAGES[i]),
        )
        toggles: tuple[tuple[str, str, bool, Callable[[bool], None]], ...] = (
            (_("Full screen"), "fullscreen", s.fullscreen, lambda v: change(fullscreen=v)),
            (
                _("Four-colour suits (rummy)"),
                "four-colour",
                s.four_colour_suits,
                lambda v: change(four_colour_suits=v),
            ),
            (
                _("Colour-blind marks on knights"),
                "marks",
                s.colour_blind_marks,
                lambda v: change(colour_blind_marks=v),
            ),
            (_("Sound"), "sound", s.sound_on, lambda v: change(sound_on=v)),
            # Off for purists: no tiles to come, no buildings at risk, no cards not yet seen.
            (_("Coach aids"), "coach-aids", s.coach_aids, lambda v: change(coach_aids=v)),
        )
        half = (b.w - 56) // 2
        for i, (label, ident, value, on) in enumerate(toggles):
            rect = pygame.Rect(label_x + (i % 2) * half, y + (i // 2) * row_h, half - 10, 36)
            self.widgets.add(Toggle(label, value, on, rect, ident=ident))
        self.widgets.add(
            Button(
                _("Done"),
                lambda: self.app.pop(self),
                pygame.Rect(b.right - 28 - 150, b.bottom - 58, 150, 42),
                pygame.K_ESCAPE,
                ident="done",
            )
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event) or clicked_outside(self, event, self.box):
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        theme.panel(surface, self.box)
        theme.blit_text(
            surface,
            _("Settings"),
            (self.box.x + 28, self.box.y + 20),
            theme.FONT_LARGE,
            theme.ACCENT,
            True,
        )
        for label, y in self.labels:
            theme.blit_text(surface, label, (self.box.x + 28, y), anchor="midleft")
        theme.blit_text(
            surface,
            _("Changes are used at once and remembered for the next time."),
            (self.box.x + 28, self.box.bottom - 38),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            anchor="midleft",
        )
        self.widgets.draw(surface)
