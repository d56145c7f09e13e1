"""The table shell, driven for every game of the registry: one turn loop, so every game behaves
the same where the game gives no reason to differ."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core import IllegalAction
from game.play.session import Seat, Session
from game.registry import GAME_KEYS
from game.seat_events import SeatEvent
from game.ui.app import App
from game.ui.overlays import CoverScene
from game.ui.table_shell import TableScene
from game.ui.tables import open_table, table_class
from game.ui.testing import QuickAgent, click, headless_app, press, wait_until
from tests.games.playing import refused_action


class CrashingAgent:
    def choose(self, state: Any, rng: random.Random) -> Any:
        raise RuntimeError("search exploded")


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))


def app_with(game: str, seats: list[Seat], seed: int = 4) -> tuple[App, Any]:
    app = headless_app((1280, 800), pace=0.0)
    app.push(app.make_scene("menu"))
    table = open_table(app, Session(game, seats, seed=seed))
    return app, table


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_table_is_the_shell_with_the_games_hooks(game: str) -> None:
    cls = table_class(game)
    assert issubclass(cls, TableScene)
    for hook in ("on_moved", "show_results", "draw", "handle", "hint_arrived", "human_turn"):
        assert getattr(cls, hook) is not getattr(TableScene, hook), f"{game} lacks {hook}"


@pytest.mark.parametrize("game", GAME_KEYS)
def test_computers_play_a_game_to_its_end_and_the_results_show_once(game: str) -> None:
    seats = [Seat("Kunz", False, "easy", colour=0), Seat("Hilde", False, "easy", colour=1)]
    app, table = app_with(game, seats)
    for seat in (0, 1):
        table.session.set_agent(seat, QuickAgent())
    shown: list[Any] = []
    table.show_results = lambda: shown.append(table.state)  # type: ignore[method-assign]
    assert wait_until(app, lambda: table.state.is_terminal, 120)
    app.run_frames(5)
    assert len(shown) == 1 and shown[0] is table.state
    moves = [entry for entry in table.session.history if entry.is_move]
    assert moves and all(entry.text for entry in moves)
    log = [line for line, _colour in table.log.entries]
    assert all(entry.text in log for entry in moves)  # every move is in the log, in words
    assert not table.ai_busy()
    table.on_exit()
    pygame.quit()


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_crashing_computer_gets_the_same_treatment_in_every_game(game: str) -> None:
    seats = [Seat("Kunz", False, "hard", colour=0), Seat("Hilde", False, "easy", colour=1)]
    app, table = app_with(game, seats)
    table.session.set_agent(0, CrashingAgent())
    table.session.set_agent(1, QuickAgent())
    assert wait_until(app, lambda: any(e.seat == 0 and e.is_move for e in table.session.history))
    events = [e.action for e in table.session.history if not e.is_move]
    assert events == [
        SeatEvent(
            "seat", 0, "Kunz", human=False, level="medium", note="RuntimeError: search exploded"
        )
    ]
    assert table.session.seats[0].level == "medium"
    assert any("search exploded" in line for line, _colour in table.log.entries)
    pygame.quit()


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_refused_move_is_said_in_the_players_language_and_changes_nothing(game: str) -> None:
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    app, table = app_with(game, seats)
    app.change_settings(language="de")
    state = table.state
    wrong = refused_action(game, state)
    assert wrong is not None, f"the deal of seed 4 refuses no move of {game}: choose another"
    assert not table.act(wrong)
    assert table.state is state and not table.session.history
    assert table.message and table.message != str(state)  # something was said ...
    with pytest.raises(IllegalAction) as refused:
        state.apply(wrong)
    assert table.message.lower() != str(refused.value).lower()  # ... and not in English
    pygame.quit()


@pytest.mark.parametrize("game", GAME_KEYS)
def test_two_people_get_the_hand_over_cover_and_the_pace_control_only_with_a_computer(
    game: str,
) -> None:
    seats = [Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)]
    app, table = app_with(game, seats)
    app.run_frames(2)
    assert isinstance(app.top, CoverScene)
    press(app, pygame.K_RETURN)
    assert app.top is table
    app.pace = 0.3
    # No computer at the table: no pace control, and its keys do nothing.
    assert not table.widgets.find("slower").visible and not table.widgets.find("faster").visible
    click(app, table.widget("slower").center)
    press(app, pygame.K_RIGHTBRACKET)
    assert app.pace == 0.3
    # A seat handed to the computer brings it back.
    waiting = 1 - int(table.state.current_player)
    name = table.session.seats[waiting].name
    assert table.change_seats(SeatEvent("seat", waiting, name, old="human", level="easy"))
    app.run_frames(1)
    assert table.widgets.find("slower").visible
    click(app, table.widget("slower").center)
    assert app.pace == 0.6
    click(app, table.widget("faster").center)
    assert app.pace == 0.3
    table.on_exit()
    pygame.quit()
