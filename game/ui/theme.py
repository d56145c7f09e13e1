"""The one look of the client: colours, player colours with their marks, fonts and text cache.

Every scene and widget takes its colours and fonts from here, so the game looks the same
everywhere and a change of taste is one edit.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

Colour = tuple[int, int, int]

# Background and panels: dark walnut with parchment text, like a table in a tavern.
BG: Colour = (34, 30, 28)
BG_TABLE: Colour = (46, 58, 44)
PANEL: Colour = (58, 50, 44)
PANEL_EDGE: Colour = (110, 92, 70)
PANEL_DARK: Colour = (44, 38, 34)
TEXT: Colour = (240, 230, 208)
TEXT_DIM: Colour = (180, 168, 146)
TEXT_DARK: Colour = (30, 26, 22)
ACCENT: Colour = (232, 176, 64)
ACCENT_DARK: Colour = (150, 104, 28)
GOOD: Colour = (120, 200, 110)
BAD: Colour = (230, 96, 80)
HIGHLIGHT: Colour = (255, 236, 140)
SHADOW: Colour = (0, 0, 0)

BUTTON: Colour = (96, 78, 58)
BUTTON_HOVER: Colour = (126, 102, 74)
BUTTON_PRESSED: Colour = (72, 58, 44)
BUTTON_DISABLED: Colour = (70, 64, 58)
BUTTON_ON: Colour = (176, 128, 46)


@dataclass(frozen=True)
class PlayerColour:
    """A seat colour with a second cue (a shape drawn on the shield) for colour-blind players."""

    name: str
    rgb: Colour
    mark: str  # "circle", "triangle", "square", "diamond", "star", "cross"
    ink: Colour  # colour of the mark and text drawn on top of rgb


# Okabe–Ito inspired: distinguishable for the common colour-vision deficiencies, and each has
# its own mark as well.
PLAYER_COLOURS: tuple[PlayerColour, ...] = (
    PlayerColour("Red", (213, 70, 40), "circle", (255, 255, 255)),
    PlayerColour("Blue", (30, 110, 200), "triangle", (255, 255, 255)),
    PlayerColour("Yellow", (240, 210, 50), "square", (20, 20, 20)),
    PlayerColour("Green", (0, 150, 110), "diamond", (255, 255, 255)),
    PlayerColour("Purple", (170, 90, 180), "star", (255, 255, 255)),
    PlayerColour("White", (236, 236, 236), "cross", (20, 20, 20)),
)

FONT_SMALL = 18
FONT_BODY = 22
# 31, not 30: at 30 the default face's hinting bridges the two dots of "ä" into a bar ("ā").
FONT_LARGE = 31
FONT_TITLE = 56
FONT_HUGE = 84

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_text_cache: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}
_TEXT_CACHE_LIMIT = 2000
_wrap_cache: dict[tuple[str, int, int, bool], list[str]] = {}


def seat_colour(index: int) -> PlayerColour:
    """The colour a seat chose (``Seat.colour``, an index into the palette)."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at ``size`` (cached: creating fonts is slow).

    ``bold`` asks for a bold face. The default face (FreeSans Bold) already is one, so it is not
    emboldened further: SDL's synthetic extra weight fills the gap between the two dots of an
    umlaut, and "Räuber-Rommé" reads as "Rāuber-Rommé"."""
    key = (size, bold)
    cached = _fonts.get(key)
    if cached is not None:
        try:
            cached.get_height()
        except pygame.error:  # pygame was quit (and started again) since: its fonts are dead
            forget_fonts()
            cached = None
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(None, size)
        cached.set_bold(bold and not _is_bold_face(cached))
        _fonts[key] = cached
    return cached


def _is_bold_face(face: pygame.font.Font) -> bool:
    return "bold" in (face.style_name or "").lower()


def forget_fonts() -> None:
    """Drop cached fonts (they die with ``pygame.quit()``) and what was rendered with them; they
    are made again when needed."""
    _fonts.clear()
    _wrap_cache.clear()
    _text_cache.clear()


# No line on any screen holds more characters than this; longer texts are cut before measuring
# (a name from a file may be megabytes long).
MAX_LINE_CHARS = 4096
MAX_WRAP_CHARS = 20_000
_UNDRAWABLE = {0: "\ufffd"}  # NUL: SDL_ttf refuses it


def drawable(content: str) -> str:
    """``content`` as the font can take it: NUL and lone surrogates (which can't be encoded)
    become U+FFFD, and it is cut to MAX_LINE_CHARS."""
    content = str(content)[:MAX_LINE_CHARS]
    if "\x00" in content:
        content = content.translate(_UNDRAWABLE)
    try:
        content.encode("utf-8")
    except UnicodeEncodeError:
        content = content.encode("utf-8", "replace").decode("utf-8")
    return content


def text_width(content: str, size: int, bold: bool = False) -> int:
    """The width in pixels of one line of ``content`` (any string)."""
    try:
        return int(font(size, bold).size(drawable(content))[0])
    except pygame.error:  # e.g. only zero-width characters
        return 0


def text(
    content: str, size: int = FONT_BODY, colour: Colour = TEXT, bold: bool = False
) -> pygame.Surface:
    """A rendered line of text, cached so that redrawing the same labels every frame is free.
    Any string is drawn (characters the font can't take are shown as U+FFFD)."""
    key = (content, size, colour, bold)
    surface = _text_cache.get(key)
    if surface is None:
        if len(_text_cache) > _TEXT_CACHE_LIMIT:
            _text_cache.clear()
        face = font(size, bold)
        try:
            surface = face.render(drawable(content), True, colour)
        except pygame.error:  # nothing visible to draw ("Text has zero width")
            surface = pygame.Surface((0, face.get_linesize()), pygame.SRCALPHA)
        _text_cache[key] = surface
    return surface


def blit_text(
    target: pygame.Surface,
    content: str,
    pos: tuple[int, int],
    size: int = FONT_BODY,
    colour: Colour = TEXT,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
    surface = text(content, size, colour, bold)
    rect = surface.get_rect(**{anchor: pos})
    target.blit(surface, rect)
    return rect


# No label is drawn smaller than this: a text that would need less is too long for its place
# (``overflows`` records it; tests/game/ui/test_text_fits.py lays out every screen and checks).
SMALLEST_TEXT = 15
overflows: list[tuple[str, int]] = []  # (text, width) that did not fit at SMALLEST_TEXT


def fitting_size(content: str, size: int, width: int, bold: bool = False, shrink: int = 6) -> int:
    """The font size, at most ``shrink`` steps below ``size`` and never below
    ``SMALLEST_TEXT``, at which ``content`` fits ``width`` pixels (long German words, narrow
    windows)."""
    smallest = min(size, max(SMALLEST_TEXT, size - shrink))
    while size > smallest and text_width(content, size, bold) > width:
        size -= 1
    return size


def label_size(content: str, size: int, width: int, bold: bool = False) -> int:
    """``fitting_size`` for a label that must be read whole (a button, a choice): one that
    does not fit even at ``SMALLEST_TEXT`` is recorded in ``overflows``."""
    fitted = fitting_size(content, size, width, bold)
    if text_width(content, fitted, bold) > width and len(overflows) < 100:
        overflows.append((content, width))
    return fitted


def fits(content: str, size: int, width: int, bold: bool = False) -> bool:
    """Does ``content`` fit ``width`` pixels at a size no smaller than ``SMALLEST_TEXT``?"""
    return text_width(content, max(SMALLEST_TEXT, size - 6), bold) <= width


def ellipsize(content: str, size: int, width: int, bold: bool = False) -> str:
    """``content`` cut to ``width`` pixels with an ellipsis (a name beside a card fan).

    The cut is found by binary search over the length (widths grow with the prefix), so it
    costs a logarithmic number of measurements for any string."""
    content = str(content)
    # Every visible character is at least a pixel wide: more than ``width`` of them never fit.
    cut = len(content) > max(width, 1) + 1
    candidate = content[: max(width, 1) + 1] if cut else content
    if not cut and text_width(candidate, size, bold) <= width:
        return content
    low, high = 0, len(candidate)  # the longest fitting prefix lies in low..high
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(candidate[:middle] + "…", size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return candidate[:low].rstrip() + "…"


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``content`` into lines that fit ``width`` pixels; blank lines are kept."""
    content = str(content)[:MAX_WRAP_CHARS]
    key = (content, size, width, bold)
    lines = _wrap_cache.get(key)
    if lines is None:
        if len(_wrap_cache) > _TEXT_CACHE_LIMIT:
            _wrap_cache.clear()
        lines = _wrap_cache[key] = _wrap(content, size, width, bold)
    return list(lines)


def _wrap(content: str, size: int, width: int, bold: bool) -> list[str]:
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = word if not line else f"{line} {word}"
            if not line or text_width(candidate, size, bold) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def panel(
    target: pygame.Surface, rect: pygame.Rect, colour: Colour = PANEL, radius: int = 10
) -> None:
    """A rounded panel with a soft edge and a drop shadow."""
    shadow = rect.move(3, 4)
    pygame.draw.rect(target, (20, 16, 14), shadow, border_radius=radius)
    pygame.draw.rect(target, colour, rect, border_radius=radius)
    pygame.draw.rect(target, PANEL_EDGE, rect, width=2, border_radius=radius)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend of two colours (t=0 gives a, t=1 gives b)."""
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )
