"""The review's graph: every seat's win chance across the game, decision by decision.

One frame for all: after each decision the graph shows that decision's chances for every seat
(they share out the win, so the lines add up), the same numbers the command line's table
prints. Graded decisions carry a marker with the chess sign of their grade (?! ? ??).

:meth:`ChanceGraph.build` renders the axes, the seats' lines, the chosen decision and the
markers into a surface (called from layout and update when the findings change);
:meth:`ChanceGraph.draw` only blits it and the hovered point's note. Hit-testing (hover, a
decision or marker clicked) uses the positions the build computed, so what is drawn and what
is clicked agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.review import BLUNDER, INACCURACY, MISTAKE, ReviewedTurn
from game.ui import theme
from game.ui.review.words import decision_label, percent

LEFT_MARGIN = 54
BOTTOM_MARGIN = 26
TOP_MARGIN = 18
MARKER_R = 8
HOVER_REACH = 14
# A grade's sign (as chess annotates moves: no words to translate) and the ring's colour.
GRADE_SIGNS = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}
GRADE_RINGS: dict[str | None, theme.Colour] = {
    INACCURACY: (236, 200, 90),
    MISTAKE: (240, 140, 60),
    BLUNDER: theme.BAD,
    None: theme.BAD,
}


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
        self.columns: list[tuple[int, ReviewedTurn]] = []  # (x, decision) in the game's order
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
        self.columns = [(self.x_of(i, total), turn) for i, turn in enumerate(turns)]
        ordinals = {turn.index: i for i, turn in enumerate(turns)}
        if selected is not None and selected.index in ordinals:
            x = self.x_of(ordinals[selected.index], total) - rect.x
            band = pygame.Rect(0, plot.y, 9, plot.h)
            band.centerx = x
            surface.fill(theme.mix(theme.PANEL_DARK, theme.HIGHLIGHT, 0.22), band)
        seats = max((len(t.chances) for t in turns), default=0)
        for seat in range(seats):
            colour = colours[seat % len(colours)] if colours else theme.TEXT
            line: list[tuple[int, int]] = []
            for ordinal, turn in enumerate(turns):
                # One frame: every decision's estimate gives every seat's chance, so each
                # line has a point after every decision and the lines add up to 100 %.
                if seat >= len(turn.chances):
                    continue
                if ordinal and turns[ordinal - 1].round != turn.round:
                    _draw_line(surface, colour, line)  # a new round starts afresh
                    line = []
                pos = (self.x_of(ordinal, total), self.y_of(turn.chances[seat]))
                self.points.append(GraphPoint(pos, seat, turn.chances[seat], turn))
                line.append((pos[0] - rect.x, pos[1] - rect.y))
                own = turn.seat == seat  # a dot where the seat itself decided
                pygame.draw.circle(surface, colour, line[-1], 4 if own else 2)
            _draw_line(surface, colour, line)
        self.markers = []
        for turn in marked:
            found = ordinals.get(turn.index)
            if found is None or turn.seat >= len(turn.chances):
                continue
            centre = (self.x_of(found, total), self.y_of(turn.chances[turn.seat]))
            hit = pygame.Rect(0, 0, 2 * MARKER_R + 8, 2 * MARKER_R + 8)
            hit.center = centre
            self.markers.append((hit, turn))
            local = (centre[0] - rect.x, centre[1] - rect.y)
            colour = colours[turn.seat % len(colours)] if colours else theme.TEXT
            chosen = selected is not None and selected.index == turn.index
            draw_marker(surface, local, colour, turn.grade, chosen)
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

    def turn_at(self, pos: tuple[int, int]) -> ReviewedTurn | None:
        """The decision whose column is under ``pos`` (anywhere over the plot)."""
        if not self.plot.inflate(12, 12).collidepoint(pos) or not self.columns:
            return None
        return min(self.columns, key=lambda column: abs(column[0] - pos[0]))[1]

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


def _draw_line(surface: pygame.Surface, colour: theme.Colour, line: list[tuple[int, int]]) -> None:
    if len(line) > 1:
        pygame.draw.lines(surface, colour, False, line, 3)


def draw_marker(
    surface: pygame.Surface,
    centre: tuple[int, int],
    colour: theme.Colour,
    grade: str | None,
    chosen: bool = False,
) -> None:
    """A graded decision's marker: the seat's colour, ringed by the grade's, with its sign."""
    radius = MARKER_R + (3 if chosen else 0)
    pygame.draw.circle(surface, colour, centre, radius)
    ring = theme.HIGHLIGHT if chosen else GRADE_RINGS.get(grade, theme.BAD)
    pygame.draw.circle(surface, ring, centre, radius, 3)
    sign = GRADE_SIGNS.get(grade or "", "!")
    label = theme.text(sign, theme.FONT_SMALL - 3, theme.TEXT, True)
    back = label.get_rect(center=centre).inflate(4, 0)
    pygame.draw.rect(surface, theme.PANEL_DARK, back, border_radius=4)
    surface.blit(label, label.get_rect(center=centre))
