"""Monkey test: thousands of random input events against the whole client.

Clicks, drags, key presses, typing, wheel turns, window resizes, menu hopping and save/load
round trips, across both games with human and computer seats. After every event: no exception,
no frame over a second, and the engine state the table holds is valid (the engines' invariants).
Four runs of 5,000 events make the 20,000 the hardening issue asks for; xdist spreads them.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pygame
import pytest

from game.knights import KnightsState
from game.play.session import Seat, Session
from game.rummy import RummyState, check_meld, make_deck
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.tables import open_table
from game.ui.testing import headless_app

EVENTS_PER_RUN = 5_000
MAX_FRAME_SECONDS = 1.0
KNIGHTS_PER_PLAYER = 30
TILES_PER_PLAYER = 24

KEYS = [
    pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_F1, pygame.K_TAB, pygame.K_SPACE,
    pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
    pygame.K_RIGHT, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_MINUS,
    pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_ENTER,
    *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_a, pygame.K_z + 1),
]  # fmt: skip
SIZES = [(800, 560), (1024, 700), (1280, 800), (1600, 900), (1920, 1080), (640, 480)]


class Monkey:
    """Feeds random real events to an App and checks the table's state after each one."""

    def __init__(self, app: App, rng: random.Random) -> None:
        self.app = app
        self.rng = rng
        self.slowest_frame = 0.0
        self.states_checked = 0
        self.actions_seen: dict[int, int] = {}  # id(session) -> actions applied in it

    # -- events --------------------------------------------------------------------------
    def random_pos(self) -> tuple[int, int]:
        w, h = self.app.size
        return (self.rng.randrange(w), self.rng.randrange(h))

    def post(self, event_type: int, **fields: Any) -> None:
        self.app.post(pygame.event.Event(event_type, **fields))

    def one_event(self) -> None:
        roll = self.rng.random()
        if roll < 0.35:
            pos = self.random_pos()
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=self.rng.choice((1, 1, 1, 3)))
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif roll < 0.50:
            self.drag()
        elif roll < 0.80:
            key = self.rng.choice(KEYS)
            mod = pygame.KMOD_CTRL if self.rng.random() < 0.05 else 0
            self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        elif roll < 0.86:
            text = "".join(self.rng.choice("abcXYZ äöü12 ") for _ in range(self.rng.randint(1, 4)))
            self.post(pygame.TEXTINPUT, text=text)
        elif roll < 0.92:
            pos = self.random_pos()
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            dy = self.rng.choice((-3, -1, 1, 3))
            self.post(
                pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy)
            )
        elif roll < 0.93:
            w, h = self.rng.choice(SIZES)
            self.post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        else:
            pos = self.random_pos()
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        self.frame()

    def drag(self) -> None:
        start, end = self.random_pos(), self.random_pos()
        self.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frame()
        steps = self.rng.randint(2, 5)
        for i in range(1, steps + 1):
            pos = (
                start[0] + (end[0] - start[0]) * i // steps,
                start[1] + (end[1] - start[1]) * i // steps,
            )
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)

    def frame(self) -> None:
        started = time.perf_counter()
        self.app.step(1 / 60)
        elapsed = time.perf_counter() - started
        self.slowest_frame = max(self.slowest_frame, elapsed)
        assert elapsed < MAX_FRAME_SECONDS, f"a frame took {elapsed:.2f} s"
        if not self.app.running:  # "Quit" from a menu: start over, as a player reopening would
            self.app.running = True
            self.app.reset(MenuScene(self.app))

    # -- checks --------------------------------------------------------------------------
    def sessions(self) -> list[Session]:
        found = []
        for scene in self.app.scenes:
            session = getattr(scene, "session", None)
            if isinstance(session, Session) and session not in found:
                found.append(session)
        return found

    def check_states(self, round_trip: bool) -> None:
        for session in self.sessions():
            state = session.state
            if isinstance(state, KnightsState):
                check_knights(state)
            else:
                assert isinstance(state, RummyState)
                check_rummy(state)
            if round_trip:
                assert type(state).from_dict(state.to_dict()).to_dict() == state.to_dict()
            self.states_checked += 1
            self.actions_seen[id(session)] = session.decisions


def check_knights(state: KnightsState) -> None:
    on_board: Counter[int] = Counter()
    for placed in state.board.values():
        assert len(placed.knights) <= 4, "a tile holds more than 4 knights"
        on_board.update(placed.knights)
    for seat in range(state.num_players):
        assert state.supply[seat] + on_board[seat] == KNIGHTS_PER_PLAYER, "knights not conserved"
    tiles = len(state.board) + sum(len(h) for h in state.hands) + sum(len(p) for p in state.piles)
    tiles += len(state.start)
    assert tiles == TILES_PER_PLAYER * state.num_players, "tiles not conserved"
    if state.board:
        xs = [x for x, _ in state.board]
        ys = [y for _, y in state.board]
        assert max(xs) - min(xs) < state.area and max(ys) - min(ys) < state.area


def check_rummy(state: RummyState) -> None:
    cards: Counter[Any] = Counter(state.stock)
    for player in state.players:
        cards.update(player.hand)
    for cards_in_set in state.table:
        cards.update(cards_in_set)
        assert check_meld(list(cards_in_set)).valid, f"invalid set on the table: {cards_in_set}"
    assert cards == Counter(make_deck(state.jokers)), "cards not conserved"


def start_table(app: App, game: str, seats: list[Seat], seed: int) -> None:
    app.reset(MenuScene(app))
    session = Session(game, seats, seed)
    session.ai_budget = 0.05  # searches answer quickly, so many computer turns happen
    open_table(app, session)


def warm_up(app: App) -> None:
    """Open both tables and their help once: first-use costs (imports, sprite textures built
    once per process) are start-up work, not the freezes this test hunts."""
    for game in ("knights", "rummy"):
        start_table(app, game, SCENARIOS[f"{game}-hot-seat"][1], seed=1)
        app.run_frames(2)
        app.toggle_help()
        app.run_frames(2)
        app.toggle_help()


SCENARIOS = {
    "knights-vs-computers": (
        "knights",
        [Seat("Ann", True, colour=0), Seat("Kunz", False, "medium", 1),
         Seat("Hilde", False, "hard", 2)],
    ),
    "knights-hot-seat": (
        "knights",
        [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1), Seat("Kunz", False, "easy", 2),
         Seat("Greta", False, "easy", 3)],
    ),
    "rummy-vs-computers": (
        "rummy",
        [Seat("Ann", True, colour=0), Seat("Kunz", False, "medium", 1),
         Seat("Hilde", False, "hard", 2)],
    ),
    "rummy-hot-seat": (
        "rummy",
        [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1), Seat("Kunz", False, "easy", 2)],
    ),
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_random_input_never_crashes_freezes_or_breaks_the_rules(scenario: str) -> None:
    game, seats = SCENARIOS[scenario]
    rng = random.Random(scenario)
    app = headless_app((1280, 800), pace=0.0)
    monkey = Monkey(app, rng)
    try:
        warm_up(app)
        start_table(app, game, seats, seed=rng.randrange(10_000))
        for number in range(1, EVENTS_PER_RUN + 1):
            monkey.one_event()
            monkey.check_states(round_trip=number % 250 == 0)
            if number % 1_250 == 0:
                # menu hopping: back to the menu and into a fresh table of the other game
                other = "rummy" if game == "knights" else "knights"
                hop_game = rng.choice((game, other))
                hop_seats = SCENARIOS[f"{hop_game}-vs-computers"][1]
                start_table(app, hop_game, hop_seats, seed=rng.randrange(10_000))
    finally:
        for scene in list(app.scenes):
            scene.on_exit()
        pygame.quit()
    assert monkey.states_checked > EVENTS_PER_RUN // 2
    # the random input really played: games moved on (human and computer moves were applied)
    assert sum(monkey.actions_seen.values()) >= 20, monkey.actions_seen
    assert monkey.slowest_frame < MAX_FRAME_SECONDS
