"""The Räuber-Rommé table: the scene a round is played in.

``RummyTableScene(app, session)`` (the same shape as the Robber Knights table) shows the sets
in a grid, the current human's hand along the bottom and the other players as card backs.
Humans edit their turn by drag and drop on a :class:`~game.ui.rummy.turn_edit.TurnEdit`;
nothing reaches the engine until Draw or Next player, and the engine judges it. Computer
seats think on an :class:`~game.play.ai_worker.AIWorker` and their moves are played back at
``app.pace`` seconds per move (cards travel to their sets, changed sets light up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _, ngettext, refusal_text
from game.rummy import Draw, NextRound, Pass, Play, RummyState
from game.rummy.draft import DraftError
from game.seat_events import SeatEvent
from game.ui import theme
from game.ui.overlays import Dialog
from game.ui.rummy import controls, input, lesson_draw, players, table_draw
from game.ui.rummy.animation import CardFlight, Flight, changed_sets, new_positions
from game.ui.rummy.geometry import (
    Drop,
)
from game.ui.rummy.results import (
    RoundScore,
    RummyResultsScene,
    rounds_from_json,
    rounds_to_json,
)
from game.ui.rummy.set_places import keep_places
from game.ui.rummy.view import (
    BUTTONS_H,
    HIGHLIGHT_SECONDS,
    SIDE_W,
    SPRING_SECONDS,
    STATUS_H,
    TOP_H,
    RummyView,
)
from game.ui.saving import autosave_table
from game.ui.table_shell import LESSON_BAR_H

if TYPE_CHECKING:
    pass


class RummyTableScene(RummyView):
    name = "rummy-table"

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
        # A lesson's bar takes a band above the sets (see lesson_area).
        top = TOP_H + (LESSON_BAR_H if self.lesson is not None else 0)
        self.table_area = pygame.Rect(8, top + 6, left_w - 12, self.status_area.y - top - 8)
        self._build_widgets(buttons_y)
        self._grid = None

    def _build_widgets(self, buttons_y: int) -> None:
        controls.build_widgets(self, buttons_y)

    def sync_widgets(self) -> None:
        controls.sync_widgets(self)

    # -- commands ----------------------------------------------------------------------------
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
        super().settings_changed(settings)  # the log in the new language
        self.columns = settings.set_columns
        self.four_colour = settings.four_colour_suits
        self.layers.clear()
        if bool(self.aids_rect.h) != settings.coach_aids:
            self.layout(self.size)  # the aid's box comes or goes

    def toggle_sort(self) -> None:
        self.sort_by = "rank" if self.sort_by == "suit" else "suit"
        edit = self.current_edit()
        if edit is not None:
            edit.sort_hand(self.sort_by)
        self.sync_widgets()

    def undo(self) -> None:
        edit = self.current_edit()
        if edit is not None and edit.undo():
            self.say(lambda: _("Undone."), theme.TEXT_DIM)
        self.sync_widgets()

    def reset_turn(self) -> None:
        edit = self.current_edit()
        if edit is not None:
            edit.reset()
            self.say(lambda: _("The turn is back to how it began."), theme.TEXT_DIM)
        self.sync_widgets()

    def show_hint(self) -> None:
        """Ask the solver for the best play, in the AI process (a crowded table can take the
        solver a while; the window stays responsive and Esc gives up)."""
        if self.current_edit() is None or self.hint_worker.busy:
            return
        self.start_hint(lambda: _("Hint: looking for the best play… (Esc stops)"))

    def act(self, action: Any) -> bool:
        """A computer's play is laid with the sets that stay where they were (its own list
        order is the solver's); a person's play keeps the order he made."""
        seat = self.state.current_player
        if isinstance(action, Play) and not self.session.is_human(seat):
            action = Play(tuple(keep_places(self.state.table, action.table)))
        return super().act(action)

    def hint_arrived(self, action: Any) -> None:
        if self.current_edit() is None:
            return
        player = self.state.players[self.state.current_player or 0]
        if action is None:
            self.explain_hint([Draw()])
            opened = player.opened
            self.say(
                lambda: (
                    _("Hint: nothing to lay in your hand. Draw a card (D).")
                    if opened
                    else _("Hint: no opening of 30 points in your hand. Draw a card (D).")
                ),
                theme.ACCENT,
            )
            return
        table = [list(cards) for cards in self.state.table]
        self.hint = [list(cards) for cards in keep_places(self.state.table, action)]
        self.explain_hint([Play(tuple(tuple(cards) for cards in self.hint))])
        self.hint_changed = changed_sets(table, self.hint)
        laid = sum(len(s) for s in action) - sum(len(s) for s in table)
        self.say(
            lambda: ngettext(
                "Hint: this table lays {n} of your cards. Accept (Y) or dismiss (Esc).",
                "Hint: this table lays {n} of your cards. Accept (Y) or dismiss (Esc).",
                laid,
            ).format(n=laid),
            theme.ACCENT,
        )

    def accept_hint(self) -> None:
        edit = self.current_edit()
        if self.hint is None or edit is None:
            return
        try:
            edit.lay_out(self.hint)
            self.say(lambda: _("Hint laid out: press Next player to end the turn."), theme.GOOD)
        except DraftError as error:
            refused = error
            self.say(lambda: refusal_text(refused), theme.BAD)
        self.hint = None
        self.hint_reasons = None
        self.sync_widgets()

    def dismiss_hint(self) -> None:
        self.hint = None
        self.hint_reasons = None
        self.say("")
        self.sync_widgets()

    def draw_card(self) -> None:
        """Draw (or pass); with cards laid or the table changed this turn, first a question:
        drawing takes all of that back."""
        edit = self.current_edit()
        if edit is None:
            return
        if not edit.changed:
            self.take_card()
            return
        laid = sum(edit.laid.values())
        drawing = bool(self.state.stock)
        if laid:
            question = (
                ngettext(
                    "Take back the {n} laid card and draw?",
                    "Take back the {n} laid cards and draw?",
                    laid,
                )
                if drawing
                else ngettext(
                    "Take back the {n} laid card and pass?",
                    "Take back the {n} laid cards and pass?",
                    laid,
                )
            ).format(n=laid)
        else:
            question = (
                _("Put the table back as it was and draw?")
                if drawing
                else _("Put the table back as it was and pass?")
            )
        why = _(
            "Drawing ends your turn: what you laid out this turn goes back. To keep it, "
            "end your turn with Next player (N)."
        )
        self.app.push(
            Dialog(
                self.app,
                question,
                why,
                [
                    (_("Keep editing"), None),
                    (
                        _("Take back and draw") if drawing else _("Take back and pass"),
                        self.take_card,
                    ),
                ],
                escape=0,  # Enter and Esc keep the turn as laid out
            )
        )

    def take_card(self) -> None:
        """Draw a card from the stock (pass when it is empty): the turn ends."""
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
            self.say(
                lambda: _("Lay at least one card from your hand, or draw a card (D)."), theme.BAD
            )
            return
        reasons = edit.problems()
        problems = [refusal_text(p) for p in reasons]
        if problems:
            self.say(
                lambda: _("Not yet: {problems}").format(
                    problems="; ".join(refusal_text(p) for p in reasons)
                ),
                theme.BAD,
            )
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

    def new_game(self) -> None:
        """Same players, points back to 0 (a new deal from the next seed)."""
        if not self.change_seats(lambda: self.session.restart((self.session.seed or 0) + 1)):
            return
        self.rounds.clear()
        autosave_table(self)  # again, now without the old game's score table
        self._reset_turn_view()
        self.say(lambda: _("New game: points reset."), theme.TEXT_DIM)

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

    def seats_changed(self) -> None:
        self.hint = None
        if self.edit is not None:
            if self.human_to_move():
                self.edit = self.edit.rebase(self.state)
            else:
                self.edit = None
        last = self.session.history[-1].action if self.session.history else None
        left = isinstance(last, SeatEvent) and last.change == "leave"
        # The same person on turn keeps his hand shown; after a leave another is on turn.
        self.shown_seat = self.state.current_player if self.edit is not None and not left else None
        if left:
            self.edit = None
        self.layout(self.size)

    def _reset_turn_view(self) -> None:
        self.edit = None
        self.hint = None
        self.drag = None
        if self.keys is not None:
            self.keys.lifted = None  # a new turn: nothing is held
        self.anim = None
        self.highlight.clear()
        self.shown_seat = None
        self.results_shown_for = None
        self.sync_widgets()

    # -- the shell's hooks -------------------------------------------------------------------
    @property
    def cover_text(self) -> str:  # type: ignore[override]
        return _("It is your turn at the rummy table.")

    def opening_line(self) -> str:
        return _("A new game of Räuber-Rommé.")  # its seed would give the deal away

    def animating(self) -> bool:
        return self.anim is not None

    def human_turn(self, seat: int) -> None:
        self.current_edit()  # the turn's edit exists before it is drawn (drawing only reads)

    def wants_frames(self) -> bool:
        return super().wants_frames() or self.drag is not None or self.spring is not None

    def on_moved(self, before: Any, after: Any, seat: int | None, action: Any) -> None:
        """Fly the computer's cards, light up changed sets, and count a finished round."""
        self.edit = None
        self.hint = None
        self.drag = None
        if after.is_terminal and not before.is_terminal:
            self._note_round(before, after)
        entry, describe = self.session.history[-1], self.spec.describe
        self.say(lambda: describe(entry.before, entry.action), theme.TEXT_DIM)
        if isinstance(action, NextRound):
            self.play_sound("deal")
        elif seat is not None and not self.session.is_human(seat):
            self._animate(before, after, seat, action)
        if isinstance(action, Play):
            self.highlight = changed_sets(before.table, after.table)
            self.highlight_left = HIGHLIGHT_SECONDS + (self.app.pace if self.anim else 0)
            if self.anim is None:
                self.play_sound("lay_card")

    def save_extra(self) -> dict[str, Any]:
        """The score table (every round's penalties), kept beside the game."""
        return {"rounds": rounds_to_json(self.rounds)} if self.rounds else {}

    def restore_extra(self, extra: dict[str, Any]) -> None:
        rounds = extra.get("rounds")
        if isinstance(rounds, list):
            self.rounds[:] = rounds_from_json(rounds)

    def history_restored(self) -> None:
        """Light up the sets the newest play changed, as they were lit when it was played."""
        history = self.session.history
        for index in range(len(history) - 1, -1, -1):
            entry = history[index]
            if entry.is_move and entry.before is not None and isinstance(entry.action, Play):
                after = history[index + 1].before if index + 1 < len(history) else self.state
                if after is not None:
                    self.highlight = changed_sets(entry.before.table, after.table)
                    self.highlight_left = HIGHLIGHT_SECONDS
                return
            if entry.is_move:
                return  # a draw since: nothing of the last play is lit any more

    def advance_animation(self, dt: float) -> None:
        assert self.anim is not None
        self.anim.update(dt)
        if self.anim.done:
            self.anim = None
            self.anim_hidden = set()
            if self.highlight:
                self.play_sound("lay_card")

    def results_key(self) -> Any:
        return self.state.round

    def show_results(self) -> None:
        if self.state.winner is not None:
            self.play_sound("win")
        self.show_scores()

    def safe_action(self, state: Any) -> tuple[Any, str]:
        action = Draw() if state.stock else Pass()
        return action, _("{name}'s computer player failed ({why}); it draws.")

    def play_sound(self, name: str) -> None:
        if self.read_only:
            return  # a table shown in the review is silent
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            audio.play(name)

    def _note_round(self, before: RummyState, after: RummyState) -> None:
        penalties = {
            p.name: p.score - old.score
            for p, old in zip(after.players, before.players, strict=True)
        }
        winner = after.players[after.winner].name if after.winner is not None else None
        self.rounds.append(RoundScore(after.round, winner, penalties))

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

    # -- frame -------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.drag = None  # a dialog or cover took the mouse release
        if not self.dealt_sound:
            self.dealt_sound = True
            self.play_sound("deal")  # the first deal is heard as the table opens
        self.sync_widgets()

    def update(self, dt: float) -> None:
        self.hover_still += dt
        if self.spring is not None:
            self.spring.elapsed += dt
            if self.spring.elapsed >= SPRING_SECONDS:
                self.spring = None
        if self.highlight_left > 0 and not self.human_to_move():
            # A human on turn sees what changed until he starts editing.
            self.highlight_left -= dt
            if self.highlight_left <= 0:
                self.highlight.clear()
        super().update(dt)

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return input.handle(self, event)

    def drop_target(self, pos: tuple[int, int]) -> Drop | None:
        return input.drop_target(self, pos)

    def hover_text(self, pos: tuple[int, int] | None = None) -> str | None:
        return input.hover_text(self, pos)

    # -- drawing -----------------------------------------------------------------------------
    # -- a lesson ----------------------------------------------------------------------------
    def lesson_area(self) -> pygame.Rect:
        """The lesson's bar: across the table's column, under the top bar."""
        return pygame.Rect(0, TOP_H, self.side_area.x, LESSON_BAR_H)

    def draw_lit(self, surface: pygame.Surface, targets: tuple[Any, ...]) -> None:
        lesson_draw.draw_lit(self, surface, targets)

    def draw(self, surface: pygame.Surface) -> None:
        table_draw.draw_scene(self, surface)
        self.widgets.draw(surface)
        table_draw.draw_overlay(self, surface)
