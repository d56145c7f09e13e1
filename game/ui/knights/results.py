"""The end screen: final scores with their make-up, the tie-break if it was needed, rematch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import sprites, theme
from game.ui.deal_label import LINE_H, draw_deal_code
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
        self.box = pygame.Rect(0, 0, min(720, size[0] - 40), 190 + n * 62 + note_h + LINE_H)
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

    def header_cells(self, y: int) -> list[tuple[str, pygame.Rect]]:
        """The column headings and where each is drawn: the number columns are as wide as
        their heading (in the current language) and packed from the rows' right end inwards,
        so no heading reaches the dialog's edge; each column's numbers are centred under it."""
        labels = [_("Player"), _("Points"), _("Knights left"), _("Points: castle / village / town")]
        height = theme.font(theme.FONT_SMALL).get_linesize()
        widths = [theme.text_width(label, theme.FONT_SMALL) for label in labels]
        widths[1] = max(widths[1], 44)
        widths[2] = max(widths[2], 44)
        widths[3] = max(widths[3], theme.text_width("00 / 00 / 00", theme.FONT_BODY))
        right = self.box.right - 24 - 14  # inside the rows, clear of their rounded ends
        cells: list[tuple[str, pygame.Rect]] = []
        for label, width in zip(labels[:0:-1], widths[:0:-1], strict=True):
            cells.insert(0, (label, pygame.Rect(right - width, y, width, height)))
            right -= width + 24
        cells.insert(0, (labels[0], pygame.Rect(self.box.x + 110, y, widths[0], height)))
        return cells

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
        for label, cell in self.header_cells(header_y):
            theme.blit_text(surface, label, cell.topleft, theme.FONT_SMALL, theme.TEXT_DIM)
        centres = [cell.centerx for _label, cell in self.header_cells(header_y)]
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
                (self.box.x + 110, row.centery),
                theme.FONT_LARGE,
                theme.TEXT,
                True,
                "midleft",
            )
            theme.blit_text(
                surface,
                str(scores[seat]),
                (centres[1], row.centery),
                theme.FONT_LARGE,
                theme.ACCENT if seat in winners else theme.TEXT,
                True,
                "center",
            )
            theme.blit_text(
                surface,
                str(state.supply[seat]),
                (centres[2], row.centery),
                theme.FONT_BODY,
                theme.TEXT,
                False,
                "center",
            )
            parts = score_breakdown(state, seat)
            theme.blit_text(
                surface,
                f"{parts['castle']} / {parts['village']} / {parts['town']}",
                (centres[3], row.centery),
                theme.FONT_BODY,
                theme.TEXT,
                False,
                "center",
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
        draw_deal_code(surface, self.table.session, self.box, self.box.bottom - 62 - LINE_H // 2)
        self.widgets.draw(surface)
