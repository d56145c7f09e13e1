"""A small widget kit in the one theme: buttons, toggles, choices, text entry, tooltips, a log.

Widgets only react to the pygame events they are given (``handle`` returns True when it used
the event) and draw themselves; scenes own them in a :class:`WidgetGroup` which dispatches
events (the focused text entry first), remembers the pointer for hover and draws tooltips.
Widgets work from event positions, never from ``pygame.mouse``, so tests can drive them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import N_, _
from game.ui import theme

Callback = Callable[[], None]


class Widget:
    """Base: a rectangle that may be hidden, disabled or carry a tooltip."""

    def __init__(self, rect: pygame.Rect | None = None, ident: str = "", tooltip: str = "") -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.ident = ident
        self.tooltip = tooltip
        self.visible = True
        self.enabled = True
        self.hovered = False

    @property
    def active(self) -> bool:
        return self.visible and self.enabled

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


def key_name(key: int) -> str:
    """A short, readable name for a key, shown on buttons as the shortcut hint."""
    names = {
        pygame.K_RETURN: N_("Enter"),
        pygame.K_ESCAPE: N_("Esc"),
        pygame.K_SPACE: N_("Space"),
        pygame.K_TAB: N_("Tab"),
        pygame.K_BACKSPACE: N_("Bksp"),
        pygame.K_UP: N_("Up"),
        pygame.K_DOWN: N_("Down"),
        pygame.K_LEFT: N_("Left"),
        pygame.K_RIGHT: N_("Right"),
        pygame.K_DELETE: N_("Del"),
    }
    return _(names[key]) if key in names else pygame.key.name(key).upper()


class Button(Widget):
    """A push button with hover/pressed/disabled looks and an optional keyboard shortcut."""

    def __init__(
        self,
        label: str,
        on_click: Callback,
        rect: pygame.Rect | None = None,
        shortcut: int | None = None,
        ident: str = "",
        tooltip: str = "",
        size: int = theme.FONT_BODY,
        selected: bool = False,
    ) -> None:
        super().__init__(rect, ident or label, tooltip)
        self.label = label
        self.on_click = on_click
        self.shortcut = shortcut
        self.size = size
        self.pressed = False
        self.selected = selected  # drawn as "on", e.g. the chosen knight count

    def click(self) -> None:
        if self.active:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.active:
            self.hovered = self.pressed = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed = self.pressed
            self.pressed = False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
            return False
        if (
            event.type == pygame.KEYDOWN
            and self.shortcut is not None
            and event.key == self.shortcut
        ):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if not self.enabled:
            colour = theme.BUTTON_DISABLED
        elif self.pressed:
            colour = theme.BUTTON_PRESSED
        elif self.selected:
            colour = theme.BUTTON_ON
        elif self.hovered:
            colour = theme.BUTTON_HOVER
        else:
            colour = theme.BUTTON
        offset = 1 if self.pressed else 0
        body = self.rect.move(0, offset)
        if not self.pressed:
            pygame.draw.rect(surface, (24, 20, 16), self.rect.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, colour, body, border_radius=8)
        edge = theme.HIGHLIGHT if (self.hovered and self.enabled) else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, body, width=2, border_radius=8)
        ink = theme.TEXT if self.enabled else theme.TEXT_DIM
        # A long label (German words, a narrow window) takes a smaller font, not the border;
        # the key's hint keeps its place beside it while the label fits there a little smaller.
        hint = None
        room = body.w - 10
        if self.shortcut is not None:
            hint = theme.text(key_name(self.shortcut), theme.FONT_SMALL - 2, theme.TEXT_DIM)
            beside = body.w - hint.get_width() - 24
            if theme.fits(self.label, self.size, beside, bold=True):
                room = beside
            else:
                hint = None
        size = theme.label_size(self.label, self.size, room, bold=True)
        label = theme.text(self.label, size, ink, bold=True)
        if hint is not None:
            label_rect = label.get_rect(midleft=(body.x + 12, body.centery))
            if label_rect.right + hint.get_width() + 16 < body.right:
                label_rect.centerx = body.centerx - hint.get_width() // 2 - 4
            surface.blit(label, label_rect)
            surface.blit(hint, hint.get_rect(midright=(body.right - 8, body.centery + 1)))
        else:
            surface.blit(label, label.get_rect(center=body.center))


class Toggle(Widget):
    """An on/off switch with a label; Space toggles it while hovered."""

    def __init__(
        self,
        label: str,
        value: bool,
        on_change: Callable[[bool], None],
        rect: pygame.Rect | None = None,
        ident: str = "",
        tooltip: str = "",
    ) -> None:
        super().__init__(rect, ident or label, tooltip)
        self.label = label
        self.value = value
        self.on_change = on_change

    def set(self, value: bool) -> None:
        self.value = value
        self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.set(not self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        track = pygame.Rect(0, 0, 44, 24)
        track.midleft = (self.rect.x, self.rect.centery)
        pygame.draw.rect(
            surface, theme.BUTTON_ON if self.value else theme.BUTTON, track, border_radius=12
        )
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, width=2, border_radius=12)
        knob_x = track.right - 12 if self.value else track.x + 12
        pygame.draw.circle(surface, theme.TEXT, (knob_x, track.centery), 8)
        colour = theme.HIGHLIGHT if self.hovered else theme.TEXT
        theme.blit_text(
            surface,
            self.label,
            (track.right + 10, self.rect.centery),
            colour=colour,
            anchor="midleft",
        )


class Segmented(Widget):
    """A row of mutually exclusive choices (e.g. Human | Computer, or the AI level)."""

    def __init__(
        self,
        options: Sequence[str],
        index: int,
        on_change: Callable[[int], None],
        rect: pygame.Rect | None = None,
        ident: str = "",
        tooltip: str = "",
        size: int = theme.FONT_BODY,
    ) -> None:
        super().__init__(rect, ident, tooltip)
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.size = size
        self.hover_index: int | None = None

    def option_rect(self, i: int) -> pygame.Rect:
        """Each option gets an equal share, or, if a label would not fit its share, room in
        proportion to its label ("automatisch" beside "2", "3", "4")."""
        count = len(self.options)
        widths = [theme.text_width(o, self.size, bold=True) + 16 for o in self.options]
        share = self.rect.w / count
        if max(widths) > share - 4 and sum(widths) <= self.rect.w:
            spare = (self.rect.w - sum(widths)) / count
            edges = [0.0]
            for w in widths:
                edges.append(edges[-1] + w + spare)
        else:
            edges = [k * share for k in range(count + 1)]
        left = self.rect.x + round(edges[i])
        right = self.rect.x + round(edges[i + 1])
        return pygame.Rect(left, self.rect.y, right - left, self.rect.h)

    def choose(self, i: int) -> None:
        self.index = i
        self.on_change(i)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            self.hover_index = None
            for i in range(len(self.options)):
                if self.option_rect(i).collidepoint(event.pos):
                    self.hover_index = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.options)):
                if self.option_rect(i).collidepoint(event.pos):
                    self.choose(i)
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, theme.PANEL_DARK, self.rect, border_radius=8)
        for i, option in enumerate(self.options):
            r = self.option_rect(i).inflate(-4, -4)
            if i == self.index:
                pygame.draw.rect(surface, theme.BUTTON_ON, r, border_radius=6)
            elif i == self.hover_index and self.enabled:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, r, border_radius=6)
            ink = theme.TEXT if (self.enabled or i == self.index) else theme.TEXT_DIM
            size = theme.label_size(option, self.size, r.w - 6, bold=True)
            label = theme.text(option, size, ink, bold=i == self.index)
            surface.blit(label, label.get_rect(center=r.center))
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, width=2, border_radius=8)


class TextEntry(Widget):
    """A one-line text field: click to focus, type (TEXTINPUT), Backspace, Ctrl+A to select all
    (typing then replaces it), Enter or Esc to leave (Enter does ``on_enter``, if given).

    Text is taken only after a key went down while the field had focus: the letter of the
    shortcut that opened a dialog arrives as text after its key press and is not typed.
    """

    def __init__(
        self,
        value: str,
        on_change: Callable[[str], None],
        rect: pygame.Rect | None = None,
        ident: str = "",
        tooltip: str = "",
        max_len: int = 16,
        placeholder: str = "",
        allowed: Callable[[str], bool] | None = None,
        on_enter: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(rect, ident, tooltip)
        self.value = value
        self.on_change = on_change
        self.on_enter = on_enter  # Enter in the field does this (else it only leaves it)
        self.max_len = max_len
        self.placeholder = placeholder
        self.allowed = allowed
        self.focused = False
        self.blink = 0.0
        self.all_selected = False
        self.armed = False  # has a key gone down since the field got focus?

    def focus(self, on: bool) -> None:
        if on and not self.focused:
            self.armed = False
        self.focused = on
        self.all_selected = False
        self.blink = 0.0

    def _replace_value(self, value: str) -> None:
        self.value = value[: self.max_len]
        self.all_selected = False
        self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            self.focus(inside)
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            self.armed = True  # an input method composing text
            return True
        if event.type == pygame.TEXTINPUT:
            if not self.armed:
                return True  # the shortcut letter that opened this field
            addition = "".join(ch for ch in event.text if ch.isprintable())
            if self.allowed is not None:
                addition = "".join(ch for ch in addition if self.allowed(ch))
            if addition:
                kept = "" if self.all_selected else self.value
                self._replace_value(kept + addition)
            return True
        if event.type == pygame.KEYDOWN:
            self.armed = True
            if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.all_selected = bool(self.value)
            elif event.key == pygame.K_BACKSPACE:
                self._replace_value("" if self.all_selected else self.value[:-1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.focus(False)
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter is not None:
                    self.on_enter()
            # Any other key is swallowed so that typing never triggers button shortcuts.
            return True
        return False

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(
            surface,
            (250, 244, 228) if self.focused else (226, 216, 194),
            self.rect,
            border_radius=6,
        )
        edge = (
            theme.ACCENT
            if self.focused
            else (theme.HIGHLIGHT if self.hovered else theme.PANEL_EDGE)
        )
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=6)
        shown = self.value or self.placeholder
        ink = theme.TEXT_DARK if self.value else (130, 120, 104)
        label = theme.text(shown, theme.FONT_BODY, ink)
        clip = surface.get_clip()
        inner = self.rect.inflate(-12, -4)
        surface.set_clip(inner)
        pos = label.get_rect(midleft=(inner.x, self.rect.centery))
        if pos.w > inner.w:
            pos.right = inner.right - 2
        if self.focused and self.all_selected:
            pygame.draw.rect(surface, theme.HIGHLIGHT, pos.inflate(4, 0), border_radius=3)
        surface.blit(label, pos)
        if self.focused and self.blink < 0.55:
            x = pos.right + 1 if self.value else inner.x
            pygame.draw.line(
                surface, theme.TEXT_DARK, (x, self.rect.y + 6), (x, self.rect.bottom - 6), 2
            )
        surface.set_clip(clip)


class Label(Widget):
    """Static text (optionally wrapped to its rect's width)."""

    def __init__(
        self,
        content: str,
        rect: pygame.Rect | None = None,
        size: int = theme.FONT_BODY,
        colour: theme.Colour = theme.TEXT,
        bold: bool = False,
        align: str = "left",
    ) -> None:
        super().__init__(rect)
        self.content = content
        self.size = size
        self.colour = colour
        self.bold = bold
        self.align = align

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        y = self.rect.y
        line_height = theme.font(self.size, self.bold).get_linesize()
        for line in theme.wrap(self.content, self.size, max(20, self.rect.w), self.bold):
            anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[self.align]
            x = {"left": self.rect.x, "center": self.rect.centerx, "right": self.rect.right}[
                self.align
            ]
            theme.blit_text(surface, line, (x, y), self.size, self.colour, self.bold, anchor)
            y += line_height


class ScrollLog(Widget):
    """A scrolling list of lines (newest at the bottom); the wheel scrolls, new lines follow."""

    def __init__(
        self, rect: pygame.Rect | None = None, ident: str = "log", size: int = theme.FONT_SMALL
    ) -> None:
        super().__init__(rect, ident)
        self.entries: list[tuple[str, theme.Colour]] = []
        self.size = size
        self.scroll = 0  # lines scrolled up from the bottom
        self.drag_from: tuple[int, int] | None = None  # (pointer y, scroll) when a drag began
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple[int, int, int, int] | None = None
        # Wrapped lines, extended as entries arrive (re-wrapped only when the width changes).
        self._cache_wrapped: list[tuple[str, theme.Colour]] = []
        self._cache_wrapped_count = 0
        self._cache_wrapped_width = -1

    def add(self, line: str, colour: theme.Colour = theme.TEXT) -> None:
        self.entries.append((line, colour))
        if self.scroll:
            self.scroll += len(theme.wrap(line, self.size, self.rect.w - 16))

    def clear(self) -> None:
        self.entries.clear()
        self.scroll = 0
        self._cache_wrapped_width = -1
        self._cache = None  # the same count of other lines (a new language) must be drawn anew

    def _lines(self) -> list[tuple[str, theme.Colour]]:
        width = self.rect.w - 16
        if width != self._cache_wrapped_width:
            self._cache_wrapped, self._cache_wrapped_count, self._cache_wrapped_width = [], 0, width
        for entry, colour in self.entries[self._cache_wrapped_count :]:
            for i, piece in enumerate(theme.wrap(entry, self.size, width)):
                self._cache_wrapped.append((piece if i == 0 else "  " + piece, colour))
        self._cache_wrapped_count = len(self.entries)
        return self._cache_wrapped

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if self.drag_from is not None:
                # Dragging the text down shows older lines, like a touch screen.
                line_height = theme.font(self.size).get_linesize()
                start_y, start_scroll = self.drag_from
                self.scroll = self._clamped(start_scroll + (event.pos[1] - start_y) // line_height)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll = self._clamped(self.scroll + 3 * event.y)
            return True
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.drag_from = (event.pos[1], self.scroll)
            return False  # a button drawn over the log (Replay) still gets the click
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag_from = None
        return False

    def _visible_lines(self) -> int:
        return max(1, (self.rect.h - 8) // theme.font(self.size).get_linesize())

    def _clamped(self, scroll: int) -> int:
        """``scroll`` kept between the newest line and the oldest."""
        return max(0, min(scroll, len(self._lines()) - self._visible_lines()))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 20 or self.rect.h <= 10:
            return
        key = (len(self.entries), self.scroll, self.rect.w, self.rect.h)
        if self._cache is None or key != self._cache_key:
            self._cache = self._render()
            self._cache_key = key
        surface.blit(self._cache, self.rect)

    def _render(self) -> pygame.Surface:
        out = pygame.Surface(self.rect.size)
        out.fill(theme.PANEL_DARK)
        lines = self._lines()
        line_height = theme.font(self.size).get_linesize()
        visible = self._visible_lines()
        scroll = max(0, min(self.scroll, len(lines) - visible))  # the window may have grown
        end = len(lines) - scroll
        start = max(0, end - visible)
        y = 4
        for line, colour in lines[start:end]:
            out.blit(theme.text(line, self.size, colour), (8, y))
            y += line_height
        if scroll:
            theme.blit_text(
                out,
                _("more below"),
                (self.rect.w - 6, self.rect.h - 4),
                theme.FONT_SMALL - 4,
                theme.ACCENT,
                anchor="bottomright",
            )
        pygame.draw.rect(out, theme.PANEL_EDGE, out.get_rect(), width=1)
        return out


class WidgetGroup:
    """Owns a scene's widgets: dispatches events, tracks the pointer and draws tooltips."""

    TOOLTIP_DELAY = 0.45

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.pointer: tuple[int, int] = (-1, -1)
        self.hover_time = 0.0
        self._hover_widget: Widget | None = None
        self.tooltip_bounds: pygame.Rect | None = None  # a dialog keeps its tooltips inside

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()
        self._hover_widget = None

    def find(self, ident: str) -> Widget:
        for widget in self.widgets:
            if widget.ident == ident:
                return widget
        raise KeyError(ident)

    def focused_entry(self) -> TextEntry | None:
        for widget in self.widgets:
            if isinstance(widget, TextEntry) and widget.focused:
                return widget
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            for widget in self.widgets:
                widget.handle(event)
            return False
        entry = self.focused_entry()
        if (
            entry is not None
            and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
            and entry.handle(event)
        ):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            # Clicking anywhere takes focus away from a text entry (it refocuses if clicked).
            for widget in self.widgets:
                if (
                    isinstance(widget, TextEntry)
                    and widget.focused
                    and not widget.rect.collidepoint(event.pos)
                ):
                    widget.focus(False)
        return any(widget.handle(event) for widget in list(self.widgets))

    def update(self, dt: float) -> None:
        hovered = None
        for widget in self.widgets:
            widget.update(dt)
            if widget.visible and widget.tooltip and widget.rect.collidepoint(self.pointer):
                hovered = widget
        if hovered is not self._hover_widget:
            self._hover_widget = hovered
            self.hover_time = 0.0
        else:
            self.hover_time += dt

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface)
        if self._hover_widget is not None and self.hover_time >= self.TOOLTIP_DELAY:
            draw_tooltip(surface, self._hover_widget.tooltip, self.pointer, self.tooltip_bounds)


def draw_tooltip(
    surface: pygame.Surface,
    content: str,
    pointer: tuple[int, int],
    bounds: pygame.Rect | None = None,
) -> pygame.Rect:
    """A small parchment box near the pointer, kept inside ``bounds`` (a dialog's panel; by
    default the window); returns where it went."""
    area = surface.get_rect() if bounds is None else bounds.clip(surface.get_rect())
    lines = theme.wrap(content, theme.FONT_SMALL, min(320, max(80, area.w - 32)))
    line_height = theme.font(theme.FONT_SMALL).get_linesize()
    width = max(theme.font(theme.FONT_SMALL).size(line)[0] for line in lines) + 16
    box = pygame.Rect(pointer[0] + 14, pointer[1] + 18, width, line_height * len(lines) + 10)
    box.clamp_ip(area)
    if box.collidepoint(pointer):
        box.bottom = pointer[1] - 6
        box.clamp_ip(area)
    pygame.draw.rect(surface, (250, 240, 210), box, border_radius=6)
    pygame.draw.rect(surface, theme.ACCENT_DARK, box, width=2, border_radius=6)
    y = box.y + 5
    for line in lines:
        if line:
            surface.blit(theme.text(line, theme.FONT_SMALL, theme.TEXT_DARK), (box.x + 8, y))
        else:  # a blank line parts two things said: a rule across the box
            middle = y + line_height // 2
            pygame.draw.line(
                surface, theme.ACCENT_DARK, (box.x + 8, middle), (box.right - 8, middle)
            )
        y += line_height
    return box
