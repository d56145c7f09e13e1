"""The Agent protocol every computer player follows, plus the small helpers agents share.

An agent is handed a state (possibly the full one) and must decide only from what the player
to move can see: each agent calls ``state.view(state.current_player)`` itself before thinking.
Agents keep no mutable global state, so several may think at once in worker threads.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Protocol, TypeVar, runtime_checkable

from game.core import Action, GameState

S = TypeVar("S", bound=GameState)


@runtime_checkable
class Agent(Protocol):
    """A computer player: ``choose(state, rng)`` returns one legal action for the player to move."""

    def choose(self, state: GameState, rng: random.Random) -> Action: ...


class Deadline:
    """A wall-clock limit checked inside search loops; also stops early when ``stop`` is set.

    ``budget`` None means no time limit (the search then relies on its iteration cap).
    """

    def __init__(self, budget: float | None, stop: threading.Event | None = None) -> None:
        self.start = time.perf_counter()
        self.end = None if budget is None else self.start + budget
        self.stop = stop

    def expired(self) -> bool:
        if self.stop is not None and self.stop.is_set():
            return True
        return self.end is not None and time.perf_counter() >= self.end

    def remaining(self) -> float:
        if self.end is None:
            return float("inf")
        return max(0.0, self.end - time.perf_counter())


def own_view(state: S) -> tuple[int, S]:
    """The seat to move and what that seat can see; agents think only about the latter."""
    me = state.current_player
    if me is None:
        raise ValueError("nobody is to move: the game or round is over")
    return me, state.view(me)


def search_budget(budget: float | None) -> float | None:
    """The time a search may spend, leaving headroom so the whole decision fits the budget.

    The promise is "never more than budget + 10%"; searching for ~85% of it leaves room for
    the view, the determinization and one slow iteration that began just before the limit,
    even on a busy machine.
    """
    if budget is None:
        return None
    return max(0.001, budget * 0.85 - 0.01)
