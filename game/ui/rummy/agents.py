"""Computer players for the rummy table, with a solver-based stand-in if a level is missing."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from game.rummy import Draw, Pass, Play, RummyState, check_play
from game.ui.ai_process import HINT_LEVEL, AgentSpec
from game.ui.ai_worker import Agent, ai_available, make_computer_agent


class SolverAgent:
    """Lays the solver's best play when there is one, otherwise draws (or passes)."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        from ai.rummy.hint import best_table

        table = best_table(state)
        if table is not None:
            action = Play(tuple(tuple(cards) for cards in table))
            if not check_play(state, action.table):
                return action
        return Draw() if state.stock else Pass()


def hint_search() -> AgentSpec | None:
    """The Hint button's search, run by the AI process (so the window's frames never wait on
    the solver), or None without the ``ai`` package."""
    return AgentSpec("rummy", HINT_LEVEL, 0) if ai_available() else None


@lru_cache(maxsize=8)
def level_available(level: str) -> bool:
    """Can ``ai.make_agent("rummy", level)`` build a player? (Checked once per level.)"""
    try:
        make_computer_agent("rummy", level, 0)
    except Exception:  # an AI level not installed yet must not stop the table
        return False
    return True


def computer_agent(level: str, seed: int, budget: float | None = None) -> Agent | AgentSpec:
    """A computer seat: a spec answered by the shared AI process (as at the knights table), or
    the solver stand-in on a thread when the rummy level can't be built."""
    if ai_available() and level_available(level):
        return AgentSpec("rummy", level, seed, budget)
    return SolverAgent()


def safe_action(state: RummyState, action: Any) -> Any:
    """The agent's action if the engine accepts it, else draw/pass (the table says so)."""
    if isinstance(action, Play) and check_play(state, action.table):
        return None
    if isinstance(action, (Play, Draw, Pass)):
        if isinstance(action, Draw) and not state.stock:
            return None
        if isinstance(action, Pass) and state.stock:
            return None
        return action
    return None
