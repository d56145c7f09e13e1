"""Drawing reads, never writes: every scene of both games is drawn, and nothing it holds changes.

Each scene is brought to a moment worth drawing (updated first, as the app does, but not yet
drawn), its attributes are fingerprinted, it is drawn twice, and the fingerprint must still be
the same: a write made on a scene's very first drawing shows too. Only memo
caches may fill while drawing: those a scene declares in ``draw_caches`` and a widget's
``_cache…`` fields (surfaces of pure drawing functions).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.play.ai_worker import AIWorker
from game.play.session import Seat, Session
from game.registry import GAME_KEYS
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.tables import open_table
from game.ui.testing import headless_app, wait_until

MAX_DEPTH = 3


def fingerprint(value: Any, depth: int = 0) -> Any:
    """A comparable picture of ``value``: containers and plain objects by content (a few levels
    deep), surfaces and everything else by identity."""
    if isinstance(value, (int, float, str, bytes, bool, type(None))):
        return value
    if isinstance(value, pygame.Rect):
        return ("rect", tuple(value))
    if depth >= MAX_DEPTH or isinstance(value, (pygame.Surface, pygame.font.Font, App)):
        return ("id", id(value))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(fingerprint(v, depth + 1) for v in value))
    if isinstance(value, (set, frozenset)):
        return ("set", frozenset(fingerprint(v, depth + 1) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((repr(k), fingerprint(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, Scene):
        return ("id", id(value))  # other scenes: checked on their own
    if isinstance(value, (Session, AIWorker)):
        return ("id", id(value))  # the game's (checked below) and the AI's (its own threads)
    if hasattr(value, "__dict__") and type(value).__module__.startswith("game.ui"):
        # A widget's ``_cache…`` fields memoise its own rendering (a pure function of the rest).
        fields = {k: v for k, v in vars(value).items() if not k.startswith("_cache")}
        return (type(value).__name__, id(value), fingerprint(fields, depth + 1))
    return ("id", id(value))


def scene_fingerprint(scene: Scene) -> dict[str, Any]:
    caches = set(getattr(scene, "draw_caches", ()))
    return {name: fingerprint(v) for name, v in vars(scene).items() if name not in caches}


def assert_draw_is_pure(app: App) -> None:
    app.top.update(1 / 60)  # as the app does before it draws (the top scene is updated)
    for scene in app.scenes:
        surface = pygame.Surface(app.size)
        before = scene_fingerprint(scene)
        state = getattr(scene, "session", None) and scene.session.state  # type: ignore[attr-defined]
        scene.draw(surface)  # the first drawing may fill the memo caches, and only those
        scene.draw(surface)
        after = scene_fingerprint(scene)
        changed = sorted(name for name in before if before[name] != after.get(name))
        assert not changed, f"{type(scene).__name__}.draw changed {changed}"
        assert set(after) == set(before), f"{type(scene).__name__}.draw added attributes"
        if state is not None:
            assert scene.session.state is state  # type: ignore[attr-defined]


def tables(game: str) -> Iterator[tuple[str, Callable[[App], Any]]]:
    """Moments of a game's table: a fresh one, one some moves on, and one waiting on results."""

    def fresh(app: App) -> Any:
        seats = [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", colour=1)]
        return open_table(app, Session(game, seats, seed=3))

    def played(app: App) -> Any:
        seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
        session = Session(game, seats, seed=5)
        rng = random.Random(5)
        for _ in range(12):
            actions = session.state.legal_actions()
            if session.state.is_terminal or not actions:
                break
            session.apply(rng.choice(actions))
        return open_table(app, session)

    yield "fresh", fresh
    yield "played", played


@pytest.mark.parametrize("game", GAME_KEYS)
@pytest.mark.parametrize("moment", ["fresh", "played"])
def test_drawing_a_table_changes_nothing(game: str, moment: str) -> None:
    app = headless_app((1280, 800), pace=0.0)
    app.push(app.make_scene("menu"))
    dict(tables(game))[moment](app)
    for _ in range(3):
        assert_draw_is_pure(app)
    pygame.quit()


@pytest.mark.parametrize("game", GAME_KEYS)
def test_drawing_the_replay_and_the_pause_over_a_table_changes_nothing(game: str) -> None:
    app = headless_app((1024, 640), pace=0.0)
    app.push(app.make_scene("menu"))
    seats = [Seat("Kunz", False, "easy", colour=0), Seat("Ann", True, colour=1)]
    table: Any = open_table(app, Session(game, seats, seed=4))
    app.step(1 / 60)
    if table.human_to_move():  # the human begins: a first move, so the computer answers
        table.act(table.state.legal_actions()[0])
    opponent_moved = lambda: any(entry.seat == 0 for entry in table.session.history)  # noqa: E731
    assert wait_until(app, lambda: opponent_moved() and table.human_to_move())
    table.replay_last_turn()
    assert_draw_is_pure(app)
    app.pop()
    table.pause()
    assert_draw_is_pure(app)
    pygame.quit()


@pytest.mark.parametrize("name", ["menu", "setup", "saves", "settings", "stats", "help"])
def test_drawing_the_other_screens_changes_nothing(name: str) -> None:
    app = headless_app((1280, 800), pace=0.0)
    app.push(app.make_scene("menu"))
    if name != "menu":
        app.push(app.make_scene(name))
    assert_draw_is_pure(app)
    pygame.quit()


def test_drawing_the_review_and_a_position_in_it_changes_nothing() -> None:
    from tests.game.ui.test_review_screen import knights_review, played_session

    app = headless_app((1024, 640), pace=0.0)
    app.push(app.make_scene("menu"))
    source, review = knights_review(played_session("knights", 40))
    scene: Any = app.push(app.make_scene("review", source))
    assert_draw_is_pure(app)
    scene.open_position(review.mistakes(0)[0])
    position: Any = app.top
    position.set_mode("better")
    position.move(1)
    assert_draw_is_pure(app)
    table = position.table  # drawn by the position, off the stack: checked here
    before = scene_fingerprint(table)
    position.draw(pygame.Surface(app.size))
    assert scene_fingerprint(table) == before
    pygame.quit()
