"""A decision's position on the game's own table, with the move played and the better one.

:class:`ReviewPosition` draws a read-only table (``TableScene.read_only``: it plays no turn,
starts no computer or hint, takes no move) below a bar of its own. The table is not on the
scene stack, so it gets no events and no updates: the bar sets the position it shows, its
history (for the log and the highlight of the last move) and the replay step it draws.

Keys: Left/Right step move by move through the whole game (or through the better move),
Up/Down and PageUp/PageDown jump from decision to decision, P / B show the move played / the
better move, Esc goes back to the review.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameState, IllegalAction
from game.i18n import _
from game.play.review_source import seats_at, state_names
from game.play.session import HistoryEntry, Session
from game.registry import game_spec
from game.review import ReviewedTurn, chance_before
from game.seat_events import HistoryItem, SeatEvent
from game.ui import theme
from game.ui.replay import ReplayTurn, ReplayView
from game.ui.retry import retry_from_review
from game.ui.review.words import better_words, decision_label, grade_word, percent
from game.ui.scene import Scene
from game.ui.tables import table_class
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.review.scene import ReviewScene
    from game.ui.table_shell import TableScene

PLAYED, BETTER = "played", "better"


def bar_height(size: tuple[int, int]) -> int:
    return 122 if size[1] >= 700 else 114  # a title line, two lines of words, the buttons


def history_entries(
    game: str, states: tuple[GameState, ...], history: tuple[HistoryItem, ...]
) -> list[HistoryEntry]:
    """The game's history as a table keeps it (with the log's words of each move)."""
    spec = game_spec(game)
    entries = []
    for before, action in zip(states, history, strict=False):
        if isinstance(action, SeatEvent):
            entries.append(HistoryEntry(action.seat, action, "", before))
        else:
            entries.append(
                HistoryEntry(before.current_player, action, spec.describe(before, action), before)
            )
    return entries


class ReviewPosition(Scene):
    name = "review-position"
    help_topic = "review"

    def __init__(self, app: App, review: ReviewScene, turn: ReviewedTurn) -> None:
        super().__init__(app)
        self.review = review
        self.source = review.source
        self.entries = history_entries(self.source.game, self.source.states, self.source.history)
        self.focus = turn
        self.viewer = self.viewer_for(turn.seat)
        self.mode = PLAYED
        self.cursor = turn.index  # the position shown in the played game: states[cursor]
        self.step = 0  # the step shown of the better move
        self.better_states: tuple[Any, ...] = ()
        self.better_entries: list[HistoryEntry] = []
        self.problem = ""
        # The replay step the table draws: (seat, states, actions) of the line shown, and
        # the step in it (None: the position is outside the focused decision).
        self.line: tuple[int, tuple[Any, ...], tuple[Any, ...]] | None = None
        self.line_step = 0
        self.bar = pygame.Rect(0, 0, 0, 0)
        first = self.source.states[turn.index]
        session = Session.restore(
            self.source.game,
            seats_at(first, self.source.seats),
            first,
            self.entries[: turn.index],
        )
        session.review_viewer = self.viewer  # his hand, as he saw it
        cls = table_class(self.source.game)
        table: TableScene = cls(app, session)  # type: ignore[call-arg, assignment]
        table.read_only = True
        self.table = table
        self._better_line()

    def viewer_for(self, seat: int) -> int:
        """Whose hand the table shows at a decision of ``seat``: his, if he is a reviewed seat
        or the game is over; in a game still being played a computer's hand stays hidden, so
        the first reviewed seat looks on."""
        reviewed = sorted(self.source.reviewed_seats)
        over = bool(self.source.states) and self.source.states[-1].is_terminal
        if seat in reviewed or over or not reviewed:
            return seat
        return reviewed[0]

    # -- what is shown -------------------------------------------------------------------------
    def replay_view(self, table: Scene) -> ReplayView | None:
        if table is not self.table or self.line is None:
            return None
        seat, states, actions = self.line
        return ReplayView(ReplayTurn(seat, states, actions), self.line_step)

    def _better_line(self) -> None:
        """The better move of the focused decision, played from its true position."""
        turn = self.focus
        before = self.source.states[turn.index]
        states, entries = [before], list(self.entries[: turn.index])
        spec = game_spec(self.source.game)
        self.problem = ""
        for action in turn.best:
            try:
                after = states[-1].apply(action)
            except IllegalAction:
                self.problem = _("The better move can't be played here (a damaged review).")
                break
            entries.append(
                HistoryEntry(turn.seat, action, spec.describe(states[-1], action), states[-1])
            )
            states.append(after)
        self.better_states = tuple(states)
        self.better_entries = entries

    def _contains(self, turn: ReviewedTurn, cursor: int) -> bool:
        return turn.index <= cursor <= turn.index + turn.moves

    def _refocus(self) -> None:
        """The decision the played position belongs to (the one being, or just, played)."""
        if self._contains(self.focus, self.cursor):
            return
        earlier = [t for t in self.review.turns if t.index <= self.cursor]
        if earlier and earlier[-1] is not self.focus:
            self.focus = earlier[-1]
            self.viewer = self.viewer_for(self.focus.seat)
            self._better_line()

    def show(self) -> None:
        """Put the chosen position on the table (state, history, the step's highlight)."""
        turn = self.focus
        if self.mode == BETTER:
            state = self.better_states[self.step]
            history = self.better_entries[: turn.index + self.step]
            actions = tuple(turn.best[: len(self.better_states) - 1])
            self.line, self.line_step = (turn.seat, self.better_states, actions), self.step
        else:
            state = self.source.states[self.cursor]
            history = self.entries[: self.cursor]
            if self._contains(turn, self.cursor):
                end = turn.index + turn.moves
                states = self.source.states[turn.index : end + 1]
                actions = self.source.history[turn.index : end]
                self.line = (turn.seat, tuple(states), tuple(actions))
                self.line_step = self.cursor - turn.index
            else:
                self.line = None
        session = self.table.session
        session.state = state
        session.history = list(history)
        session.review_viewer = self.viewer
        seats = seats_at(state, self.source.seats)
        if [s.name for s in session.seats] != state_names(state) or seats != session.seats:
            session.seats = seats
            self._lay_out_table()
        self.table.log_history()
        self.table.history_restored()
        self._sync()

    # -- moving --------------------------------------------------------------------------------
    def move(self, delta: int) -> None:
        if self.mode == BETTER:
            self.step = max(0, min(len(self.better_states) - 1, self.step + delta))
        else:
            self.cursor = max(0, min(len(self.source.history), self.cursor + delta))
            self._refocus()
        self.show()

    def jump(self, delta: int) -> None:
        """To the previous / next judged decision, at the position before it."""
        turns = self.review.turns
        if delta > 0:
            later = [t for t in turns if t.index > self.focus.index]
            target = later[0] if later else None
        else:
            anchor = self.cursor if self.mode == PLAYED else self.focus.index
            earlier = [t for t in turns if t.index < min(anchor, self.focus.index)]
            target = earlier[-1] if earlier else None
            if self.mode == PLAYED and self.cursor > self.focus.index:
                target = self.focus  # first back to the start of this decision
        if target is None:
            return
        self.open(target)

    def open(self, turn: ReviewedTurn, mode: str = PLAYED) -> None:
        self.focus = turn
        self.viewer = self.viewer_for(turn.seat)
        self.cursor = turn.index
        self.step = 0
        self._better_line()
        self.mode = mode if turn.best else PLAYED
        self.show()

    def set_mode(self, mode: str) -> None:
        if mode == BETTER and len(self.better_states) < 2:
            return
        if mode == self.mode:
            return
        self.mode = mode
        self.step = 0
        self.cursor = self.focus.index
        self.show()

    def close(self) -> None:
        self.app.pop(self)

    def play_from_here(self) -> None:
        """A new game from the position shown of the game played (game.ui.retry)."""
        retry_from_review(self.app, self.source, self.cursor)

    def on_exit(self) -> None:
        self.table.on_exit()  # its workers never started; stopped all the same

    # -- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.bar = pygame.Rect(0, 0, w, bar_height(size))
        self.widgets.clear()
        entries = [
            (
                "back",
                _("< Move"),
                lambda: self.move(-1),
                pygame.K_LEFT,
                _("The move before (Left)"),
            ),
            ("next", _("Move >"), lambda: self.move(1), pygame.K_RIGHT, _("The next move (Right)")),
            (
                "played",
                _("Played"),
                lambda: self.set_mode(PLAYED),
                pygame.K_p,
                _("The move that was played (P)"),
            ),
            (
                "better",
                _("Better"),
                lambda: self.set_mode(BETTER),
                pygame.K_b,
                _("The better move the search found (B)"),
            ),
            (
                "earlier",
                _("< Decision"),
                lambda: self.jump(-1),
                pygame.K_UP,
                _("The decision before (Up, PageUp)"),
            ),
            (
                "later",
                _("Decision >"),
                lambda: self.jump(1),
                pygame.K_DOWN,
                _("The next decision (Down, PageDown)"),
            ),
            (
                "retry",
                _("Play from here"),
                self.play_from_here,
                pygame.K_r,
                _("A new game from this position: the same deal, the same draws to come (R)"),
            ),
            (
                "close",
                _("To the review"),
                self.close,
                pygame.K_ESCAPE,
                _("Back to the graph and the list (Esc)"),
            ),
        ]
        gap = 8
        width = min(160, (w - 32 - gap * (len(entries) - 1)) // len(entries))
        y = self.bar.bottom - 44
        for i, (ident, label, callback, key, tip) in enumerate(entries):
            rect = pygame.Rect(16 + i * (width + gap), y, width, 36)
            if ident == "close":
                rect.right = w - 16
            self.widgets.add(
                Button(label, callback, rect, key, ident=ident, tooltip=tip, size=theme.FONT_SMALL)
            )
        self._lay_out_table()
        self.show()

    def _lay_out_table(self) -> None:
        w, h = self.size
        self.table.layout((w, max(200, h - self.bar.h)))
        for widget in self.table.widgets.widgets:
            if isinstance(widget, Button):
                widget.visible = False  # the table's controls play the game: not here

    def _sync(self) -> None:
        if not self.widgets.widgets:
            return
        find = self.widgets.find
        if self.mode == BETTER:
            find("back").enabled = self.step > 0
            find("next").enabled = self.step < len(self.better_states) - 1
        else:
            find("back").enabled = self.cursor > 0
            find("next").enabled = self.cursor < len(self.source.history)
        better = find("better")
        assert isinstance(better, Button)
        better.enabled = len(self.better_states) > 1
        better.selected = self.mode == BETTER
        played = find("played")
        assert isinstance(played, Button)
        played.selected = self.mode == PLAYED

    # -- input and frames ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            return False  # the app's help, on the review's topic
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.jump(-1 if event.key == pygame.K_PAGEUP else 1)
            elif event.key == pygame.K_TAB:
                self.set_mode(PLAYED if self.mode == BETTER else BETTER)
        # Nothing reaches the table: it is only looked at.
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.prepare_view()
        self.review.pump()  # the review goes on while a position is looked at

    def ai_busy(self) -> bool:
        return self.review.running

    # -- drawing -------------------------------------------------------------------------------
    def title(self) -> str:
        turn = self.focus
        names = self.source.names
        name = names[turn.seat] if turn.seat < len(names) else str(turn.seat + 1)
        if not self.source.own_decision(turn):  # the seat was handed over to the computer
            name = _("{name} (the computer)").format(name=name)
        title = _("{label} · {name}").format(
            label=decision_label(self.source.game, turn), name=name
        )
        grade = grade_word(turn)
        return _("{title} · {grade}").format(title=title, grade=grade) if grade else title

    def step_text(self) -> str:
        turn = self.focus
        if self.mode == BETTER:
            steps = len(self.better_states) - 1
            if self.step == 0:
                return _("Better move: the position before it")
            return _("Better move: step {step} of {steps}").format(step=self.step, steps=steps)
        if self.cursor == turn.index:
            return _("Played: the position before it")
        if self._contains(turn, self.cursor):
            return _("Played: step {step} of {steps}").format(
                step=self.cursor - turn.index, steps=turn.moves
            )
        return _("Move {number} of the game").format(number=self.cursor)

    def chances_text(self) -> str:
        turn = self.focus
        before = chance_before(self.review.turns, turn, turn.seat)
        text = _("before {before} · played {played}").format(
            before=percent(before), played=percent(turn.played)
        )
        if turn.best:
            text += " · " + _("best found {best}").format(best=percent(turn.best_chance))
        if turn.points_played is not None and turn.points_best is not None and turn.is_mistake:
            text += " · " + _("hand points left: {played} (better: {best})").format(
                played=turn.points_played, best=turn.points_best
            )
        return text

    def line_text(self) -> str:
        """The focused decision in words (as in the review's list), or the best move found;
        outside the decision, the move just played."""
        if self.problem and self.mode == BETTER:
            return self.problem
        turn = self.focus
        if self.mode == BETTER:
            before = self.better_states[0]
            words = better_words(self.source.game, before, turn.best, self.source.names)
            if turn.is_mistake:
                return _("Better: {words}").format(words=words)
            return _("The search's choice, no better beyond the noise: {words}").format(words=words)
        if self._contains(turn, self.cursor):
            return self.review.turn_text(turn, turn.seat, "finding")  # as the list says it
        if self.cursor > 0:
            entry = self.entries[self.cursor - 1]
            return entry.text or ""
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        area = pygame.Rect(0, self.bar.h, w, h - self.bar.h).clip(surface.get_rect())
        if area.w > 0 and area.h > 0:
            self.table.draw(surface.subsurface(area))
        pygame.draw.rect(surface, theme.PANEL, self.bar)
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (0, self.bar.bottom - 1), (w, self.bar.bottom - 1), 2
        )
        colour = (
            self.focus.seat < len(self.source.seats)
            and theme.seat_colour(self.source.seats[self.focus.seat].colour).rgb
        )
        x = 16
        if colour:
            pygame.draw.circle(surface, colour, (x + 7, 20), 7)
            x += 22
        title = self.title()
        theme.blit_text(surface, title, (x, 20), theme.FONT_BODY, theme.ACCENT, True, "midleft")
        x += theme.text_width(title, theme.FONT_BODY, True) + 16
        step = self.step_text()
        theme.blit_text(surface, step, (x, 20), theme.FONT_SMALL + 1, theme.TEXT, anchor="midleft")
        x += theme.text_width(step, theme.FONT_SMALL + 1) + 16
        chances = self.chances_text()
        room = w - 16 - x
        theme.blit_text(
            surface,
            theme.ellipsize(chances, theme.FONT_SMALL + 1, max(40, room)),
            (w - 16, 20),
            theme.FONT_SMALL + 1,
            theme.HIGHLIGHT,
            anchor="midright",
        )
        ink = theme.BAD if self.problem and self.mode == BETTER else theme.TEXT
        lines = theme.wrap(self.line_text(), theme.FONT_SMALL, w - 32)
        if len(lines) > 2:
            lines = [lines[0], theme.ellipsize(" ".join(lines[1:]), theme.FONT_SMALL, w - 32)]
        for i, line in enumerate(lines):
            theme.blit_text(
                surface, line, (16, 42 + i * 18), theme.FONT_SMALL, ink, anchor="midleft"
            )
        self.widgets.draw(surface)
