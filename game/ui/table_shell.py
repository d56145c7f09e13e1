"""The table shell: the turn loop both games' tables share, with the hooks each game fills in.

The shell owns what a table does whatever the game: it hands moves to the session and logs
them, autosaves, counts a finished game in the statistics, drives the computer seats on an
:class:`~game.play.ai_worker.AIWorker` with one failure policy, runs the Hint key's search, waits
for the game's animation, covers the hand between two human seats, shows the results once, says
status messages, steps the computer pace, and leaves the table cleanly.

A game's table subclasses :class:`TableScene` and supplies the hooks:

- ``on_moved(before, after, seat, action)``: animation, sound and highlight of a move played;
- ``animating()`` / ``advance_animation(dt)``: whether a move is still being shown;
- ``human_turn(seat)``: get the controls ready for a human on turn;
- ``show_results()``: push the game's results scene;
- ``safe_action(state)``: the move a failed computer seat plays when medium failed too;
- ``hint_arrived(action)``: show the hint's answer;
- ``cover_text`` and ``results_key()``: the hand-over screen's line, and what one result is for;
- drawing (``draw``) and input (``handle``), which read the shell's state and never write it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.considered import Considered
from game.core import IllegalAction
from game.i18n import (
    Text,
    _,
    capitalised,
    in_every_language,
    language,
    refusal_text,
    shown,
    shown_text,
)
from game.persist.history import first_kept
from game.play import log_lines
from game.play.ai_process import HINT_LEVEL, AgentSpec
from game.play.ai_worker import Agent, AIWorker, Decision, warm_up
from game.play.daily_records import record_day
from game.play.deal_session import dealt_position
from game.play.log_lines import entry_lines
from game.play.rating import rematch_seats
from game.play.records import record_end
from game.play.session import level_word
from game.play.why import WhyRecord
from game.registry import game_spec
from game.seat_events import SeatEvent
from game.ui import theme
from game.ui.overlays import CoverScene, PauseOverlay
from game.ui.replay import ReplayOverlay, ReplayView, opponent_turns
from game.ui.saving import EARLIER_LOG_LINES, autosave_table, keep_table
from game.ui.scene import Scene
from game.ui.tables import open_table
from game.ui.why_panel import WhyPanel
from game.ui.widgets import Button, ScrollLog

if TYPE_CHECKING:
    from game.play.lesson import LessonRunner
    from game.play.session import Session
    from game.ui.app import App

# The lesson's bar (game.ui.lesson): its place under a table's top bar, and its height.
LESSON_TOP = 46
LESSON_BAR_H = 64

# Seconds per computer move that the [ and ] keys (and the Slower / Faster buttons) step through.
PACES: tuple[float, ...] = (0.0, 0.15, 0.3, 0.6, 1.0, 1.6)


def pace_index(pace: float) -> int:
    """The step of PACES nearest to ``pace``."""
    return min(range(len(PACES)), key=lambda i: abs(PACES[i] - pace))


class TableScene(Scene):
    """Base of every game's table: the turn loop (see the module docstring for the hooks)."""

    cover_text = ""  # the hand-over screen's line, in the player's language (a property)
    # A table shown only to look at a game (the review): no turns are played, no computer
    # thinks, no hint runs and no move is taken; it draws the state it is given.
    read_only = False
    # A lesson in progress at this table (game.ui.lesson): it chooses the computer's moves,
    # refuses moves off its script in its own words, and the table is not autosaved.
    lesson: LessonRunner | None = None

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.spec = game_spec(session.game)
        self.help_topic = session.game
        self.worker = AIWorker()  # the computer seats' decisions
        self.hint_worker = AIWorker()  # the Hint key's search
        self.hint_for: Any = None  # the state the running hint is for
        # What the hint's search weighed (its plan first), and the hint's reasons, made when
        # shown (in the language of the moment); None: no hint's reasons on show.
        self.hint_considered: Considered | None = None
        self.hint_reasons: Callable[[], list[str]] | None = None
        # The last computer turn, for "why did it do that?" (None before any).
        self.why: WhyRecord | None = None
        # The status line, made when shown (in the language of the moment): a text, or a
        # function that says it (``lambda: _("Undone.")``).
        self.said: Text = ""
        self.message_colour: theme.Colour = theme.TEXT
        self.clock = 0.0
        self.log = ScrollLog(ident="log")
        self.shown_seat: int | None = None  # the human whose hand the cover last handed over
        # The seat whose hidden information was last on screen: when another's would show, the
        # screen is covered first, whatever changed (a turn, a seat handed over or taken back).
        self.revealed_seat: int | None = None
        # Nobody sat at this table (--autoplay): a round's results go on by themselves. A seat a
        # person handed to the computer (a game continued after that) still waits for him.
        self.watch_only = not session.humans and not any(
            isinstance(entry.action, SeatEvent) and entry.action.old == "human"
            for entry in session.history
        )
        self.results_shown_for: Any = None
        # [seat, text, kind] of log lines the history no longer holds (the log's first line,
        # a long evening's earlier rounds): they stay in the log and in the save. The text is
        # kept in every language ({"en": ..., "de": ...}; a save from before: one string).
        self.earlier_log: list[list[Any]] = [
            [None, in_every_language(self.opening_line), log_lines.NOTE],
            *self._deal_notes(),
        ]
        # Where the game was opened again (Continue, Load): the history entry the notes stand
        # before ("The game goes on where it stopped."), and the notes; None: not opened again.
        self.resumed_at: int | None = None
        self.resume_notes: list[tuple[Text, str]] = []
        self.log_language = language()  # the log's lines are said in it
        self.spec.words()  # the game's words name its cards and tiles in refusals too
        if len(session.humans) < session.num_seats:
            warm_up(self.spec.key)  # the AI process starts while the player looks at the table
        self.log_history()

    def _deal_notes(self) -> list[list[Any]]:
        """The fingerprint of the deal, in the log's first lines of a game not yet played."""
        if self.session.history:
            return []
        state = self.session.state
        game = self.session.game
        notes = in_every_language(lambda: log_lines.deal_lines(game, state))
        return [
            [None, {lang: lines[i][0] for lang, lines in notes.items()}, kind]
            for i, (_text, kind) in enumerate(notes["en"])
        ]

    # -- what is shown -----------------------------------------------------------------------
    @property
    def replay(self) -> ReplayView | None:
        """The past turn a replay overlay over this table shows in its place, if any (the
        overlay keeps it: nothing is written into the table)."""
        for scene in reversed(self.app.scenes):
            view = scene.replay_view(self)
            if view is not None:
                return view
        return None

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def viewer(self) -> int | None:
        return self.session.viewer()

    def prepare_view(self) -> None:
        """Work out what the next frames draw from the position (the coach's aids): called by
        ``update``, and by a scene that shows this table read-only without updating it."""

    def human_to_move(self) -> bool:
        return (
            not self.read_only
            and not self.animating()
            and not self.state.is_terminal
            and self.session.is_human(self.state.current_player)
        )

    def ai_busy(self) -> bool:
        return self.worker.busy or self.hint_worker.busy or self.animating()

    def wants_frames(self) -> bool:
        """Full frame rate while a computer plays (thinking, then its paced moves) or anything
        animates; a table waiting for a person idles."""
        if self.read_only:
            return False
        state = self.state
        computer_on_turn = not state.is_terminal and not self.session.is_human(state.current_player)
        return self.ai_busy() or computer_on_turn

    def names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    # -- hooks (a game's table overrides these) ---------------------------------------------
    def animating(self) -> bool:
        return False

    def advance_animation(self, dt: float) -> None:
        """Move the running animation on by ``dt`` seconds (called only while animating)."""

    def on_moved(self, before: Any, after: Any, seat: int | None, action: Any) -> None:
        """A move was played: animate it, light it up, play its sound."""

    def human_turn(self, seat: int) -> None:
        """A human is on turn and nothing is shown over the table: ready the controls."""

    def show_results(self) -> None:
        """The game (or round) just ended: push the results scene."""

    def results_key(self) -> Any:
        """What one showing of the results is for (the game; a rummy round)."""
        return True

    def safe_action(self, state: Any) -> tuple[Any, str]:
        """A move for a computer seat whose player failed at medium too, and the log's line."""
        action = random.Random(self.session.decisions).choice(state.legal_actions())
        return action, _("{name}'s computer player failed ({why}); it plays a random move.")

    def hint_arrived(self, action: Any) -> None:
        """The hint search answered ``action`` for the position it was asked about."""

    def sync_widgets(self) -> None:
        """Show and enable the controls that fit the moment."""

    def opening_line(self) -> str:
        """The log's first line."""
        return ""

    def lesson_area(self) -> pygame.Rect:
        """Where the lesson's bar goes (a table that runs a lesson keeps it free): by default
        a band under the top bar."""
        return pygame.Rect(0, LESSON_TOP, self.size[0], LESSON_BAR_H)

    def draw_lit(self, surface: pygame.Surface, targets: tuple[Any, ...]) -> None:
        """Light up the lesson step's targets of the game's own kinds (a spot, a tile, a
        card); ``("button", ident)`` targets are lit by the lesson overlay."""

    # -- messages ----------------------------------------------------------------------------
    @property
    def message(self) -> str:
        """The status line, in the current language."""
        return shown(self.said)

    def say(self, text: Text, colour: theme.Colour = theme.TEXT) -> None:
        """Show ``text`` on the status line: a function that makes it (so that it speaks the
        language of the moment), or a fixed text (a name; "" for none)."""
        self.said = text
        self.message_colour = colour

    def say_refusal(self, error: Exception) -> None:
        self.say(lambda: capitalised(refusal_text(error)), theme.BAD)

    def settings_changed(self, settings: Any) -> None:
        """A new language: the log again, in it (the status line is made when shown)."""
        if settings.language == self.log_language:
            return
        scroll = self.log.scroll
        self.log_history()
        self.log.scroll = scroll

    # -- moving on ---------------------------------------------------------------------------
    def act(self, action: Any) -> bool:
        """Hand ``action`` to the engine for the current player: log, save and show it. False
        (and the reason said) if the engine refused it."""
        if self.read_only:
            return False
        before = self.state
        seat = before.current_player
        lesson = self.lesson
        if lesson is not None:
            words = lesson.refusal(action)
            if words is not None:
                lesson.refused += 1
                self.say(lambda: _(words), theme.ACCENT)  # a guide's word, not an error
                return False
        line = self.spec.describe(before, action)  # the names the state had then
        try:
            after = self.session.apply(action, line)
        except IllegalAction as error:
            self.say_refusal(error)
            return False
        self.hint_worker.cancel()
        self.hint_for = None
        self.hint_reasons = None
        if lesson is not None:
            lesson.moved_on(action)
        # A lesson's table is scripted: it counts in no statistics, is kept as no finished
        # game and replaces no game in progress.
        if after.is_terminal and not before.is_terminal and lesson is None:
            self._count_result(before, after)
            keep_table(self)
        if lesson is None:
            autosave_table(self)
        self.log_entry(len(self.session.history) - 1)
        self.on_moved(before, after, seat, action)
        self.forget_replayed_past()
        self.sync_widgets()
        return True

    def _count_result(self, before: Any, after: Any) -> None:
        """Statistics: a result counts for each person who played his seat to the end himself
        (a rummy round: the round)."""
        history = self.session.history
        start = max(
            (i for i, entry in enumerate(history) if self.spec.begins_unit(entry.action)),
            default=0,
        )
        seats = range(self.session.num_seats)
        counted = [seat for seat in seats if self.session.played_through(seat, start)]
        record_end(self.app, self.session.game, self.session.seats, before, after, counted)
        dealt = dealt_position(self.session.game, history, after)
        record_day(self.app, self.session.game, self.session.seats, before, after, counted, dealt)
        rematch_seats(self.session)

    def change_seats(self, change: SeatEvent | Callable[[], object]) -> bool:
        """Carry out a change of the seats: an event, or one of the session's methods for one
        (``lambda: session.hand_over(seat, "hard")``); it is recorded, logged and saved.
        False, and the engine's reason said, if it can't be done now."""
        if self.read_only:
            return False
        try:
            if isinstance(change, SeatEvent):
                self.session.record(change)
            else:
                change()
        except IllegalAction as error:
            self.say_refusal(error)
            return False
        self.after_seat_change()
        return True

    def after_seat_change(self) -> None:
        """The session just recorded a change of the seats: log it, save, lay out again."""
        self.watch_only = False  # someone is at the table
        self.worker.cancel()  # the seat on turn may be played by someone else now
        self.hint_worker.cancel()
        self.hint_for = None
        self.hint_reasons = None
        self.log_entry(len(self.session.history) - 1)
        self.seats_changed()
        self.forget_replayed_past()
        autosave_table(self)
        self.sync_widgets()

    def seats_changed(self) -> None:
        """Hook: the seats changed (a player joined, left, was renamed or handed over)."""

    def history_restored(self) -> None:
        """Hook: the session's history was read back (Continue, Load): show its last move."""

    def save_extra(self) -> dict[str, Any]:
        """Hook: what the table wants saved beside the game (a JSON object)."""
        return {}

    def restore_extra(self, extra: dict[str, Any]) -> None:
        """Hook: ``save_extra``'s object read back from a file (untrusted: check each value)."""

    # -- the log -----------------------------------------------------------------------------
    def logged_lines(self, index: int) -> list[tuple[str, str]]:
        """History entry ``index``'s lines of the log and their kinds."""
        history = self.session.history
        entry = history[index]
        after = history[index + 1].before if index + 1 < len(history) else self.state
        game = self.session.game
        return entry_lines(game, entry.before, entry.action, after, entry.text, level_word)

    def logged_lines_everywhere(self, index: int) -> list[list[Any]]:
        """History entry ``index``'s log lines as ``[seat, text in every language, kind]``."""
        seat = self.session.history[index].seat
        by_language = in_every_language(lambda: self.logged_lines(index))
        kinds = [kind for _text, kind in by_language["en"]]
        return [
            [seat, {lang: lines[i][0] for lang, lines in by_language.items()}, kind]
            for i, kind in enumerate(kinds)
        ]

    def log_entry(self, index: int) -> None:
        """Add history entry ``index``'s lines to the log (the same lines Continue rebuilds)."""
        seat = self.session.history[index].seat
        for text, kind in self.logged_lines(index):
            self.log.add(text, self._log_colour(kind, seat))

    def log_history(self) -> None:
        """The whole log again, from the history (a new table, Continue, Load)."""
        self.log.clear()
        self.log_language = language()
        for seat, text, kind in self.earlier_log:
            self.log.add(shown_text(text), self._log_colour(kind, seat))
        for index in range(len(self.session.history)):
            if index == self.resumed_at:
                self._log_resume_notes()
            self.log_entry(index)
        if self.resumed_at == len(self.session.history):
            self._log_resume_notes()

    def resumed(self, notes: list[tuple[Text, str]]) -> None:
        """The game was opened again here (Continue, Load): ``notes`` (text, kind) stand in
        the log after the moves played before, in whatever language is chosen later."""
        self.resumed_at = len(self.session.history)
        self.resume_notes = notes
        self.log_history()

    def _log_resume_notes(self) -> None:
        for text, kind in self.resume_notes:
            self.log.add(shown(text), self._log_colour(kind, None))

    def forget_replayed_past(self) -> None:
        """Keep in memory only the history a save keeps (the current round, or game): the
        lines of older entries stay in the log, as text."""
        history = self.session.history
        first = first_kept(self.session.game, history)
        if first <= 0:
            return
        for index in range(first):
            if index == self.resumed_at:
                for text, kind in self.resume_notes:
                    self.earlier_log.append([None, in_every_language(partial(shown, text)), kind])
            self.earlier_log += self.logged_lines_everywhere(index)
        if self.resumed_at is not None:
            self.resumed_at = None if self.resumed_at < first else self.resumed_at - first
        del self.earlier_log[:-EARLIER_LOG_LINES]
        del history[:first]

    def _log_colour(self, kind: str, seat: int | None) -> theme.Colour:
        if kind == log_lines.MOVE:
            if seat is not None and seat < self.session.num_seats:
                colour = theme.seat_colour(self.session.seats[seat].colour)
                return theme.mix(theme.TEXT, colour.rgb, 0.35)
            return theme.TEXT
        return {
            log_lines.CAPTURE: theme.ACCENT,
            log_lines.GOOD: theme.GOOD,
            log_lines.BAD: theme.BAD,
        }.get(kind, theme.TEXT_DIM)

    def move_pace(self, seat: int | None) -> float:
        """Seconds the animation of a move by ``seat`` takes (a human's own moves are quick)."""
        pace = self.app.pace if not self.session.is_human(seat) else min(self.app.pace, 0.3)
        return pace * self.app.settings.animation_pace

    # -- the turn loop -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.sync_pace_buttons()  # seats change hands at any time; every table has the control
        self.widgets.update(dt)
        if self.read_only:
            return
        if self.hint_worker.busy:
            answer = self.hint_worker.poll()
            if answer is not None:
                self._hint_answered(answer)
        if self._cover_a_new_viewer():
            return
        if self.animating():
            self.advance_animation(dt)
            if self.animating():
                return
            self.sync_widgets()
        state = self.state
        if state.is_terminal:
            key = self.results_key()
            # A lesson tells the result itself; its table shows the scores once played on.
            if self.results_shown_for != key and self.lesson is None:
                self.results_shown_for = key
                self.show_results()
            return
        seat = state.current_player
        if self.session.is_human(seat):
            self._maybe_cover(seat)
            self.human_turn(seat)
            return
        self._computer_step()

    def _cover_a_new_viewer(self) -> bool:
        """Cover the table before another seat's hidden information shows (True: covered).
        Not before the first hand of a table with one person: it is his."""
        viewer = self.viewer
        if viewer is None or viewer == self.revealed_seat:
            return False
        earlier, self.revealed_seat = self.revealed_seat, viewer
        if earlier is None and len(self.session.humans) < 2:
            return False
        if viewer == self.state.current_player:
            self.shown_seat = viewer  # the turn's own cover is this one
        self.sync_widgets()
        info = self.session.seats[viewer]
        self.app.push(
            CoverScene(self.app, info.name, theme.seat_colour(info.colour), self.cover_text)
        )
        return True

    def _maybe_cover(self, seat: int) -> None:
        if seat == self.shown_seat:
            return
        self.shown_seat = seat
        self.sync_widgets()
        if len(self.session.humans) < 2:
            return
        info = self.session.seats[seat]
        colour = theme.seat_colour(info.colour)
        self.app.push(CoverScene(self.app, info.name, colour, self.cover_text))

    def _computer_step(self) -> None:
        seat = self.state.current_player
        if seat is None:
            return
        if self.lesson is not None:
            scripted = self.lesson.computer_move()
            if scripted is not None:
                self.act(scripted)
            return  # in a lesson the computer plays its script only
        if not self.worker.busy:
            agent = self.session.agent(seat)
            self.worker.start(agent, self.state.view(seat), self.session.decision_rng())
            return
        decision = self.worker.poll()
        if decision is not None:
            self._play_decision(decision)

    def _play_decision(self, decision: Decision) -> None:
        """The computer's answer: played if legal. A failed player (an error, or a move the
        engine refuses) is replaced by the medium level; if medium fails too, the game's safe
        move is played. Either way the game goes on and the log says why."""
        seat = self.state.current_player
        assert seat is not None
        before = self.state
        history = self.session.history
        same_turn = bool(history) and history[-1].is_move and history[-1].seat == seat
        if decision.action is not None and self.act(decision.action):
            if same_turn and self.why is not None and self.why.seat == seat:
                self.why = replace(self.why, played=(*self.why.seen(), decision.action))
            else:
                level = self.session.seats[seat].level or ""
                self.why = WhyRecord(
                    self.session.game,
                    seat,
                    level,
                    before,
                    decision.action,
                    decision.considered,
                    (decision.action,),
                )
                self.sync_widgets()
            return
        name = self.session.seats[seat].name
        why = decision.error or _("an illegal move ({action})").format(action=decision.action)
        if self.session.fall_back_to_medium(seat, why):
            self.log_entry(len(self.session.history) - 1)
            self.say(
                lambda: _(
                    "{name}'s computer player failed ({why}); it plays at medium from now."
                ).format(name=name, why=why),
                theme.BAD,
            )
            autosave_table(self)
            return  # the next update asks the medium level for this move
        action, line = self.safe_action(self.state)
        self.log.add(line.format(name=name, why=why), theme.BAD)
        self.act(action)

    # -- hints -------------------------------------------------------------------------------
    def start_hint(self, thinking: Text) -> bool:
        """Ask the game's hint search (in the AI process) about the position on turn."""
        if not self.human_to_move() or self.hint_worker.busy:
            return False
        seat = self.state.current_player
        self.hint_for = self.state
        self.hint_worker.start(
            self.hint_agent(), self.state.view(seat), random.Random(self.session.decisions)
        )
        self.say(thinking, theme.ACCENT)
        self.sync_widgets()
        return True

    def hint_agent(self) -> Agent | AgentSpec:
        """The game's hint search (its registry entry names it), run by the AI process."""
        seed = (self.session.seed or 0) * 17 + self.session.decisions
        return AgentSpec(self.session.game, HINT_LEVEL, seed, self.session.ai_budget)

    def stop_hint(self) -> None:
        self.hint_worker.cancel()
        self.hint_for = None
        self.say(lambda: _("Hint stopped."), theme.TEXT_DIM)
        self.sync_widgets()

    def _hint_answered(self, decision: Decision) -> None:
        if self.hint_for is not self.state or not self.human_to_move():
            return  # the game moved on meanwhile
        self.hint_for = None
        if decision.error is not None:
            self.say(lambda: _("Hint failed: {error}").format(error=decision.error), theme.BAD)
            self.sync_widgets()
            return
        self.hint_considered = decision.considered
        self.hint_arrived(decision.action)
        self.sync_widgets()

    def explain_hint(self, actions: list[Any]) -> None:
        """Show why the hint's ``actions`` (a move, or the turn's plan) are worth playing:
        the game's reasons for the position on turn, made when shown."""
        state, names, spec = self.state, self.names(), self.spec
        self.hint_reasons = lambda: spec.reasons(state, actions, names)

    def drop_hint(self) -> None:
        """The player did something else: the hint and its reasons go."""
        if self.hint_reasons is not None:
            self.hint_reasons = None
            self.say("")

    # -- why did the computer do that? -------------------------------------------------------
    def show_why(self) -> None:
        """The last computer turn's move and the others its player weighed most."""
        if self.why is None:
            self.say(lambda: _("No computer turn to explain yet."), theme.TEXT_DIM)
            return
        self.app.push(WhyPanel(self.app, self.why, self.names()))

    # -- replay ------------------------------------------------------------------------------
    def replay_last_turn(self) -> None:
        viewer = self.viewer
        if viewer is None and self.session.humans:
            viewer = self.session.humans[0]
        turns = opponent_turns(self.session, viewer)
        if not turns:
            self.say(lambda: _("No opponent turn to replay yet."), theme.TEXT_DIM)
            return
        self.app.push(ReplayOverlay(self.app, self, turns))

    def shown_state(self) -> Any:
        """The state the table draws: a replayed past one, or the game's own."""
        return self.replay.state if self.replay is not None else self.state

    # -- pace --------------------------------------------------------------------------------
    def pace_buttons(self, slower: pygame.Rect, faster: pygame.Rect) -> list[Button]:
        return [
            Button(
                _("Slower"),
                lambda: self.change_pace(1),
                slower,
                pygame.K_LEFTBRACKET,
                ident="slower",
                size=theme.FONT_SMALL,
                tooltip=_("Computer moves play slower"),
            ),
            Button(
                _("Faster"),
                lambda: self.change_pace(-1),
                faster,
                pygame.K_RIGHTBRACKET,
                ident="faster",
                size=theme.FONT_SMALL,
                tooltip=_("Computer moves play faster (0 = instant)"),
            ),
        ]

    def sync_pace_buttons(self) -> None:
        """The pace controls only where a computer plays: at a table of people they would
        change nothing anyone could see."""
        computers = len(self.session.humans) < self.session.num_seats
        for button in self.widgets.widgets:
            if button.ident in ("slower", "faster"):
                button.visible = computers

    def change_pace(self, step: int) -> None:
        index = pace_index(self.app.pace)
        self.app.pace = PACES[max(0, min(len(PACES) - 1, index + step))]
        pace = self.app.pace

        def said() -> str:
            words = _("instant") if pace == 0 else _("{s:g} s per move").format(s=pace)
            return _("Computer pace: {pace}").format(pace=words)

        self.say(said, theme.TEXT_DIM)

    # -- leaving -----------------------------------------------------------------------------
    def pause(self) -> None:
        self.app.push(PauseOverlay(self.app, self.back_to_menu, self))

    def back_to_menu(self) -> None:
        self.app.reset(self.app.make_scene("menu"))

    def on_exit(self) -> None:
        self.hint_worker.cancel()
        self.worker.cancel()
        self.worker.stop_searches()
        self.session.stop_computers()

    def rematch(self) -> None:
        """The same seats at a new deal, at a fresh table."""
        while self.app.scenes and self.app.top is not self:
            self.app.pop()  # the results (and anything else) above this table
        self.app.pop(self)
        open_table(self.app, self.session.rematch())
