"""What the Räuber-Rommé table shows: its layout, the turn being edited, the sets and the hand
as they are drawn now (a hint, a replay or the game's own), the grid and the hand row that
input and drawing share, and the status line. The base of
:class:`~game.ui.rummy.table.RummyTableScene`, which adds the commands and the shell's hooks.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _, ngettext
from game.rummy import Card, Draw, RummyState
from game.rummy.turn_rules import OPENING_POINTS
from game.ui.rummy.animation import CardFlight, changed_sets, moved_cards
from game.ui.rummy.drag import Drag, Spring
from game.ui.rummy.geometry import (
    HINT_BAND_H,
    HandRow,
    TableGrid,
    best_columns,
    hand_row,
    table_grid,
)
from game.ui.rummy.keyboard import KeyFocus
from game.ui.rummy.results import (
    RoundScore,
)
from game.ui.rummy.turn_edit import TurnEdit, sorted_cards
from game.ui.table_shell import TableScene

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.app import App

TOP_H = 46
SIDE_W = 270
BUTTONS_H = 46
STATUS_H = 30
SPRING_SECONDS = 0.25
HIGHLIGHT_SECONDS = 1.6
TOOLTIP_DELAY = 0.35


class RummyView(TableScene):
    """The table's state of display: computed in update and layout, read by drawing."""

    # Memo caches of pure drawing functions: filled while drawing, never read by input.
    draw_caches = ("layers", "_grid_key", "_grid")

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.edit: TurnEdit | None = None
        self.drag: Drag | None = None
        self.keys: KeyFocus | None = None  # the keyboard's focus, once a focus key was used
        self.spring: Spring | None = None
        self.hint: list[list[Card]] | None = None
        self.hint_changed: set[int] = set()  # sets the hint adds or changes
        self.aids_rect = pygame.Rect(0, 0, 0, 0)  # the coach's aid in the side panel
        self.columns = app.settings.set_columns
        self.four_colour = app.settings.four_colour_suits
        self.sort_by = "suit"
        self.anim: CardFlight | None = None
        self.anim_hidden: set[tuple[int, int]] = set()
        self.highlight: set[int] = set()
        self.highlight_left = 0.0
        self.rounds: list[RoundScore] = []
        self.pointer: tuple[int, int] = (-1, -1)
        self.hover_still = 0.0
        self.dealt_sound = False
        self.table_area = pygame.Rect(0, 0, 1, 1)
        self.hand_area = pygame.Rect(0, 0, 1, 1)
        self.side_area = pygame.Rect(0, 0, 1, 1)
        self.status_area = pygame.Rect(0, 0, 1, 1)
        self.seat_row_h = 64
        self.show_stock_row = True
        self.layers: dict[str, tuple[Any, pygame.Surface]] = {}  # drawing caches
        self._grid_key: tuple[Any, ...] | None = None
        self._grid: TableGrid | None = None

    # -- what is shown -----------------------------------------------------------------------
    @property
    def state(self) -> RummyState:
        state: RummyState = self.session.state
        return state

    def current_edit(self) -> TurnEdit | None:
        """The turn being edited by the human on turn (started on first use)."""
        if not self.human_to_move():
            return None
        if self.edit is None or self.edit.state is not self.state:
            order = self.edit.hand if self.edit is not None else None
            self.edit = TurnEdit(self.state, order)
            if order is None:
                self.edit.sort_hand(self.sort_by)
        return self.edit

    def replay_marks(self) -> tuple[frozenset[int], frozenset[tuple[int, int]]]:
        """What the replayed step changed on the table: its sets, and the cards that came into
        them (from the hand or another set). Nothing before the first move."""
        view = self.replay
        if view is None or view.step == 0:
            return frozenset(), frozenset()
        before = view.turn.states[view.step - 1].table
        after = view.state.table
        return frozenset(changed_sets(before, after)), frozenset(moved_cards(before, after))

    def shown_table(self) -> list[list[Card]]:
        if self.replay is not None:
            return [list(cards) for cards in self.replay.state.table]
        if self.hint is not None:
            return self.hint
        edit = self.current_edit()
        if edit is not None:
            return edit.sets
        return [list(cards) for cards in self.state.table]

    def shown_hand(self) -> list[Card] | None:
        """The hand along the bottom (None when no hand may be shown)."""
        edit = self.current_edit()
        if edit is not None:
            return list(edit.hand)
        viewer = self.viewer  # None with nobody seated: no computer's hand is shown either
        if viewer is None or viewer >= self.state.num_players:
            return None
        # Between turns too the hand keeps the order the player chose (no jump after a draw).
        return sorted_cards(self.state.players[viewer].hand, self.sort_by)

    def hand_seat(self) -> int | None:
        """Whose hand is along the bottom (as in ``shown_hand``)."""
        if self.human_to_move():
            return self.state.current_player
        viewer = self.viewer
        if viewer is None or viewer >= self.state.num_players:
            return None
        return viewer

    def fresh_card(self) -> Card | None:
        """The card the player whose hand is shown drew on his last turn (lit until he plays
        again), from the history; None if his last move was not a draw."""
        seat = self.hand_seat()
        history = self.session.history
        for i in range(len(history) - 1, -1, -1):
            entry = history[i]
            if entry.seat != seat or not entry.is_move:
                continue
            if not isinstance(entry.action, Draw) or entry.before is None:
                return None
            after = history[i + 1].before if i + 1 < len(history) else self.state
            if after is None or after.round != entry.before.round or seat is None:
                return None
            if seat >= after.num_players or seat >= entry.before.num_players:
                return None
            gained = Counter(after.players[seat].hand) - Counter(entry.before.players[seat].hand)
            return next(iter(gained), None)
        return None

    def grid(self) -> TableGrid:
        table = self.shown_table()
        hinting = self.hint is not None
        key = (
            tuple(len(s) for s in table),
            self.columns,
            self.table_area.size,
            self.size,
            hinting,
        )
        if self._grid is None or key != self._grid_key:
            self._grid_key = key
            self._grid = self._table_grid([len(s) for s in table], hinting)
        return self._grid

    def sets_area(self, hinting: bool) -> pygame.Rect:
        """Where the sets go: the table, less the band of the hint's Accept / Dismiss buttons
        while a hint is shown (no proposed set under it)."""
        area = self.table_area.copy()
        if hinting:
            area.h = max(60, area.h - HINT_BAND_H - 4)
        return area

    def _table_grid(self, lengths: list[int], hinting: bool = False) -> TableGrid:
        """The sets' grid: the player's column count, or (auto) the one with the biggest cards."""
        max_card_h = self.hand_area.h - 16
        area = self.sets_area(hinting)
        columns = self.columns or best_columns(area, lengths, max_card_h)
        return table_grid(area, columns, lengths, max_card_h)

    @property
    def seat_rects(self) -> list[pygame.Rect]:
        """Each player's row in the side panel (cards fly from there)."""
        side = self.side_area
        return [
            pygame.Rect(side.x + 8, side.y + 8 + self.seat_row_h * seat, side.w - 16, 58)
            for seat in range(self.state.num_players)
        ]

    @property
    def stock_rect(self) -> pygame.Rect:
        """The stock's card back, under the player rows."""
        side = self.side_area
        top = side.y + 8 + self.seat_row_h * self.state.num_players + 6
        return pygame.Rect(side.x + 14, top, 34, 48)

    def hand_row(self) -> HandRow:
        hand = self.shown_hand() or []
        edit = self.edit if self.human_to_move() else None
        # While a turn is edited, the row keeps room for the hand the turn began with.
        slots = len(edit.state.players[edit.seat].hand) if edit is not None else 0
        return hand_row(self.hand_area, len(hand), slots)

    def status_line(self) -> str:
        state = self.state
        count = len(state.stock)
        stock = ngettext("stock: {n} card", "stock: {n} cards", count).format(n=count)
        if state.is_terminal:
            return _("Round {round} is over · {stock}").format(round=state.round, stock=stock)
        seat = state.current_player
        assert seat is not None
        name = state.players[seat].name
        if not self.session.is_human(seat):
            dots = "." * (1 + int(self.clock * 2) % 3)
            if self.worker.busy:
                doing = _("{name} is thinking").format(name=name) + dots
            else:
                doing = _("{name} moves").format(name=name)
            return f"{doing} · {stock}"
        edit = self.current_edit()
        if edit is None:
            return _("{name} to play · {stock}").format(name=name, stock=stock)
        if edit.opened_before:
            opening = _("opened")
        else:
            opening = _("opening: {points} of {needed}").format(
                points=edit.opening_points(), needed=OPENING_POINTS
            )
        laid = sum(edit.laid.values())
        return _("{name} to play · {opening} · laid {laid} · {stock}").format(
            name=name, opening=opening, laid=laid, stock=stock
        )
