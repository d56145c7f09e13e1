"""The Räuber-Rommé table: the scene a round is played in.

``RummyTableScene(app, session)`` (the same shape as the Robber Knights table) shows the sets
in a grid, the current human's hand along the bottom and the other players as card backs.
Humans edit their turn by drag and drop on a :class:`~game.ui.rummy.turn_edit.TurnEdit`;
nothing reaches the engine until Draw or Next player, and the engine judges it. Computer
seats think on an :class:`~game.ui.ai_worker.AIWorker` and their moves are played back at
``app.pace`` seconds per move (cards travel to their sets, changed sets light up).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core import IllegalAction
from game.i18n import _, ngettext, refusal_text
from game.movelog import describe_rummy
from game.rummy import Card, Draw, NextRound, Pass, Play, RummyState, new_game
from game.rummy.draft import DraftError
from game.rummy.turn_rules import OPENING_POINTS
from game.ui import theme
from game.ui.ai_worker import AIWorker, Decision
from game.ui.overlays import CoverScene, Dialog
from game.ui.records import record_rummy_round
from game.ui.replay import replay_button
from game.ui.rummy import help as _help  # noqa: F401  (registers the F1 topic)
from game.ui.rummy import players, table_draw
from game.ui.rummy.agents import computer_agent, hint_search, safe_action
from game.ui.rummy.animation import CardFlight, Flight, changed_sets, new_positions
from game.ui.rummy.geometry import (
    Drop,
    HandRow,
    TableGrid,
    best_columns,
    hand_row,
    table_grid,
)
from game.ui.rummy.results import RoundScore, RummyResultsScene
from game.ui.rummy.turn_edit import DROP_OFF_TARGET, Slot, TurnEdit
from game.ui.rummy.words import hand_value_text, set_value_text
from game.ui.saving import autosave_table
from game.ui.table_base import PACES, TableScene, pace_index
from game.ui.widgets import Button, ScrollLog

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import Session

TOP_H = 46
SIDE_W = 270
BUTTONS_H = 46
STATUS_H = 30
DRAG_THRESHOLD = 4
SPRING_SECONDS = 0.25
HIGHLIGHT_SECONDS = 1.6
TOOLTIP_DELAY = 0.35


@dataclass
class Drag:
    slot: Slot
    card: Card
    grab: tuple[int, int]  # pointer offset inside the card
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False


@dataclass
class Spring:
    """A refused card sliding back to where it came from."""

    card: Card
    start: tuple[int, int]
    end: pygame.Rect
    slot: Slot  # where it lands: drawn there only once it has arrived
    elapsed: float = 0.0


class RummyTableScene(TableScene):
    name = "rummy-table"
    help_topic = "rummy"

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.worker = AIWorker()
        self.hint_worker = AIWorker()  # the Hint button's solver search
        self.hint_for: RummyState | None = None
        self.edit: TurnEdit | None = None
        self.drag: Drag | None = None
        self.spring: Spring | None = None
        self.hint: list[list[Card]] | None = None
        self.hint_changed: set[int] = set()  # sets the hint adds or changes
        self.columns = app.settings.set_columns
        self.four_colour = app.settings.four_colour_suits
        self.sort_by = "suit"
        self.message = ""
        self.message_colour: theme.Colour = theme.TEXT
        self.anim: CardFlight | None = None
        self.anim_hidden: set[tuple[int, int]] = set()
        self.highlight: set[int] = set()
        self.highlight_left = 0.0
        self.rounds: list[RoundScore] = []
        self.results_shown_for: int | None = None
        self.shown_seat: int | None = None
        self.pointer: tuple[int, int] = (-1, -1)
        self.hover_still = 0.0
        self.clock = 0.0
        self._agents: dict[tuple[int, str, str], Any] = {}
        self.log = ScrollLog(ident="log")
        self.dealt_sound = False
        self.replay_state: RummyState | None = None  # set by the replay overlay
        self.replay_step: tuple[int, tuple[Any, ...]] | None = None
        self.table_area = pygame.Rect(0, 0, 1, 1)
        self.hand_area = pygame.Rect(0, 0, 1, 1)
        self.side_area = pygame.Rect(0, 0, 1, 1)
        self.status_area = pygame.Rect(0, 0, 1, 1)
        self.seat_rects: list[pygame.Rect] = []
        self.seat_row_h = 64
        self.show_stock_row = True
        self.stock_rect = pygame.Rect(0, 0, 1, 1)
        self.layers: dict[str, tuple[Any, pygame.Surface]] = {}  # drawing caches
        self._grid_key: tuple[Any, ...] | None = None
        self._grid: TableGrid | None = None
        self.log.add(
            _("A new game of Räuber-Rommé (seed {seed}).").format(seed=session.seed),
            theme.TEXT_DIM,
        )

    # -- what is shown -----------------------------------------------------------------------
    @property
    def state(self) -> RummyState:
        state: RummyState = self.session.state
        return state

    @property
    def viewer(self) -> int | None:
        return self.session.viewer()

    def human_to_move(self) -> bool:
        return (
            self.anim is None
            and not self.state.is_terminal
            and self.session.is_human(self.state.current_player)
        )

    def ai_busy(self) -> bool:
        return self.worker.busy or self.hint_worker.busy or self.anim is not None

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

    def shown_table(self) -> list[list[Card]]:
        if self.replay_state is not None:
            return [list(cards) for cards in self.replay_state.table]
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
        viewer = self.viewer
        if viewer is None and not self.session.humans:
            viewer = self.state.current_player  # computers only: watch the hand on turn
        if viewer is None or viewer >= self.state.num_players:
            return None
        return list(self.state.players[viewer].hand)

    def grid(self) -> TableGrid:
        table = self.shown_table()
        key = (tuple(len(s) for s in table), self.columns, self.table_area.size, self.size)
        if self._grid is None or key != self._grid_key:
            self._grid_key = key
            self._grid = self._table_grid([len(s) for s in table])
        return self._grid

    def _table_grid(self, lengths: list[int]) -> TableGrid:
        """The sets' grid: the player's column count, or (auto) the one with the biggest cards."""
        max_card_h = self.hand_area.h - 16
        columns = self.columns or best_columns(self.table_area, lengths, max_card_h)
        return table_grid(self.table_area, columns, lengths, max_card_h)

    def hand_row(self) -> HandRow:
        hand = self.shown_hand() or []
        return hand_row(self.hand_area, len(hand))

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        side_w = min(SIDE_W + (w - 1280) // 8 if w > 1280 else SIDE_W, max(200, w // 5))
        self.side_area = pygame.Rect(w - side_w, TOP_H, side_w, h - TOP_H)
        left_w = w - side_w
        hand_h = max(130, min(230, h // 5))  # cards grow with the window
        self.hand_area = pygame.Rect(8, h - hand_h, left_w - 16, hand_h)
        buttons_y = self.hand_area.y - BUTTONS_H
        self.status_area = pygame.Rect(8, buttons_y - STATUS_H, left_w - 16, STATUS_H)
        self.table_area = pygame.Rect(8, TOP_H + 6, left_w - 12, self.status_area.y - TOP_H - 8)
        self._build_widgets(buttons_y)
        self._grid = None

    def _build_widgets(self, buttons_y: int) -> None:
        self.widgets.clear()
        actions: list[tuple[str, str, Any, int, str]] = [
            (
                "draw",
                _("Draw"),
                self.draw_card,
                pygame.K_d,
                _("Take a card from the stock: turn ends"),
            ),
            ("undo", _("Undo"), self.undo, pygame.K_u, _("Undo your last move of a card")),
            (
                "reset",
                _("Reset turn"),
                self.reset_turn,
                pygame.K_r,
                _("Everything back as it was"),
            ),
            ("hint", _("Hint"), self.show_hint, pygame.K_h, _("Show the best play (not applied)")),
            ("sort", _("Sort"), self.toggle_sort, pygame.K_s, _("Sort your hand by suit or rank")),
            ("next", _("Next player"), self.next_player, pygame.K_n, _("End your turn")),
        ]
        left_w = self.hand_area.w
        gap = 8
        bw = (left_w - gap * (len(actions) - 1)) // len(actions)
        for i, (ident, label, callback, key, tip) in enumerate(actions):
            rect = pygame.Rect(self.hand_area.x + i * (bw + gap), buttons_y + 4, bw, 38)
            self.widgets.add(Button(label, callback, rect, key, ident=ident, tooltip=tip))
        # Hint answer buttons sit over the table's bottom edge while a hint is shown.
        hint_y = self.table_area.bottom - 44
        cx = self.table_area.centerx
        self.widgets.add(
            Button(
                _("Accept hint"),
                self.accept_hint,
                pygame.Rect(cx - 210, hint_y, 200, 38),
                pygame.K_y,
                ident="accept",
            )
        )
        self.widgets.add(
            Button(
                _("Dismiss"),
                self.dismiss_hint,
                pygame.Rect(cx + 10, hint_y, 200, 38),
                ident="dismiss",
            )
        )
        side = self.side_area
        x = side.x + 10
        bw2 = (side.w - 30) // 2
        # Player rows shrink (64 -> 44 px) so that stock, buttons and some log always fit.
        players = self.state.num_players
        room = side.h - 8 - 66 - 4 * 40 - 70
        self.seat_row_h = max(44, min(64, room // max(1, players)))
        rows_end = side.y + 8 + self.seat_row_h * players
        # The stock row is left out when cramped: the status line shows the stock as well.
        self.show_stock_row = rows_end + 66 <= side.bottom - 4 * 40 - 70
        y = rows_end + (66 if self.show_stock_row else 4)
        rows: list[list[tuple[str, str, Any, int | None, str]]] = [
            [
                (
                    "fewer",
                    _("Columns −"),
                    partial(self.change_columns, -1),
                    pygame.K_MINUS,
                    _("Fewer columns of sets"),
                ),
                (
                    "more",
                    _("Columns +"),
                    partial(self.change_columns, 1),
                    pygame.K_EQUALS,
                    _("More columns of sets"),
                ),
            ],
            [
                (
                    "colours",
                    _("4 colours"),
                    self.toggle_colours,
                    pygame.K_c,
                    _("Two or four suit colours"),
                ),
                ("scores", _("Scores"), self.show_scores, pygame.K_p, _("Every round's penalties")),
            ],
            [
                (
                    "add",
                    _("Add player"),
                    self.ask_add_player,
                    pygame.K_a,
                    _("A new player joins now"),
                ),
                (
                    "rename",
                    _("Rename"),
                    self.ask_rename,
                    pygame.K_e,
                    _("Rename the current player"),
                ),
            ],
            [
                (
                    "remove",
                    _("Remove"),
                    self.ask_remove,
                    pygame.K_x,
                    _("The current player leaves"),
                ),
                (
                    "pace",
                    _("Pace"),
                    self.cycle_pace,
                    None,
                    _("Seconds per computer move, in turn ([ slower, ] faster)"),
                ),
            ],
        ]
        for r, row in enumerate(rows):
            for c, (ident, label, callback, shortcut, tip) in enumerate(row):
                rect = pygame.Rect(x + c * (bw2 + 10), y + r * 40, bw2, 34)
                self.widgets.add(
                    Button(
                        label,
                        callback,
                        rect,
                        shortcut,
                        ident=ident,
                        tooltip=tip,
                        size=theme.FONT_SMALL,
                    )
                )
        for ident, step, shortcut in (
            ("slower", 1, pygame.K_LEFTBRACKET),
            ("faster", -1, pygame.K_RIGHTBRACKET),
        ):
            # Keyboard-only controls: off-screen buttons so the keys work like the others.
            self.widgets.add(
                Button(
                    "",
                    partial(self.change_pace, step),
                    pygame.Rect(-100, -100, 1, 1),
                    shortcut,
                    ident=ident,
                )
            )
        # The Replay button sits in the strip above the log.
        self.log.rect = pygame.Rect(
            side.x + 10, y + 4 * 40 + 34, side.w - 20, side.bottom - y - 4 * 40 - 44
        )
        self.widgets.add(self.log)
        self.widgets.add(replay_button(self.log.rect, self.replay_last_turn))  # over the log
        self.sync_widgets()

    def sync_widgets(self) -> None:
        find = self.widgets.find
        edit = self.current_edit()
        mine = edit is not None
        hinting = self.hint is not None
        for ident in ("draw", "undo", "reset", "hint", "sort", "next"):
            find(ident).enabled = mine and not hinting
        find("sort").enabled = self.shown_hand() is not None
        draw = find("draw")
        assert isinstance(draw, Button)
        draw.label = _("Draw") if self.state.stock or self.state.is_terminal else _("Pass")
        nxt = find("next")
        assert isinstance(nxt, Button)
        if self.state.is_terminal:
            nxt.label, nxt.enabled = _("Next round"), True
        else:
            nxt.label = _("Next player")
        if edit is not None:
            find("undo").enabled = edit.can_undo and not hinting
            find("reset").enabled = edit.changed and not hinting
        find("accept").visible = find("dismiss").visible = hinting
        if self.hint_worker.busy:
            find("hint").enabled = False
        sort = find("sort")
        assert isinstance(sort, Button)
        sort.label = _("Sort: suit") if self.sort_by == "suit" else _("Sort: rank")
        colours = find("colours")
        assert isinstance(colours, Button)
        colours.selected = self.four_colour
        in_turn = not self.state.is_terminal and self.anim is None
        find("rename").enabled = find("remove").enabled = in_turn
        find("remove").enabled = in_turn and self.state.num_players > 2
        find("add").enabled = self.state.num_players < 6 and self.anim is None
        find("fewer").enabled = self.grid().columns > 1
        find("more").enabled = self.grid().columns < 8

    # -- messages ----------------------------------------------------------------------------
    def say(self, text: str, colour: theme.Colour = theme.TEXT) -> None:
        self.message = text
        self.message_colour = colour

    # -- commands ----------------------------------------------------------------------------
    def change_pace(self, step: int) -> None:
        super().change_pace(step)
        self.say_pace()

    def say_pace(self) -> None:
        pace = _("instant") if self.app.pace == 0 else _("{s:g} s per move").format(s=self.app.pace)
        self.say(_("Computer pace: {pace}").format(pace=pace))

    def cycle_pace(self) -> None:
        """The Pace button: the next slower pace, back to instant after the slowest."""
        self.app.pace = PACES[(pace_index(self.app.pace) + 1) % len(PACES)]
        self.say_pace()

    def change_columns(self, step: int) -> None:
        """One column more or fewer than shown now (leaving auto for the player's own count)."""
        self.columns = max(1, min(8, self.grid().columns + step))
        self.app.change_settings(set_columns=self.columns)  # remembered for the next game
        self.sync_widgets()

    def toggle_colours(self) -> None:
        self.four_colour = not self.four_colour
        self.app.change_settings(four_colour_suits=self.four_colour)
        self.sync_widgets()

    def settings_changed(self, settings: Any) -> None:
        self.columns = settings.set_columns
        self.four_colour = settings.four_colour_suits
        self.layers.clear()

    def toggle_sort(self) -> None:
        self.sort_by = "rank" if self.sort_by == "suit" else "suit"
        edit = self.current_edit()
        if edit is not None:
            edit.sort_hand(self.sort_by)
        self.sync_widgets()

    def undo(self) -> None:
        edit = self.current_edit()
        if edit is not None and edit.undo():
            self.say(_("Undone."), theme.TEXT_DIM)
        self.sync_widgets()

    def reset_turn(self) -> None:
        edit = self.current_edit()
        if edit is not None:
            edit.reset()
            self.say(_("The turn is back to how it began."), theme.TEXT_DIM)
        self.sync_widgets()

    def show_hint(self) -> None:
        """Ask the solver for the best play, in the AI process (a crowded table can take the
        solver a while; the window stays responsive and Esc gives up)."""
        edit = self.current_edit()
        if edit is None or self.hint_worker.busy:
            return
        search = hint_search()
        if search is None:
            self.say(_("No hints: this installation has no computer players."), theme.BAD)
            return
        self.hint_for = self.state
        seat = self.state.current_player or 0
        self.hint_worker.start(search, self.state.view(seat), random.Random(0))
        self.say(_("Hint: looking for the best play… (Esc stops)"), theme.ACCENT)
        self.sync_widgets()

    def _hint_arrived(self, decision: Decision) -> None:
        if self.hint_for is not self.state or self.current_edit() is None:
            return  # the turn moved on meanwhile
        if decision.error is not None:
            self.say(_("Hint failed: {error}").format(error=decision.error), theme.BAD)
            return
        best = decision.action
        player = self.state.players[self.state.current_player or 0]
        if best is None:
            why = (
                _("Hint: no opening of 30 points in your hand. Draw a card (D).")
                if not player.opened
                else _("Hint: nothing to lay in your hand. Draw a card (D).")
            )
            self.say(why, theme.ACCENT)
            return
        table = [list(cards) for cards in self.state.table]
        self.hint = [list(cards) for cards in best]
        self.hint_changed = changed_sets(table, self.hint)
        laid = sum(len(s) for s in best) - sum(len(s) for s in table)
        self.say(
            ngettext(
                "Hint: this table lays {n} of your cards. Accept (Y) or dismiss (Esc).",
                "Hint: this table lays {n} of your cards. Accept (Y) or dismiss (Esc).",
                laid,
            ).format(n=laid),
            theme.ACCENT,
        )
        self.sync_widgets()

    def stop_hint(self) -> None:
        self.hint_worker.cancel()
        self.say(_("Hint stopped."), theme.TEXT_DIM)
        self.sync_widgets()

    def accept_hint(self) -> None:
        edit = self.current_edit()
        if self.hint is None or edit is None:
            return
        try:
            edit.lay_out(self.hint)
            self.say(_("Hint laid out: press Next player to end the turn."), theme.GOOD)
        except DraftError as error:
            self.say(refusal_text(error), theme.BAD)
        self.hint = None
        self.sync_widgets()

    def dismiss_hint(self) -> None:
        self.hint = None
        self.say("")
        self.sync_widgets()

    def draw_card(self) -> None:
        if self.current_edit() is None:
            return
        self.act(Draw() if self.state.stock else Pass())

    def next_player(self) -> None:
        if self.state.is_terminal:
            self.next_round()
            return
        edit = self.current_edit()
        if edit is None:
            return
        if not edit.laid:
            self.say(_("Lay at least one card from your hand, or draw a card (D)."), theme.BAD)
            return
        problems = [refusal_text(p) for p in edit.problems()]
        if problems:
            self.say(_("Not yet: {problems}").format(problems="; ".join(problems)), theme.BAD)
            self.app.push(
                Dialog(
                    self.app,
                    _("You can't end your turn yet"),
                    "\n".join(f"• {p}" for p in problems),
                    [(_("Keep editing"), None), (_("Reset turn"), self.reset_turn)],
                    escape=0,  # Esc keeps the turn as laid out
                )
            )
            return
        self.act(edit.to_action())

    def next_round(self) -> None:
        if not self.state.is_terminal:
            return
        self.act(NextRound())
        self.log.add(_("Round {round} is dealt.").format(round=self.state.round), theme.TEXT_DIM)

    def new_game(self) -> None:
        """Same players, points back to 0 (a new deal from the next seed)."""
        self.worker.cancel()
        names = [p.name for p in self.state.players]
        seed = (self.session.seed or 0) + 1
        self.session.seed = seed
        self.session.state = new_game(names, seed, self.state.jokers)
        self.rounds.clear()
        self.session.history.clear()  # the replayable past starts with this deal
        self._reset_turn_view()
        line = _("A new game (seed {seed}): all points are back to 0.").format(seed=seed)
        self.log.add(line, theme.TEXT_DIM)
        self.say(_("New game: points reset."), theme.TEXT_DIM)

    def replay_last_turn(self) -> None:
        from game.ui.replay import ReplayOverlay, last_opponent_turn

        viewer = self.viewer
        if viewer is None and self.session.humans:
            viewer = self.session.humans[0]
        turn = last_opponent_turn(self.session, viewer)
        if turn is None:
            self.say(_("No opponent turn to replay yet."), theme.TEXT_DIM)
            return
        self.app.push(ReplayOverlay(self.app, self, turn))

    def show_scores(self) -> None:
        self.app.push(RummyResultsScene(self.app, self, self.state.is_terminal))

    # -- players (see players.py) -------------------------------------------------------------
    def ask_add_player(self) -> None:
        players.ask_add_player(self)

    def add_player(self, name: str, kind: str = "medium") -> str | None:
        return players.add_player(self, name, kind)

    def ask_rename(self) -> None:
        players.ask_rename(self)

    def rename_current(self, name: str) -> str | None:
        return players.rename_current(self, name)

    def ask_remove(self) -> None:
        players.ask_remove(self)

    def remove_current(self) -> None:
        players.remove_current(self)

    def after_players_changed(self) -> None:
        self._agents.clear()
        if self.worker.busy:
            self.worker.cancel()
        if self.hint_worker.busy:  # a hint for a hand that may have left the table
            self.hint_worker.cancel()
        self.hint = None
        if self.edit is not None:
            if self.human_to_move():
                self.edit = self.edit.rebase(self.state)
            else:
                self.edit = None
        self.shown_seat = self.state.current_player if self.edit is not None else None
        self.layout(self.size)
        autosave_table(self)

    def _reset_turn_view(self) -> None:
        self.edit = None
        self.hint = None
        self.drag = None
        self.anim = None
        self.highlight.clear()
        self.shown_seat = None
        self.results_shown_for = None
        self.sync_widgets()

    # -- moving on ---------------------------------------------------------------------------
    def act(self, action: Any) -> bool:
        """Hand ``action`` to the engine for the current player; False (and why) if refused."""
        before = self.state
        seat = before.current_player
        line = describe_rummy(before, action)
        try:
            after = self.session.apply(action, line)
        except IllegalAction as error:
            self.say(refusal_text(error), theme.BAD)
            return False
        self.edit = None
        self.hint = None
        self.drag = None
        self.hint_worker.cancel()
        if after.is_terminal and not before.is_terminal:
            self._record_round(before, after)
        autosave_table(self)
        self.log.add(line)
        self.say(line, theme.TEXT_DIM)
        if isinstance(action, NextRound):
            self.results_shown_for = None
            self.play_sound("deal")
        elif seat is not None and not self.session.is_human(seat):
            self._animate(before, after, seat, action)
        if isinstance(action, Play):
            self.highlight = changed_sets(before.table, after.table)
            self.highlight_left = HIGHLIGHT_SECONDS + (self.app.pace if self.anim else 0)
            if self.anim is None:
                self.play_sound("lay_card")
        self.sync_widgets()
        return True

    def play_sound(self, name: str) -> None:
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            audio.play(name)

    def _record_round(self, before: RummyState, after: RummyState) -> None:
        penalties = {
            p.name: p.score - old.score
            for p, old in zip(after.players, before.players, strict=True)
        }
        winner = after.players[after.winner].name if after.winner is not None else None
        self.rounds.append(RoundScore(after.round, winner, penalties))
        record_rummy_round(self.app, self.session.seats, before, after)
        # The move log's line already says who went out; add what the others kept.
        for player in after.players:
            if player.hand:
                cards = " ".join(str(c) for c in player.hand)
                points = penalties[player.name]
                line = ngettext(
                    "{name}: {cards} = {points} point", "{name}: {cards} = {points} points", points
                ).format(name=player.name, cards=cards, points=points)
                self.log.add(line, theme.TEXT_DIM)

    def _animate(self, before: RummyState, after: RummyState, seat: int, action: Any) -> None:
        pace = self.app.pace * self.app.settings.animation_pace
        if pace <= 0:
            return
        start = self.seat_rects[seat].center if seat < len(self.seat_rects) else (0, 0)
        if isinstance(action, Play):
            lengths = [len(s) for s in after.table]
            grid = self._table_grid(lengths)
            placed = new_positions(before.table, after.table)
            flights = [
                Flight(after.table[s][i], start, grid.card_rect(s, i), k * pace * 0.12)
                for k, (s, i) in enumerate(placed)
            ]
            self.anim_hidden = set(placed)
            self.anim = CardFlight(flights, pace)
        elif isinstance(action, Draw):
            end = pygame.Rect(0, 0, 40, 57)
            end.center = start
            self.anim_hidden = set()
            self.anim = CardFlight([Flight(None, self.stock_rect.center, end, 0.0)], pace * 0.6)

    # -- the computer's turn -----------------------------------------------------------------
    def _agent(self, seat: int) -> Any:
        custom_agent = getattr(self.session, "custom_agent", None)
        custom = custom_agent(seat) if callable(custom_agent) else None
        if custom is not None:
            return custom
        info = self.session.seats[seat]
        key = (seat, info.name, info.level)
        if key not in self._agents:
            seed = (self.session.seed or 0) * 31 + seat
            budget = getattr(self.session, "ai_budget", None)
            self._agents[key] = computer_agent(info.level, seed, budget)
        return self._agents[key]

    def _computer_step(self) -> None:
        state = self.state
        seat = state.current_player
        if seat is None:
            return
        if not self.worker.busy:
            self.worker.start(self._agent(seat), state.view(seat), self.session.decision_rng())
            return
        decision = self.worker.poll()
        if decision is not None:
            self._play_decision(decision)

    def _play_decision(self, decision: Decision) -> None:
        state = self.state
        name = state.players[state.current_player or 0].name
        action = safe_action(state, decision.action)
        seat = state.current_player or 0
        if decision.error is not None and self.session.fall_back_to_medium(seat):
            # The game goes on: the next update asks the medium level for this move.
            why = decision.error
            fallback = _("{name}'s computer player failed ({why}); it plays at medium from now.")
            self.log.add(fallback.format(name=name, why=why), theme.BAD)
            self.say(fallback.format(name=name, why=why), theme.BAD)
            return
        if action is None:
            why = decision.error or _("an illegal move ({action})").format(action=decision.action)
            failed = _("{name}'s computer player failed ({why}); it draws.")
            self.log.add(failed.format(name=name, why=why), theme.BAD)
            action = Draw() if state.stock else Pass()
        self.act(action)

    # -- frame -------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.drag = None  # a dialog or cover took the mouse release
        if not self.dealt_sound:
            self.dealt_sound = True
            self.play_sound("deal")  # the first deal is heard as the table opens
        self.sync_widgets()

    def on_exit(self) -> None:
        self.worker.cancel()
        self.hint_worker.cancel()
        stop = getattr(self.session, "stop_computers", None)
        if callable(stop):
            stop()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.hover_still += dt
        self.widgets.update(dt)
        if self.spring is not None:
            self.spring.elapsed += dt
            if self.spring.elapsed >= SPRING_SECONDS:
                self.spring = None
        if self.highlight_left > 0 and not self.human_to_move():
            # A human on turn sees what changed until he starts editing.
            self.highlight_left -= dt
            if self.highlight_left <= 0:
                self.highlight.clear()
        if self.hint_worker.busy:
            answer = self.hint_worker.poll()
            if answer is not None:
                self._hint_arrived(answer)
        if self.anim is not None:
            self.anim.update(dt)
            if not self.anim.done:
                return
            self.anim = None
            self.anim_hidden = set()
            if self.highlight:
                self.play_sound("lay_card")
            self.sync_widgets()
        state = self.state
        if state.is_terminal:
            if self.results_shown_for != state.round:
                self.results_shown_for = state.round
                if state.winner is not None:
                    self.play_sound("win")
                self.show_scores()
            return
        seat = state.current_player
        if self.session.is_human(seat):
            self._maybe_cover(seat)
            return
        self._computer_step()

    def _maybe_cover(self, seat: int | None) -> None:
        if seat is None or seat == self.shown_seat:
            return
        self.shown_seat = seat
        self.sync_widgets()
        if len(self.session.humans) < 2:
            return
        info = self.session.seats[seat]
        self.app.push(
            CoverScene(
                self.app, info.name, info.player_colour, _("It is your turn at the rummy table.")
            )
        )

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.hover_still = 0.0
            if self.drag is not None:
                self._drag_move(event.pos)
                self.widgets.handle(event)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._drop(event.pos)
            self.widgets.handle(event)
            return True
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.hint_worker.busy:
                self.stop_hint()
            elif self.hint is not None:
                self.dismiss_hint()
            else:
                self.pause()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.next_player()
            return True
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL or key == pygame.K_BACKSPACE:
            self.undo()
            return True
        if key in (pygame.K_PLUS, pygame.K_KP_PLUS):
            self.change_columns(1)
            return True
        if key == pygame.K_KP_MINUS:
            self.change_columns(-1)
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        edit = self.current_edit()
        if edit is None or self.hint is not None:
            return False
        slot: Slot | None = None
        rect: pygame.Rect | None = None
        if self.hand_area.collidepoint(pos):
            row = self.hand_row()
            i = row.card_at(pos)
            if i is not None:
                slot, rect = ("hand", i), row.card_rect(i)
        else:
            grid = self.grid()
            found = grid.card_at(pos)
            if found is not None:
                slot, rect = ("set", found[0], found[1]), grid.card_rect(*found)
        if slot is None or rect is None:
            return False
        self.drag = Drag(slot, edit.card_at(slot), (pos[0] - rect.x, pos[1] - rect.y), pos, pos)
        return True

    def _drag_move(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        drag.pos = pos
        if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_THRESHOLD:
            drag.moved = True

    def drop_target(self, pos: tuple[int, int]) -> Drop | None:
        if self.hand_area.collidepoint(pos):
            return Drop("hand", self.hand_row().position_at(pos[0]))
        if self.table_area.collidepoint(pos):
            return self.grid().drop_at(pos)
        return None

    def _drop(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        self.drag = None
        edit = self.current_edit()
        if drag is None or edit is None or not drag.moved:
            return
        target = self.drop_target(pos)
        slot = drag.slot
        had_opening = not edit.opened_before and edit.opened
        try:
            if target is None:
                raise DraftError(DROP_OFF_TARGET())
            if target.kind == "hand":
                edit.move_to_hand(slot, target.index)
            elif target.kind == "new":
                edit.move_to_new_set(slot)
            elif target.kind == "set":
                edit.move_to_set(slot, target.index, target.position)
            elif slot[0] == "set" and slot[1] == target.index:
                if slot[2] > 0:  # type: ignore[misc]
                    edit.split(target.index, slot[2])  # type: ignore[misc]
                else:
                    edit.move_to_new_set(slot)
            else:
                edit.move_to_set(slot, target.index, len(edit.sets[target.index]))
        except (DraftError, IndexError) as error:
            self._spring_back(drag, pos)
            why = refusal_text(error) if isinstance(error, DraftError) else _("that card has moved")
            self.say(why, theme.BAD)
            self.sync_widgets()
            return
        if had_opening and not edit.opened:
            # Public sets lock again below 30: say so before the next drag is refused.
            self.say(
                _(
                    "Your own sets are below 30 again: the public sets are locked until they are "
                    "back (Undo, or move your cards back)."
                ),
                theme.BAD,
            )
        else:
            self.say("")
        if target.kind != "hand":
            self.play_sound("lay_card")
        self.sync_widgets()

    def _spring_back(self, drag: Drag, pos: tuple[int, int]) -> None:
        try:
            if drag.slot[0] == "hand":
                end = self.hand_row().card_rect(drag.slot[1])
            else:
                end = self.grid().card_rect(drag.slot[1], drag.slot[2])  # type: ignore[misc]
        except IndexError:
            return  # its place is gone: nothing to spring back to
        start = (pos[0] - drag.grab[0] + end.w // 2, pos[1] - drag.grab[1] + end.h // 2)
        self.spring = Spring(drag.card, start, end, drag.slot)

    # -- hover -------------------------------------------------------------------------------
    def hover_text(self, pos: tuple[int, int] | None = None) -> str | None:
        """What the pointer is over: a card's value where it lies, or an invalid set's reason."""
        pos = self.pointer if pos is None else pos
        if self.drag is not None:
            return None
        hand = self.shown_hand()
        if hand is not None and self.hand_area.collidepoint(pos):
            i = self.hand_row().card_at(pos)
            return hand_value_text(hand[i]) if i is not None and i < len(hand) else None
        if not self.table_area.collidepoint(pos):
            return None
        grid = self.grid()
        table = self.shown_table()
        found = grid.card_at(pos)
        if found is not None:
            s, i = found
            text = set_value_text(table[s], i)
            problem = table_draw.set_problem(table[s])
            invalid = _("Invalid set: {problem}").format(problem=problem)
            return f"{invalid}\n{text}" if problem else text
        s2 = grid.set_at(pos)
        if s2 is not None and s2 < len(table):
            problem = table_draw.set_problem(table[s2])
            if problem:
                return _("Invalid set: {problem}").format(problem=problem)
        if grid.new_cell.collidepoint(pos):
            return _("Drop a card here to start a new set")
        return None

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

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        table_draw.draw_scene(self, surface)
        self.widgets.draw(surface)
        table_draw.draw_overlay(self, surface)
