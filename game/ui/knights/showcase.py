"""Render the documentation screenshots headless: ``python -m game.ui.knights.showcase [DIR]``.

Each picture is a real app state reached by seeded play (random legal moves for the setup of a
position, real events for the human's choices), so the pictures show exactly what players see.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.knights import Deploy, Keep, Place  # noqa: E402
from game.play.session import Seat, Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.knights.table import KnightsTableScene  # noqa: E402
from game.ui.menu import MenuScene  # noqa: E402
from game.ui.setup_scene import SetupScene  # noqa: E402
from game.ui.testing import headless_app, move, press  # noqa: E402

SIZE = (1280, 800)


def advance(session: Session, rng: random.Random, until_tiles: int) -> None:
    """Random legal moves (castles always bring knights) until enough tiles are down and a
    human is about to lay."""
    while True:
        state = session.state
        if state.is_terminal:
            return
        if (
            len(state.board) >= until_tiles
            and state.phase == "place"
            and session.is_human(state.current_player)
            and state.lays_this_turn == 0
        ):
            return
        actions = state.legal_actions()
        if state.phase == "deploy":
            moving = [a for a in actions if isinstance(a, Deploy) and a.count >= 2]
            actions = moving or actions
        elif state.phase == "keep":
            actions = [a for a in actions if isinstance(a, Keep)]
        session.apply(rng.choice(actions))


def table_for(app: App, seats: list[Seat], seed: int, tiles: int) -> KnightsTableScene:
    session = Session("knights", seats, seed)
    advance(session, random.Random(seed), tiles)
    table = KnightsTableScene(app, session)
    app.reset(MenuScene(app))
    app.push(table)
    app.run_frames(2)
    return table


def shoot_menu_and_setup(out: Path) -> None:
    app = headless_app(SIZE)
    app.push(MenuScene(app))
    app.run_frames(2)
    app.screenshot(str(out / "menu.png"))
    setup = SetupScene(
        app,
        "knights",
        [
            Seat("Ann", True, colour=0),
            Seat("Kunz", False, "hard", colour=1),
            Seat("Hilde", False, "medium", colour=3),
        ],
    )
    app.push(setup)
    setup.seed_text = "2026"
    setup.layout(app.size)
    app.run_frames(2)
    app.screenshot(str(out / "setup.png"))


def shoot_tables(out: Path) -> None:
    app = headless_app(SIZE, pace=0.0)
    mid_seats = [
        Seat("Ann", True, colour=0),
        Seat("Kunz", False, "hard", colour=1),
        Seat("Hilde", False, "medium", colour=3),
    ]
    table = table_for(app, mid_seats, 31, 22)
    spots = table.legal_spots()
    if spots:
        move(app, table.geom.cell_rect(*spots[len(spots) // 2]).center, frames=2)
    app.screenshot(str(out / "table-mid.png"))

    late_seats = [Seat("Ann", True, colour=0)] + [
        Seat(name, False, level, colour=i + 1)
        for i, (name, level) in enumerate(
            (("Kunz", "hard"), ("Hilde", "expert"), ("Greta", "medium"))
        )
    ]
    table = table_for(app, late_seats, 8, 78)
    app.run_frames(2)
    app.screenshot(str(out / "table-late.png"))

    # The deploy step: lay a castle from the hand, then choose knights and a march.
    table = table_for(app, mid_seats, 44, 16)
    state = table.state
    hand = [t.tile for t in state.hands[0]]
    castles = [i for i, kind in enumerate(hand) if "castle" in kind]
    rng = random.Random(3)
    tries = 0
    while not castles and tries < 40:
        tries += 1
        advance(table.session, rng, len(table.state.board) + 1)
        hand = [t.tile for t in table.state.hands[0]]
        castles = [i for i, kind in enumerate(hand) if "castle" in kind]
    table._after_move()
    best: tuple[int, Place] | None = None
    for spot in table.state.legal_spots():
        trial = table.state.apply(Place(hand[castles[0]], *spot))
        reach = max((len(d.drops) for d in trial.legal_deployments()), default=0)
        if best is None or reach > best[0]:
            best = (reach, Place(hand[castles[0]], *spot))
    assert best is not None
    press(app, pygame.K_1 + castles[0])
    table.lay_at((best[1].x, best[1].y))
    app.run_frames(1)
    if table.picker is not None:
        counts = table.picker.counts()
        table.pick_count(3 if 3 in counts else counts[-1])
        moving = [d for d in table.picker.directions() if d is not None]
        if moving:
            table.pick_direction(moving[0])
    app.run_frames(2)
    app.screenshot(str(out / "deploy.png"))

    # The end screen after a whole game.
    end_seats = [
        Seat("Ann", True, colour=0),
        Seat("Kunz", False, "hard", colour=1),
        Seat("Hilde", False, "medium", colour=3),
    ]
    for seed, name in ((12, "end.png"), (27, "end-tiebreak.png")):  # 27 ends in a tie on points
        session = Session("knights", end_seats, seed)
        rng = random.Random(seed)
        while not session.state.is_terminal:
            session.apply(rng.choice(session.state.legal_actions()))
        table = KnightsTableScene(app, session)
        app.reset(MenuScene(app))
        app.push(table)
        app.run_frames(3)
        app.screenshot(str(out / name))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    shoot_menu_and_setup(out)
    shoot_tables(out)
    for path in sorted(out.glob("*.png")):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
