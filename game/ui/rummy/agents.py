"""Computer players for the rummy table, with a solver-based stand-in if a level is missing."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from game.rummy import Draw, Pass, Play, RummyState, check_play
from game.ui.ai_process import AgentSpec
from game.ui.ai_worker import Agent, ai_available, make_computer_agent

# States per sweep step the solver may keep before it answers with its quick search's play: a
# crowded table can otherwise keep the exact search busy for minutes.
HINT_SOLVER_BUDGET = 60_000


class SolverAgent:
    """Lays the solver's best play when there is one, otherwise draws (or passes)."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        from ai.rummy_solver import best_play

        seat = state.current_player
        player = state.players[seat]
        table = best_play(
            [list(s) for s in state.table],
            list(player.hand),
            player.opened,
            budget=HINT_SOLVER_BUDGET,
        )
        if table is not None:
            action = Play(tuple(tuple(cards) for cards in table))
            if not check_play(state, action.table):
                return action
        return Draw() if state.stock else Pass()


class HintSearch:
    """The Hint button's question, run by an AIWorker thread: the solver's best table."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        from ai.rummy_solver import best_play

        player = state.players[state.current_player]
        return best_play(
            [list(s) for s in state.table],
            list(player.hand),
            player.opened,
            budget=HINT_SOLVER_BUDGET,
        )


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
