"""Faults inside a computer player: reported in the window, the seat falls back to medium, and
the game goes on."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.play.session import Seat, Session
from game.ui.knights.table import KnightsTableScene
from game.ui.menu import MenuScene
from game.ui.rummy.table import RummyTableScene
from game.ui.testing import headless_app


class BrokenAgent:
    """A computer player whose search crashes."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, state: Any, rng: random.Random) -> Any:
        self.calls += 1
        raise RuntimeError("search exploded")


def play_until_moves(game: str, table_class: type, moves: int) -> tuple[Session, Any, BrokenAgent]:
    app = headless_app((1280, 800), pace=0.0)
    app.push(MenuScene(app))
    seats = [Seat("Kunz", False, "hard", 0), Seat("Hilde", False, "easy", 1)]
    session = Session(game, seats, seed=5)
    session.ai_budget = 0.05
    broken = BrokenAgent()
    session.set_agent(0, broken)
    table = table_class(app, session)
    app.push(table)
    assert app.run_until(lambda: session.decisions >= moves, max_frames=20_000)
    return session, table, broken


def test_a_crashing_knights_computer_falls_back_to_medium_and_the_game_goes_on() -> None:
    session, table, broken = play_until_moves("knights", KnightsTableScene, moves=6)
    assert broken.calls == 1  # asked once, then replaced
    assert session.seats[0].level == "medium"
    assert any(
        "search exploded" in line and "medium" in line for line, _colour in table.log.entries
    )
    assert session.history[0].seat == 0  # the failed seat still made its move (as medium)
    pygame.quit()


def test_a_crashing_rummy_computer_falls_back_to_medium_and_the_game_goes_on() -> None:
    session, table, broken = play_until_moves("rummy", RummyTableScene, moves=4)
    assert broken.calls == 1
    assert session.seats[0].level == "medium"
    assert any(
        "search exploded" in line and "medium" in line for line, _colour in table.log.entries
    )
    pygame.quit()
