"""The search stops before its budget only when more search can't change its choice: with an
iteration cap, stopping early returns exactly what the whole search would have."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ai.ismcts import Node, SearchConfig, _settled, search
from ai.knights.levels import KnightsSearchAgent
from ai.knights.search import KnightsSearch
from ai.rummy.levels import search_config
from ai.rummy.search import RummySearch
from tests.ai.knights.test_ai_knights import greedy_positions

ITERATIONS = 300


def knights_cases() -> list[tuple[Any, Any, SearchConfig]]:
    config = replace(KnightsSearchAgent(None).midgame, budget=None, max_iterations=ITERATIONS)
    states = [s for s in greedy_positions(11) if s.phase == "place"][2:40:6]
    return [(state, KnightsSearch(plans_per_turn=6), config) for state in states]


def rummy_cases() -> list[tuple[Any, Any, SearchConfig]]:
    from game.rummy import new_game
    from tests.ai.test_ai_agents import advance

    config = search_config("hard", None, iterations=ITERATIONS)
    start = new_game(["Ann", "Bob"], 5)
    states = [advance(start, turns, 3) for turns in (4, 10, 16, 22)]
    return [(state, RummySearch(), config) for state in states if not state.is_terminal]


@pytest.mark.parametrize("cases", [knights_cases, rummy_cases], ids=["knights", "rummy"])
def test_stopping_when_settled_never_changes_the_choice(cases: Any) -> None:
    stopped_early = 0
    for state, plugin, config in cases():
        whole = search(state, plugin, replace(config, stop_when_settled=False), random.Random(4))
        fresh = type(plugin)() if isinstance(plugin, RummySearch) else KnightsSearch(6)
        quick = search(state, fresh, config, random.Random(4))
        assert quick.action == whole.action
        assert quick.iterations <= whole.iterations
        stopped_early += quick.settled and quick.iterations < whole.iterations
    assert stopped_early >= 1  # the cases do reach a settled search


def test_a_close_race_is_not_settled() -> None:
    config = SearchConfig(keep_first_margin=1.2, min_visits_to_deviate=30)
    root = Node(actor=0, children={"a": Node(0, visits=60), "b": Node(0, visits=50)})
    assert not _settled(root, "a", 40, config)  # b could reach 90 > 1.2 * 60 + 2
    assert _settled(root, "a", 20, config)  # b reaches at most 70 <= 74
    assert _settled(root, "a", float("inf"), config) is False
    assert _settled(Node(0, children={"a": Node(0, visits=5)}), "a", 10, config)  # 10 < 30
