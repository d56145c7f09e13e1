"""The Robber Knights plug-in for the generic ISMCTS: whole turns as the searched moves.

A turn is up to three lays plus the deployment of each castle, so searching single actions
spends most iterations inside one's own turn. Here each choice is the *rest of a turn*: the
best few plans of the greedy turn planner for the seat to move (in the determinized state, so
rivals plan with the tiles they might hold). The tree therefore alternates turns, progressive
widening looks at the best-rated plans first, and each leaf is scored between turns by
:func:`ai.knights_eval.win_estimates`, where that evaluation is fair.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from ai.agent import Deadline
from ai.knights_eval import win_estimates
from ai.knights_greedy import Plan, TurnPlanner, keep_choice


class KnightsSearch:
    """Everything ISMCTS needs to know about Robber Knights."""

    def __init__(self, plans_per_turn: int = 6) -> None:
        self.plans_per_turn = plans_per_turn
        # Our own turns are planned with the medium player's care; the many rival nodes (one
        # per guess of their hand) with a narrower, faster planner.
        self.own_planner = TurnPlanner(beam=3)
        self.rival_planner = TurnPlanner(beam=1, castle_spots=5, deploys=4, spot_sample=8)
        self.searcher = 0

    def begin(self, view: Any, searcher: int, deadline: Deadline) -> None:
        self.searcher = searcher

    def candidates(self, state: Any, searcher: int, rng: random.Random) -> list[Plan]:
        if state.phase == "keep":
            legal = state.legal_actions()
            preferred = keep_choice(legal)
            return [(preferred,)] + [(a,) for a in legal if a != preferred]
        seat = state.current_player
        own = seat == searcher
        planner = self.own_planner if own else self.rival_planner
        ranked = planner.plans(state, seat, self.plans_per_turn if own else 4)
        return [plan for _, plan in ranked]

    def candidate_key(self, state: Any) -> Hashable | None:
        # The board is part of the key: paths through the setup differ in the start layout.
        seat = state.current_player
        hand = tuple(sorted(tile.tile for tile in state.hands[seat]))
        return (state.phase, seat, state.lays_this_turn, hand, tuple(state.board.items()))

    def apply(self, state: Any, choice: Any) -> Any:
        if not isinstance(choice, tuple):  # a single rollout action
            return state.apply(choice)
        for action in choice:
            state = state.apply(action)
        return state

    def first_action(self, choice: Plan) -> Any:
        return choice[0]

    def rollout_action(self, state: Any, rng: random.Random) -> Any | None:
        """Rivals answer with their best quick plan; stop once the searcher is to move again,
        so every leaf is judged at the same point of the round."""
        if state.phase == "keep":
            return keep_choice(state.legal_actions())
        seat = state.current_player
        if seat == self.searcher:
            return None
        return self.rival_planner.plans(state, seat, 1)[0][1]

    def evaluate(self, state: Any) -> list[float]:
        return win_estimates(state)
