"""The end screen: final scores with their make-up, the tie-break if it was needed, rematch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import sprites, theme
from game.ui.overlays import dim
from game.ui.review.opening import review_session
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.knights.table import KnightsTableScene

POINTS = {"castle": 1, "village": 2, "town": 3}


def score_breakdown(state: Any, seat: int) -> dict[str, int]:
    """Points per building type held by ``seat`` (its knight on top)."""
    out = {"castle": 0, "village": 0, "town": 0}
    for placed in state.board.values():
        building = placed.tile.partition("+")[2]
        if building and placed.knights and placed.knights[-1] == seat:
            out[building] += POINTS[building]
    return out


def tie_break_note(state: Any, names: list[str]) -> str:
    """Words for how the winner was decided when points alone did not."""
    scores = state.scores()
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    winners = state.winners()
    if len(tied) == 1:
        return ""
    tied_names = _("{names} and {last}").format(
        names=", ".join(names[p] for p in tied[:-1]), last=names[tied[-1]]
    )
    if len(winners) == 1:
        w = winners[0]
        left = state.supply[w]
        return _(
            "{tied} tie on {best} points; {name} wins with more knights left ({left})."
        ).format(tied=tied_names, best=best, name=names[w], left=left)
    left = state.supply[winners[0]]
    return _("{tied} tie on {best} points and knights left ({left}): they share the win.").format(
        tied=tied_names, best=best, left=left
    )


class KnightsResultsScene(Scene):
    opaque = False
    name = "results"

    def __init__(self, app: App, table: KnightsTableScene) -> None:
        super().__init__(app)
        self.table = table
        self.state = table.session.state
        self.hidden = False
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        n = self.state.num_players
        names = [seat.name for seat in self.table.session.seats]
        note_lines = len(theme.wrap(tie_break_note(self.state, names), theme.FONT_BODY, 660))
        note_h = note_lines * 22 + 10 if tie_break_note(self.state, names) else 0
        self.box = pygame.Rect(0, 0, min(720, size[0] - 40), 190 + n * 62 + note_h)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        y = self.box.bottom - 62
        entries = [
            (_("Rematch"), self.table.rematch, pygame.K_r, "rematch"),
            (_("Show board"), self.toggle, pygame.K_b, "board"),
            (_("Review"), self.review, pygame.K_v, "review"),
            (_("Main menu"), self.table.back_to_menu, pygame.K_m, "menu"),
        ]
        tips = {
            "review": _("Where the game was won and lost: the graph and the costliest moves (V)")
        }
        width = (self.box.w - 48 - 12 * (len(entries) - 1)) // len(entries)
        for i, (label, callback, key, ident) in enumerate(entries):
            rect = pygame.Rect(self.box.x + 24 + i * (width + 12), y, width, 44)
            tip = tips.get(ident, "")
            self.widgets.add(Button(label, callback, rect, key, ident=ident, tooltip=tip))

    def review(self) -> None:
        review_session(self.app, self.table.session)

    def toggle(self) -> None:
        self.hidden = not self.hidden
        board = self.widgets.find("board")
        assert isinstance(board, Button)
        board.label = _("Show scores") if self.hidden else _("Show board")
        for widget in self.widgets.widgets:
            if widget is not board:
                widget.visible = not self.hidden
        if self.hidden:  # in the empty hand bar, clear of the board and the side panel
            area = self.table.bottom
            board.rect.bottomright = (area.right - 16, area.bottom - 16)
        if not self.hidden:
            self.layout(self.size)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.back_to_menu()
            return True
        self.widgets.handle(event)
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        if self.hidden:
            self.widgets.draw(surface)
            return
        dim(surface, 140)
        theme.panel(surface, self.box)
        state = self.state
        names = [s.name for s in self.table.session.seats]
        scores = state.scores()
        winners = state.winners()
        title = (
            _("Shared win!")
            if len(winners) > 1
            else _("{name} wins!").format(name=names[winners[0]])
        )
        theme.blit_text(
            surface,
            title,
            (self.box.centerx, self.box.y + 18),
            theme.FONT_TITLE,
            theme.ACCENT,
            True,
            "midtop",
        )
        header_y = self.box.y + 84
        cols = (self.box.x + 110, self.box.x + 320, self.box.x + 410, self.box.x + 530)
        for label, x in zip(
            (_("Player"), _("Points"), _("Knights left"), _("Points: castle / village / town")),
            cols,
            strict=True,
        ):
            theme.blit_text(surface, label, (x, header_y), theme.FONT_SMALL, theme.TEXT_DIM)
        order = sorted(range(state.num_players), key=lambda p: (-scores[p], -state.supply[p], p))
        y = header_y + 26
        for rank, seat in enumerate(order):
            row = pygame.Rect(self.box.x + 24, y, self.box.w - 48, 54)
            colour = theme.seat_colour(self.table.session.seats[seat].colour)
            fill = theme.mix(theme.PANEL_DARK, colour.rgb, 0.25 if seat in winners else 0.08)
            pygame.draw.rect(surface, fill, row, border_radius=8)
            if seat in winners:
                pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=8)
            theme.blit_text(
                surface,
                f"{rank + 1}.",
                (row.x + 10, row.centery),
                theme.FONT_LARGE,
                theme.TEXT,
                True,
                "midleft",
            )
            surface.blit(sprites.knight_sprite(colour, 42), (row.x + 38, row.y + 6))
            theme.blit_text(
                surface,
                names[seat],
                (cols[0], row.centery),
                theme.FONT_LARGE,
                theme.TEXT,
                True,
                "midleft",
            )
            theme.blit_text(
                surface,
                str(scores[seat]),
                (cols[1] + 20, row.centery),
                theme.FONT_LARGE,
                theme.ACCENT if seat in winners else theme.TEXT,
                True,
                "center",
            )
            theme.blit_text(
                surface,
                str(state.supply[seat]),
                (cols[2] + 40, row.centery),
                theme.FONT_BODY,
                theme.TEXT,
                False,
                "center",
            )
            parts = score_breakdown(state, seat)
            theme.blit_text(
                surface,
                f"{parts['castle']} / {parts['village']} / {parts['town']}",
                (cols[3] + 20, row.centery),
                theme.FONT_BODY,
                theme.TEXT,
                False,
                "midleft",
            )
            y += 62
        note = tie_break_note(state, names)
        if note:
            for i, line in enumerate(theme.wrap(note, theme.FONT_BODY, self.box.w - 60)):
                theme.blit_text(
                    surface,
                    line,
                    (self.box.centerx, y + 4 + i * 22),
                    theme.FONT_BODY,
                    theme.HIGHLIGHT,
                    anchor="midtop",
                )
        self.widgets.draw(surface)
