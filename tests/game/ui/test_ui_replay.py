"""The move log's comforts: scrolling by wheel and drag, the replay of the last opponent turn
(never touching the engine state), and hints in Robber Knights (shown, not played)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.knights import Keep, Place
from game.play.session import Seat, Session
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.replay import ReplayOverlay
from game.ui.rummy.table import RummyTableScene
from game.ui.tables import open_table
from game.ui.testing import click, headless_app, move, press, scroll
from game.ui.widgets import ScrollLog


class QuickAgent:
    def choose(self, state: Any, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))


def table_for(game: str, seed: int = 4) -> tuple[App, Any]:
    app = headless_app()
    app.push(MenuScene(app))
    session = Session(game, [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", 1)], seed)
    session.set_agent(1, QuickAgent())
    table = open_table(app, session)
    app.run_frames(2)
    return app, table


def human_plays_until_the_computer_moved(app: App, table: Any) -> None:
    rng = random.Random(2)
    for _step in range(60):
        assert app.run_until(lambda: table.human_to_move(), 3000)
        history = table.session.history
        if history and history[-1].seat == 1:
            return  # the computer's turn just ended
        state = table.state
        if isinstance(table, RummyTableScene):
            table.draw_card()
        else:
            table.act(rng.choice(state.legal_actions()))
        app.run_frames(1)
    raise AssertionError("the computer never moved")


@pytest.mark.parametrize("game", ["knights", "rummy"])
def test_replay_shows_the_last_opponent_turn_step_by_step(game: str) -> None:
    app, table = table_for(game)
    human_plays_until_the_computer_moved(app, table)
    state = table.session.state
    history = list(table.session.history)
    click(app, table.widget("replay").center)
    replay = app.top
    assert isinstance(replay, ReplayOverlay)
    turn = replay.turn
    assert turn.seat == 1
    assert all(history[-1 - i].seat == 1 for i in range(len(turn.actions)) if i < len(history))
    assert table.replay is not None and table.replay.state is turn.states[0]
    app.run_frames(1)
    for step in range(1, len(turn.actions) + 1):
        press(app, pygame.K_RIGHT)
        assert table.replay is not None and table.replay.state is turn.states[step]
    assert table.replay.state.to_dict() == state.to_dict()  # the last step is the present
    press(app, pygame.K_LEFT)
    press(app, pygame.K_ESCAPE)
    assert app.top is table and table.replay is None
    assert table.session.state is state  # the engine state was never touched
    assert table.session.history == history


def test_the_log_scrolls_with_wheel_and_drag() -> None:
    app, table = table_for("knights")
    log: ScrollLog = table.log
    for i in range(80):
        log.add(f"line {i}")
    app.run_frames(1)
    inside = (log.rect.x + 20, log.rect.centery)
    scroll(app, inside, 2)
    assert log.scroll == 6
    scroll(app, inside, -2)
    assert log.scroll == 0
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=inside, button=1))
    move(app, (inside[0], inside[1] + 100))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(inside[0], inside[1] + 100), button=1))
    app.run_frames(1)
    assert log.scroll >= 4  # dragged down: older lines come into view


def test_knights_hint_is_shown_but_not_played() -> None:
    app, table = table_for("knights", seed=8)
    table.session.ai_budget = 0.2
    assert app.run_until(lambda: table.human_to_move(), 3000)
    state = table.state
    press(app, pygame.K_h)
    assert app.run_until(lambda: table.hint_action is not None, 6000)
    hint = table.hint_action
    assert hint in state.legal_actions()
    assert table.state is state  # shown, not played
    assert "Hint" in table.message
    if isinstance(hint, Keep):
        assert table.selected_kind() == hint.tile
    if isinstance(hint, Place):
        assert table.cursor == (hint.x, hint.y)
    app.run_frames(1)  # the outline is drawn without trouble
    if isinstance(hint, Keep):
        press(app, pygame.K_RETURN)  # the player follows the hint himself
        assert table.session.history[-1].action == hint or table.state is not state


def test_a_deployment_hint_sets_the_picker_without_playing() -> None:
    from game.knights import Deploy
    from game.play.ai_worker import Decision

    app, table = table_for("knights", seed=12)
    rng = random.Random(4)
    for _step in range(300):
        assert app.run_until(lambda: table.human_to_move(), 3000)
        if table.state.phase == "deploy":
            break
        actions = table.state.legal_actions()
        castles = [a for a in actions if isinstance(a, Place) and "castle" in a.tile]
        table.act(castles[0] if castles else rng.choice(actions))
        app.run_frames(1)
    assert table.state.phase == "deploy" and table.picker is not None
    state = table.state
    marching = [a for a in state.legal_actions() if isinstance(a, Deploy) and a.count]
    choice = marching[-1] if marching else state.legal_actions()[0]
    table.hint_for = state
    table._hint_answered(Decision(choice, 0.1))
    assert table.state is state
    assert table.picker.current == choice
    assert "Hint" in table.message
    press(app, pygame.K_RETURN)  # the player confirms the plan himself
    assert table.session.history[-1].action == choice


class Scripted:
    """A computer seat that plays the one move it is given, then draws."""

    def __init__(self, play: Any = None) -> None:
        self.play = play

    def choose(self, state: Any, rng: random.Random) -> Any:
        action, self.play = self.play, None
        return action if action is not None else state.legal_actions()[0]


def test_rummy_replays_every_opponent_turn_since_yours_with_the_moved_cards_marked() -> None:
    from game.rummy import Play, parse_cards
    from game.ui.rummy.table_draw import MOVED_CARD
    from tests.game.ui.rummy.test_ui_rummy import hand_built

    app = headless_app()
    app.push(MenuScene(app))
    state = hand_built(
        ["2C 5D 9S", "10H JH QH 4C", "7D 8S 3C"], table=["5S 6S 7S"], opened=[True, True, True]
    )
    bob_lays = Play([list(state.table[0]), parse_cards("10H JH QH")])
    seats = [
        Seat("Ann", True, colour=0),
        Seat("Bob", False, "easy", 1),
        Seat("Cid", False, "easy", 2),
    ]
    session = Session("rummy", seats, 11)
    session.state = state
    session.set_agent(1, Scripted(bob_lays))
    session.set_agent(2, Scripted())
    table = open_table(app, session)
    app.run_frames(2)
    press(app, pygame.K_d)  # Ann draws; Bob lays his run, Cid draws
    assert app.run_until(lambda: table.human_to_move() and len(table.session.history) == 3, 3000)
    press(app, pygame.K_v)
    replay = app.top
    assert isinstance(replay, ReplayOverlay)
    assert [turn.seat for turn in replay.turns] == [1, 2] and replay.steps == 2
    app.run_frames(1)

    def marked() -> int:
        app.draw()
        area = table.table_area
        return sum(
            1
            for x in range(area.left, area.right, 2)
            for y in range(area.top, area.bottom, 2)
            if app.screen.get_at((x, y))[:3] == MOVED_CARD
        )

    assert marked() == 0  # the table before Bob's turn
    press(app, pygame.K_RIGHT)  # Bob's run: its three cards are marked
    assert replay.turn.seat == 1 and table.replay_marks()[1] == {(1, 0), (1, 1), (1, 2)}
    assert marked() > 0
    press(app, pygame.K_RIGHT)  # Cid drew: nothing on the table changed
    assert replay.turn.seat == 2 and not table.replay_marks()[1] and marked() == 0
    assert table.replay.state.to_dict() == table.session.state.to_dict()
    press(app, pygame.K_ESCAPE)
    assert app.top is table and table.replay is None
    table.on_exit()
