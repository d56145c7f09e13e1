"""Nim itself: the test suite's third game plays as a player expects, in every language, in
the table's window, and in the arena's worker processes (which must know it too)."""

from __future__ import annotations

import json
import random
from functools import cache

import pygame
import pytest

from ai.arena import main as arena
from ai.levels import LEVELS, make_agent
from game.i18n import _, refusal_text, set_language
from game.play.session import Seat, Session
from game.registry import game_spec
from game.ui.tables import open_table
from game.ui.testing import click, headless_app, press
from tests.games.nim.engine import PILE_TOO_SMALL, NimState, Take
from tests.games.nim.help import NIM_RULES
from tests.games.nim.players import nim_sum
from tests.games.nim.table import NimTableScene
from tests.games.test_conformance import PERFT


@cache
def leaves(piles: tuple[int, ...], depth: int) -> int:
    """Leaf count by the rules read literally, on bare piles (no engine)."""
    if depth == 0 or not any(piles):
        return 1
    total = 0
    for pile, stones in enumerate(piles):
        for take in (1, 2, 3):
            if take <= stones:
                rest = piles[:pile] + (stones - take,) + piles[pile + 1 :]
                total += leaves(rest, depth - 1)
    return total


def test_the_recorded_leaf_counts_match_a_count_without_the_engine() -> None:
    players, seed, expected = PERFT["nim"]
    state: NimState = game_spec("nim").new_game([f"P{i}" for i in range(players)], seed)
    assert [leaves(state.piles, depth) for depth in range(len(expected))] == expected


def test_taking_the_last_stone_wins_and_ends_the_game() -> None:
    state = NimState(("Ann", "Bob"), 0, (0, 2, 0), 1)
    after = state.apply(Take(1, 2))
    assert after.is_terminal and after.winner == 1 and after.returns() == [0.0, 1.0]
    assert after.legal_actions() == []


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_only_legal_moves(level: str) -> None:
    agent = make_agent("nim", level, seed=1)
    rng = random.Random(1)
    for seed in range(5):
        state = game_spec("nim").new_game(["A", "B", "C"], seed)
        while not state.is_terminal:
            action = agent.choose(state, rng)
            assert action in state.legal_actions()
            state = state.apply(action)


def test_hard_wins_every_game_it_starts_in_a_winning_position() -> None:
    hard, easy = make_agent("nim", "hard"), make_agent("nim", "easy")
    won = 0
    for seed in range(30):
        state = game_spec("nim").new_game(["Hard", "Easy"], seed)
        if nim_sum(state.piles) == 0:
            continue  # the first player is lost against best play
        rng = random.Random(seed)
        while not state.is_terminal:
            agent = hard if state.current_player == 0 else easy
            state = state.apply(agent.choose(state, rng))
        assert state.winner == 0, seed
        won += 1
    assert won >= 10


@pytest.mark.parametrize(("lang", "word"), [("de", "Haufen"), ("nl", "stapel")])
def test_nims_own_texts_are_translated_from_its_own_catalog(lang: str, word: str) -> None:
    set_language(lang)
    try:
        assert word in refusal_text(PILE_TOO_SMALL(pile=2, left=1))
        assert _(NIM_RULES) != NIM_RULES
        assert _(game_spec("nim").info.title) == "Nim"
        assert _("Continue") != "Continue"  # the program's own catalog still comes first
    finally:
        set_language("en")


def test_a_player_clicks_a_pile_and_takes_stones_by_key() -> None:
    app = headless_app((1280, 800), pace=0.0)
    app.push(app.make_scene("menu"))
    seats = [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", colour=1)]
    table = open_table(app, Session("nim", seats, seed=4))
    assert isinstance(table, NimTableScene)
    app.run_frames(2)
    before = table.state.piles  # (3, 4, 2)
    click(app, table.pile_rects[1].center)
    press(app, pygame.K_2)
    assert table.session.history[0].action == Take(1, 2)
    assert table.state.piles[1] == before[1] - 2
    assert any("took 2 stones from pile 2" in line for line, _colour in table.log.entries)
    pygame.quit()


def test_the_arenas_worker_processes_play_nim_too(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "nim", "--players", "hard,easy", "--games", "4", "--seed", "3", "--json"]
    assert arena([*args, "--workers", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["illegal_actions"] == 0
    assert report["levels"]["hard"]["wins"] > report["levels"]["easy"]["wins"]
