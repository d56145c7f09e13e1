"""Overlay scenes: dialogs, the F1 help, the pause menu and the hand-over cover screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.registry import GAMES
from game.ui import help_text, rules_pictures, sprites, theme
from game.ui.deal_label import LINE_H, draw_deal_code
from game.ui.scene import Scene
from game.ui.widgets import Button, Segmented, Toggle

if TYPE_CHECKING:
    from game.ui.app import App

DIM_ALPHA = 150


def clicked_outside(scene: Scene, event: pygame.event.Event, box: pygame.Rect) -> bool:
    """Close ``scene`` when the player clicks beside its panel, as most games' menus do."""
    if (
        event.type == pygame.MOUSEBUTTONDOWN
        and event.button == 1
        and not box.collidepoint(event.pos)
    ):
        scene.app.pop(scene)
        return True
    return False


def handle_modal(scene: Scene, event: pygame.event.Event, box: pygame.Rect) -> bool:
    """A modal panel's events: its widgets, a click beside it closes it, and nothing of the
    mouse or keyboard reaches the scenes below."""
    if scene.widgets.handle(event) or clicked_outside(scene, event, box):
        return True
    return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def dim(surface: pygame.Surface, alpha: int = DIM_ALPHA) -> None:
    """Darken everything drawn so far (the scene below an overlay)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)


class ModalBox(Scene):
    """A titled panel over the dimmed screen that keeps every key and click from the scenes
    below: the frame of every dialog."""

    opaque = False
    title = ""
    box = pygame.Rect(0, 0, 0, 0)

    def take_input(self, event: pygame.event.Event) -> bool:
        """The box's widgets get the event; no input reaches the scenes below."""
        self.widgets.handle(event)
        return event.type in INPUT_EVENTS

    def draw_frame(self, surface: pygame.Surface, title_y: int = 22) -> None:
        """The dimmed screen, the panel and its title (``title_y`` below its top)."""
        dim(surface)
        theme.panel(surface, self.box)
        theme.blit_text(
            surface,
            self.title,
            (self.box.centerx, self.box.y + title_y),
            theme.FONT_LARGE,
            theme.ACCENT,
            True,
            "midtop",
        )


class Dialog(ModalBox):
    """A modal message with buttons; Enter picks the first button, Esc the last (or the one
    ``escape`` names, when the last would throw work away)."""

    name = "dialog"

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        buttons: Sequence[tuple[str, Callable[[], None] | None]],
        escape: int = -1,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.choices = list(buttons)
        self.escape = escape % len(self.choices)  # the button Esc picks
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.message_rect = pygame.Rect(0, 0, 0, 0)

    def _choose(self, callback: Callable[[], None] | None) -> None:
        self.app.pop(self)
        if callback is not None:
            callback()

    # The box, top to bottom: the title, a gap, the message, a gap, the buttons, a margin.
    TITLE_TOP = 22
    GAP = 24
    BUTTON_H = 42
    MARGIN = 18

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width = min(560, size[0] - 40)
        self.lines = theme.wrap(self.message, theme.FONT_BODY, width - 48)
        line_h = theme.font(theme.FONT_BODY).get_linesize()
        text_top = self.TITLE_TOP + theme.font(theme.FONT_LARGE, True).get_linesize() + 18
        text_h = len(self.lines) * line_h
        height = text_top + text_h + self.GAP + self.BUTTON_H + self.MARGIN
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (size[0] // 2, size[1] // 2)
        # Where the message is drawn (each line centred in it).
        self.message_rect = pygame.Rect(self.box.x + 24, self.box.y + text_top, width - 48, text_h)
        self.widgets.clear()
        count = len(self.choices)
        button_w = min(180, (width - 40 - 12 * (count - 1)) // count)
        x = self.box.centerx - (count * button_w + (count - 1) * 12) // 2
        button_y = self.message_rect.bottom + self.GAP
        for i, (label, callback) in enumerate(self.choices):
            shortcut = (
                pygame.K_RETURN if i == 0 else (pygame.K_ESCAPE if i == self.escape else None)
            )
            rect = pygame.Rect(x + i * (button_w + 12), button_y, button_w, self.BUTTON_H)
            self.widgets.add(
                Button(label, partial(self._choose, callback), rect, shortcut, ident=label)
            )

    def handle(self, event: pygame.event.Event) -> bool:
        # The first button may answer both Enter and Esc (a single button, or a safe choice).
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.escape == 0:
            self._choose(self.choices[0][1])
            return True
        return self.take_input(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, self.TITLE_TOP)
        y = self.message_rect.y
        for line in self.lines:
            theme.blit_text(surface, line, (self.message_rect.centerx, y), anchor="midtop")
            y += theme.font(theme.FONT_BODY).get_linesize()
        self.widgets.draw(surface)


class HelpOverlay(Scene):
    """F1: the rules in short and every keyboard shortcut of the current screen."""

    opaque = False
    name = "help"

    # From the menu the help offers every game's rules; at a table it shows that table's.
    CHOICES: tuple[tuple[str, str], ...] = (
        ("general", N_("Overview")),
        *((key, spec.info.title) for key, spec in GAMES.items()),
    )

    def __init__(self, app: App, topic: str = "general") -> None:
        super().__init__(app)
        self.browsing = topic == "general"
        self.topic_name = topic
        self.drawn = False  # the first frame shows the text; the pictures follow
        self._frames = 0
        self.topic = help_text.topic(topic)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.keys_bottom = self.text_bottom = 0  # where the last drawing put them (tests)
        self._body: pygame.Surface | None = None

    def choose(self, index: int) -> None:
        name = self.CHOICES[index][0]
        self.topic = help_text.topic(name)
        self.topic_name = name
        self.scroll = 0
        self._body = self._render_body()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        # Larger windows get a larger box (less scrolling), up to a readable line length.
        self.box = pygame.Rect(0, 0, min(1320, size[0] - 40), min(960, size[1] - 40))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        close = pygame.Rect(self.box.right - 150, self.box.bottom - 56, 130, 40)
        self.widgets.add(
            Button(_("Close"), lambda: self.app.pop(self), close, pygame.K_ESCAPE, ident="close")
        )
        if self.browsing:
            names = [name for name, _label in self.CHOICES]
            current = next((i for i, n in enumerate(names) if help_text.topic(n) is self.topic), 0)
            tabs = pygame.Rect(self.box.right - 24 - 480, self.box.y + 16, 480, 36)
            self.widgets.add(
                Segmented(
                    [_(label) for _name, label in self.CHOICES],
                    current,
                    self.choose,
                    tabs,
                    ident="topics",
                )
            )
        self._body = self._render_body()
        self.scroll = self._clamped(self.scroll)

    def _render_body(self) -> pygame.Surface:
        """Rules on the left, shortcuts on the right (or below when the window is narrow)."""
        inner_w = self.box.w - 48
        two_columns = inner_w >= 760
        rules_w = int(inner_w * 0.56) if two_columns else inner_w
        keys_w = inner_w - rules_w - 32 if two_columns else inner_w
        line_h = theme.font(theme.FONT_BODY).get_linesize()
        rules = theme.wrap(_(self.topic.rules), theme.FONT_BODY, rules_w)
        rules_h = len(rules) * line_h
        key_col, small_h = 150, 17
        keys = [
            (_(key), theme.wrap(_(what), theme.FONT_SMALL, keys_w - key_col))
            for key, what in self.topic.shortcuts
        ]
        # The heading, then a row per shortcut, taller where its description wraps.
        keys_h = line_h + 8 + sum(line_h + 4 + (len(parts) - 1) * small_h for _k, parts in keys)
        height = max(rules_h, keys_h) if two_columns else rules_h + keys_h + 24
        # The pictures come one frame later: F1 answers at once, the sprites follow.
        pictures = rules_pictures.pictures(self.topic_name, inner_w) if self.drawn else None
        text_h = height
        if pictures is not None:
            height += 24 + pictures.get_height()
        body = pygame.Surface((inner_w, max(height, 10)), pygame.SRCALPHA)
        if pictures is not None:
            body.blit(pictures, (0, text_h + 24))
        y = 0
        for line in rules:
            theme.blit_text(body, line, (0, y))
            y += line_h
        kx, ky = (rules_w + 32, 0) if two_columns else (0, rules_h + 24)
        theme.blit_text(body, _("Keyboard"), (kx, ky), theme.FONT_BODY, theme.ACCENT, True)
        ky += line_h + 8
        for key, parts in keys:
            chip = theme.text(key, theme.FONT_SMALL, theme.TEXT_DARK, True)
            chip_rect = pygame.Rect(kx, ky, chip.get_width() + 12, line_h)
            pygame.draw.rect(body, (226, 214, 186), chip_rect, border_radius=5)
            body.blit(chip, chip.get_rect(center=chip_rect.center))
            for i, part in enumerate(parts):
                theme.blit_text(
                    body, part, (kx + key_col, ky + 3 + i * small_h), theme.FONT_SMALL, theme.TEXT
                )
            ky += line_h + 4 + (len(parts) - 1) * small_h
        self.keys_bottom, self.text_bottom = ky, text_h  # the pictures start below text_bottom
        return body

    def _view(self) -> pygame.Rect:
        return pygame.Rect(self.box.x + 24, self.box.y + 62, self.box.w - 48, self.box.h - 132)

    def _clamped(self, scroll: int) -> int:
        height = self._body.get_height() if self._body is not None else 0
        return max(0, min(scroll, height - self._view().h))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._frames += 1
        if self._frames == 2 and not self.drawn:  # the text has been on screen for a frame
            self.drawn = True
            self._body = self._render_body()  # again, now with the pictures

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event) or clicked_outside(self, event, self.box):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = self._clamped(self.scroll - 30 * event.y)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll = self._clamped(self.scroll + 60)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = self._clamped(self.scroll - 60)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            return False  # the app closes the help
        return event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
        )

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        theme.panel(surface, self.box)
        theme.blit_text(
            surface,
            _("Rules & keys")
            if self.browsing
            else _("{title} — help").format(title=_(self.topic.title)),
            (self.box.x + 24, self.box.y + 18),
            theme.FONT_LARGE,
            theme.ACCENT,
            True,
        )
        view = self._view()
        body = self._body if self._body is not None else pygame.Surface((1, 1), pygame.SRCALPHA)
        scroll = self._clamped(self.scroll)
        surface.blit(body, view.topleft, pygame.Rect(0, scroll, view.w, view.h))
        if body.get_height() > view.h:
            theme.blit_text(
                surface,
                _("scroll: mouse wheel or Up / Down"),
                (self.box.x + 24, self.box.bottom - 44),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
            )
        self.widgets.draw(surface)


class PauseOverlay(Scene):
    """Esc at a table: resume, save/load, settings, rules, back to the main menu, or quit."""

    opaque = False
    name = "pause"

    def __init__(self, app: App, on_menu: Callable[[], None], table: Scene | None = None) -> None:
        super().__init__(app)
        self.on_menu = on_menu
        self.table = table
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        entries: list[tuple[str, Callable[[], None], int, str]] = [
            (_("Resume"), lambda: self.app.pop(self), pygame.K_ESCAPE, "Resume"),
        ]
        if self.table is not None:
            entries.append((_("Save / Load"), self._saves, pygame.K_s, "saves"))
            entries.append((_("Seats"), self._seats, pygame.K_p, "seats"))
        entries += [
            (_("Settings"), self._settings, pygame.K_o, "settings"),
            (_("Rules & keys"), self.app.toggle_help, pygame.K_F1, "Rules & keys"),
            (_("Main menu"), self._menu, pygame.K_m, "Main menu"),
            (_("Quit game"), self.app.quit, pygame.K_q, "Quit game"),
        ]
        height = 80 + len(entries) * 56 + 60 + (LINE_H if self.table is not None else 0)
        self.box = pygame.Rect(0, 0, 360, min(height, size[1] - 20))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        sound = pygame.Rect(self.box.x + 40, self.box.bottom - 56, self.box.w - 80, 36)
        self.widgets.add(
            Toggle(
                _("Sound"),
                self.app.audio.enabled,
                lambda on: self.app.change_settings(sound_on=on),
                sound,
                ident="sound",
            )
        )
        for i, (label, callback, key, ident) in enumerate(entries):
            rect = pygame.Rect(self.box.x + 40, self.box.y + 70 + i * 56, self.box.w - 80, 44)
            self.widgets.add(Button(label, callback, rect, key, ident=ident))

    def _saves(self) -> None:
        self.app.push(self.app.make_scene("saves", self.table))

    def _seats(self) -> None:
        self.app.push(self.app.make_scene("seats", self.table))

    def _settings(self) -> None:
        self.app.push(self.app.make_scene("settings"))

    def _menu(self) -> None:
        self.app.pop(self)
        self.on_menu()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            return False
        return handle_modal(self, event, self.box)  # a click beside the menu resumes the game

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        theme.panel(surface, self.box)
        theme.blit_text(
            surface,
            _("Paused"),
            (self.box.centerx, self.box.y + 24),
            theme.FONT_LARGE,
            theme.ACCENT,
            True,
            "midtop",
        )
        session = getattr(self.table, "session", None)
        # The code names the whole deal (every pile, the stock's order): shown once the game
        # or round is over, never while anyone could still profit from it.
        if session is not None and session.state.is_terminal:
            y = self.box.bottom - 84  # between the last button and the sound switch
            draw_deal_code(surface, session, self.box, y, how=False)
        self.widgets.draw(surface)


class CoverScene(Scene):
    """Hot-seat hand-over: hides the table until the next person says they are ready."""

    name = "cover"

    def __init__(self, app: App, player: str, colour: theme.PlayerColour, note: str = "") -> None:
        super().__init__(app)
        self.player = player
        self.colour = colour
        self.note = note

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.widgets.clear()
        rect = pygame.Rect(0, 0, 260, 56)
        rect.center = (size[0] // 2, size[1] // 2 + 90)
        self.widgets.add(
            Button(
                _("I'm ready"),
                lambda: self.app.pop(self),
                rect,
                pygame.K_SPACE,
                ident="ready",
                size=theme.FONT_LARGE,
            )
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop(self)
            return True
        self.widgets.handle(event)
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        band = pygame.Rect(0, h // 2 - 120, w, 150)
        pygame.draw.rect(surface, theme.mix(theme.BG, self.colour.rgb, 0.35), band)
        theme.blit_text(
            surface,
            _("Pass the screen to"),
            (w // 2, band.y + 18),
            theme.FONT_LARGE,
            theme.TEXT_DIM,
            anchor="midtop",
        )
        name = theme.blit_text(
            surface,
            self.player,
            (w // 2, band.y + 56),
            theme.FONT_TITLE,
            theme.TEXT,
            True,
            "midtop",
        )
        figure = sprites.knight_sprite(self.colour, 64)
        surface.blit(figure, figure.get_rect(midright=(name.x - 18, name.centery)))
        if self.note:
            theme.blit_text(
                surface,
                self.note,
                (w // 2, band.bottom + 8),
                theme.FONT_BODY,
                theme.TEXT_DIM,
                anchor="midtop",
            )
        theme.blit_text(
            surface,
            _("Your hand stays hidden until you are ready."),
            (w // 2, h - 40),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            anchor="midbottom",
        )
        self.widgets.draw(surface)
