"""The Nim table: three rows of stones. Click a pile (or Left/Right) to choose it, then 1-3
(or a Take button) to take that many; H asks for a hint, V replays the last opponent turn.

The turn loop is the shared :class:`~game.ui.table_shell.TableScene`; this scene fills in its
hooks and draws. Drawing reads the scene and never writes it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.table_shell import TableScene
from game.ui.widgets import Button

from .engine import MAX_TAKE, NimState, Take
from .results import NimResultsScene
from .words import take_words

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.app import App

STONE = 40
SIDE_W = 320
TAKE_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3)


class NimTableScene(TableScene):
    name = "nim-table"

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.selected = 0  # the pile the next take is from
        self.last_take: Take | None = None  # lit up until the next move
        self.board = pygame.Rect(0, 0, 1, 1)
        self.pile_rects: list[pygame.Rect] = []

    @property
    def cover_text(self) -> str:  # type: ignore[override]
        return _("It is your turn at the Nim table.")

    def opening_line(self) -> str:
        return _("A new game of Nim (seed {seed}).").format(seed=self.session.seed)

    @property
    def state(self) -> NimState:
        state: NimState = self.session.state
        return state

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        side = pygame.Rect(w - SIDE_W, 50, SIDE_W, h - 50)
        self.board = pygame.Rect(20, 60, w - SIDE_W - 40, h - 180)
        rows = len(self.state.piles)
        row_h = min(STONE * 2, self.board.h // max(1, rows))
        self.pile_rects = [
            pygame.Rect(self.board.x, self.board.y + i * row_h, self.board.w, row_h - 8)
            for i in range(rows)
        ]
        self.log.rect = pygame.Rect(side.x + 10, side.y + 10, side.w - 20, side.h - 70)
        self.widgets.clear()
        small = theme.FONT_SMALL + 2
        add = self.widgets.add
        add(
            Button(
                _("Menu"), self.pause, pygame.Rect(w - 116, 6, 106, 34), ident="menu", size=small
            )
        )
        add(
            Button(
                _("Help"),
                self.app.toggle_help,
                pygame.Rect(w - 230, 6, 106, 34),
                pygame.K_F1,
                ident="help",
                size=small,
            )
        )
        add(
            Button(
                _("Hint"),
                self.ask_hint,
                pygame.Rect(w - 344, 6, 106, 34),
                pygame.K_h,
                ident="hint",
                size=small,
            )
        )
        add(self.log)
        for count in range(1, MAX_TAKE + 1):
            rect = pygame.Rect(20 + (count - 1) * 150, h - 100, 140, 44)
            label = _("Take {count}").format(count=count)
            add(Button(label, partial(self.take, count), rect, ident=f"take{count}"))
        y = side.bottom - 48
        slower = pygame.Rect(side.x + 10, y, 100, 36)
        for button in self.pace_buttons(slower, slower.move(110, 0)):
            add(button)
        self.sync_widgets()

    def sync_widgets(self) -> None:
        mine = self.human_to_move()
        left = self.state.piles[self.selected] if 0 <= self.selected < len(self.state.piles) else 0
        for count in range(1, MAX_TAKE + 1):
            self.widgets.find(f"take{count}").enabled = mine and count <= left
        self.widgets.find("hint").enabled = mine and not self.hint_worker.busy

    # -- commands ----------------------------------------------------------------------------
    def choose_pile(self, pile: int) -> None:
        if self.human_to_move() and 0 <= pile < len(self.state.piles):
            self.selected = pile
            self.sync_widgets()

    def take(self, count: int) -> None:
        if self.human_to_move():
            self.act(Take(self.selected, count))

    def ask_hint(self) -> None:
        self.start_hint(_("Hint: the hard computer player is thinking…"))

    # -- the shell's hooks -------------------------------------------------------------------
    def on_moved(self, before: Any, after: Any, seat: int | None, action: Any) -> None:
        self.last_take = action
        self.say("")
        self.app.audio.play("lay_tile")

    def human_turn(self, seat: int) -> None:
        piles = self.state.piles
        if not 0 <= self.selected < len(piles) or piles[self.selected] == 0:
            self.selected = next(i for i, stones in enumerate(piles) if stones)
            self.sync_widgets()

    def show_results(self) -> None:
        self.app.push(NimResultsScene(self.app, self))

    def hint_arrived(self, action: Any) -> None:
        self.selected = action.pile
        self.say(lambda: _("Hint: take {stones}.").format(stones=take_words(action)), theme.ACCENT)

    def safe_action(self, state: Any) -> tuple[Any, str]:
        return state.legal_actions()[0], _(
            "{name}'s computer player failed ({why}); it plays a random move."
        )

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for pile, rect in enumerate(self.pile_rects):
                if rect.collidepoint(event.pos):
                    self.choose_pile(pile)
                    return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            self.pause()
        elif event.key == pygame.K_v:
            self.replay_last_turn()
        elif event.key in TAKE_KEYS:
            self.take(TAKE_KEYS.index(event.key) + 1)
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            self.choose_pile(self._next_pile(-1 if event.key == pygame.K_UP else 1))
        else:
            return False
        return True

    def _next_pile(self, step: int) -> int:
        piles = self.state.piles
        for i in range(1, len(piles) + 1):
            pile = (self.selected + step * i) % len(piles)
            if piles[pile]:
                return pile
        return self.selected

    # -- drawing -----------------------------------------------------------------------------
    def status_line(self) -> str:
        state = self.shown_state()
        if state.is_terminal:
            return _("The game is over.")
        name = self.session.seats[state.current_player].name
        if self.session.is_human(state.current_player):
            return _("{name}: take 1 to 3 stones from one pile").format(name=name)
        return _("{name} is thinking").format(name=name)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        state: NimState = self.shown_state()
        theme.blit_text(surface, self.status_line(), (20, 14), theme.FONT_BODY, theme.TEXT, True)
        for pile, rect in enumerate(self.pile_rects):
            chosen = pile == self.selected and self.human_to_move()
            theme.panel(surface, rect, theme.BUTTON_ON if chosen else theme.PANEL)
            label = _("Pile {pile}").format(pile=pile + 1)
            theme.blit_text(surface, label, (rect.x + 12, rect.centery), anchor="midleft")
            stones = state.piles[pile] if pile < len(state.piles) else 0
            for stone in range(stones):
                centre = (rect.x + 130 + stone * (STONE + 8), rect.centery)
                pygame.draw.circle(surface, theme.TEXT_DIM, centre, STONE // 2)
            last = self.last_take
            if last is not None and last.pile == pile and self.replay is None:
                note = _("taken: {count}").format(count=last.count)
                theme.blit_text(
                    surface,
                    note,
                    (rect.right - 12, rect.centery),
                    theme.FONT_SMALL,
                    theme.ACCENT,
                    anchor="midright",
                )
        if self.message:
            theme.blit_text(
                surface,
                self.message,
                (20, self.size[1] - 44),
                theme.FONT_SMALL,
                self.message_colour,
            )
        self.widgets.draw(surface)
