"""The Robber Knights table: the scene a game is played in.

``KnightsTableScene(app, session)`` shows ``session.state`` (as seen by the seat whose hand
may be shown), lets human seats keep, lay, deploy and end turns with mouse or keyboard, runs
computer seats on an :class:`~game.ui.ai_worker.AIWorker` and plays their moves back step by
step at ``app.pace`` seconds per move. The scene never changes engine state itself: it hands
actions to ``session.apply`` and the engine decides.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core import IllegalAction
from game.i18n import N_, _, ngettext, pgettext, refusal_text
from game.knights import END, Deploy, End, Keep, Place
from game.movelog import describe_knights
from game.ui import theme
from game.ui.ai_process import AgentSpec
from game.ui.ai_worker import AIWorker, Decision, warm_up
from game.ui.knights.animation import Animation, KnightMarch, TileSlide, Wait
from game.ui.knights.board_render import LastMove, render_board
from game.ui.knights.deploy_picker import DeployPicker, drops_label
from game.ui.knights.geometry import BoardGeometry, Pos, fit, view_cells
from game.ui.knights.panels import card_rects, render_cards
from game.ui.knights.table_draw import draw_table
from game.ui.knights.words import direction_name, tile_name
from game.ui.overlays import CoverScene
from game.ui.records import record_knights
from game.ui.replay import replay_button
from game.ui.saving import autosave_table
from game.ui.table_base import TableScene
from game.ui.widgets import Button, ScrollLog

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import Session

TOP_H = 46
BOTTOM_H = 168
COUNT_KEYS = (pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5)
DIRECTION_BUTTONS: tuple[tuple[str | None, str, int], ...] = (
    (None, N_("Stay"), pygame.K_SPACE),
    ("N", "N", pygame.K_UP),
    ("E", "E", pygame.K_RIGHT),
    ("S", "S", pygame.K_DOWN),
    ("W", "W", pygame.K_LEFT),
)


def direction_label(direction: str | None, label: str) -> str:
    """The button text: "Stay", or the compass letter in the player's language (O for Ost)."""
    letters = {
        "N": pgettext("compass", "N"),
        "E": pgettext("compass", "E"),
        "S": pgettext("compass", "S"),
        "W": pgettext("compass", "W"),
    }
    return _(label) if direction is None else letters[direction]


MAX_DROP_CHIPS = 10
LABEL_MARGIN = 20


@dataclass(frozen=True)
class DeployLayout:
    """Where the deployment controls go: one row of counts and directions when there is room
    beside the hand, else three rows across the whole bar (the hand is hidden meanwhile)."""

    area: pygame.Rect
    wide: bool
    button: int
    step: int
    label_x: int
    counts_x: int
    counts_y: int
    dirs_label_x: int
    dirs_x: int
    dirs_y: int
    drops_y: int

    @classmethod
    def fit(cls, beside_hand: pygame.Rect, whole_bar: pygame.Rect) -> DeployLayout:
        if beside_hand.w >= 640:
            a = beside_hand
            counts_x = a.x + 86
            dirs_label_x = counts_x + 6 * 44 + 4
            return cls(
                a,
                True,
                40,
                44,
                a.x,
                counts_x,
                a.y + 28,
                dirs_label_x,
                dirs_label_x + 62,
                a.y + 28,
                a.bottom - 44,
            )
        a = whole_bar
        counts_x = a.x + 86
        return cls(
            a, False, 38, 42, a.x, counts_x, a.y + 22, a.x, counts_x, a.y + 62, a.bottom - 40
        )


class KnightsTableScene(TableScene):
    name = "knights-table"
    help_topic = "knights"

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.worker = AIWorker()
        if len(session.humans) < session.num_seats:
            warm_up()  # the AI process starts while the player looks at the table
        self.colours = [seat.player_colour for seat in session.seats]
        self.display_state: Any = session.state
        self.anim: Animation | None = None
        self.anim_last: LastMove | None = None
        self.anim_sound: str | None = None
        self.last: LastMove | None = None
        self.selected: int | None = None  # index into the shown hand
        self.cursor: Pos | None = None
        self.hover_hand: int | None = None
        self._drop_page = 0  # the page of drop-pattern chips on show
        self._drop_chosen: tuple[Any, ...] | None = None  # the choice that page was set for
        self.pointer: tuple[int, int] = (-1, -1)
        self.picker: DeployPicker | None = None
        self.shown_seat: int | None = None
        self.results_shown = False
        self.message = ""
        self.message_colour: theme.Colour = theme.BAD  # refusals in red, hints in gold
        self.thinking_seat: int | None = None
        self.clock = 0.0
        self.log = ScrollLog(ident="log")
        self.replay_state: Any = None  # set by the replay overlay: the past state to draw
        self.replay_step: tuple[int, tuple[Any, ...]] | None = None
        self.hint_worker = AIWorker()  # the Hint key's hard-AI search
        self.hint_for: Any = None
        self.hint_action: Any = None
        self.board_area = pygame.Rect(0, 0, 1, 1)
        self.geom = fit((0, 1, 0, 1), self.board_area)
        self._board_key: tuple[Any, tuple[Any, ...]] | None = None
        self._board_surface: pygame.Surface | None = None
        self._cards_key: tuple[Any, tuple[Any, ...]] | None = None
        self._cards_surface: pygame.Surface | None = None
        self._view_key: tuple[Any, tuple[Any, ...]] | None = None
        self._view: Any = None
        self.hand_rects: list[pygame.Rect] = []
        self.card_area = pygame.Rect(0, 0, 1, 1)
        self.cards: list[pygame.Rect] = []
        self.log.add(
            _("A new game of Robber Knights (seed {seed}).").format(seed=session.seed),
            theme.TEXT_DIM,
        )

    # -- what is shown -----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def viewer(self) -> int | None:
        return self.session.viewer()

    def shown(self) -> Any:
        """The displayed state as the viewer may see it (cached per state and viewer)."""
        viewer = self.viewer
        key = (viewer,)
        if not _same(self._view_key, self.display_state, key):
            self._view_key = (self.display_state, key)
            self._view = self.display_state.view(viewer if viewer is not None else 0)
        return self._view

    def human_to_move(self) -> bool:
        return (
            self.anim is None
            and not self.state.is_terminal
            and self.session.is_human(self.state.current_player)
        )

    def ai_busy(self) -> bool:
        return self.worker.busy or self.hint_worker.busy

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
        if self.replay_state is not None:
            return []
        if not self.human_to_move() or self.state.phase != "place" or self.selected_kind() is None:
            return []
        return list(self.state.legal_spots(self.selected_kind()))

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        side_w = max(270, min(340, int(w * 0.25)))
        self.top = pygame.Rect(0, 0, w, TOP_H)
        self.side = pygame.Rect(w - side_w, TOP_H, side_w, h - TOP_H)
        self.bottom = pygame.Rect(0, h - BOTTOM_H, w - side_w, BOTTOM_H)
        self.board_area = pygame.Rect(0, TOP_H, w - side_w, h - TOP_H - BOTTOM_H).inflate(-20, -20)
        n = self.session.num_seats
        cards_h = min(n * (100 + 8), int(self.side.h * 0.62))
        self.card_area = pygame.Rect(self.side.x + 10, self.side.y + 10, self.side.w - 20, cards_h)
        self.cards = card_rects(self.card_area, n)
        log_top = self.card_area.bottom + 34
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
        self._build_widgets()

    def _build_widgets(self) -> None:
        self.widgets.clear()
        add = self.widgets.add
        w = self.size[0]
        add(
            Button(
                _("Menu"),
                self.pause,
                pygame.Rect(w - 116, 6, 106, 34),
                pygame.K_ESCAPE,
                ident="menu",
                size=theme.FONT_SMALL + 2,
            )
        )
        add(
            Button(
                _("Help"),
                self.app.toggle_help,
                pygame.Rect(w - 230, 6, 106, 34),
                pygame.K_F1,
                ident="help",
                size=theme.FONT_SMALL + 2,
            )
        )
        add(
            Button(
                _("Hint"),
                self.show_hint,
                pygame.Rect(w - 344, 6, 106, 34),
                pygame.K_h,
                ident="hint",
                size=theme.FONT_SMALL + 2,
                tooltip=_("Ask the hard computer player for a move (shown, not played)"),
            )
        )
        add(self.log)
        add(replay_button(self.log.rect, self.replay_last_turn))  # drawn over the log
        y = self.side.bottom - 48
        add(
            Button(
                _("Slower"),
                partial(self.change_pace, 1),
                pygame.Rect(self.side.x + 10, y, 100, 36),
                pygame.K_LEFTBRACKET,
                ident="slower",
                size=theme.FONT_SMALL,
                tooltip=_("Computer moves play slower"),
            )
        )
        add(
            Button(
                _("Faster"),
                partial(self.change_pace, -1),
                pygame.Rect(self.side.right - 110, y, 100, 36),
                pygame.K_RIGHTBRACKET,
                ident="faster",
                size=theme.FONT_SMALL,
                tooltip=_("Computer moves play faster (0 = instant)"),
            )
        )
        c = self.controls
        add(
            Button(
                _("End turn"),
                self.end_turn,
                pygame.Rect(c.right - 170, c.bottom - 50, 170, 48),
                pygame.K_e,
                ident="end",
                size=theme.FONT_LARGE,
                tooltip=_("Stop laying for this turn"),
            )
        )
        add(
            Button(
                _("Keep"),
                self.keep_selected,
                pygame.Rect(c.right - 170, c.bottom - 50, 170, 48),
                pygame.K_RETURN,
                ident="keep",
                size=theme.FONT_LARGE,
                tooltip=_("Keep the chosen tile in your hand"),
            )
        )
        # Deployment: knights 0–5, a direction, the drop pattern, confirm (see DeployLayout).
        d = self.deploy_layout = DeployLayout.fit(c, pygame.Rect(16, c.y, self.bottom.w - 32, c.h))
        for n, key in enumerate(COUNT_KEYS):
            add(
                Button(
                    str(n),
                    partial(self.pick_count, n),
                    pygame.Rect(d.counts_x + n * d.step, d.counts_y, d.button, 36),
                    key,
                    ident=f"count{n}",
                    tooltip=ngettext(
                        "Bring {n} knight into play", "Bring {n} knights into play", n
                    ).format(n=n),
                )
            )
        for i, (direction, label, key) in enumerate(DIRECTION_BUTTONS):
            width = d.button + 22 if direction is None else d.button
            left = d.dirs_x + (0 if direction is None else d.button + 28 + (i - 1) * d.step)
            tip = (
                _("Leave all knights on the castle")
                if direction is None
                else _("March {direction}").format(direction=direction_name(direction))
            )
            add(
                Button(
                    direction_label(direction, label),
                    partial(self.pick_direction, direction),
                    pygame.Rect(left, d.dirs_y, width, 36),
                    key,
                    ident=f"dir-{direction or 'stay'}",
                    tooltip=tip,
                )
            )
        add(
            Button(
                _("Confirm"),
                self.confirm_deploy,
                pygame.Rect(d.area.right - 160, d.area.bottom - 46, 160, 44),
                pygame.K_RETURN,
                ident="confirm",
                size=theme.FONT_LARGE,
                tooltip=_("Bring these knights into play"),
            )
        )
        self._drop_buttons: list[Button] = []
        self._drop_chosen = None  # the chips change with the window: find the page again
        chip_w = 62
        room = max(2, (d.area.right - 170 - d.counts_x) // (chip_w + 6))
        for i in range(min(MAX_DROP_CHIPS, room)):
            chip = Button(
                "",
                partial(self.pick_drop_chip, i),
                pygame.Rect(d.counts_x + i * (chip_w + 6), d.drops_y, chip_w, 36),
                ident=f"drops{i}",
                size=theme.FONT_SMALL,
            )
            self._drop_buttons.append(chip)
            add(chip)
        self.sync_widgets()

    def _drop_pages(self, options: int) -> tuple[int, int]:
        """How many drop patterns a page of chips shows, and the page on show. With more
        patterns than chips, the last chip turns the page (every pattern stays reachable)."""
        chips = len(self._drop_buttons)
        per_page = chips if options <= chips else chips - 1
        pages = max(1, -(-options // per_page))
        return per_page, self._drop_page % pages

    def sync_widgets(self) -> None:
        """Show the controls that fit the moment (keep, lay/end, deploy, or none)."""
        state = self.state
        mine = self.human_to_move()
        phase = state.phase if mine else ""
        find = self.widgets.find
        end = find("end")
        end.visible = phase == "place"
        end.enabled = phase == "place" and state.lays_this_turn > 0
        keep = find("keep")
        keep.visible = phase == "keep"
        keep.enabled = phase == "keep" and self._keep_choice() is not None
        picker = self.picker if phase == "deploy" else None
        counts = picker.counts() if picker else []
        for n in range(6):
            button = find(f"count{n}")
            assert isinstance(button, Button)
            button.visible = picker is not None
            button.enabled = n in counts
            button.selected = picker is not None and picker.count == n
        directions = picker.directions() if picker and picker.count is not None else []
        for direction, _label, _key in DIRECTION_BUTTONS:
            button = find(f"dir-{direction or 'stay'}")
            assert isinstance(button, Button)
            button.visible = picker is not None
            button.enabled = (
                picker is not None and picker.count not in (None, 0) and direction in directions
            )
            button.selected = (
                button.enabled and picker is not None and picker.direction == direction
            )
        options = picker.drop_options() if picker and picker.count else []
        per_page, page = self._drop_pages(len(options))
        chosen = (id(picker), picker.count, picker.direction, picker.index) if picker else None
        if chosen != self._drop_chosen:  # a new choice (by key, on the board): show its page
            self._drop_chosen = chosen
            if picker is not None and options:
                page = self._drop_page = (picker.index % len(options)) // per_page
        for i, chip in enumerate(self._drop_buttons):
            option = page * per_page + i
            turner = i == per_page  # the page-turning chip (only with more patterns than chips)
            chip.visible = len(options) > 1 and (turner or option < len(options))
            if turner:
                pages = -(-len(options) // per_page)
                chip.label = f"{page + 1}/{pages} ›"
                chip.selected = False
                chip.tooltip = _("More ways to leave the knights")
            elif option < len(options):
                chip.label = drops_label(options[option])
                chip.selected = picker is not None and picker.index == option
                chip.tooltip = _("Knights left on each tile, castle first")
        confirm = find("confirm")
        confirm.visible = picker is not None
        confirm.enabled = picker is not None and picker.current is not None

    # -- commands ----------------------------------------------------------------------------
    def select(self, index: int) -> None:
        tiles = self.hand_tiles()
        if not self.human_to_move() or not 0 <= index < len(tiles):
            return
        if self.state.phase == "keep" and tiles[index].tile == "plain+castle":
            self.message = _("The castle stays in your hand anyway: keep one of the others.")
            self.message_colour = theme.BAD
            return
        if self.state.phase not in ("keep", "place"):
            return
        self.selected = index
        self.message = ""
        spots = self.legal_spots()
        if self.cursor not in spots:
            self.cursor = _nearest(spots, self._layout_centre()) if spots else None
        self.sync_widgets()

    def _keep_choice(self) -> str | None:
        if self.state.phase != "keep":
            return None
        kind = self.selected_kind()
        return kind if kind is not None and kind != "plain+castle" else None

    def keep_selected(self) -> None:
        kind = self._keep_choice()
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
        """A drop chip was clicked: its pattern on the page shown, or the next page."""
        if self.picker is None or not self.picker.count:
            return
        per_page, page = self._drop_pages(len(self.picker.drop_options()))
        if chip == per_page:
            self._drop_page = page + 1
            self.sync_widgets()
        else:
            self.pick_drops(page * per_page + chip)

    def confirm_deploy(self) -> None:
        if self.picker is not None and self.picker.current is not None:
            self.act(self.picker.current)

    # -- applying moves ----------------------------------------------------------------------
    def act(self, action: Any) -> bool:
        """Hand ``action`` to the engine; animate and log it. False if the engine refused."""
        before = self.state
        seat = before.current_player
        names = [s.name for s in self.session.seats]
        text = describe_knights(before, action, names)
        try:
            after = self.session.apply(action, text)
        except IllegalAction as error:
            text = refusal_text(error)
            self.message = text[:1].upper() + text[1:]
            self.message_colour = theme.BAD
            return False
        self.message = ""
        self.hint_action = None
        self.hint_worker.cancel()
        autosave_table(self)
        self.log.add(
            text,
            theme.mix(theme.TEXT, self.colours[seat].rgb, 0.35) if seat is not None else theme.TEXT,
        )
        human = self.session.is_human(seat)
        pace = self.app.pace if not human else min(self.app.pace, 0.3)
        pace *= self.app.settings.animation_pace
        last: LastMove | None = self.last
        anim: Animation | None = None
        if isinstance(action, Place) and seat is not None:
            last = self._turn_so_far(before, seat)
            last = LastMove(seat, last.placed + ((action.x, action.y),), last.path)
            if not human and pace > 0:
                anim = TileSlide(
                    action.tile, self._slide_start(seat), (action.x, action.y), pace, before
                )
        elif isinstance(action, Deploy) and seat is not None and before.pending is not None:
            picker = DeployPicker([action], before.pending)
            path = picker.path(action)
            last = self._turn_so_far(before, seat)
            last = LastMove(seat, last.placed, last.path + tuple(pos for pos, _ in path))
            if path and pace > 0:
                anim = KnightMarch(path, seat, before, after, pace * (0.8 + 0.4 * len(path)))
            self._note_captures(before, after, seat)
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
            self.display_state = anim.display_state
        else:
            self.last = last
            self.display_state = after
            if sound:
                self.app.audio.play(sound)
        self._after_move()
        return True

    def _turn_so_far(self, before: Any, seat: int) -> LastMove:
        """The highlight of this turn so far: a player's later lays add to it."""
        last = self.anim_last if self.anim is not None else self.last
        if last is not None and last.seat == seat and before.lays_this_turn > 0:
            return last
        return LastMove(seat)

    def _note_captures(self, before: Any, after: Any, seat: int) -> None:
        """Log buildings whose top knight changed hands: the moments players care about."""
        for pos, placed in after.board.items():
            old = before.board.get(pos)
            if not placed.knights or old is None or not old.knights:
                continue
            if (
                old.knights[-1] != placed.knights[-1]
                and "+" in placed.tile
                and "castle" not in placed.tile
            ):
                victim = self.session.seats[old.knights[-1]].name
                words = _("  ...and takes {victim}'s {tile}!").format(
                    victim=victim, tile=tile_name(placed.tile)
                )
                self.log.add(words, theme.ACCENT)

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
        if state.phase == "place" and self.session.is_human(state.current_player):
            self.selected = 0 if state.hands[state.current_player] else None
            spots = state.legal_spots()
            self.cursor = _nearest(spots, self._layout_centre()) if spots else None
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
    def _computer_step(self) -> None:
        state = self.state
        seat = state.current_player
        if seat is None:
            return
        if not self.worker.busy:
            self.thinking_seat = seat
            self.worker.start(
                self.session.agent(seat), state.view(seat), self.session.decision_rng()
            )
            return
        decision = self.worker.poll()
        if decision is not None:
            self.thinking_seat = None
            self._play_decision(decision)

    def _play_decision(self, decision: Decision) -> None:
        seat = self.state.current_player
        name = self.session.seats[seat].name
        if decision.action is not None and self.act(decision.action):
            return
        why = decision.error or self.message or _("an illegal move")
        if decision.error is not None and self.session.fall_back_to_medium(seat):
            # The game goes on: the next update asks the medium level for this move.
            fallback = _("{name}'s computer player failed ({why}); it plays at medium from now.")
            self.log.add(fallback.format(name=name, why=why), theme.BAD)
            self.message = fallback.format(name=name, why=why)
            return
        failed = _("{name}'s computer player failed ({why}); it plays a random move.")
        self.log.add(failed.format(name=name, why=why), theme.BAD)
        self.act(random.Random(self.session.decisions).choice(self.state.legal_actions()))

    # -- frame -------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.human_to_move() and self.selected is None and self.picker is None:
            self._after_move()  # a fresh table (or one loaded mid-game): select, aim, pick
        self.sync_widgets()

    def on_exit(self) -> None:
        self.hint_worker.cancel()
        self.worker.cancel()
        self.worker.stop_searches()
        self.session.stop_computers()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.widgets.update(dt)
        if self.hint_worker.busy:
            answer = self.hint_worker.poll()
            if answer is not None:
                self._hint_arrived(answer)
        if self.anim is not None:
            self.anim.update(dt)
            if not self.anim.done:
                return
            self.anim = None
            self.last = self.anim_last
            self.display_state = self.state
            if self.anim_sound:
                self.app.audio.play(self.anim_sound)
            self._after_move()
        if self.display_state is not self.state:
            self.display_state = self.state
        state = self.state
        if state.is_terminal:
            if not self.results_shown:
                self.results_shown = True
                self.show_results()
            return
        seat = state.current_player
        if self.session.is_human(seat):
            self._maybe_cover(seat)
            if state.phase == "deploy" and self.picker is None:
                self._after_move()
            return
        self._computer_step()

    def _maybe_cover(self, seat: int) -> None:
        if len(self.session.humans) < 2 or seat == self.shown_seat:
            return
        self.shown_seat = seat
        info = self.session.seats[seat]
        self.app.push(
            CoverScene(
                self.app,
                info.name,
                info.player_colour,
                _("It is your turn at the Robber Knights table."),
            )
        )

    def show_results(self) -> None:
        from game.ui.knights.results import KnightsResultsScene

        self.app.audio.play("win")
        record_knights(self.app, self.session.seats, self.state)
        self.app.push(KnightsResultsScene(self.app, self))

    def rematch(self) -> None:
        from game.ui.tables import open_table

        while self.app.scenes and self.app.top is not self:
            self.app.pop()  # the results (and anything else) above this table
        self.app.pop(self)
        open_table(self.app, self.session.rematch())

    @property
    def hover_cell(self) -> Pos | None:
        """The board cell under the pointer, on the board as it is drawn now (it re-fits when
        a tile is laid at its edge, under a pointer that did not move)."""
        if not self.board_area.collidepoint(self.pointer):
            return None
        return self.geom.cell_at(self.pointer)

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.hover_hand = next(
                (i for i, r in enumerate(self.hand_slot_rects()) if r.collidepoint(event.pos)),
                None,
            )
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        if not self.human_to_move():
            return False
        for i, rect in enumerate(self.hand_slot_rects()):
            if rect.collidepoint(pos):
                self.select(i)
                return True
        cell = self.geom.cell_at(pos) if self.board_area.collidepoint(pos) else None
        if cell is None:
            return False
        phase = self.state.phase
        if phase == "place":
            self.lay_at(cell)
            return True
        if phase == "deploy" and self.picker is not None:
            if self.picker.aim_at(cell):
                self.sync_widgets()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.pause()
            return True
        if not self.human_to_move():
            return False
        phase = self.state.phase
        digit = _digit(event.key)
        if phase in ("keep", "place") and digit is not None and digit >= 1:
            self.select(digit - 1)
            return True
        if phase == "place":
            moves = {
                pygame.K_UP: (0, -1),
                pygame.K_DOWN: (0, 1),
                pygame.K_LEFT: (-1, 0),
                pygame.K_RIGHT: (1, 0),
            }
            if event.key in moves:
                self._move_cursor(moves[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor is not None:
                self.lay_at(self.cursor)
                return True
        if phase == "deploy" and self.picker is not None and event.key == pygame.K_TAB:
            self.picker.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            self.sync_widgets()
            return True
        return False

    def _move_cursor(self, step: tuple[int, int]) -> None:
        spots = self.legal_spots()
        if not spots:
            return
        if self.cursor is None:
            self.cursor = spots[0]
            return
        cx, cy = self.cursor
        ahead = [s for s in spots if (s[0] - cx) * step[0] + (s[1] - cy) * step[1] > 0]
        if ahead:
            # Prefer spots straight ahead, then the closest off-line ones.
            self.cursor = min(
                ahead,
                key=lambda s: (
                    (abs((s[0] - cx) * step[1]) + abs((s[1] - cy) * step[0])) * 2
                    + abs(s[0] - cx)
                    + abs(s[1] - cy)
                ),
            )

    # -- drawing -----------------------------------------------------------------------------
    def board_layer(self) -> pygame.Surface:
        state = self.display_state
        # Leave a margin at the top and left for the column letters and row numbers.
        labelled = self.board_area.inflate(-LABEL_MARGIN, -LABEL_MARGIN).move(
            LABEL_MARGIN // 2, LABEL_MARGIN // 2
        )
        self.geom = fit(
            view_cells(self.state if self.anim is None else self.display_state), labelled
        )
        hide = self.anim.hide_knights if self.anim is not None else frozenset()
        key = (self.geom, self.last, hide, self.board_area.size, self.viewer)
        if not _same(self._board_key, state, key) or self._board_surface is None:
            self._board_key = (state, key)
            self._board_surface = render_board(
                self.shown(), self.geom, self.board_area, self.colours, self.last, hide
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
        if self.replay_state is None:
            draw_table(self, surface)
            return
        # The replay lends the table a past state to draw; the real one is back right after.
        shown, last = self.display_state, self.last
        self.display_state, self.last = self.replay_state, self._replay_highlight()
        try:
            draw_table(self, surface)
        finally:
            self.display_state, self.last = shown, last

    def _replay_highlight(self) -> LastMove | None:
        if self.replay_step is None:
            return None
        seat, actions = self.replay_step
        placed = tuple((a.x, a.y) for a in actions if isinstance(a, Place))
        return LastMove(seat, placed) if placed else None

    # -- hints -------------------------------------------------------------------------------
    def show_hint(self) -> None:
        """Ask the hard AI (in the AI process, off the main thread) what it would do here."""
        if not self.human_to_move() or self.hint_worker.busy:
            return
        seat = self.state.current_player
        seed = (self.session.seed or 0) * 17 + self.session.decisions
        spec = AgentSpec("knights", "hard", seed, self.session.ai_budget)
        self.hint_for = self.state
        self.hint_action = None
        self.hint_worker.start(spec, self.state.view(seat), random.Random(self.session.decisions))
        self.hint_message(_("Hint: the hard computer player is thinking…"))

    def _hint_arrived(self, decision: Decision) -> None:
        if self.hint_for is not self.state or not self.human_to_move():
            return  # the game moved on meanwhile
        action = decision.action
        if action is None:
            self.hint_message(_("No hint this time ({error}).").format(error=decision.error))
            return
        self.hint_action = action
        tiles = self.hand_tiles()
        if isinstance(action, (Keep, Place)):
            index = next((i for i, t in enumerate(tiles) if t.tile == action.tile), None)
            if index is not None:
                self.select(index)
        if isinstance(action, Place):
            self.cursor = (action.x, action.y)
            self.hint_message(
                _("Hint: lay {tile} at the outlined spot (Enter lays it).").format(
                    tile=tile_name(action.tile)
                )
            )
        elif isinstance(action, Keep):
            self.hint_message(_("Hint: keep {tile}.").format(tile=tile_name(action.tile)))
        elif isinstance(action, Deploy):
            self._show_deploy_hint(action)
        else:
            self.hint_message(_("Hint: end your turn here (E)."))
        self.sync_widgets()

    def hint_message(self, text: str) -> None:
        self.message = text
        self.message_colour = theme.ACCENT

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
            self.hint_message(_("Hint: bring no knights into play this time."))
        else:
            names = [seat.name for seat in self.session.seats]
            plan = describe_knights(self.state, action, names)
            self.hint_message(_("Hint: {plan} (Enter confirms).").format(plan=plan))

    def replay_last_turn(self) -> None:
        from game.ui.replay import ReplayOverlay, last_opponent_turn

        turn = last_opponent_turn(self.session, self._watcher())
        if turn is None:
            self.hint_message(_("No opponent turn to replay yet."))
            return
        self.app.push(ReplayOverlay(self.app, self, turn))

    def _watcher(self) -> int | None:
        viewer = self.viewer
        if viewer is None and self.session.humans:
            viewer = self.session.humans[0]
        return viewer

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


def _same(cached: tuple[Any, tuple[Any, ...]] | None, state: Any, key: tuple[Any, ...]) -> bool:
    """A cache entry is valid for this very state object (identity: comparing states by value
    would serialise both) and the same other inputs."""
    return cached is not None and cached[0] is state and cached[1] == key


def _digit(key: int) -> int | None:
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    if pygame.K_KP0 <= key <= pygame.K_KP9:
        return key - pygame.K_KP0
    return None


def _nearest(spots: list[Pos], centre: tuple[float, float]) -> Pos:
    return min(spots, key=lambda s: (abs(s[0] - centre[0]) + abs(s[1] - centre[1]), s))


__all__ = ["KnightsTableScene", "BoardGeometry"]
