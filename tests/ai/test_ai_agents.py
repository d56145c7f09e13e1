"""Agents of every game and level: legal moves from views only, budgets kept, greedy > random."""

from __future__ import annotations

import random
import threading
import time
from functools import partial
from typing import Any

import pytest

from ai import LEVELS, Agent, make_agent
from ai.ismcts import IsmctsAgent, SearchConfig
from ai.knights.search import KnightsSearch
from ai.random_agent import RandomAgent
from ai.rummy.search import RummySearch
from game.knights import new_game as new_knights
from game.rummy import Play, check_play
from game.rummy import new_game as new_rummy
from tests.timing import decide_within

QUICK = 0.05  # search seconds per decision in these tests


def advance(state: Any, moves: int, seed: int) -> Any:
    """A mid-game position reached by random legal play (rummy: draws only)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def positions(game: str) -> list[Any]:
    if game == "knights":
        start = new_knights(["Ann", "Bob"], 3)
        return [start, advance(start, 12, 1), advance(start, 40, 2)]
    start = new_rummy(["Ann", "Bob"], 3)
    return [start, advance(start, 12, 1), advance(start, 30, 2)]


def is_legal(state: Any, action: Any) -> bool:
    if isinstance(action, Play):
        return not check_play(state, action.table)
    return action in state.legal_actions()


@pytest.mark.parametrize("game", ["knights", "rummy"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_legal_actions(game: str, level: str) -> None:
    agent = make_agent(game, level, seed=1, budget=QUICK)
    assert isinstance(agent, Agent)
    for state in positions(game):
        action = agent.choose(state, random.Random(0))
        assert is_legal(state, action), f"{level} chose {action} in {state!r}"
        state.apply(action)  # the engine agrees


@pytest.mark.parametrize("game", ["knights", "rummy"])
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_agent_decides_from_the_view_only(game: str, level: str) -> None:
    """Given the full state or the mover's view, with the same rng, the choice is the same."""
    agent = make_agent(game, level, seed=1)
    for state in positions(game):
        me = state.current_player
        full = agent.choose(state, random.Random(7))
        seen = agent.choose(state.view(me), random.Random(7))
        assert full == seen


@pytest.mark.parametrize("game", ["knights", "rummy"])
def test_search_decides_from_the_view_only(game: str) -> None:
    """ISMCTS with a fixed iteration count: full state and view give the same choice."""
    plugin = KnightsSearch if game == "knights" else RummySearch
    config = SearchConfig(budget=None, max_iterations=25)
    state = positions(game)[1]
    full = IsmctsAgent(plugin, config).choose(state, random.Random(5))
    seen = IsmctsAgent(plugin, config).choose(state.view(state.current_player), random.Random(5))
    assert full == seen


def test_hidden_tiles_do_not_change_the_knights_choice() -> None:
    """Two states that differ only in what the mover can't see get the same search answer."""
    state = positions("knights")[1]
    me = state.current_player
    other = state.determinize(me, random.Random(99))
    config = SearchConfig(budget=None, max_iterations=20)
    first = IsmctsAgent(KnightsSearch, config).choose(state, random.Random(3))
    second = IsmctsAgent(KnightsSearch, config).choose(other, random.Random(3))
    assert first == second


@pytest.mark.parametrize("game", ["knights", "rummy"])
def test_search_keeps_its_time_budget(game: str) -> None:
    budget = 0.5
    agent = make_agent(game, "hard", seed=2, budget=budget)
    for state in positions(game)[1:]:
        action = decide_within(
            partial(agent.choose, state, random.Random(1)),
            budget,
            single_threaded=game == "knights",
        )
        assert is_legal(state, action)


def test_stop_event_ends_the_search_at_once() -> None:
    stop = threading.Event()
    stop.set()
    agent = make_agent("knights", "expert", seed=0, stop=stop)
    state = positions("knights")[1]
    began = time.perf_counter()
    action = agent.choose(state, random.Random(0))
    assert time.perf_counter() - began < 0.5
    assert is_legal(state, action)


def test_agents_can_think_in_worker_threads() -> None:
    state = positions("knights")[1]
    results: list[Any] = []

    def think() -> None:
        results.append(make_agent("knights", "hard", 0, 0.05).choose(state, random.Random(0)))

    workers = [threading.Thread(target=think) for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(results) == 3 and all(is_legal(state, action) for action in results)


def test_unknown_game_or_level_is_refused() -> None:
    with pytest.raises(ValueError):
        make_agent("chess", "easy", 0)
    with pytest.raises(ValueError):
        make_agent("knights", "grandmaster", 0)


def play_knights(agents: list[Any], seed: int) -> list[float]:
    state = new_knights(["A", "B"], seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(agents[state.current_player].choose(state, rng))
    return state.returns()


def test_knights_greedy_beats_random() -> None:
    greedy, rand = make_agent("knights", "medium", 0), RandomAgent()
    wins = 0.0
    for game in range(6):
        seats = [greedy, rand] if game % 2 == 0 else [rand, greedy]
        wins += play_knights(seats, 100 + game)[game % 2]
    assert wins >= 5


def test_rummy_greedy_beats_easy() -> None:
    greedy, easy = make_agent("rummy", "medium", 0), make_agent("rummy", "easy", 0)
    wins = 0.0
    for game in range(8):
        seats = [greedy, easy] if game % 2 == 0 else [easy, greedy]
        state = new_rummy(["A", "B"], 200 + game // 2)
        rng = random.Random(game)
        while not state.is_terminal:
            state = state.apply(seats[state.current_player].choose(state, rng))
        wins += state.returns()[game % 2]
    assert wins >= 5
