"""The lesson overlay: a guided first game shown over the game's own table.

:func:`start_lesson` opens the game's table on the lesson's prepared deal, with a
:class:`~game.play.lesson.LessonRunner` at it (``TableScene.lesson``: the shell plays the
computer's scripted moves and refuses moves off the script in the lesson's words), and puts
:class:`LessonOverlay` above it. The overlay shows the step (at most two short lines) in the
bar the table keeps free (``TableScene.lesson_area``), lights its targets (``("button", ident)``
here, the game's own kinds through ``TableScene.draw_lit``), offers Show me (F2) and Next
(Enter), and at the end Play on (the same table against the lesson's computer level) or the
menu. Every other event goes on to the table below, which it keeps running (``update``).
With ``demo`` the lesson plays itself, step by step, and quits the app at its end.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.persist import load_stats
from game.play.lesson import LessonError, LessonRunner, has_lesson, lesson_of, start_state
from game.play.session import COMPUTER_NAMES, Seat, Session, game_title
from game.registry import GAME_KEYS
from game.ui import theme
from game.ui.overlays import Dialog
from game.ui.saving import autosave_table, game_in_progress, show_message
from game.ui.scene import Scene
from game.ui.table_shell import TableScene
from game.ui.tables import table_class
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

# A demo shows each step this long (plus twice the computer's pace) before it plays or reads on.
DEMO_PAUSE = 0.1
SHOW_ME_KEY = pygame.K_F2


LIT_LIGHT: theme.Colour = (255, 250, 235)


def lit_colour(clock: float) -> theme.Colour:
    """What a lesson lights pulses between near-white and gold: brighter than the table's own
    highlights, so the learner finds it at once."""
    pulse = 0.5 + 0.5 * abs(((clock * 1.6) % 2) - 1)
    return theme.mix(theme.ACCENT, LIT_LIGHT, pulse)


def lesson_seats(players: int, learner: int, level: str) -> list[Seat]:
    """The learner and the lesson's computers (Kunz first: a lesson's texts may name them),
    each in his own colour."""
    seats = []
    rivals = iter(COMPUTER_NAMES)
    for seat in range(players):
        if seat == learner:
            seats.append(Seat(_("Player {number}").format(number=1), True, level, seat))
        else:
            seats.append(Seat(next(rivals), False, level, seat))
    return seats


def start_lesson(app: App, game: str, demo: bool = False) -> LessonOverlay | None:
    """Open ``game``'s lesson at its table (None, and the reason shown, if it has none)."""
    try:
        lesson = lesson_of(game)
        if lesson is None:
            show_message(app, _("Learn to play"), _("This game has no lesson yet."))
            return None
        seats = lesson_seats(lesson.players, lesson.learner, lesson.level)
        state = start_state(lesson, [seat.name for seat in seats])
        runner = LessonRunner(lesson)
    except LessonError as error:
        show_message(app, _("Learn to play"), str(error))
        return None
    session = Session.restore(game, seats, state, [], state.seed)
    table = table_class(game)(app, session)  # type: ignore[call-arg]
    assert isinstance(table, TableScene)
    table.lesson = runner  # before the table lays itself out: it keeps the lesson's bar free
    app.push(table)
    overlay = LessonOverlay(app, table, demo)
    app.push(overlay)
    return overlay


def open_lesson(app: App, game: str) -> None:
    """Open ``game``'s lesson (a button's callback)."""
    start_lesson(app, game)


def choose_lesson(app: App) -> None:
    """The menu's Learn to play: the lesson of the one game that has one, or a choice."""
    games = [game for game in GAME_KEYS if has_lesson(game)]
    if len(games) == 1:
        start_lesson(app, games[0])
        return
    if not games:
        show_message(app, _("Learn to play"), _("This game has no lesson yet."))
        return
    buttons: list[tuple[str, Callable[[], None] | None]] = [
        (game_title(game), partial(open_lesson, app, game)) for game in games
    ]
    app.push(
        Dialog(
            app,
            _("Learn to play"),
            _("A guided first game on the real table, about 5 minutes. Which game?"),
            [*buttons, (_("Back"), None)],
        )
    )


def never_played(game: str) -> bool:
    """Has no game of ``game`` been counted in the statistics yet?"""
    stats = load_stats()
    return not any(key[0] == game and rec.played for key, rec in stats.records.items())


def offer_lesson(app: App, game: str) -> bool:
    """Should the setup offer ``game``'s lesson now? Once: the first time a player picks a
    game he has never played (remembered in the settings, so never again)."""
    settings = app.settings
    if game in settings.lessons_offered or not has_lesson(game) or not never_played(game):
        return False
    app.change_settings(lessons_offered=(*settings.lessons_offered, game))
    return True


class LessonOverlay(Scene):
    name = "lesson"
    opaque = False
    passthrough = True  # what the lesson does not use goes on to the table
    idle_fps = 15.0  # the lit targets pulse

    def __init__(self, app: App, table: TableScene, demo: bool = False) -> None:
        super().__init__(app)
        runner = table.lesson
        assert runner is not None
        self.table = table
        self.runner = runner
        self.demo = demo
        self.clock = 0.0
        self.waited = 0.0  # seconds the demo has shown the step as it is
        self.shown_step = -1
        self.failure: str | None = None  # why a demo could not go on (a broken lesson)
        self.bar = pygame.Rect(0, 0, 1, 1)

    # -- layout -------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.bar = self.table.lesson_area()
        self.widgets.clear()
        b = self.bar
        h = b.h - 16
        add = self.widgets.add
        right = b.right - 10
        for ident, label, callback, key, tip in (
            ("lesson-menu", _("Menu"), self.to_menu, None, _("Leave the lesson")),
            ("lesson-play-on", _("Play on"), self.play_on, None, _("Go on with this game")),
            ("lesson-next", _("Next"), self.next_step, pygame.K_RETURN, _("Next step (Enter)")),
            (
                "lesson-show",
                _("Show me"),
                self.show_me,
                SHOW_ME_KEY,
                _("Play this step's move for me (F2)"),
            ),
        ):
            width = max(96, theme.text_width(label, theme.FONT_BODY, True) + 28)
            if ident == "lesson-play-on":
                width = max(width, 120)
            rect = pygame.Rect(right - width, b.y + 8, width, h)
            add(Button(label, callback, rect, key, ident=ident, tooltip=tip))
            right -= width + 8
        self.sync()

    def buttons_left(self) -> int:
        """The left edge of the bar's visible buttons (the text ends before it)."""
        lefts = [w.rect.x for w in self.widgets.widgets if w.visible]
        return min(lefts, default=self.bar.right)

    def sync(self) -> None:
        runner = self.runner
        finished = runner.finished
        find = self.widgets.find
        find("lesson-menu").visible = finished
        find("lesson-play-on").visible = finished
        find("lesson-next").visible = not finished and not runner.script.moves
        find("lesson-next").enabled = runner.can_go_on() and not self.table.animating()
        show = find("lesson-show")
        show.visible = not finished and bool(runner.script.moves)
        show.enabled = runner.learner_move() is not None and self.table.human_to_move()
        # The bar's buttons sit right to left; the hidden ones leave no gap.
        right = self.bar.right - 10
        for ident in ("lesson-menu", "lesson-play-on", "lesson-next", "lesson-show"):
            widget = find(ident)
            if widget.visible:
                widget.rect.right = right
                right = widget.rect.x - 8

    # -- what the learner does ----------------------------------------------------------------
    def show_me(self) -> None:
        """Play the step's move for the learner (F2)."""
        move = self.runner.learner_move()
        if move is not None and self.table.human_to_move():
            self.table.act(move)
        self.sync()

    def next_step(self) -> None:
        if not self.table.animating() and self.runner.go_on():
            self.table.say("")
        self.sync()

    def play_on(self) -> None:
        """The same table goes on as a game against the lesson's computer level (asking first
        when that takes the place of the game Continue resumes)."""
        if game_in_progress(None) is not None:
            from game.ui.saving import ask_to_replace

            ask_to_replace(
                self.app,
                _(
                    "Continue takes you back to the game you were playing. Playing on takes "
                    "its place: save that game under a name first to keep it."
                ),
                _("Play on"),
                self._play_on,
            )
            return
        self._play_on()

    def _play_on(self) -> None:
        self.table.lesson = None
        self.table.say("")
        self.app.pop(self)
        self.table.layout(self.app.size)  # the lesson's bar is the board's again
        autosave_table(self.table)  # Continue goes on with it from now

    def to_menu(self) -> None:
        self.app.reset(self.app.make_scene("menu"))

    # -- per frame ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        reading_key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_SPACE,
            pygame.K_KP_ENTER,
        )
        if reading_key and self.runner.can_go_on():  # a step to read: Space and Enter read on
            self.next_step()
            return True
        return self.widgets.handle(event)  # Next takes Enter only on a step to read

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.table in self.app.scenes:
            self.table.update(dt)  # the game goes on under the lesson
        if self.app.top is not self:
            return  # the table showed something above (its results, a cover)
        if self.runner.index != self.shown_step:
            self.shown_step = self.runner.index
            self.waited = 0.0
        self.sync()
        self.widgets.update(dt)
        if self.demo:
            self._demo_step(dt)

    def _demo_step(self, dt: float) -> None:
        """The lesson plays itself: each step shown a moment, then its move or Next."""
        table, runner = self.table, self.runner
        if table.animating() or table.ai_busy() or not runner.computer_done():
            self.waited = 0.0
            return
        self.waited += dt
        if self.waited < DEMO_PAUSE + 2 * self.app.pace:
            return
        self.waited = 0.0
        if runner.finished:
            self.app.quit()
            return
        move = runner.learner_move()
        if move is not None and table.human_to_move():
            if not table.act(move):
                self.failure = f"step {runner.index + 1}: {move} was refused ({table.message})"
                self.app.quit()
        elif runner.can_go_on():
            runner.go_on()
        elif move is None and not runner.script.moves:
            self.failure = f"step {runner.index + 1}: the lesson can't go on"
            self.app.quit()

    def ai_busy(self) -> bool:
        return self.table.ai_busy()

    def wants_frames(self) -> bool:
        return self.demo or self.table.wants_frames()

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        step = self.runner.step
        own = tuple(t for t in step.lit if t and t[0] != "button")
        if own and self.table.replay is None:
            self.table.draw_lit(surface, own)
        glow = lit_colour(self.clock)
        for target in step.lit:
            if len(target) == 2 and target[0] == "button":
                widget = _find(self.table, str(target[1]))
                if widget is not None and widget.visible:
                    rect = widget.rect.inflate(10, 10)
                    pygame.draw.rect(surface, theme.SHADOW, rect.inflate(6, 6), 3, border_radius=12)
                    pygame.draw.rect(surface, glow, rect, 5, border_radius=10)
        self.draw_bar(surface)
        self.widgets.draw(surface)

    def draw_bar(self, surface: pygame.Surface) -> None:
        b = self.bar
        theme.panel(surface, b)
        runner = self.runner
        count = len(runner.lesson.steps)
        label = _("Step {n} of {count}").format(n=runner.index + 1, count=count)
        theme.blit_text(
            surface, label, (b.x + 14, b.y + 6), theme.FONT_SMALL, theme.TEXT_DIM, anchor="topleft"
        )
        widest = _("Step {n} of {count}").format(n=count, count=count)  # the text never jumps
        left = b.x + 14 + max(110, theme.text_width(widest, theme.FONT_SMALL) + 14)
        size, lines = step_lines(_(runner.step.text), self.buttons_left() - 16 - left)
        line_h = theme.font(size, True).get_linesize()
        y = b.centery - line_h * len(lines) // 2
        for line in lines:
            theme.blit_text(surface, line, (left, y), size, theme.TEXT, True)
            y += line_h


def step_lines(words: str, width: int) -> tuple[int, list[str]]:
    """A step's text in at most two lines of the bar (a smaller font if it must be; three small
    lines rather than a cut text)."""
    for size in (theme.FONT_BODY, theme.FONT_SMALL + 1):
        lines = theme.wrap(words, size, max(60, width), True)
        if len(lines) <= 2:
            return size, lines
    return theme.FONT_SMALL, theme.wrap(words, theme.FONT_SMALL, max(60, width), True)[:3]


def _find(table: TableScene, ident: str) -> Any:
    """The table's widget ``ident`` (None if it has none)."""
    for widget in table.widgets.widgets:
        if widget.ident == ident:
            return widget
    return None


__all__ = [
    "LessonOverlay",
    "choose_lesson",
    "lesson_seats",
    "never_played",
    "offer_lesson",
    "start_lesson",
]
