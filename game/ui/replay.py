"""Replaying the opponents' turns step by step, over the table, without touching the engine.

:func:`opponent_turns` picks every turn (a run of moves by one seat) that seats other than the
player watching played since his own last move; :class:`ReplayOverlay` shows the table as it
was before the first of them and steps through their moves, one turn after the other
(Left/Right, or the buttons). The overlay keeps the step it shows as a :class:`ReplayView`
(the turn and the step in it); the table below finds it (``TableScene.replay``) and draws that
past state instead of its own, marking what the step changed as the game sees fit. Nothing is
written into the table, and ``session.state`` is never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.overlays import clicked_outside
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.app import App

BAR_H = 96


@dataclass(frozen=True)
class ReplayTurn:
    """One player's turn: the states ``[before, after move 1, ...]`` and its moves."""

    seat: int
    states: tuple[Any, ...]
    actions: tuple[Any, ...]


def opponent_turns(session: Session, viewer: int | None) -> list[ReplayTurn]:
    """The turns played since ``viewer``'s last move by the other seats, oldest first: at most
    one round of them (a turn for each other seat), ending with the newest opponent turn.
    Empty if there is none (or its states were not kept)."""
    history = session.history

    def played_by(index: int) -> int | None:  # the seat that made this move (None: no move)
        entry = history[index]
        return entry.seat if entry.is_move else None

    end = len(history) - 1
    while end >= 0 and (played_by(end) is None or played_by(end) == viewer):
        end -= 1
    turns: list[ReplayTurn] = []
    most = max(1, session.num_seats - 1)
    while end >= 0 and len(turns) < most:
        seat = played_by(end)
        if seat is None:  # a seat change between two turns
            end -= 1
            continue
        if seat == viewer:
            break
        start = end
        while start > 0 and played_by(start - 1) == seat:
            start -= 1
        turn = _turn(session, seat, start, end)
        if turn is None:
            break
        turns.insert(0, turn)
        end = start - 1
    return turns


def _turn(session: Session, seat: int, start: int, end: int) -> ReplayTurn | None:
    history = session.history
    entries = history[start : end + 1]
    if any(entry.before is None for entry in entries):
        return None
    after = history[end + 1].before if end + 1 < len(history) else session.state
    if after is None:
        return None
    states = tuple(entry.before for entry in entries) + (after,)
    return ReplayTurn(seat, states, tuple(entry.action for entry in entries))


@dataclass(frozen=True)
class ReplayView:
    """What a replay shows in the table's place: a past state and the step's highlight."""

    turn: ReplayTurn
    step: int

    @property
    def state(self) -> Any:
        return self.turn.states[self.step]

    @property
    def actions(self) -> tuple[Any, ...]:
        return tuple(self.turn.actions[: self.step])


def replay_button(log_rect: pygame.Rect, on_click: Callable[[], None]) -> Button:
    """The small "Replay" button just above the move log, at its right end (key V)."""
    rect = pygame.Rect(0, 0, 110, 26)
    rect.bottomright = (log_rect.right, log_rect.y - 3)
    return Button(
        _("Replay"),
        on_click,
        rect,
        pygame.K_v,
        ident="replay",
        tooltip=_("Step through the other players' turns since yours again (V)"),
        size=theme.FONT_SMALL,
    )


class ReplayOverlay(Scene):
    """Step through ``turns`` (one turn, or several one after the other) over ``table``, which
    draws the step's state while it's shown. The first step is the table before the first
    turn; each later step is one move, the next turn's moves following the last turn's."""

    opaque = False
    name = "replay"

    def __init__(self, app: App, table: Any, turns: ReplayTurn | Sequence[ReplayTurn]) -> None:
        super().__init__(app)
        self.table = table
        self.turns = [turns] if isinstance(turns, ReplayTurn) else list(turns)
        assert self.turns
        # Every step as (turn, move in it): the table before the first turn, then each move.
        self.places = [(0, 0)] + [
            (i, step)
            for i, turn in enumerate(self.turns)
            for step in range(1, len(turn.actions) + 1)
        ]
        self.step = 0  # the index in ``places``
        self.bar = pygame.Rect(0, 0, 0, 0)

    @property
    def steps(self) -> int:
        return len(self.places) - 1

    @property
    def turn(self) -> ReplayTurn:
        """The turn the shown step belongs to."""
        return self.turns[self.places[self.step][0]]

    @property
    def view(self) -> ReplayView:
        index, step = self.places[self.step]
        return ReplayView(self.turns[index], step)

    def replay_view(self, table: Scene) -> ReplayView | None:
        return self.view if table is self.table else None

    def go(self, delta: int) -> None:
        self.step = max(0, min(self.steps, self.step + delta))
        self._sync()

    def close(self) -> None:
        self.app.pop(self)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        # Over the hand and controls (not needed while watching), so the whole board shows;
        # clear of the side panel (its log tells the moves replayed).
        right = size[0] - 20
        for name in ("bottom", "status_area", "hand_area"):
            area = getattr(self.table, name, None)
            if isinstance(area, pygame.Rect) and area.w > 200:
                right = min(right, area.right)
        width = min(900, right - 20)
        self.bar = pygame.Rect(20, size[1] - BAR_H - 16, width, BAR_H)
        self.widgets.clear()
        b = self.bar
        y = b.bottom - 44
        for ident, label, callback, key, x in (
            ("back", _("< Back"), lambda: self.go(-1), pygame.K_LEFT, b.x + 16),
            ("next", _("Next >"), lambda: self.go(1), pygame.K_RIGHT, b.x + 156),
            ("close", _("Close"), self.close, pygame.K_ESCAPE, b.right - 146),
        ):
            self.widgets.add(Button(label, callback, pygame.Rect(x, y, 130, 36), key, ident=ident))
        self._sync()

    def _sync(self) -> None:
        self.widgets.find("back").enabled = self.step > 0
        self.widgets.find("next").enabled = self.step < self.steps

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event) or clicked_outside(self, event, self.bar):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            if self.step < self.steps:
                self.go(1)
            else:
                self.close()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def move_line(self) -> str:
        """The log's line of the move on show, said now (in the language of the moment); "" at
        the table before the turn."""
        _index, step = self.places[self.step]
        if step == 0:
            return ""
        turn = self.turn
        return str(self.table.spec.describe(turn.states[step - 1], turn.actions[step - 1]))

    def draw(self, surface: pygame.Surface) -> None:
        b = self.bar
        # Cover the hand and controls below: they belong to the present, not to the replay.
        top, right = b.y - 12, b.right + 20
        # The knights' bottom bar, rummy's status line and hand: covered to their right end.
        for name in ("bottom", "status_area", "hand_area"):
            area = getattr(self.table, name, None)
            if isinstance(area, pygame.Rect) and area.w > 0:
                top, right = min(top, area.y), max(right, area.right + 4)
        cover = pygame.Rect(0, top, right, surface.get_height() - top)
        shade = pygame.Surface(cover.size, pygame.SRCALPHA)
        shade.fill((*theme.BG, 235))
        surface.blit(shade, cover)
        theme.panel(surface, b, theme.PANEL_DARK)
        seats, seat = self.table.session.seats, self.turn.seat
        # A seat may have left since that turn (rummy lets players go mid-round).
        name = seats[seat].name if seat < len(seats) else str(seat + 1)
        index, step = self.places[self.step]
        moves = len(self.turn.actions)
        if step == 0:
            title = _("Replay of {name}'s turn: the table before it").format(name=name)
        elif moves == 1:
            title = _("Replay of {name}'s turn").format(name=name)
        else:
            title = _("Replay of {name}'s turn: move {step} of {steps}").format(
                name=name, step=step, steps=moves
            )
        theme.blit_text(surface, title, (b.x + 16, b.y + 10), theme.FONT_BODY, theme.ACCENT, True)
        if len(self.turns) > 1:
            count = _("turn {turn} of {turns}").format(turn=index + 1, turns=len(self.turns))
            theme.blit_text(
                surface,
                count,
                (b.right - 16, b.y + 12),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
                anchor="topright",
            )
        line = self.move_line()
        if line:
            # Between the Next and Close buttons, on up to two lines.
            left, room = b.x + 300, self.widgets.find("close").rect.x - 12 - (b.x + 300)
            for i, part in enumerate(theme.wrap(line, theme.FONT_SMALL, room)[:2]):
                theme.blit_text(surface, part, (left, b.bottom - 42 + i * 18), theme.FONT_SMALL)
        self.widgets.draw(surface)
