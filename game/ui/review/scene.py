"""The review screen: progress, the graph of win chances, and each human's graded decisions.

``app.make_scene("review", source)`` with a :class:`~game.play.review_source.ReviewSource`. A
stored review that covers the game opens at once; otherwise the review runs as a job in the
AI process (polled each frame, never waited for) and its findings show as they arrive.

Any decision can be chosen, not only a listed one: Left/Right step through every decision of
the game, a click on the graph chooses the decision under it, Up/Down step through the list.
The chosen decision's text shows under the graph; Enter (or a second click) opens its position
on the game's table (:mod:`game.ui.review.position`). A seat without a graded decision is
shown the decisions that moved his chance most instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _, ngettext
from game.play.review_job import ReviewJob
from game.play.review_source import ReviewSource
from game.play.session import game_title
from game.review import GRADES, NOISE_FACTOR, GameReview, ReviewedTurn
from game.ui import theme
from game.ui.review.graph import ChanceGraph, GraphPoint, draw_marker
from game.ui.review.words import finding_text, swing_text
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

MARGIN = 24
HEADING_H = 28
LINE_H = 22
FINDINGS_SHOWN = 3
DETAIL_LINES = 3


@dataclass(frozen=True)
class ListRow:
    """One row of the list: a seat's heading, one finding, one swing of his chance (when he
    has no finding), or a line of words."""

    kind: str  # "heading", "finding", "swing", "none"
    seat: int
    text: str
    turn: ReviewedTurn | None = None


FINDING_LINES = 3


def fitted_lines(text: str, width: int, most: int = FINDING_LINES) -> list[str]:
    """``text`` wrapped to ``width``, at most ``most`` lines (the last one shortened)."""
    lines = theme.wrap(text, theme.FONT_SMALL + 1, width)
    if len(lines) > most:
        rest = " ".join(lines[most - 1 :])
        lines = lines[: most - 1] + [theme.ellipsize(rest, theme.FONT_SMALL + 1, width)]
    return lines


def threshold_line() -> str:
    (_i, inaccuracy), (_m, mistake), (_b, blunder) = GRADES
    return _(
        "Graded by the win chance a decision lost: an inaccuracy (?!) above {inaccuracy} "
        "points, a mistake (?) above {mistake}, a blunder (??) above {blunder}; each more "
        "than {factor} times the estimate's own noise."
    ).format(
        inaccuracy=round(inaccuracy * 100),
        mistake=round(mistake * 100),
        blunder=round(blunder * 100),
        factor=NOISE_FACTOR,
    )


class ReviewScene(Scene):
    name = "review"
    help_topic = "review"

    def __init__(self, app: App, source: ReviewSource, budget: float | None = None) -> None:
        super().__init__(app)
        self.source = source
        self.budget = budget
        self.job: ReviewJob | None = None
        self.judged: dict[int, ReviewedTurn] = {}
        self.total = 0
        self.review: GameReview | None = source.covered()
        self.cancelled = False
        self.note = ""  # a failure or refusal to store, in words
        self.note_bad = False
        self.graph = ChanceGraph()
        self.hover: GraphPoint | None = None
        self.rows: list[ListRow] = []
        self.row_rects: list[tuple[pygame.Rect, int]] = []  # (rect, index into self.rows)
        self.chosen: int | None = None  # the chosen decision (its history index)
        self.detail_area = pygame.Rect(0, 0, 0, 0)
        self.first_row = 0
        # The list scrolls to the chosen row when it is chosen, not after the wheel moved it.
        self.follow_chosen = True
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.full_list = pygame.Rect(0, 0, 0, 0)
        self.short_list = pygame.Rect(0, 0, 0, 0)
        self.status_area = pygame.Rect(0, 0, 0, 0)
        self.graph_area = pygame.Rect(0, 0, 0, 0)
        self.legend_y = 0
        self.threshold_lines: list[str] = []
        # A row's (or the chosen decision's) wrapped lines by kind, turn index, seat and width.
        self.texts: dict[tuple[str, int, int, int], list[str]] = {}
        self._built_for: tuple[object, ...] | None = None
        if self.review is not None:
            self.judged = {t.index: t for t in self.review.turns}
            self.total = len(self.review.turns)

    def settings_changed(self, settings: Any) -> None:
        self.texts.clear()  # the findings in the new language

    # -- the job -------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.review is None and self.job is None:
            done = self.source.resumable()
            self.judged = {t.index: t for t in done}
            self.start_job(done)
        self.sync_widgets()

    def start_job(self, done: tuple[ReviewedTurn, ...]) -> None:
        self.job = ReviewJob(
            self.source.game,
            self.source.states,
            self.source.history,
            self.source.reviewed_seats,
            self.budget,
            done=done,
        )
        self.total = self.job.total

    @property
    def failed(self) -> bool:
        """The review ended on an error (e.g. the AI process gave no answer): Retry offered."""
        return (
            self.job is not None
            and self.job.error is not None
            and self.review is not None
            and not self.review.complete
        )

    def retry(self) -> None:
        """Go on with the review from the decisions judged so far."""
        if not self.failed:
            return
        self.review = None
        self.note, self.note_bad = "", False
        self.start_job(tuple(self.turns))
        self._built_for = None
        self.sync_widgets()

    def on_exit(self) -> None:
        if self.job is not None and not self.job.finished:
            self.job.cancel()

    @property
    def running(self) -> bool:
        return self.job is not None and self.review is None

    @property
    def turns(self) -> list[ReviewedTurn]:
        return [self.judged[i] for i in sorted(self.judged)]

    def pump(self) -> None:
        """Take what the job has judged since the last frame (never waits)."""
        job = self.job
        if job is None or self.review is not None:
            return
        for turn in job.poll():
            self.judged[turn.index] = turn
        for turn in job.turns:
            self.judged.setdefault(turn.index, turn)
        self.total = max(job.total, len(self.judged))
        if job.finished:
            self.finish(job)

    def finish(self, job: ReviewJob) -> None:
        result = job.result()
        self.review = GameReview(
            result.game,
            result.budget,
            result.seats,
            result.moves,
            tuple(self.turns),
            result.complete,
        )
        if job.error:
            self.note, self.note_bad = _("The review failed: {why}").format(why=job.error), True
        elif result.complete and self.source.keep is not None:
            refusal = self.source.keep(self.review)
            if refusal:
                self.note = _("The review could not be stored: {why}").format(why=refusal)
                self.note_bad = True
        self.sync_widgets()

    def cancel(self) -> None:
        if self.job is not None and self.running:
            self.job.cancel()
            self.cancelled = True
            self.sync_widgets()

    def ai_busy(self) -> bool:
        return self.running

    # -- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.widgets.clear()
        self.status_area = pygame.Rect(MARGIN, 66, w - 2 * MARGIN - 170, 28)
        graph_top = 104
        graph_h = int((h - graph_top) * (0.34 if h < 720 else 0.40))
        self.graph_area = pygame.Rect(MARGIN, graph_top, w - 2 * MARGIN, graph_h)
        self.legend_y = self.graph_area.bottom + 8
        detail_h = DETAIL_LINES * LINE_H + 12
        self.detail_area = pygame.Rect(MARGIN, self.legend_y + 28, w - 2 * MARGIN, detail_h)
        list_top = self.detail_area.bottom + 8
        self.list_area = pygame.Rect(MARGIN, list_top, w - 2 * MARGIN, h - 74 - list_top)
        self.full_list = self.list_area.copy()  # with the detail's room (the chosen is listed)
        self.full_list.top = self.detail_area.y
        self.full_list.h = self.list_area.bottom - self.detail_area.y
        self.short_list = self.list_area.copy()
        self.widgets.add(
            Button(
                _("Cancel"),
                self.cancel,
                pygame.Rect(w - MARGIN - 150, 60, 150, 40),
                pygame.K_ESCAPE,
                ident="cancel",
                tooltip=_("Stop the review; what is judged stays shown (Esc)"),
            )
        )
        self.widgets.add(
            Button(
                _("Retry"),
                self.retry,
                pygame.Rect(w - MARGIN - 150, 60, 150, 40),
                pygame.K_r,
                ident="retry",
                tooltip=_("Go on with the review from the turns judged so far (R)"),
            )
        )
        self.widgets.add(
            Button(
                _("Close"),
                self.close,
                pygame.Rect(w - MARGIN - 150, 14, 150, 40),
                pygame.K_ESCAPE,
                ident="close",
                tooltip=_("Back to where the review was opened (Esc)"),
            )
        )
        self.widgets.add(
            Button(
                _("Show position"),
                self.open_selected,
                pygame.Rect(w - MARGIN - 230, h - 56, 230, 42),
                pygame.K_RETURN,
                ident="show",
                tooltip=_("See the chosen decision on the table (Enter); Left/Right choose"),
            )
        )
        room = w - 2 * MARGIN - 250
        self.threshold_lines = theme.wrap(threshold_line(), theme.FONT_SMALL - 2, room)[:2]
        self._built_for = None
        self.rebuild()
        self.sync_widgets()

    def sync_widgets(self) -> None:
        if not self.widgets.widgets:
            return
        cancel = self.running and not self.cancelled
        self.widgets.find("cancel").visible = cancel
        self.widgets.find("retry").visible = self.failed
        close = self.widgets.find("close")
        assert isinstance(close, Button)
        close.shortcut = None if cancel else pygame.K_ESCAPE  # Esc cancels first
        self.widgets.find("show").enabled = self.selected_turn() is not None

    def rebuild(self) -> None:
        """The list and the graph again, when the findings or the choice changed."""
        key = (len(self.judged), self.total, self.chosen, self.size, self.review is None)
        if key == self._built_for:
            return
        self._built_for = key
        turns = self.turns
        self.rows = self._list_rows(turns)
        if self.chosen is not None and self.chosen not in self.judged:
            self.chosen = None
        if self.chosen is None:
            # The costliest finding (else the first swing, else the first decision) is chosen
            # at once: Enter shows it without a click first.
            listed = self.listed_turns()
            first = listed[0] if listed else (turns[0] if turns else None)
            self.chosen = first.index if first is not None else None
        marked = [t for t in turns if t.is_mistake and self.source.own_decision(t)]
        marked = [t for t in marked if t.seat in self.source.reviewed_seats]
        colours = [theme.seat_colour(seat.colour).rgb for seat in self.source.seats]
        self.graph.build(
            self.graph_area,
            self.source.game,
            turns,
            self.total,
            colours,
            marked,
            self.selected_turn(),
        )
        self._place_rows()

    def turn_text(self, turn: ReviewedTurn, seat: int, kind: str) -> str:
        """A decision in words: as a finding (its grade in front), or as a swing of
        ``seat``'s chance."""
        source, turns = self.source, self.turns
        if kind == "swing":
            return swing_text(
                source.game, source.states, source.history, turn, seat, source.names, turns
            )
        # "you" only when one player is told and it is his decision
        own = source.own_decision(turn)  # else the seat was handed over: not "you"
        named = len(source.reviewed_seats) > 1 or turn.seat not in source.reviewed_seats
        text = finding_text(
            source.game, source.states, source.history, turn, source.names, turns, named or not own
        )
        if not own:
            return _("Played by the computer: {decision}").format(decision=text)
        return text

    def row_lines(self, kind: str, turn: ReviewedTurn, seat: int, width: int) -> list[str]:
        key = (kind, turn.index, seat, width)
        if key not in self.texts:
            most = DETAIL_LINES if kind == "detail" else FINDING_LINES
            text = self.turn_text(turn, seat, kind)
            self.texts[key] = fitted_lines(text, width, most)
        return self.texts[key]

    def _list_rows(self, turns: list[ReviewedTurn]) -> list[ListRow]:
        source = self.source
        review = GameReview(
            source.game, 0.0, source.reviewed_seats, source.moves, tuple(turns), False
        )
        rows: list[ListRow] = []
        width = self.list_area.w - 40
        for seat in source.reviewed_seats:
            name = source.names[seat] if seat < len(source.names) else str(seat + 1)
            rows.append(
                ListRow("heading", seat, _("{name}: the costliest decisions").format(name=name))
            )
            # Decisions the computer made in his seat (handed over) are not his: left out of
            # his list, and said so.
            found = [t for t in review.mistakes(seat, len(turns)) if source.own_decision(t)]
            found = found[:FINDINGS_SHOWN]
            not_his = sum(1 for t in turns if t.seat == seat and not source.own_decision(t))
            for turn in found:
                self.row_lines("finding", turn, seat, width)
                rows.append(ListRow("finding", seat, "", turn))
            if not found:
                swings = [] if self.running else review.swings(seat, FINDINGS_SHOWN)
                if self.running:
                    none = _("None found so far.")
                elif swings:
                    none = _("No mistakes above the threshold. Where the chance swung most:")
                else:
                    none = _("No mistakes above the threshold.")
                rows.append(ListRow("none", seat, none))
                for turn in swings:
                    self.row_lines("swing", turn, seat, width)
                    rows.append(ListRow("swing", seat, "", turn))
            if not_his:
                rows.append(
                    ListRow(
                        "none",
                        seat,
                        ngettext(
                            "Not listed: {count} decision the computer made for {name}",
                            "Not listed: {count} decisions the computer made for {name}",
                            not_his,
                        ).format(count=not_his, name=name),
                    )
                )
        return rows

    def row_height(self, row: ListRow) -> int:
        if row.kind in ("finding", "swing") and row.turn is not None:
            lines = self.row_lines(row.kind, row.turn, row.seat, self.list_area.w - 40)
            return len(lines) * LINE_H + 12
        return HEADING_H

    @property
    def selected(self) -> int | None:
        """The list row of the chosen decision, if it is listed."""
        for i, row in enumerate(self.rows):
            if row.turn is not None and row.turn.index == self.chosen:
                return i
        return None

    def _place_rows(self) -> None:
        """Which rows fit in the list area (scrolled so that the chosen one shows). A chosen
        decision that is listed is read in the list: the detail's room goes to the list."""
        selected = self.selected
        if self.full_list.h > 0:
            self.list_area = self.full_list if selected is not None else self.short_list
        self.first_row = min(self.first_row, max(0, len(self.rows) - 1))
        if selected is not None and self.follow_chosen:
            self.first_row = min(self.first_row, selected)
            while self.first_row < selected and self._fits(self.first_row, selected) is False:
                self.first_row += 1
        self.row_rects = []
        y = self.list_area.y
        for index in range(self.first_row, len(self.rows)):
            height = self.row_height(self.rows[index])
            if y + height > self.list_area.bottom:
                break
            self.row_rects.append(
                (pygame.Rect(self.list_area.x, y, self.list_area.w, height - 4), index)
            )
            y += height

    def list_note(self) -> str | None:
        """Says that rows are out of view (above, below), and how to reach them: a row that
        does not fit is left out whole, so nothing else would show it is there."""
        shown = [index for _rect, index in self.row_rects]
        above = self.first_row > 0
        below = bool(self.rows) and (not shown or shown[-1] < len(self.rows) - 1)
        if above and below:
            return _("More above and below: mouse wheel or Up/Down")
        if below:
            return _("More below: mouse wheel or Up/Down")
        if above:
            return _("More above: mouse wheel or Up/Down")
        return None

    def _fits(self, first: int, last: int) -> bool:
        total = sum(self.row_height(self.rows[i]) for i in range(first, last + 1))
        return total <= self.list_area.h

    # -- choosing ------------------------------------------------------------------------------
    def findings(self) -> list[int]:
        """The list's rows that name a decision (findings and swings)."""
        return [i for i, row in enumerate(self.rows) if row.turn is not None]

    def selected_turn(self) -> ReviewedTurn | None:
        """The chosen decision: any of the game's, listed or not."""
        return self.judged.get(self.chosen) if self.chosen is not None else None

    def choose_turn(self, turn: ReviewedTurn | None) -> None:
        self.chosen = None if turn is None else turn.index
        self.follow_chosen = True
        self._built_for = None
        self.rebuild()
        self.sync_widgets()

    def choose(self, row: int | None) -> None:
        """Choose the decision of a list row."""
        self.choose_turn(None if row is None else self.rows[row].turn)

    def step_choice(self, step: int) -> None:
        """Up/Down: to the previous / next decision in the list."""
        found = self.findings()
        if not found:
            return
        if self.selected not in found:
            self.choose(found[0] if step > 0 else found[-1])
            return
        position = found.index(self.selected) + step
        self.choose(found[max(0, min(len(found) - 1, position))])

    def step_turn(self, step: int) -> None:
        """Left/Right: to the previous / next decision of the game, listed or not."""
        turns = self.turns
        if not turns:
            return
        indexes = [t.index for t in turns]
        if self.chosen not in indexes:
            self.choose_turn(turns[0] if step > 0 else turns[-1])
            return
        position = max(0, min(len(turns) - 1, indexes.index(self.chosen) + step))
        self.choose_turn(turns[position])

    def open_selected(self) -> None:
        turn = self.selected_turn()
        if turn is not None:
            self.open_position(turn)

    def open_position(self, turn: ReviewedTurn) -> None:
        from game.ui.review.position import ReviewPosition

        self.app.push(ReviewPosition(self.app, self, turn))

    def listed_turns(self) -> list[ReviewedTurn]:
        return [row.turn for row in self.rows if row.turn is not None]

    def close(self) -> None:
        self.app.pop(self)

    # -- input and frames ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            return False  # the app's help, on the review's topic
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.graph.point_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            turn = self.graph.marker_at(event.pos)
            if turn is not None:
                self.open_position(turn)
                return True
            turn = self.graph.turn_at(event.pos)
            if turn is not None:  # any decision: chosen, and opened by a second click
                if turn.index == self.chosen:
                    self.open_position(turn)
                else:
                    self.choose_turn(turn)
                return True
            shown = self.selected is None and self.selected_turn() is not None
            if shown and self.detail_area.collidepoint(event.pos):
                self.open_selected()
                return True
            for rect, index in self.row_rects:
                if rect.collidepoint(event.pos) and self.rows[index].turn is not None:
                    if self.selected == index:
                        self.open_selected()
                    else:
                        self.choose(index)
                    return True
        elif event.type == pygame.MOUSEWHEEL:
            self.first_row = max(0, min(len(self.rows) - 1, self.first_row - event.y))
            self.follow_chosen = False
            self._place_rows()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.step_choice(-1 if event.key == pygame.K_UP else 1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step_turn(-1 if event.key == pygame.K_LEFT else 1)
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pump()
        self.rebuild()
        self.sync_widgets()

    # -- drawing -------------------------------------------------------------------------------
    def progress_text(self) -> str:
        done, total = len(self.judged), self.total
        if self.running and not self.cancelled:
            return _("Reviewing… {done} of {total} turns").format(done=done, total=total)
        if self.running:
            return _("Stopping… {done} of {total} turns judged").format(done=done, total=total)
        if self.review is not None and not self.review.complete:
            return _("Review stopped: {done} of {total} turns judged").format(
                done=done, total=total
            )
        return _("Reviewed: {total} turns").format(total=total)

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = surface.get_size()
        surface.fill(theme.BG)
        title = _("Review: {game}").format(game=_(game_title(self.source.game)))
        theme.blit_text(surface, title, (MARGIN, 16), theme.FONT_LARGE, theme.ACCENT, True)
        bar = self.status_area
        share = min(1.0, len(self.judged) / self.total) if self.total else 1.0
        track = pygame.Rect(bar.x, bar.y, min(320, bar.w // 2), 20)
        pygame.draw.rect(surface, theme.PANEL_DARK, track, border_radius=6)
        filled = track.copy()
        filled.w = round(track.w * share)
        if filled.w > 0:
            pygame.draw.rect(
                surface, theme.GOOD if not self.running else theme.ACCENT, filled, border_radius=6
            )
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, 1, border_radius=6)
        text_x = track.right + 14
        status = self.progress_text()
        ink = theme.BAD if self.note_bad else theme.TEXT
        room = bar.right - text_x
        theme.blit_text(
            surface,
            theme.ellipsize(status, theme.FONT_SMALL + 1, room),
            (text_x, track.centery),
            theme.FONT_SMALL + 1,
            ink,
            anchor="midleft",
        )
        if self.note:  # on a line of its own under the bar: a failure is read in full
            theme.blit_text(
                surface,
                theme.ellipsize(self.note, theme.FONT_SMALL, bar.right - track.x),
                (track.x, track.bottom + 3),
                theme.FONT_SMALL,
                ink,
            )
        self.graph.draw(surface, self.hover, self.source.names)
        if not self.judged:
            theme.blit_text(
                surface,
                _("The first turns are being judged…")
                if self.running
                else _("No turns to review."),
                self.graph_area.center,
                theme.FONT_BODY,
                theme.TEXT_DIM,
                anchor="center",
            )
        self._draw_legend(surface)
        self._draw_detail(surface)
        self._draw_list(surface)
        top = surface.get_height() - 36 - (len(self.threshold_lines) * 17) // 2
        for i, line in enumerate(self.threshold_lines):
            theme.blit_text(
                surface, line, (MARGIN, top + i * 17), theme.FONT_SMALL - 2, theme.TEXT_DIM
            )
        self.widgets.draw(surface)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        x = self.graph_area.x + LEGEND_INDENT
        for seat in self.source.seats:
            colour = theme.seat_colour(seat.colour).rgb
            pygame.draw.line(
                surface, colour, (x, self.legend_y + 10), (x + 24, self.legend_y + 10), 4
            )
            label = theme.text(seat.name, theme.FONT_SMALL, theme.TEXT)
            surface.blit(label, (x + 30, self.legend_y))
            x += 30 + label.get_width() + 24
        marker = theme.text(
            _("a graded decision; click any turn to choose it"),
            theme.FONT_SMALL - 2,
            theme.TEXT_DIM,
        )
        spot = marker.get_rect(topright=(self.graph_area.right, self.legend_y + 2))
        surface.blit(marker, spot)
        seats = self.source.seats
        colour = theme.seat_colour(seats[0].colour).rgb if seats else theme.TEXT
        draw_marker(surface, (spot.x - 14, spot.centery), colour, "mistake")

    def _draw_detail(self, surface: pygame.Surface) -> None:
        """The chosen decision in words: what was played, the chances, the better move."""
        turn = self.selected_turn()
        area = self.detail_area
        if turn is None or area.h <= 0 or self.selected is not None:
            return
        pygame.draw.rect(surface, theme.PANEL_DARK, area, border_radius=6)
        pygame.draw.rect(surface, theme.HIGHLIGHT, area, 1, border_radius=6)
        colour = (
            theme.seat_colour(self.source.seats[turn.seat].colour).rgb
            if turn.seat < len(self.source.seats)
            else theme.TEXT
        )
        pygame.draw.circle(surface, colour, (area.x + 12, area.y + 6 + LINE_H // 2), 6)
        for i, line in enumerate(self.row_lines("detail", turn, turn.seat, area.w - 40)):
            theme.blit_text(
                surface,
                line,
                (area.x + 26, area.y + 6 + i * LINE_H),
                theme.FONT_SMALL + 1,
                theme.TEXT,
            )

    def _draw_list(self, surface: pygame.Surface) -> None:
        note = self.list_note()
        if note is not None:
            theme.blit_text(
                surface,
                note,
                (self.list_area.right, self.list_area.bottom + 1),
                theme.FONT_SMALL - 2,
                theme.ACCENT,
                anchor="topright",
            )
        for rect, index in self.row_rects:
            row = self.rows[index]
            seat = self.source.seats[row.seat] if row.seat < len(self.source.seats) else None
            if row.kind == "heading":
                colour = theme.seat_colour(seat.colour).rgb if seat is not None else theme.TEXT
                pygame.draw.circle(surface, colour, (rect.x + 8, rect.centery), 6)
                theme.blit_text(
                    surface,
                    row.text,
                    (rect.x + 22, rect.centery),
                    theme.FONT_BODY,
                    theme.ACCENT,
                    True,
                    "midleft",
                )
            elif row.kind == "none":
                theme.blit_text(
                    surface,
                    row.text,
                    (rect.x + 22, rect.centery),
                    theme.FONT_SMALL + 1,
                    theme.TEXT_DIM,
                    anchor="midleft",
                )
            elif row.turn is not None:
                chosen = index == self.selected
                fill = theme.BUTTON_ON if chosen else theme.PANEL
                pygame.draw.rect(surface, fill, rect, border_radius=6)
                if chosen:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 2, border_radius=6)
                ink = theme.TEXT_DARK if chosen else theme.TEXT
                width = self.list_area.w - 40
                for i, line in enumerate(
                    self.texts.get((row.kind, row.turn.index, row.seat, width), [])
                ):
                    theme.blit_text(
                        surface,
                        line,
                        (rect.x + 20, rect.y + 6 + i * LINE_H),
                        theme.FONT_SMALL + 1,
                        ink,
                    )


LEGEND_INDENT = 54
