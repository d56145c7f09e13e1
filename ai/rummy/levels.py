"""Räuber-Rommé agents by level."""

from __future__ import annotations

import threading

from ai.agent import Agent
from ai.ismcts import SearchConfig
from ai.rummy.players import EasyRummy, GreedyRummy
from ai.rummy.search import RummySearchAgent


def make_rummy_agent(
    level: str, seed: int, seconds: float | None, stop: threading.Event | None = None
) -> Agent:
    if level == "easy":
        return EasyRummy()
    if level == "medium":
        return GreedyRummy()
    # The expert solves the whole table exactly for its own plays (hard, windows of it), and
    # reads what the rivals' draws say about their hands.
    expert = level == "expert"
    return RummySearchAgent(search_config(level, seconds), stop, whole_table=expert, beliefs=expert)


def search_config(level: str, seconds: float | None, iterations: int | None = None) -> SearchConfig:
    """The hard/expert search settings (``iterations`` caps the search, e.g. for tests)."""
    # Laying the most cards is nearly always right, so the search must be clearly convinced
    # before it holds cards back or draws instead of laying the most (see _clearly_better).
    return SearchConfig(
        budget=seconds,
        max_iterations=iterations,
        exploration=0.4,
        rollout_depth=6 if level == "hard" else 8,
        widening_base=8.0,
        keep_first_margin=1.5,
        min_visits_to_deviate=30,
        deviate_value_margin=0.04,
    )
