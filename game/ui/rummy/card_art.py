"""Playing cards drawn from shapes at any size: faces, jokers and backs, cached per size.

Suit symbols are polygons and circles (never font glyphs, which many fonts lack), drawn at
four times the size and smoothed down, so they stay crisp and anti-aliased at every window
size. Ranks use the default font, which has every character they need (A 2-10 J Q K).
A surface is made once per (card, size, colour scheme) and reused every frame.
"""

from __future__ import annotations

import math

import pygame

from game.rummy.cards import RANK_NAMES, Card
from game.ui import theme

SUPERSAMPLE = 4
FACE: theme.Colour = (252, 250, 244)
FACE_EDGE: theme.Colour = (120, 110, 96)
BACK: theme.Colour = (128, 36, 40)
BACK_PATTERN: theme.Colour = (176, 70, 66)
JOKER_INK: theme.Colour = (118, 52, 150)
JOKER_GOLD: theme.Colour = (214, 160, 30)

TWO_COLOURS: dict[str, theme.Colour] = {
    "C": (28, 28, 32),
    "S": (28, 28, 32),
    "H": (200, 30, 36),
    "D": (200, 30, 36),
}
# The common four-colour deck: spades black, hearts red, diamonds blue, clubs green.
FOUR_COLOURS: dict[str, theme.Colour] = {
    "C": (20, 130, 50),
    "S": (28, 28, 32),
    "H": (200, 30, 36),
    "D": (30, 90, 200),
}

_cache: dict[tuple[str, int, int, bool], pygame.Surface] = {}
_symbol_cache: dict[tuple[str, int, theme.Colour], pygame.Surface] = {}
_CACHE_LIMIT = 500  # card faces: ~35 KB each, so the cache stays under ~20 MB


def suit_colour(suit: str, four_colour: bool) -> theme.Colour:
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def _heart(surf: pygame.Surface, s: int, colour: theme.Colour) -> None:
    r = s * 0.26
    pygame.draw.circle(surf, colour, (round(s * 0.29), round(s * 0.33)), round(r))
    pygame.draw.circle(surf, colour, (round(s * 0.71), round(s * 0.33)), round(r))
    pygame.draw.polygon(
        surf,
        colour,
        [(s * 0.05, s * 0.42), (s * 0.95, s * 0.42), (s * 0.5, s * 0.95)],
    )
    pygame.draw.rect(surf, colour, (s * 0.2, s * 0.3, s * 0.6, s * 0.2))


def _diamond(surf: pygame.Surface, s: int, colour: theme.Colour) -> None:
    pygame.draw.polygon(
        surf,
        colour,
        [(s * 0.5, s * 0.02), (s * 0.88, s * 0.5), (s * 0.5, s * 0.98), (s * 0.12, s * 0.5)],
    )


def _stem(surf: pygame.Surface, s: int, colour: theme.Colour) -> None:
    pygame.draw.polygon(
        surf, colour, [(s * 0.5, s * 0.55), (s * 0.72, s * 0.98), (s * 0.28, s * 0.98)]
    )


def _club(surf: pygame.Surface, s: int, colour: theme.Colour) -> None:
    r = round(s * 0.21)
    pygame.draw.circle(surf, colour, (round(s * 0.5), round(s * 0.25)), r)
    pygame.draw.circle(surf, colour, (round(s * 0.27), round(s * 0.56)), r)
    pygame.draw.circle(surf, colour, (round(s * 0.73), round(s * 0.56)), r)
    pygame.draw.circle(surf, colour, (round(s * 0.5), round(s * 0.5)), round(s * 0.12))
    _stem(surf, s, colour)


def _spade(surf: pygame.Surface, s: int, colour: theme.Colour) -> None:
    r = s * 0.25
    pygame.draw.circle(surf, colour, (round(s * 0.29), round(s * 0.58)), round(r))
    pygame.draw.circle(surf, colour, (round(s * 0.71), round(s * 0.58)), round(r))
    pygame.draw.polygon(
        surf, colour, [(s * 0.5, s * 0.02), (s * 0.96, s * 0.52), (s * 0.04, s * 0.52)]
    )
    pygame.draw.rect(surf, colour, (s * 0.2, s * 0.45, s * 0.6, s * 0.2))
    _stem(surf, s, colour)


def _star(surf: pygame.Surface, s: int, colour: theme.Colour) -> None:
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        radius = s * (0.48 if i % 2 == 0 else 0.2)
        points.append((s / 2 + radius * math.cos(angle), s / 2 + radius * math.sin(angle)))
    pygame.draw.polygon(surf, colour, points)


_SHAPES = {"H": _heart, "D": _diamond, "C": _club, "S": _spade, "*": _star}


def suit_symbol(suit: str, size: int, colour: theme.Colour) -> pygame.Surface:
    """The suit (or ``"*"``: the joker's star) as an anti-aliased shape ``size`` pixels high."""
    size = max(4, size)
    key = (suit, size, colour)
    cached = _symbol_cache.get(key)
    if cached is None:
        big = size * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        _SHAPES[suit](canvas, big, colour)
        cached = pygame.transform.smoothscale(canvas, (size, size))
        _symbol_cache[key] = cached
    return cached


def rank_text(card: Card) -> str:
    return RANK_NAMES[card.rank - 1]


def _face(card: Card, w: int, h: int, four_colour: bool) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 9)
    pygame.draw.rect(surf, FACE, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, FACE_EDGE, surf.get_rect(), width=1, border_radius=radius)
    if card.is_joker:
        _joker_face(surf, w, h)
        return surf
    ink = suit_colour(card.suit, four_colour)
    # The corner index (rank over a small suit) is what stays visible when cards overlap.
    rank_size = max(10, int(h * 0.30))
    label = theme.text(rank_text(card), rank_size, ink, bold=True)
    if label.get_width() > w * 0.56:  # "10" on narrow cards
        label = pygame.transform.smoothscale(
            label, (int(w * 0.56), max(1, int(label.get_height() * w * 0.56 / label.get_width())))
        )
    pad = max(2, w // 14)
    surf.blit(label, (pad, pad - max(0, rank_size // 12)))
    small = suit_symbol(card.suit, max(6, int(w * 0.26)), ink)
    surf.blit(
        small,
        (pad + max(0, (label.get_width() - small.get_width()) // 2), pad + int(rank_size * 0.72)),
    )
    big = suit_symbol(card.suit, max(8, int(min(w * 0.58, h * 0.42))), ink)
    surf.blit(big, big.get_rect(center=(int(w * 0.58), int(h * 0.68))))
    return surf


def _joker_face(surf: pygame.Surface, w: int, h: int) -> None:
    """A joker is unmistakable: gold frame, purple star and the word along the bottom. Its
    corner index (what shows when cards overlap) is a star too: a "J" there read as a jack."""
    inner = surf.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(surf, JOKER_GOLD, inner, width=max(1, w // 24), border_radius=max(2, w // 12))
    star = suit_symbol("*", max(10, int(min(w * 0.7, h * 0.5))), JOKER_INK)
    surf.blit(star, star.get_rect(center=(w // 2, int(h * 0.62))))
    corner = suit_symbol("*", max(8, int(h * 0.22)), JOKER_INK)
    surf.blit(corner, (max(3, w // 10), max(2, w // 14)))
    word = theme.text("JOKER", max(8, int(h * 0.14)), JOKER_INK, bold=True)
    if word.get_width() > w - 6:
        word = pygame.transform.smoothscale(
            word, (w - 6, max(1, int(word.get_height() * (w - 6) / word.get_width())))
        )
    surf.blit(word, word.get_rect(midbottom=(w // 2, h - max(2, h // 16))))


def _back(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 9)
    pygame.draw.rect(surf, (250, 246, 236), surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, w // 7), -max(4, w // 7))
    pygame.draw.rect(surf, BACK, inner, border_radius=max(2, radius - 2))
    step = max(5, w // 6)
    clip = surf.get_clip()
    surf.set_clip(inner)
    for x in range(inner.x - inner.h, inner.right, step):
        pygame.draw.line(surf, BACK_PATTERN, (x, inner.y), (x + inner.h, inner.bottom), 1)
        pygame.draw.line(surf, BACK_PATTERN, (x + inner.h, inner.y), (x, inner.bottom), 1)
    surf.set_clip(clip)
    pygame.draw.rect(surf, FACE_EDGE, surf.get_rect(), width=1, border_radius=radius)
    return surf


def card_surface(
    card: Card | None, size: tuple[int, int], four_colour: bool = False
) -> pygame.Surface:
    """The face of ``card`` (its back when ``card`` is None or hidden) at ``size`` pixels."""
    w, h = max(12, size[0]), max(16, size[1])
    face_up = card is not None and not card.is_hidden
    name = str(card) if face_up and card is not None else "back"
    key = (name, w, h, four_colour and face_up)
    cached = _cache.get(key)
    if cached is None:
        if len(_cache) > _CACHE_LIMIT:
            _cache.clear()
        cached = _face(card, w, h, four_colour) if face_up and card is not None else _back(w, h)
        if pygame.display.get_surface() is not None:
            cached = cached.convert_alpha()  # the display's pixel format blits fastest
        _cache[key] = cached
    return cached


def clear_cache() -> None:
    _cache.clear()
    _symbol_cache.clear()
