"""The Räuber-Rommé plug-in for the generic ISMCTS, and the hard/expert agent around it.

At the decision itself the searcher weighs the plays :func:`ai.rummy.moves.find_plays` finds with
the solver in part of the time (the most cards first, then holding back jokers, open only, the
cheap method's play) against drawing; never an enumeration of all arrangements. The first
choice lays at least as many cards as the medium's whenever the medium's solve fits the time;
the solver windows that free table jokers or borrow cards from long sets often lay more, which
is most of hard's edge. Deeper in the tree, and for the rivals (whose hands are guesses), the
choices are the cheap method's play or drawing. Rollouts let everybody play the cheap method for
a few turns; then the position is judged by cards left, opening and hand value. The search
leaves the first choice only when clearly convinced (see ``ai.rummy.levels.search_config``).
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from ai.agent import Deadline, own_view, search_budget
from ai.explain import from_search, nothing_weighed
from ai.ismcts import SearchConfig, search
from ai.rummy.beliefs import believed_deal
from ai.rummy.heuristic import quick_play
from ai.rummy.moves import fallback, find_plays, legal_play, play_options
from game.considered import Considered
from game.core import IllegalAction
from game.rummy import Play
from game.rummy.cards import hand_value

# Share of the decision's time for finding the root's plays (the solver on several windows);
# the search gets the rest. Laying more cards than the medium finds is most of the edge.
FIND_SHARE = 0.6
NOT_OPENED_PENALTY = 4.0  # cards' worth of distance to going out for a player not yet opened
TEMPERATURE = 2.5


class RummySearch:
    """Everything ISMCTS needs to know about Räuber-Rommé."""

    def __init__(self, whole_table: bool = False, beliefs: bool = False) -> None:
        self.root_signature: tuple[Any, ...] | None = None
        self.deadline: Deadline | None = None
        self.whole_table = whole_table  # the root's plays: see find_plays
        self.beliefs = beliefs  # deals weighed by what the rivals' draws reveal

    def determinize(self, view: Any, searcher: int, rng: random.Random) -> Any:
        if self.beliefs:
            return believed_deal(view, searcher, rng)
        return view.determinize(searcher, rng)

    def begin(self, view: Any, searcher: int, deadline: Deadline) -> None:
        player = view.players[searcher]
        self.root_signature = (searcher, view.table, player.hand)
        self.deadline = deadline

    def candidates(self, state: Any, searcher: int, rng: random.Random) -> list[Any]:
        if state.is_terminal:
            return [fallback(state)]
        seat = state.current_player
        player = state.players[seat]
        if (seat, state.table, player.hand) == self.root_signature:
            return play_options(state, seat, self.deadline, FIND_SHARE, self.whole_table)
        play = legal_play(state, quick_play(state.table, player.hand, player.opened))
        return [play, fallback(state)] if play is not None else [fallback(state)]

    def candidate_key(self, state: Any) -> Hashable | None:
        seat = state.current_player
        player = state.players[seat]
        return (seat, player.hand, player.opened)

    def apply(self, state: Any, choice: Any) -> Any:
        try:
            return state.apply(choice)
        except IllegalAction:
            return state.apply(fallback(state))

    def first_action(self, choice: Any) -> Any:
        return choice

    def rollout_action(self, state: Any, rng: random.Random) -> Any | None:
        if self.deadline is not None and self.deadline.expired():
            return None  # out of time: judge the position reached so far
        player = state.players[state.current_player]
        table = quick_play(state.table, player.hand, player.opened)
        return Play(table) if table is not None else fallback(state)

    def final_values(self, state: Any) -> list[float]:
        return list(state.returns())

    def evaluate(self, state: Any) -> list[float]:
        distances = [
            len(player.hand)
            + (0.0 if player.opened else NOT_OPENED_PENALTY)
            + hand_value(player.hand) / 60.0
            for player in state.players
        ]
        best = min(distances)
        weights = [math.exp((best - distance) / TEMPERATURE) for distance in distances]
        total = sum(weights)
        return [weight / total for weight in weights]


# Below this budget the tree gets too few iterations to matter: the agent only finds plays.
MIN_TREE_SECONDS = 0.1
# The search is told the budget less a reserve: an iteration that starts just before its end
# can't be cut, and an abandoned solver call (still running) slows the last ones down. A fifth of
# the budget on short budgets (a busy machine's stalls scale with them), never more than
# RESERVE_MAX_SECONDS: solver calls keep the decision's deadline themselves, so a long budget
# (expert's) needs no bigger reserve than hard's.
RESERVE_SHARE = 0.2
RESERVE_MAX_SECONDS = 0.2


def told_budget(budget: float) -> float:
    """The part of a decision's ``budget`` the search is told it may use."""
    return budget - min(budget * RESERVE_SHARE, RESERVE_MAX_SECONDS)


class RummySearchAgent:
    """The hard/expert player: ISMCTS over :class:`RummySearch`, the root's plays found by the
    solver within the decision's time. A fresh plug-in is made for every decision, so one agent
    can think in several threads at once."""

    def __init__(
        self,
        config: SearchConfig,
        stop: threading.Event | None = None,
        whole_table: bool = False,
        beliefs: bool = False,
    ) -> None:
        self.config = config
        self.stop = stop
        self.whole_table = whole_table
        self.beliefs = beliefs

    def choose(self, state: Any, rng: random.Random) -> Any:
        return self.explain(state, rng)[0]

    def explain(self, state: Any, rng: random.Random) -> tuple[Any, Considered]:
        """The move, and the plays (or the draw) the search weighed most, with their values."""
        level = "expert" if self.whole_table else "hard"
        budget = self.config.budget
        if budget is not None and budget < MIN_TREE_SECONDS:
            action = self.quick_choice(state, budget)
            return action, nothing_weighed(action, level)
        config = self.config if budget is None else replace(self.config, budget=told_budget(budget))
        plugin = RummySearch(self.whole_table, self.beliefs)
        result = search(state, plugin, config, rng, self.stop)
        return result.action, from_search(result, level, lambda choice: (choice,))

    def quick_choice(self, state: Any, budget: float) -> Any:
        """The play laying the most cards found in time, else draw."""
        me, view = own_view(state)
        if view.is_terminal:
            return fallback(view)
        deadline = Deadline(search_budget(told_budget(budget)), self.stop)
        for table in find_plays(view, me, deadline, self.whole_table):
            play = legal_play(view, table)
            if play is not None:
                return play
        return fallback(view)
