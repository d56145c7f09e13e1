"""The Robber Knights table: the scene a game is played in.

``KnightsTableScene(app, session)`` shows ``session.state`` (as seen by the seat whose hand
may be shown) and lets human seats keep, lay, deploy and end turns with mouse or keyboard.
The turn loop (computer seats, hints, results, the hand-over cover, saving) is the shared
:class:`~game.ui.table_shell.TableScene`; this module fills in its hooks: what a move looks
like (a tile sliding in, knights marching), the knights' commands, and the board's drawing
layers. The controls are built in ``controls.py``, input is read in ``input.py`` and the frame
is drawn by ``table_draw.py``; the scene never changes engine state itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import Text, _
from game.knights import END, Deploy, End, Keep, KnightsState, Place
from game.knights.words import tile_name
from game.ui import theme
from game.ui.knights import aids_view, controls, input, lesson_draw
from game.ui.knights.aids_view import KnightsAids
from game.ui.knights.animation import Animation, KnightMarch, TileSlide, Wait
from game.ui.knights.board_render import EDGE_REACH, LastMove, render_board
from game.ui.knights.controls import BOTTOM_H, LABEL_MARGIN, TOP_H, DeployLayout
from game.ui.knights.deploy_picker import DeployPicker
from game.ui.knights.geometry import BoardGeometry, Pos, fit, fit_around, keep, view_cells
from game.ui.knights.panels import card_rects, render_cards
from game.ui.knights.results import KnightsResultsScene
from game.ui.knights.table_draw import draw_table
from game.ui.table_shell import LESSON_BAR_H, TableScene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.play.session import HistoryEntry, Session
    from game.ui.app import App


class KnightsTableScene(TableScene):
    name = "knights-table"
    # Memo caches of pure drawing functions: filled while drawing, never read by input.
    draw_caches = ("_board_key", "_board_surface", "_cards_key", "_cards_surface")

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.colours = [theme.seat_colour(seat.colour) for seat in session.seats]
        self.anim: Animation | None = None
        self.anim_last: LastMove | None = None
        self.anim_sound: str | None = None
        self.own_last: LastMove | None = None  # the highlight of the last turn played
        self.selected: int | None = None  # index into the shown hand
        self.cursor: Pos | None = None
        self.hover_hand: int | None = None
        self.drop_buttons: list[Button] = []
        self.drop_page = 0  # the page of drop-pattern chips on show
        self.drop_chosen: tuple[Any, ...] | None = None  # the choice that page was set for
        self.pointer: tuple[int, int] = (-1, -1)
        self.picker: DeployPicker | None = None
        self.message_colour = theme.BAD  # refusals in red, hints in gold
        self.hint_action: Any = None
        self.aids = KnightsAids()  # the coach's aids, worked out in update
        self.aids_rect = pygame.Rect(0, 0, 0, 0)
        self.lesson_ready_for: int | None = None  # the lesson step whose lay is made ready
        self.board_area = pygame.Rect(0, 0, 1, 1)
        self.labelled_area = self.board_area
        # The board's scale and place as last drawn, with the area and the seat on turn then:
        # kept while that seat's player works on the board (see ``geom``).
        self.held_view: tuple[pygame.Rect, Any, BoardGeometry] | None = None
        self._board_key: tuple[Any, tuple[Any, ...]] | None = None
        self._board_surface: pygame.Surface | None = None
        self._cards_key: tuple[Any, tuple[Any, ...]] | None = None
        self._cards_surface: pygame.Surface | None = None
        self.hand_rects: list[pygame.Rect] = []
        self.deploy_layout = DeployLayout.fit(self.board_area, self.board_area)
        self.card_area = pygame.Rect(0, 0, 1, 1)
        self.cards: list[pygame.Rect] = []

    @property
    def cover_text(self) -> str:  # type: ignore[override]
        return _("It is your turn at the Robber Knights table.")

    def opening_line(self) -> str:
        return _("A new game of Robber Knights.")  # its seed would give the deal away

    # -- what is shown -----------------------------------------------------------------------
    @property
    def state(self) -> KnightsState:
        state: KnightsState = self.session.state
        return state

    @property
    def display_state(self) -> KnightsState:
        """The state drawn: a replayed one, a move half shown, or the game's own."""
        if self.replay is not None:
            shown: KnightsState = self.replay.state
            return shown
        if self.anim is not None:
            moving: KnightsState = self.anim.display_state
            return moving
        return self.state

    @property
    def last(self) -> LastMove | None:
        """The highlight drawn: the replayed step's lays, or the last turn's."""
        if self.replay is None:
            return self.own_last
        placed = tuple((a.x, a.y) for a in self.replay.actions if isinstance(a, Place))
        return LastMove(self.replay.turn.seat, placed) if placed else None

    @property
    def geom(self) -> BoardGeometry:
        """Where the board's cells are now (hit-testing and drawing agree by construction).

        While a person on turn has the pointer over the board, the board keeps its scale and
        every cell its place (a lay at the edge grows the view where there is room), so the
        cell under the pointer stays; when it must shrink to fit, it shrinks round the pointer.
        It is fitted and centred again once the pointer leaves the board or the turn passes."""
        cells = view_cells(self.state if self.anim is None else self.display_state)
        area = self.labelled_area
        held = self.held_view
        if held is not None and self.holding_view(area, held[1]):
            kept = keep(held[2], cells, area)
            if kept is not None:
                return kept
            return fit_around(cells, area, held[2], self.pointer)  # smaller, round the pointer
        return fit(cells, area)

    def holding_view(self, area: pygame.Rect, seat: Any) -> bool:
        state = self.state
        return (
            area == self.labelled_area
            and seat == state.current_player
            and not self.read_only
            and self.replay is None
            and not state.is_terminal
            and self.session.is_human(state.current_player)
            and self.board_area.collidepoint(self.pointer)
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        self.prepare_view()
        # The board as this frame draws it: what the next frames keep (``geom``).
        self.held_view = (pygame.Rect(self.labelled_area), self.state.current_player, self.geom)

    def prepare_view(self) -> None:
        if self.app.settings.coach_aids:
            self.aids.refresh(self)

    def shown(self) -> KnightsState:
        """The displayed state as the viewer may see it."""
        viewer = self.viewer
        return self.display_state.view(viewer if viewer is not None else 0)

    def animating(self) -> bool:
        return self.anim is not None

    def hand_tiles(self) -> list[Any]:
        viewer = self.viewer
        if viewer is None:
            return []
        return list(self.shown().hands[viewer])

    def selected_kind(self) -> str | None:
        tiles = self.hand_tiles()
        if self.selected is None or not 0 <= self.selected < len(tiles):
            return None
        return str(tiles[self.selected].tile)

    def legal_spots(self) -> list[Pos]:
        if self.replay is not None:
            return []
        if not self.human_to_move() or self.state.phase != "place" or self.selected_kind() is None:
            return []
        if self.lesson is not None and self.lesson.step.reading:
            return []  # a lesson's step to read: only what it lights shows
        return list(self.state.legal_spots())

    # -- layout ------------------------------------------------------------------------------

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        side_w = max(270, min(340, int(w * 0.25)))
        self.top = pygame.Rect(0, 0, w, TOP_H)
        self.side = pygame.Rect(w - side_w, TOP_H, side_w, h - TOP_H)
        self.bottom = pygame.Rect(0, h - BOTTOM_H, w - side_w, BOTTOM_H)
        # A lesson's bar takes a band above the board (see lesson_area).
        top = TOP_H + (LESSON_BAR_H if self.lesson is not None else 0)
        self.board_area = pygame.Rect(0, top, w - side_w, h - top - BOTTOM_H).inflate(-20, -20)
        n = self.session.num_seats
        cards_h = min(n * (100 + 8), int(self.side.h * 0.62))
        self.card_area = pygame.Rect(self.side.x + 10, self.side.y + 10, self.side.w - 20, cards_h)
        self.cards = card_rects(self.card_area, n)
        aids_room = self.side.bottom - 84 - self.card_area.bottom - 34 - 90  # the log keeps 90
        aids_h = aids_view.box_height(self, aids_room)
        self.aids_rect = pygame.Rect(
            self.side.x + 10, self.card_area.bottom + 8, self.side.w - 20, aids_h
        )
        log_top = self.card_area.bottom + 34 + (aids_h + 8 if aids_h else 0)
        self.log.rect = pygame.Rect(
            self.side.x + 10, log_top, self.side.w - 20, self.side.bottom - 84 - log_top
        )
        slot = max(72, min(112, BOTTOM_H - 50, (self.bottom.w - 360) // 2))
        self.hand_slot = slot
        self.hand_rects = [
            pygame.Rect(16 + i * (slot + 12), self.bottom.y + 36, slot, slot) for i in range(4)
        ]
        self.controls = pygame.Rect(
            16 + 2 * (slot + 12) + 16,
            self.bottom.y + 8,
            self.bottom.w - (2 * (slot + 12) + 48),
            BOTTOM_H - 16,
        )
        self._board_key = None
        self._cards_key = None
        # Labels above and left of the cells; room for the board's edge below and right of them.
        self.labelled_area = pygame.Rect(
            self.board_area.x + LABEL_MARGIN,
            self.board_area.y + LABEL_MARGIN,
            self.board_area.w - LABEL_MARGIN - EDGE_REACH,
            self.board_area.h - LABEL_MARGIN - EDGE_REACH,
        )
        controls.build_widgets(self)

    def sync_widgets(self) -> None:
        controls.sync_widgets(self)

    def settings_changed(self, settings: Any) -> None:
        super().settings_changed(settings)
        if bool(self.aids_rect.h) != settings.coach_aids:
            self.layout(self.size)  # the aids' box comes or goes

    def handle(self, event: pygame.event.Event) -> bool:
        return input.handle(self, event)

    # -- commands ----------------------------------------------------------------------------
    def select(self, index: int) -> None:
        tiles = self.hand_tiles()
        if not self.human_to_move() or not 0 <= index < len(tiles):
            return
        if self.state.phase == "keep" and tiles[index].tile == "plain+castle":
            self.say(
                lambda: _("The castle stays in your hand anyway: keep one of the others."),
                theme.BAD,
            )
            return
        if self.state.phase not in ("keep", "place"):
            return
        self.selected = index
        self.say("", self.message_colour)
        spots = self.legal_spots()
        if self.cursor not in spots:
            self.cursor = input.nearest(spots, self._layout_centre()) if spots else None
        self.sync_widgets()

    def keep_choice(self) -> str | None:
        if self.state.phase != "keep":
            return None
        kind = self.selected_kind()
        return kind if kind is not None and kind != "plain+castle" else None

    def keep_keys(self) -> str:
        """The number keys that choose a tile to keep, as the prompt says them ("2-4"): the
        castle stays in the hand anyway and its key is refused."""
        keys = [i + 1 for i, tile in enumerate(self.hand_tiles()) if tile.tile != "plain+castle"]
        if not keys:
            return ""
        if keys == list(range(keys[0], keys[-1] + 1)) and len(keys) > 1:
            return f"{keys[0]}-{keys[-1]}"
        return ", ".join(str(key) for key in keys)

    def keep_selected(self) -> None:
        kind = self.keep_choice()
        if kind is not None:
            self.act(Keep(kind))

    def lay_at(self, cell: Pos) -> None:
        kind = self.selected_kind()
        if kind is None or cell not in self.legal_spots():
            return
        self.act(Place(kind, cell[0], cell[1]))

    def end_turn(self) -> None:
        if self.human_to_move() and self.state.phase == "place" and self.state.lays_this_turn:
            self.act(END)

    def pick_count(self, count: int) -> None:
        if self.picker is not None and self.picker.choose_count(count):
            self.sync_widgets()

    def pick_direction(self, direction: str | None) -> None:
        if self.picker is not None and self.picker.choose_direction(direction):
            self.sync_widgets()

    def pick_drops(self, index: int) -> None:
        if self.picker is not None:
            self.picker.choose_drops(index)
            self.sync_widgets()

    def pick_drop_chip(self, chip: int) -> None:
        controls.pick_drop_chip(self, chip)

    def confirm_deploy(self) -> None:
        if self.picker is not None and self.picker.current is not None:
            self.act(self.picker.current)

    # -- applying moves ----------------------------------------------------------------------

    # -- the shell's hooks -------------------------------------------------------------------
    def on_moved(self, before: Any, after: Any, seat: int | None, action: Any) -> None:
        """Animate and light up the move just played, and get the next one ready."""
        self.say("", self.message_colour)
        self.hint_action = None
        human = self.session.is_human(seat)
        pace = self.move_pace(seat)
        last = turn_highlight(self.session.history) or self.own_last
        anim: Animation | None = None
        if isinstance(action, Place) and seat is not None:
            if not human and pace > 0:
                anim = TileSlide(
                    action.tile, self._slide_start(seat), (action.x, action.y), pace, before
                )
        elif isinstance(action, Deploy) and seat is not None and before.pending is not None:
            path = DeployPicker([action], before.pending).path(action)
            if path and pace > 0:
                anim = KnightMarch(path, seat, before, after, pace * (0.8 + 0.4 * len(path)))
        elif isinstance(action, End) and not human and pace > 0:
            anim = Wait(pace * 0.5, after)
        sound = {Place: "lay_tile", Deploy: "deal"}.get(type(action))
        if isinstance(action, Deploy) and action.count == 0:
            sound = None
        self.picker = None
        self.selected = None
        if anim is not None:
            self.anim = anim
            self.anim_last = last
            self.anim_sound = sound  # heard when the tile lands or the knights arrive
        else:
            self.own_last = last
            if sound:
                self.app.audio.play(sound)
        self._after_move()

    def advance_animation(self, dt: float) -> None:
        assert self.anim is not None
        self.anim.update(dt)
        if not self.anim.done:
            return
        self.anim = None
        self.own_last = self.anim_last
        if self.anim_sound:
            self.app.audio.play(self.anim_sound)
        self._after_move()

    def human_turn(self, seat: int) -> None:
        if self.state.phase == "deploy" and self.picker is None:
            self._after_move()
        self._lesson_ready()

    def _lesson_ready(self) -> None:
        """Once per lesson step that asks for a lay: its tile picked, the cursor on its spot
        (the learner clicks the lit spot, or presses Enter)."""
        lesson = self.lesson
        if lesson is None or self.lesson_ready_for == lesson.index:
            return
        move = lesson.learner_move()
        if move is None:
            return  # a step to read: the next step readies its move
        self.lesson_ready_for = lesson.index
        if isinstance(move, Place):
            tiles = self.hand_tiles()
            index = next((i for i, tile in enumerate(tiles) if tile.tile == move.tile), None)
            if index is not None:
                self.select(index)
                self.cursor = (move.x, move.y)

    def seats_changed(self) -> None:
        self.hint_action = None  # a hint for a seat the computer may play now
        self.hint_reasons = None
        self.say("", self.message_colour)
        self.picker = None
        self.selected = None
        self._after_move()

    def history_restored(self) -> None:
        self.own_last = turn_highlight(self.session.history)

    def _after_move(self) -> None:
        state = self.state
        if (
            state.phase == "deploy"
            and self.session.is_human(state.current_player)
            and state.pending is not None
        ):
            self.picker = DeployPicker(state.legal_deployments(), state.pending)
            if len(self.picker.counts()) == 1:
                self.picker.choose_count(self.picker.counts()[0])
        seat = state.current_player
        if state.phase == "place" and seat is not None and self.session.is_human(seat):
            self.selected = 0 if state.hands[seat] else None
            spots = state.legal_spots()
            self.cursor = input.nearest(spots, self._layout_centre()) if spots else None
        if state.phase == "keep":
            self.selected = None
        self.sync_widgets()

    def _slide_start(self, seat: int) -> tuple[int, int]:
        if self.session.is_human(seat) and self.hand_rects:
            return self.hand_rects[0].center
        if seat < len(self.cards):
            return self.cards[seat].midleft
        return self.board_area.center

    def _layout_centre(self) -> tuple[float, float]:
        bounds = self.state.bounds()
        if bounds is None:
            return (0.0, 0.0)
        return ((bounds[0] + bounds[1]) / 2, (bounds[2] + bounds[3]) / 2)

    # -- the computer's turn -----------------------------------------------------------------

    def on_enter(self) -> None:
        if self.human_to_move() and self.selected is None and self.picker is None:
            self._after_move()  # a fresh table (or one loaded mid-game): select, aim, pick
        self.sync_widgets()

    def show_results(self) -> None:
        self.app.audio.play("win")
        self.app.push(KnightsResultsScene(self.app, self))

    @property
    def hover_cell(self) -> Pos | None:
        """The board cell under the pointer, on the board as it is drawn now (it re-fits when
        a tile is laid at its edge, under a pointer that did not move)."""
        if not self.board_area.collidepoint(self.pointer):
            return None
        return self.geom.cell_at(self.pointer)

    # -- drawing -----------------------------------------------------------------------------
    def board_layer(self) -> pygame.Surface:
        """The board as drawn now, redrawn only when what it shows changed."""
        state = self.display_state
        geom = self.geom
        hide = self.anim.hide_knights if self.anim is not None else frozenset()
        key = (geom, self.last, hide, self.board_area.size, self.viewer)
        if not _same(self._board_key, state, key) or self._board_surface is None:
            self._board_key = (state, key)
            self._board_surface = render_board(
                self.shown(), geom, self.board_area, self.colours, self.last, hide
            )
        return self._board_surface

    def cards_layer(self) -> pygame.Surface:
        """The player cards, redrawn only when the shown state or the layout changes."""
        shown = self.shown()
        key = (self.viewer, tuple(r.topleft for r in self.cards))
        if not _same(self._cards_key, self.display_state, key) or self._cards_surface is None:
            scores = shown.scores()
            leaders = [i for i, s in enumerate(scores) if s == max(scores)]
            self._cards_key = (self.display_state, key)
            self._cards_surface = render_cards(
                self.card_area.size,
                self.cards,
                self.card_area.topleft,
                shown,
                self.session.seats,
                self.display_state.current_player,
                scores,
                leaders,
            )
        return self._cards_surface

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)

    # -- a lesson ----------------------------------------------------------------------------
    def lesson_area(self) -> pygame.Rect:
        """The lesson's bar: across the board's column, under the top bar."""
        return pygame.Rect(0, TOP_H, self.side.x, LESSON_BAR_H)

    def draw_lit(self, surface: pygame.Surface, targets: tuple[Any, ...]) -> None:
        lesson_draw.draw_lit(self, surface, targets)

    # -- hints -------------------------------------------------------------------------------
    def show_hint(self) -> None:
        """Ask the hard AI (in the AI process, off the main thread) what it would do here."""
        if self.start_hint(lambda: _("Hint: the hard computer player is thinking…")):
            self.message_colour = theme.ACCENT
            self.hint_action = None

    def hint_arrived(self, action: Any) -> None:
        if action is None:
            return
        self.explain_hint(self._hint_plan(action))
        self.hint_action = action
        tiles = self.hand_tiles()
        if isinstance(action, (Keep, Place)):
            index = next((i for i, t in enumerate(tiles) if t.tile == action.tile), None)
            if index is not None:
                self.select(index)
        if isinstance(action, Place):
            self.cursor = (action.x, action.y)
            tile = action.tile
            self.hint_message(
                lambda: _("Hint: lay {tile} at the outlined spot (Enter lays it).").format(
                    tile=tile_name(tile)
                )
            )
        elif isinstance(action, Keep):
            self.hint_message(lambda: _("Hint: keep {tile}.").format(tile=tile_name(action.tile)))
        elif isinstance(action, Deploy):
            self._show_deploy_hint(action)
        else:
            self.hint_message(lambda: _("Hint: end your turn here (E)."))

    def _hint_plan(self, action: Any) -> list[Any]:
        """The whole turn the hint's search chose (its first action is the hint), else the
        hint's one action."""
        considered = self.hint_considered
        if considered is not None and considered.options:
            plan = []
            for data in considered.options[0].actions:
                try:
                    plan.append(self.spec.action_from_dict(data))
                except ValueError:
                    break
            if plan and plan[0] == action:
                return plan
        return [action]

    def forget_hint(self) -> None:
        """The player chose something else: the hint's outline, words and reasons go."""
        self.hint_action = None
        self.drop_hint()

    def hint_message(self, text: Text) -> None:
        self.say(text, theme.ACCENT)

    def _show_deploy_hint(self, action: Deploy) -> None:
        picker = self.picker
        if picker is None:
            return
        picker.choose_count(action.count)
        if action.count:
            picker.choose_direction(action.dir)
            for index, option in enumerate(picker.drop_options()):
                if option == action:
                    picker.choose_drops(index)
        if action.count == 0:
            self.hint_message(lambda: _("Hint: bring no knights into play this time."))
        else:
            state, names, describe = self.state, self.names(), self.spec.describe
            self.hint_message(
                lambda: _("Hint: {plan} (Enter confirms).").format(
                    plan=describe(state, action, names)
                )
            )

    def status_line(self) -> str:
        state = self.state
        if state.is_terminal:
            return _("The game is over.")
        seat = state.current_player
        name = self.session.seats[seat].name if seat is not None else ""
        if not self.session.is_human(seat):
            dots = "." * (1 + int(self.clock * 3) % 3)
            if self.worker.busy:
                return _("{name} is thinking").format(name=name) + dots
            return _("{name} moves").format(name=name)
        if state.phase == "keep":
            return _("{name}: keep one A tile").format(name=name)
        if state.phase == "deploy":
            return _("{name}: bring knights into play from your castle").format(name=name)
        return _("{name}: lay {n} of up to 3").format(name=name, n=state.lays_this_turn + 1)

    def hand_slot_rects(self) -> list[pygame.Rect]:
        """Where the shown hand's tiles are; the four A tiles of the keep choice are smaller."""
        count = len(self.hand_tiles())
        if count > 2:
            slot = min(self.hand_slot, 88)
            top = self.bottom.y + 40
            return [pygame.Rect(16 + i * (slot + 8), top, slot, slot) for i in range(count)]
        return self.hand_rects[:count]


def turn_highlight(history: Sequence[HistoryEntry]) -> LastMove | None:
    """What the newest turn that laid tiles did: its lays and the cells its knights went to
    (read from the history, so a resumed game lights up the same tiles)."""
    moves = [entry for entry in history if entry.is_move and entry.before is not None]
    end = len(moves)
    while end and not isinstance(moves[end - 1].action, (Place, Deploy)):
        end -= 1  # keeps and ends of turns light nothing up: the turn before them stays lit
    seat = moves[end - 1].seat if end else None
    if seat is None:
        return None
    start = end - 1
    while start > 0 and moves[start].before.lays_this_turn > 0 and moves[start - 1].seat == seat:
        start -= 1
    placed: list[Pos] = []
    path: list[Pos] = []
    for entry in moves[start:end]:
        action, before = entry.action, entry.before
        if isinstance(action, Place):
            placed.append((action.x, action.y))
        elif isinstance(action, Deploy) and before.pending is not None:
            path += [pos for pos, _drop in DeployPicker([action], before.pending).path(action)]
    return LastMove(seat, tuple(placed), tuple(path))


def _same(cached: tuple[Any, tuple[Any, ...]] | None, state: Any, key: tuple[Any, ...]) -> bool:
    """A cache entry is valid for this very state object (identity: comparing states by value
    would serialise both) and the same other inputs."""
    return cached is not None and cached[0] is state and cached[1] == key


__all__ = ["BOTTOM_H", "DeployLayout", "KnightsTableScene", "TOP_H"]
