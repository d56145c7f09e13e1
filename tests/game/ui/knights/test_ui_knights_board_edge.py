"""The Robber Knights board keeps its edge on screen once the layout fills the area: the bottom
row's frame and the area's outline were cut off at the board panel (1280x800, seven rows)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.play.session import Seat, Session
from game.ui.knights.board_render import EDGE_REACH
from game.ui.knights.table import KnightsTableScene
from game.ui.menu import MenuScene
from game.ui.testing import headless_app


class SeededAgent:
    def choose(self, state: Any, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_full_area_board_is_drawn_inside_its_panel(size: tuple[int, int]) -> None:
    app = headless_app(size)
    app.push(MenuScene(app))
    session = Session(
        "knights",
        [Seat("Kunz", False, "easy", colour=0), Seat("Hilde", False, "easy", colour=1)],
        5,
    )
    for seat in (0, 1):
        session.set_agent(seat, SeededAgent())
    table = KnightsTableScene(app, session)
    app.push(table)
    filled = app.run_until(
        lambda: table.anim is None and max(table.geom.rows, table.geom.cols) >= table.state.area,
        20_000,
    )
    assert filled, "the seeded game never showed the whole area"
    edge = table.geom.rect.inflate(2 * EDGE_REACH, 2 * EDGE_REACH)
    assert table.board_area.contains(edge), (table.board_area, table.geom.rect)
