"""Hand-built rummy tables for the pictures and the benchmark (seeded, known cards).

``python -m game.ui.rummy.showcase [DIR]`` saves the README pictures of the Räuber-Rommé table:
an opening in progress, a crowded late game, an invalid set with its tooltip and a round result.
Each is reached with real pygame events on a real table scene.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

import pygame

from game.play.session import Seat, Session
from game.rummy import RummyState, new_game, parse_cards
from game.rummy.state import PlayerState, sorted_hand
from game.ui.app import App
from game.ui.rummy.table import RummyTableScene

SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def hundred_card_table() -> list[str]:
    """16 runs from the first deck (52 cards) and 12 groups from the second (48): 100 cards."""
    sets = []
    for suit in SUITS:
        for chunk in (RANKS[0:3], RANKS[3:6], RANKS[6:9], RANKS[9:13]):
            sets.append(" ".join(r + suit for r in chunk))
    for rank in RANKS[:12]:
        sets.append(" ".join(rank + s for s in SUITS))
    return sets


def build(
    names: list[str],
    hands: list[str],
    table: list[str],
    opened: list[bool],
    stock: int,
    scores: list[int] | None = None,
) -> RummyState:
    base = new_game(names, seed=21)
    players = tuple(
        PlayerState(
            name, (scores or [0] * len(names))[i], opened[i], sorted_hand(parse_cards(hands[i]))
        )
        for i, name in enumerate(names)
    )
    return replace(
        base,
        players=players,
        table=tuple(tuple(parse_cards(cards)) for cards in table),
        stock=base.stock[:stock],
        current_player=0,
        dealer=len(names) - 1,
    )


def open_scene(app: App, state: RummyState, humans: int = 1) -> RummyTableScene:
    seats = [Seat(p.name, i < humans, "hard", i) for i, p in enumerate(state.players)]
    session = Session("rummy", seats, seed=21)
    session.state = state
    scene = RummyTableScene(app, session)
    app.push(scene)
    app.run_frames(3)
    return scene


def motion(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (1, 0, 0)) -> None:
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=buttons))


def press(app: App, pos: tuple[int, int], down: bool) -> None:
    kind = pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP
    app.post(pygame.event.Event(kind, pos=pos, button=1))


def screenshots(directory: str) -> list[str]:
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    saved = []

    def save(app: App, name: str) -> None:
        path = str(out / name)
        app.screenshot(path)
        saved.append(path)

    def drag(app: App, start: tuple[int, int], end: tuple[int, int], release: bool = True) -> None:
        motion(app, start, (0, 0, 0))
        press(app, start, True)
        app.run_frames(1)
        for k in range(1, 6):
            motion(
                app,
                (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5),
            )
            app.run_frames(1)
        if release:
            press(app, end, False)
            app.run_frames(1)

    def hand_card(scene: RummyTableScene, text: str) -> tuple[int, int]:
        hand = [str(c) for c in scene.shown_hand() or []]
        rect = scene.hand_row().card_rect(hand.index(text))
        return (rect.x + 10, rect.y + 24)

    def end_of(scene: RummyTableScene, s: int) -> tuple[int, int]:
        rect = scene.grid().card_rect(s, len(scene.shown_table()[s]) - 1)
        return (rect.right - 6, rect.centery)

    # 1. Opening in progress: two own sets (blue) worth 23 so far, old public sets in green.
    app = App((1280, 800), headless=True, pace=0.0)
    state = build(
        ["You", "Kunz", "Hilde"],
        [
            "5H 6H 7H 4C 4D 4S KS QS 9D 2C * 10D 8S",
            "2S 3S 4S 5S 6S 7S 8D 9S 10S JS QH KH AH",
            "2D 3D 5D 6D 7D 8C 9C 10C JC QC KC AC 3H",
        ],
        ["9H 10H JH", "8S 8D 8C", "AS 2S 3S"],
        [False, True, True],
        stock=40,
        scores=[12, 0, 31],
    )
    scene = open_scene(app, state)
    new = scene.grid().new_cell.center
    drag(app, hand_card(scene, "5H"), new)
    for card in ("6H", "7H"):
        drag(app, hand_card(scene, card), end_of(scene, 3))
    drag(app, hand_card(scene, "4C"), scene.grid().new_cell.center)
    drag(app, hand_card(scene, "4D"), end_of(scene, 4))
    motion(app, hand_card(scene, "4S"), (0, 0, 0))
    drag(app, hand_card(scene, "4S"), end_of(scene, 4), release=False)
    save(app, "rummy_opening.png")
    press(app, end_of(scene, 4), False)
    app.run_frames(2)

    # 2. A crowded late-game table: 18 sets, small hands, 4 players.
    app = App((1280, 800), headless=True, pace=0.0)
    table = hundred_card_table()[:16] + ["5C 5D 5H *", "JC JD JH"]
    state = build(
        ["You", "Kunz", "Hilde", "Greta"],
        ["KS KH * 9S", "2H 7C", "QD 4H 6S", "8C"],
        table,
        [True, True, True, True],
        stock=11,
        scores=[34, 51, 12, 60],
    )
    scene = open_scene(app, state)
    scene.columns = 4
    scene.layout(app.size)
    app.run_frames(2)
    motion(app, hand_card(scene, "*"), (0, 0, 0))
    app.run_frames(40)
    save(app, "rummy_late_game.png")

    # 3. An invalid set with its tooltip.
    app = App((1280, 800), headless=True, pace=0.0)
    state = build(
        ["You", "Kunz"],
        ["7H 9H JD QD 2S 5C", "2C 3C 4C 5D 6D 7D 8D 9D"],
        ["4S 5S 6S 7S", "QH QC QS"],
        [True, True],
        stock=30,
    )
    scene = open_scene(app, state)
    drag(app, hand_card(scene, "7H"), scene.grid().new_cell.center)
    drag(app, hand_card(scene, "9H"), end_of(scene, 2))
    drag(app, hand_card(scene, "JD"), end_of(scene, 1))
    rect = scene.grid().card_rect(1, 3)
    motion(app, (rect.x + 30, rect.y + 40), (0, 0, 0))
    app.run_frames(40)
    save(app, "rummy_invalid_set.png")

    # 4. The round result after the winning "Next player".
    app = App((1280, 800), headless=True, pace=0.0)
    state = build(
        ["You", "Kunz", "Hilde"],
        ["10H JH QH", "2S 3S 4S 8D KC", "AC * 9D"],
        ["4S 5S 6S 7S", "QH QC QS"],
        [True, True, False],
        stock=30,
        scores=[15, 22, 40],
    )
    scene = open_scene(app, state)
    drag(app, hand_card(scene, "10H"), scene.grid().new_cell.center)
    drag(app, hand_card(scene, "JH"), end_of(scene, 2))
    drag(app, hand_card(scene, "QH"), end_of(scene, 2))
    app.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
    app.run_frames(4)
    save(app, "rummy_round_result.png")
    return saved


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for path in screenshots(argv[0] if argv else "docs/screenshots"):
        print("saved", path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
