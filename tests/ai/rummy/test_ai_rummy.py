"""Räuber-Rommé AI: the search's play finder, its time limits, and hard vs medium basics."""

from __future__ import annotations

import random
import threading
import time
from functools import partial
from typing import Any

import pytest

from ai import make_agent
from ai.agent import Deadline
from ai.ismcts import IsmctsAgent
from ai.rummy.levels import search_config
from ai.rummy.moves import find_plays, focus_window, solver_busy, table_size, timed_call
from ai.rummy.players import GreedyRummy
from ai.rummy.search import RummySearch
from game.rummy import Draw, Play, RummyState, check_play, parse_cards
from game.rummy import new_game as new_rummy
from tests.timing import decide_within


def position(hand: str, table: list[str], opened: bool = True) -> RummyState:
    """A hand-made position: seat 0 to move with ``hand``; the table sets as given."""
    return RummyState.from_dict(
        {
            "game": "raeuber-romme",
            "version": 1,
            "seed": 7,
            "jokers": 6,
            "round": 1,
            "phase": "turn",
            "dealer": 1,
            "current": 0,
            "passes": 0,
            "winner": None,
            "players": [
                {"name": "A", "score": 0, "opened": opened, "hand": hand.split()},
                {"name": "B", "score": 0, "opened": True, "hand": ["2D", "3D", "4S", "9C"]},
            ],
            "table": [cards.split() for cards in table],
            "stock": ["2H", "5C", "7C"],
        }
    )


# The table's jokers can be freed for the hand's own sets; the medium's window (hand cards next
# to a set) misses that and draws.
FREE_JOKERS = position("AC AC 2C 5H 6D 8H QS", ["10D * QD", "KD KH KS", "10H 10S *"])


def laid(state: RummyState, action: Any) -> int:
    return table_size(action.table) - table_size(state.table) if isinstance(action, Play) else 0


def test_focus_window_takes_the_sets_with_jokers() -> None:
    hand = parse_cards("AC AC 2C 5H 6D 8H QS")
    fixed, window = focus_window(FREE_JOKERS.table, hand, 18)
    assert parse_cards("10D * QD") in [list(cards) for cards in window]
    assert parse_cards("10H 10S *") in [list(cards) for cards in window]
    assert table_size(fixed) + table_size(window) == table_size(FREE_JOKERS.table)


def test_find_plays_frees_table_jokers_where_the_medium_draws() -> None:
    assert GreedyRummy().choose(FREE_JOKERS, random.Random(0)) == Draw()
    plays = find_plays(FREE_JOKERS, 0)
    assert plays and not check_play(FREE_JOKERS, plays[0])
    assert table_size(plays[0]) - table_size(FREE_JOKERS.table) == 3  # AC 2C and QS


def test_hard_lays_at_least_what_the_medium_lays() -> None:
    """Without a time limit (so the test can't depend on the machine's speed) and with too few
    iterations to leave its first choice, the search lays at least the medium's cards."""
    hard = IsmctsAgent(RummySearch, search_config("hard", None, iterations=10))
    medium = GreedyRummy()
    for seed in range(2):
        state = new_rummy(["A", "B"], 40 + seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_terminal:
                break
            mine = hard.choose(state, rng)
            assert not isinstance(mine, Play) or not check_play(state, mine.table)
            assert laid(state, mine) >= laid(state, medium.choose(state, rng))
            state = state.apply(medium.choose(state, rng))


def test_timed_call_gives_up_at_the_deadline() -> None:
    release = threading.Event()

    def slow() -> int:
        release.wait(5.0)
        return 1

    began = time.perf_counter()
    assert timed_call(slow, Deadline(0.1)) is None
    assert time.perf_counter() - began < 1.0  # not the 5 s the call takes
    assert solver_busy()  # the abandoned call runs on: no new one starts meanwhile
    assert timed_call(lambda: 2, Deadline(0.5)) is None
    release.set()
    while solver_busy() and time.perf_counter() - began < 2.0:
        time.sleep(0.01)
    assert timed_call(lambda: 2, Deadline(0.5)) == 2
    assert timed_call(lambda: 3, None) == 3


def test_timed_call_stops_at_once_on_the_stop_event() -> None:
    stop = threading.Event()
    stop.set()
    assert timed_call(lambda: 1, Deadline(5.0, stop)) is None


def test_hard_keeps_a_tiny_budget_on_a_crowded_table() -> None:
    """Decisions must fit budget + 10% even where the solver would take long."""
    medium = GreedyRummy()
    state = new_rummy(["A", "B"], 11)
    rng = random.Random(3)
    while not state.is_terminal and table_size(state.table) < 40:
        state = state.apply(medium.choose(state, rng))
    for budget in (0.02, 0.1):
        agent = make_agent("rummy", "hard", 0, budget=budget)
        for _ in range(3):
            action = decide_within(partial(agent.choose, state, rng), budget, slack=0.005)
            assert not isinstance(action, Play) or not check_play(state, action.table)


def test_expert_searches_most_of_its_budget_and_hard_keeps_its_reserve(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search is told the decision's budget less a reserve of at most 0.2 s: expert at 3 s
    may search 2.8 s (not 2.4 s, a third of the budget unused in the end), hard at 1 s 0.8 s."""
    import ai.rummy.search as rummy_search

    told: list[float | None] = []

    def record(state: Any, game: Any, config: Any, rng: Any, stop: Any = None) -> Any:
        told.append(config.budget)
        raise StopIteration

    monkeypatch.setattr(rummy_search, "search", record)
    state = new_rummy(2, seed=3)
    for level, seconds in (("expert", 3.0), ("hard", 1.0)):
        agent = rummy_search.RummySearchAgent(search_config(level, seconds))
        with pytest.raises(StopIteration):
            agent.choose(state, random.Random(0))
    assert told == [pytest.approx(2.8), pytest.approx(0.8)]
