"""The rummy Hint button's question: the best table for the player on turn.

Asked of the AI process (the window's interpreter then never waits on the solver's Python
parts), or on a thread of the window when no AI process could be started.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from ai.rummy.solver import Table, best_play
from ai.rummy.solver.plan import OutOfTime, time_limit

# States per sweep step the solver may keep before it answers with its quick search's play: a
# crowded table can otherwise keep the exact search busy for minutes.
HINT_SOLVER_BUDGET = 60_000


def best_table(state: Any) -> Table | None:
    """The solver's best new table for the player on turn (None: nothing to lay, or no
    opening of 30). ``state`` is the engine state or that player's view of it."""
    player = state.players[state.current_player]
    return best_play(
        [list(cards) for cards in state.table],
        list(player.hand),
        player.opened,
        budget=HINT_SOLVER_BUDGET,
    )


class HintSearch:
    """The hint as an agent, so an ``AIWorker`` can run it: answers with a table, not a move.
    Setting ``stop`` (Esc, the turn moved on) ends the search at once, so the computer players'
    next move never waits behind a hint nobody wants any more."""

    def __init__(self, stop: threading.Event | None = None) -> None:
        self.stop = stop

    def choose(self, state: Any, rng: random.Random) -> Table | None:
        try:
            with time_limit(None, self.stop):
                return best_table(state)
        except OutOfTime:
            return None  # stopped: the table ignores this answer
