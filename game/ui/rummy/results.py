"""The round result and the score table: every round's penalties and the totals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.deal_label import LINE_H, draw_deal_code
from game.ui.overlays import dim
from game.ui.review.opening import review_session
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.rummy.table import RummyTableScene

MAX_ROUND_COLUMNS = 8
AUTOPLAY_WAIT = 2.5  # seconds the scores stay up between computer-only rounds


@dataclass(frozen=True)
class RoundScore:
    """One finished round: its number, the winner's name (None: stock ran out) and penalties."""

    number: int
    winner: str | None
    penalties: dict[str, int]


def rounds_to_json(rounds: list[RoundScore]) -> list[dict[str, Any]]:
    return [
        {"number": r.number, "winner": r.winner, "penalties": dict(r.penalties)} for r in rounds
    ]


def rounds_from_json(items: list[Any]) -> list[RoundScore]:
    """The score table read back from a file: a damaged line is left out (the game is fine)."""
    rounds = []
    for item in items:
        try:
            penalties = {str(k): int(v) for k, v in dict(item["penalties"]).items()}
            winner = item["winner"]
            number = int(item["number"])
        except (KeyError, TypeError, ValueError, OverflowError):
            continue
        rounds.append(RoundScore(number, None if winner is None else str(winner), penalties))
    return rounds


def headline(last: RoundScore | None) -> str:
    if last is None:
        return _("Scores")
    if last.winner is None:
        return _("Round {number}: no winner, the stock ran out").format(number=last.number)
    if last.winner == _("You"):
        return _("You win round {number}!").format(number=last.number)
    return _("{name} wins round {number}!").format(name=last.winner, number=last.number)


def score_rows(
    names: Sequence[str], totals: Sequence[int], rounds: Sequence[RoundScore]
) -> list[list[str]]:
    """Header plus one row per player: name, penalties of the last rounds, total."""
    shown = list(rounds)[-MAX_ROUND_COLUMNS:]
    rows = [[_("Player"), *[_("R{number}").format(number=r.number) for r in shown], _("Total")]]
    for name, total in zip(names, totals, strict=True):
        cells = [str(r.penalties[name]) if name in r.penalties else "–" for r in shown]
        rows.append([name, *cells, str(total)])
    return rows


class RummyResultsScene(Scene):
    """Shown after the round's last "Next player" (and on demand with P)."""

    opaque = False
    name = "rummy-results"

    def __init__(self, app: App, table: RummyTableScene, round_over: bool) -> None:
        super().__init__(app)
        self.table = table
        self.round_over = round_over
        self.box = pygame.Rect(0, 0, 0, 0)
        self.shown_for = 0.0

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        rows = len(self.table.session.state.players) + 1
        height = min(size[1] - 40, 210 + rows * 34 + LINE_H)
        self.box = pygame.Rect(0, 0, min(820, size[0] - 40), height)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        buttons: list[tuple[str, object, int]] = []
        if self.round_over:
            buttons = [
                (_("Next round"), self.next_round, pygame.K_RETURN),
                (_("New game"), self.new_game, pygame.K_g),
                (_("Review"), self.review, pygame.K_v),
                (_("See the table"), self.close, pygame.K_ESCAPE),
            ]
        else:
            buttons = [(_("Close"), self.close, pygame.K_ESCAPE)]
        width = min(200, (self.box.w - 48 - (len(buttons) - 1) * 14) // len(buttons))
        x = self.box.centerx - (len(buttons) * width + (len(buttons) - 1) * 14) // 2
        for i, (label, callback, key) in enumerate(buttons):
            rect = pygame.Rect(x + i * (width + 14), self.box.bottom - 62, width, 44)
            ident = "review" if callback == self.review else label
            tip = _("Where the round was won and lost: the graph and the costliest moves (V)")
            tip = tip if ident == "review" else ""
            self.widgets.add(Button(label, callback, rect, key, ident=ident, tooltip=tip))  # type: ignore[arg-type]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.shown_for += dt
        # Computers only (--autoplay): the next round starts by itself after a look at the scores.
        wait = max(AUTOPLAY_WAIT, 4 * self.app.pace)
        # Not when a person handed his seat over: he sees every round's results.
        if self.round_over and self.table.watch_only and self.shown_for >= wait:
            self.next_round()

    def next_round(self) -> None:
        self.app.pop(self)
        self.table.next_round()

    def new_game(self) -> None:
        self.app.pop(self)
        self.table.new_game()

    def review(self) -> None:
        review_session(self.app, self.table.session)

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            return False
        self.widgets.handle(event)
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        theme.panel(surface, self.box)
        state = self.table.session.state
        last = self.table.rounds[-1] if self.table.rounds else None
        title = headline(last) if self.round_over else _("Scores")
        theme.blit_text(
            surface,
            title,
            (self.box.centerx, self.box.y + 20),
            theme.FONT_LARGE,
            theme.ACCENT,
            True,
            "midtop",
        )
        names = [p.name for p in state.players]
        totals = [p.score for p in state.players]
        rows = score_rows(names, totals, self.table.rounds)
        leader = min(totals) if totals else 0
        name_w = 220
        other = max(1, len(rows[0]) - 1)
        col_w = min(90, (self.box.w - 60 - name_w) // other)
        inner = pygame.Rect(0, 0, name_w + col_w * other, 10)
        inner.centerx = self.box.centerx
        y = self.box.y + 72
        for r, row in enumerate(rows):
            if r > 0 and r % 2 == 0:
                band = pygame.Rect(inner.x - 8, y - 4, name_w + col_w * other + 16, 32)
                pygame.draw.rect(surface, theme.PANEL_DARK, band, border_radius=6)
            header = r == 0
            for c, cell in enumerate(row):
                colour = theme.TEXT_DIM if header else theme.TEXT
                if not header and c == len(row) - 1 and int(cell) == leader:
                    colour = theme.GOOD
                if c == 0:
                    theme.blit_text(surface, cell, (inner.x, y), theme.FONT_BODY, colour, header)
                else:
                    x = inner.x + name_w + (c - 1) * col_w + col_w - 10
                    bold = header or c == len(row) - 1
                    theme.blit_text(
                        surface, cell, (x, y), theme.FONT_BODY, colour, bold, "topright"
                    )
            y += 34
        note = _("Penalty points: the lowest total leads.")
        theme.blit_text(
            surface,
            note,
            (self.box.centerx, y + 6),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            anchor="midtop",
        )
        if self.round_over:
            y = self.box.bottom - 62 - LINE_H // 2
            draw_deal_code(surface, self.table.session, self.box, y)
        self.widgets.draw(surface)
