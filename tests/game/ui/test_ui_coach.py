"""The coach at the table, driven by real events: a hint's reasons appear and go when the
player chooses something else; W (and the Why? button) shows the last computer turn's weighed
moves with their chances and reasons; the coach aids follow the Settings switch, which is
remembered and read back forgivingly."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.considered import SEARCH, Considered, Option
from game.knights import Deploy, Place
from game.persist import load_settings
from game.persist.paths import settings_path
from game.play.ai_worker import Decision
from game.play.session import Seat, Session
from game.play.why import WhyRecord, why_lines
from game.ui.knights.table import KnightsTableScene
from game.ui.menu import MenuScene
from game.ui.settings_scene import SettingsScene
from game.ui.tables import open_table
from game.ui.testing import click, headless_app, press
from game.ui.why_panel import WhyPanel


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))


class Explaining:
    """A quick computer player that says what it weighed, as the levels do."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        return self.explain(state, rng)[0]

    def explain(self, state: Any, rng: random.Random) -> tuple[Any, Considered]:
        legal = state.legal_actions()
        first, second = legal[0], legal[-1]
        options = (Option((first.to_dict(),), 0.64, 200), Option((second.to_dict(),), 0.41, 90))
        return first, Considered(SEARCH, options, "hard")


def knights_table(seed: int = 8) -> tuple[Any, KnightsTableScene]:
    app = headless_app()
    app.push(MenuScene(app))
    session = Session(
        "knights", [Seat("Ann", True, colour=0), Seat("Hilde", False, "hard", 1)], seed
    )
    session.set_agent(1, Explaining())
    table = open_table(app, session)
    assert isinstance(table, KnightsTableScene)
    app.run_frames(2)
    return app, table


def play_until_lay_with_two_tiles(app: Any, table: KnightsTableScene) -> None:
    rng = random.Random(1)
    for _step in range(200):
        assert app.run_until(lambda: table.human_to_move(), 3000)
        state = table.state
        two_kinds = len({t.tile for t in table.hand_tiles()}) == 2
        history = table.session.history
        if state.phase == "place" and two_kinds and history and history[-1].seat == 1:
            return
        actions = state.legal_actions()
        deploys = [a for a in actions if isinstance(a, Deploy) and a.count]
        table.act(deploys[0] if deploys else rng.choice(actions))
        app.run_frames(1)
    raise AssertionError("no lay with two different tiles in hand")


def test_a_hint_says_why_and_goes_when_the_player_picks_another_tile() -> None:
    app, table = knights_table()
    play_until_lay_with_two_tiles(app, table)
    state = table.state
    tiles = table.hand_tiles()
    hinted = Place(tiles[0].tile, *state.legal_spots()[0])
    table.hint_for = state
    table._hint_answered(Decision(hinted, 0.1))
    app.run_frames(1)
    assert table.hint_action == hinted
    assert table.hint_reasons is not None and table.hint_reasons()
    assert "Hint" in table.message
    press(app, pygame.K_w)  # looking at why the computer played: no new choice
    assert isinstance(app.top, WhyPanel)
    press(app, pygame.K_ESCAPE)
    assert table.hint_reasons is not None
    press(app, pygame.K_2)  # the player picks his other tile
    assert table.selected == 1
    assert table.hint_action is None and table.hint_reasons is None
    assert table.message == ""
    assert table.state is state  # nothing was played


def test_why_shows_the_computer_move_and_what_it_weighed() -> None:
    app, table = knights_table()
    play_until_lay_with_two_tiles(app, table)
    record = table.why
    assert record is not None and record.seat == 1
    assert record.considered is not None
    click(app, table.widget("why").center)
    panel = app.top
    assert isinstance(panel, WhyPanel)
    lines = panel.content()
    texts = [text for text, _kind in lines]
    assert texts[0] == "Why did Hilde play that?"
    assert texts[1].startswith("Played: ") and texts[1].endswith("(64 %)")
    also = [text for text in texts if text.startswith("Also weighed: ")]
    assert len(also) == 1 and also[0].endswith("(41 %)")
    assert "visits" in texts[-1]
    app.run_frames(1)  # drawn without trouble
    press(app, pygame.K_w)
    assert app.top is table


def test_why_says_close_and_too_few_visits_honestly() -> None:
    from game.knights import END, new_game

    state = new_game(["Ann", "Hilde"], 2)
    action = state.legal_actions()[0]
    considered = Considered(
        SEARCH,
        (
            Option((action.to_dict(),), 0.52, 40),
            Option((state.legal_actions()[1].to_dict(),), 0.5, 40),
            Option((state.legal_actions()[2].to_dict(),), 0.9, 3),
        ),
        "expert",
    )
    record = WhyRecord("knights", 0, "expert", state, action, considered)
    texts = [text for text, _kind in why_lines(record, ["Ann", "Hilde"])]
    assert any(t.endswith("(50 %, close: within the noise)") for t in texts)
    assert any(t.endswith("(too few visits to say)") for t in texts)
    easy = WhyRecord("knights", 0, "easy", state, action, None)
    assert "weighs no other moves" in why_lines(easy, ["Ann", "Hilde"])[-1][0]
    assert END not in state.legal_actions()


def test_the_coach_aids_switch_is_remembered_and_hides_the_aids() -> None:
    app, table = knights_table()
    play_until_lay_with_two_tiles(app, table)
    assert app.settings.coach_aids
    assert table.aids_rect.h > 0
    assert table.aids.to_come[1] is not None
    # All his tiles but the start tile he kept, whose kind is his secret until he lays it.
    assert sum(table.aids.to_come[1].values()) + table.aids.secret[1] == table.state.tiles_left(1)
    app.push(SettingsScene(app))
    app.run_frames(1)
    click(app, app.top.widget("coach-aids").center)
    assert not app.settings.coach_aids
    assert not load_settings().coach_aids
    press(app, pygame.K_ESCAPE)
    app.run_frames(1)
    assert table.aids_rect.h == 0


def test_old_and_forged_settings_files_keep_the_aids_on() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "language": "de"}))
    assert load_settings().coach_aids  # a file from before the switch
    path.write_text(json.dumps({"version": 1, "coach_aids": "no"}))
    assert load_settings().coach_aids  # not true or false: the default
    path.write_text(json.dumps({"version": 1, "coach_aids": False}))
    assert not load_settings().coach_aids


def test_a_rummy_hint_says_what_it_lays_and_goes_when_dismissed() -> None:
    from game.ui.rummy.table import RummyTableScene

    app = headless_app()
    app.push(MenuScene(app))
    session = Session("rummy", [Seat("Ann", True, colour=0), Seat("Kunz", False, "hard", 1)], 5)
    session.set_agent(1, Explaining())
    table = open_table(app, session)
    assert isinstance(table, RummyTableScene)
    assert app.run_until(lambda: table.human_to_move(), 3000)
    state = table.state
    table.hint_for = state
    table._hint_answered(Decision(None, 0.1))  # nothing to lay: draw
    assert table.hint_reasons is not None
    assert table.hint_reasons()[0].startswith("draws a card: the penalty in hand stays ")
    app.run_frames(1)
    press(app, pygame.K_d)  # the player draws: the turn moves on, the reasons go
    assert table.hint_reasons is None
    assert app.run_until(lambda: table.why is not None, 3000)
    press(app, pygame.K_w)
    assert isinstance(app.top, WhyPanel)
    assert app.top.content()[1][0].startswith("Played: ")


def test_the_reasons_never_hide_the_spot_the_hint_points_at() -> None:
    """The "Why:" box sits at the board's bottom left; a hint for a spot there moves it to the
    top, so the outlined spot stays in sight."""
    from game.ui.why_panel import draw_reasons

    headless_app()
    area = pygame.Rect(0, 0, 600, 400)
    gold = (255, 0, 255)

    def box_rows(keep_clear: list[pygame.Rect]) -> set[int]:
        surface = pygame.Surface(area.size)
        surface.fill(gold)
        draw_reasons(surface, ["takes Hilde's village at C6: +2"], area, keep_clear)
        return {y for y in range(area.h) if surface.get_at((20, y))[:3] != gold}

    low = box_rows([])
    assert min(low) > area.h // 2  # at the bottom
    spot = pygame.Rect(0, 340, 60, 60)  # the hinted spot, bottom left
    high = box_rows([spot])
    assert max(high) < area.h // 2 and not any(spot.top <= y < spot.bottom for y in high)
    assert box_rows([pygame.Rect(500, 0, 60, 60)]) == low  # a spot elsewhere: left as it was
    pygame.quit()
