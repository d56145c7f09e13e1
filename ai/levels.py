"""Difficulty levels: ``make_agent(game, level, seed, budget)``.

easy = random-leaning with a light bias to sensible moves, medium = greedy,
hard / expert = ISMCTS with about 1 s / 3 s per decision on one core.
"""

from __future__ import annotations

import threading

from ai.agent import Agent

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
GAMES: tuple[str, ...] = ("knights", "rummy")
SEARCH_SECONDS = {"hard": 1.0, "expert": 3.0}


def make_agent(
    game: str,
    level: str,
    seed: int = 0,
    budget: float | None = None,
    stop: threading.Event | None = None,
) -> Agent:
    """A computer player for ``game`` ("knights" or "rummy") at ``level``.

    ``budget`` overrides the search seconds per decision of hard/expert (quick matches, tests);
    setting ``stop`` makes a searching agent answer at once with its best move so far.
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    seconds = budget if budget is not None else SEARCH_SECONDS.get(level)
    if game == "knights":
        from ai.knights.levels import make_knights_agent

        return make_knights_agent(level, seed, seconds, stop)
    from ai.rummy.levels import make_rummy_agent

    return make_rummy_agent(level, seed, seconds, stop)
