"""The side panel's player cards: colour and mark, name, live score, knights, tiles and piles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.i18n import _
from game.play.session import MATCHED, Seat, level_word
from game.ui import sprites, theme

CARD_H = 100
CARD_GAP = 8
MINI = 15  # size of a mini tile back in a pile row


def card_rects(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    height = min(CARD_H, (area.h - CARD_GAP * (count - 1)) // max(count, 1))
    return [
        pygame.Rect(area.x, area.y + i * (height + CARD_GAP), area.w, height) for i in range(count)
    ]


def letter_groups(tiles: Sequence[Any]) -> list[tuple[str, int]]:
    """``B B C C C`` -> ``[("B", 2), ("C", 3)]`` (the letters of a pile, top first)."""
    groups: list[tuple[str, int]] = []
    for tile in tiles:
        if groups and groups[-1][0] == tile.letter:
            groups[-1] = (tile.letter, groups[-1][1] + 1)
        else:
            groups.append((tile.letter, 1))
    return groups


def render_cards(
    size: tuple[int, int],
    rects: Sequence[pygame.Rect],
    origin: tuple[int, int],
    state: Any,
    seats: Sequence[Seat],
    current: int | None,
    scores: Sequence[int],
    leaders: Sequence[int],
) -> pygame.Surface:
    """All player cards on one transparent surface (redrawn only when the state changes)."""
    out = pygame.Surface(size)  # opaque: blitting it every frame stays cheap
    out.fill(theme.PANEL_DARK)
    for seat_index, rect in enumerate(rects):
        r = rect.move(-origin[0], -origin[1])
        seat = seats[seat_index]
        colour = theme.seat_colour(seat.colour)
        is_current = seat_index == current
        fill = theme.mix(theme.PANEL, colour.rgb, 0.18 if is_current else 0.06)
        pygame.draw.rect(out, fill, r, border_radius=8)
        edge = theme.ACCENT if is_current else theme.PANEL_EDGE
        pygame.draw.rect(out, edge, r, 3 if is_current else 1, border_radius=8)
        pygame.draw.rect(out, colour.rgb, (r.x, r.y + 6, 6, r.h - 12), border_radius=3)
        figure = sprites.knight_sprite(colour, min(44, r.h - 40))
        out.blit(figure, (r.x + 12, r.y + 8))
        name_x = r.x + 14 + figure.get_width() + 8
        theme.blit_text(out, seat.name, (name_x, r.y + 8), theme.FONT_BODY, theme.TEXT, True)
        kind = (
            _("human")
            if seat.human
            else _("computer, {level}").format(
                level=level_word(MATCHED if seat.strength is not None else seat.level)
            )
        )
        theme.blit_text(out, kind, (name_x, r.y + 28), theme.FONT_SMALL - 2, theme.TEXT_DIM)
        score_colour = (
            theme.ACCENT if seat_index in leaders and scores[seat_index] > 0 else theme.TEXT
        )
        theme.blit_text(
            out,
            str(scores[seat_index]),
            (r.right - 14, r.y + 4),
            theme.FONT_LARGE + 6,
            score_colour,
            True,
            "topright",
        )
        theme.blit_text(
            out,
            _("points"),
            (r.right - 14, r.y + 34),
            theme.FONT_SMALL - 4,
            theme.TEXT_DIM,
            anchor="topright",
        )
        hand = state.hands[seat_index]
        pile = state.piles[seat_index]
        stats = _("knights {knights}   tiles {tiles}").format(
            knights=state.supply[seat_index], tiles=len(hand) + len(pile)
        )
        theme.blit_text(out, stats, (name_x, r.y + 46), theme.FONT_SMALL, theme.TEXT)
        # Hand letters, then the pile's letters top first (public information).
        y = r.bottom - MINI - 8
        x = r.x + 14
        if r.h >= 86:
            label = theme.blit_text(
                out,
                _("hand"),
                (x, y + MINI // 2),
                theme.FONT_SMALL - 4,
                theme.TEXT_DIM,
                anchor="midleft",
            )
            x += label.w + 6
            for tile in hand:
                out.blit(sprites.tile_back(tile.letter, MINI), (x, y))
                x += MINI + 2
            x += 8
            label = theme.blit_text(
                out,
                _("pile"),
                (x, y + MINI // 2),
                theme.FONT_SMALL - 4,
                theme.TEXT_DIM,
                anchor="midleft",
            )
            x += label.w + 6
            # One form for every player and pile size: one tile per letter with its count
            # ("B 2  C 5"), so that two players' piles read alike.
            for letter, count in letter_groups(pile):
                number = theme.text(str(count), theme.FONT_SMALL - 2, theme.TEXT, True)
                if x + MINI + 2 + number.get_width() > r.right - 6:
                    break
                out.blit(sprites.tile_back(letter, MINI), (x, y))
                out.blit(number, number.get_rect(midleft=(x + MINI + 2, y + MINI // 2)))
                x += MINI + 2 + number.get_width() + 6
            if not pile and not hand:
                theme.blit_text(
                    out,
                    _("no tiles left"),
                    (x, y + MINI // 2),
                    theme.FONT_SMALL - 2,
                    theme.TEXT_DIM,
                    anchor="midleft",
                )
    return out
