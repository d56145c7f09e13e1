"""Difficulty levels: ``make_agent(game, level, seed, budget)``.

easy = random-leaning with a light bias to sensible moves, medium = greedy,
hard / expert = ISMCTS with about 1 s / 3 s per decision on one core.
"""

from __future__ import annotations

import threading

from ai.agent import Agent
from game.core import LEVELS as LEVELS  # re-exported: the levels make_agent takes
from game.registry import game_spec, resolve

SEARCH_SECONDS = {"hard": 1.0, "expert": 3.0}


def make_agent(
    game: str,
    level: str,
    seed: int = 0,
    budget: float | None = None,
    stop: threading.Event | None = None,
) -> Agent:
    """A computer player for ``game`` (a key of ``game.registry.GAMES``) at ``level``.

    ``budget`` overrides the search seconds per decision of hard/expert (quick matches, tests);
    setting ``stop`` makes a searching agent answer at once with its best move so far.
    """
    spec = game_spec(game)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    seconds = budget if budget is not None else SEARCH_SECONDS.get(level)
    factory = resolve(spec.agent_ref)
    agent: Agent = factory(level, seed, seconds, stop)
    return agent
