"""The review's graph: every seat's win chance across the game, decision by decision.

:meth:`ChanceGraph.build` renders the axes, the seats' lines and the marked decisions into a
surface (called from layout and update when the findings change); :meth:`ChanceGraph.draw`
only blits it and the hovered point's note. Hit-testing (hover, a marker clicked) uses the
positions the build computed, so what is drawn and what is clicked agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.review import ReviewedTurn
from game.ui import theme
from game.ui.review.words import decision_label, percent

LEFT_MARGIN = 54
BOTTOM_MARGIN = 26
TOP_MARGIN = 18
MARKER_R = 8
HOVER_REACH = 14


@dataclass(frozen=True)
class GraphPoint:
    pos: tuple[int, int]
    seat: int
    chance: float
    turn: ReviewedTurn


class ChanceGraph:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.surface: pygame.Surface | None = None
        self.points: list[GraphPoint] = []
        self.markers: list[tuple[pygame.Rect, ReviewedTurn]] = []
        self.game = ""

    def x_of(self, ordinal: int, total: int) -> int:
        if total <= 1:
            return self.plot.centerx
        return self.plot.x + round(ordinal * self.plot.w / (total - 1))

    def y_of(self, chance: float) -> int:
        return self.plot.bottom - round(max(0.0, min(1.0, chance)) * self.plot.h)

    def build(
        self,
        rect: pygame.Rect,
        game: str,
        turns: Sequence[ReviewedTurn],
        total: int,
        colours: Sequence[theme.Colour],
        marked: Sequence[ReviewedTurn],
        selected: ReviewedTurn | None,
    ) -> None:
        """Render the graph of ``turns`` (of ``total`` decisions) into ``rect``'s size."""
        self.rect, self.game = pygame.Rect(rect), game
        self.plot = pygame.Rect(
            rect.x + LEFT_MARGIN,
            rect.y + TOP_MARGIN,
            max(10, rect.w - LEFT_MARGIN - 16),
            max(10, rect.h - TOP_MARGIN - BOTTOM_MARGIN),
        )
        total = max(total, len(turns), 1)
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        origin = (-rect.x, -rect.y)
        pygame.draw.rect(surface, theme.PANEL_DARK, surface.get_rect(), border_radius=8)
        plot = self.plot.move(origin)
        for tenth in (0, 25, 50, 75, 100):
            y = self.y_of(tenth / 100) - rect.y
            ink = (
                theme.PANEL_EDGE
                if tenth in (0, 100)
                else theme.mix(theme.PANEL_DARK, theme.PANEL_EDGE, 0.5)
            )
            pygame.draw.line(surface, ink, (plot.x, y), (plot.right, y), 1)
            label = theme.text(f"{tenth} %", theme.FONT_SMALL - 2, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midright=(plot.x - 8, y)))
        self._ticks_and_rounds(surface, turns, total, origin)
        self.points = []
        seats = max((len(t.chances) for t in turns), default=0)
        for seat in range(seats):
            colour = colours[seat % len(colours)] if colours else theme.TEXT
            line: list[tuple[int, int]] = []
            for ordinal, turn in enumerate(turns):
                # Each line is its seat's own judgement after each of its turns: every estimate
                # is made from the deciding seat's view, and mixing views would zigzag.
                if seat >= len(turn.chances) or turn.seat != seat:
                    continue
                pos = (self.x_of(ordinal, total), self.y_of(turn.chances[seat]))
                self.points.append(GraphPoint(pos, seat, turn.chances[seat], turn))
                line.append((pos[0] - rect.x, pos[1] - rect.y))
            if len(line) > 1:
                pygame.draw.lines(surface, colour, False, line, 3)
            for point in line:
                pygame.draw.circle(surface, colour, point, 3)
        self.markers = []
        ordinals = {turn.index: i for i, turn in enumerate(turns)}
        for turn in marked:
            found = ordinals.get(turn.index)
            if found is None:
                continue
            centre = (self.x_of(found, total), self.y_of(turn.played))
            hit = pygame.Rect(0, 0, 2 * MARKER_R + 8, 2 * MARKER_R + 8)
            hit.center = centre
            self.markers.append((hit, turn))
            local = (centre[0] - rect.x, centre[1] - rect.y)
            colour = colours[turn.seat % len(colours)] if colours else theme.TEXT
            chosen = selected is not None and selected.index == turn.index
            pygame.draw.circle(surface, colour, local, MARKER_R + (3 if chosen else 0))
            ring = theme.HIGHLIGHT if chosen else theme.BAD
            pygame.draw.circle(surface, ring, local, MARKER_R + (3 if chosen else 0), 3)
            draw_mark(surface, local)
        self.surface = surface

    def _ticks_and_rounds(
        self,
        surface: pygame.Surface,
        turns: Sequence[ReviewedTurn],
        total: int,
        origin: tuple[int, int],
    ) -> None:
        last_label_x = -1000
        base = self.plot.bottom + origin[1]
        for ordinal, turn in enumerate(turns):
            x = self.x_of(ordinal, total) + origin[0]
            previous = turns[ordinal - 1] if ordinal else None
            if previous is not None and previous.round != turn.round:
                middle = (x + self.x_of(ordinal - 1, total) + origin[0]) // 2
                for y in range(self.plot.y + origin[1], base, 8):
                    pygame.draw.line(surface, theme.TEXT_DIM, (middle, y), (middle, y + 4), 1)
                note = theme.text(
                    _("Round {number}").format(number=turn.round),
                    theme.FONT_SMALL - 3,
                    theme.TEXT_DIM,
                )
                surface.blit(note, (middle + 4, self.plot.y + origin[1] - 16))
            new_turn = (
                previous is None or previous.turn != turn.turn or previous.round != turn.round
            )
            if new_turn and x - last_label_x >= 34:
                pygame.draw.line(surface, theme.PANEL_EDGE, (x, base), (x, base + 4), 1)
                label = theme.text(str(turn.turn), theme.FONT_SMALL - 3, theme.TEXT_DIM)
                surface.blit(label, label.get_rect(midtop=(x, base + 6)))
                last_label_x = x
        axis = theme.text(_("turn"), theme.FONT_SMALL - 3, theme.TEXT_DIM)
        surface.blit(axis, axis.get_rect(topright=(self.plot.x + origin[0] - 8, base + 6)))

    def point_at(self, pos: tuple[int, int]) -> GraphPoint | None:
        """The point nearest ``pos``, if it is close enough to be meant."""
        if not self.rect.collidepoint(pos):
            return None
        best: GraphPoint | None = None
        best_d = HOVER_REACH * HOVER_REACH
        for point in self.points:
            d = (point.pos[0] - pos[0]) ** 2 + (point.pos[1] - pos[1]) ** 2
            if d <= best_d:
                best, best_d = point, d
        return best

    def marker_at(self, pos: tuple[int, int]) -> ReviewedTurn | None:
        for hit, turn in self.markers:
            if hit.collidepoint(pos):
                return turn
        return None

    def draw(self, surface: pygame.Surface, hover: GraphPoint | None, names: Sequence[str]) -> None:
        if self.surface is not None:
            surface.blit(self.surface, self.rect)
        if hover is None:
            return
        name = names[hover.seat] if hover.seat < len(names) else str(hover.seat + 1)
        label = decision_label(self.game, hover.turn)
        note = _("{label} · {name}: {chance}").format(
            label=label, name=name, chance=percent(hover.chance)
        )
        pygame.draw.circle(surface, theme.HIGHLIGHT, hover.pos, 6, 2)
        tip = theme.text(note, theme.FONT_SMALL, theme.TEXT)
        box = tip.get_rect().inflate(14, 8)
        box.midbottom = (hover.pos[0], hover.pos[1] - 10)
        box.clamp_ip(self.rect)
        if box.collidepoint(hover.pos):
            box.midtop = (hover.pos[0], hover.pos[1] + 12)
            box.clamp_ip(self.rect)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
        surface.blit(tip, tip.get_rect(center=box.center))


def draw_mark(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    """An exclamation mark drawn as shapes (no text to translate)."""
    x, y = centre
    pygame.draw.line(surface, theme.TEXT, (x, y - 5), (x, y + 1), 3)
    pygame.draw.circle(surface, theme.TEXT, (x, y + 5), 2)


def draw_marker(surface: pygame.Surface, centre: tuple[int, int], colour: theme.Colour) -> None:
    pygame.draw.circle(surface, colour, centre, MARKER_R)
    pygame.draw.circle(surface, theme.BAD, centre, MARKER_R, 3)
    draw_mark(surface, centre)
