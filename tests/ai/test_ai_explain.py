"""The search says what it weighed: the move it plays first, then the most visited others,
with their visit counts and mean values."""

from __future__ import annotations

import random

from ai import make_agent
from game.considered import SEARCH
from game.rummy import new_game


def test_the_rummy_search_reports_its_move_first_and_the_others_by_visits() -> None:
    state = new_game(["Ann", "Kunz"], 3)
    agent = make_agent("rummy", "hard", 1, budget=0.4)
    action, considered = agent.explain(state, random.Random(2))  # type: ignore[attr-defined]
    assert considered.level == "hard"
    assert considered.options[0].actions[0] == action.to_dict()
    if considered.source == SEARCH:
        others = [option.visits for option in considered.options[1:]]
        assert others == sorted(others, reverse=True)
        assert all(0.0 <= (option.chance or 0.0) <= 1.0 for option in considered.options)
