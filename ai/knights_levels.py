"""Robber Knights agents by level."""

from __future__ import annotations

import threading

from ai.agent import Agent
from ai.ismcts import IsmctsAgent, SearchConfig
from ai.knights_greedy import EasyKnights, GreedyKnights
from ai.knights_search import KnightsSearch

# Values are close win chances from the evaluation, so exploration is small; the candidate
# order is already good, so widening starts narrow.
EXPLORATION = 0.25


def make_knights_agent(
    level: str, seed: int, seconds: float | None, stop: threading.Event | None = None
) -> Agent:
    if level == "easy":
        return EasyKnights()
    if level == "medium":
        return GreedyKnights()
    config = SearchConfig(
        budget=seconds,
        exploration=EXPLORATION,
        rollout_depth=4,
        widening_base=2.0,
        widening_alpha=0.5,
    )
    return IsmctsAgent(KnightsSearch, config, stop)
