"""The review's Robber Knights parts: a decision is one whole turn, lays and deployments."""

from __future__ import annotations

import random
from typing import Any

from ai.agent import Deadline
from ai.knights.greedy import TurnPlanner
from ai.knights.search import diverse, quick_planner
from ai.review.estimate import Choice, play_choice
from ai.review.spans import DecisionSpan
from game.knights import Keep, KnightsState, Place
from game.knights.hidden import shuffle_within_letters

ALTERNATIVES = 4  # plans weighed besides the turn played: the hard player's number


class KnightsReview:
    """Turns judged on redeals of the rivals' tiles, played out by a quick planner."""

    default_budget = 2.0
    time_target = 45.0

    def __init__(self) -> None:
        # The hard player's own-turn planner (it always holds the medium player's choice).
        self.planner = TurnPlanner(beam=3)
        # The quick planner of the hard player's end play: every seat, every turn left.
        self.quick = quick_planner()

    def is_decision(self, before: Any, action: Any) -> bool:
        return not isinstance(action, Keep) and before.current_player is not None

    def continues_turn(self, before: Any) -> bool:
        return bool(before.phase == "deploy" or before.lays_this_turn)

    def round_of(self, state: Any) -> int:
        return 1

    def deal(self, span: DecisionSpan, rng: random.Random) -> Any:
        """The rivals' hands and piles redealt, and the decider's own pile below the tiles he
        drew during the turn shuffled within each letter (he knows its tiles, not their
        order). The turn played may have laid a tile drawn during it, so those draws must be
        the real ones in every deal; later draws are as unknown to the review as to him."""
        seat = span.seat
        state = span.before.view(seat).determinize(seat, rng)
        piles = list(state.piles)
        real = span.before.piles[seat]
        drawn = sum(1 for action in span.actions if isinstance(action, Place))
        piles[seat] = real[:drawn] + shuffle_within_letters(real[drawn:], rng)
        return KnightsState.build(
            players=state.players,
            seed=state.seed,
            phase=state.phase,
            current_player=state.current_player,
            lays_this_turn=state.lays_this_turn,
            pending=state.pending,
            board=dict(state.board),
            hands=state.hands,
            piles=tuple(piles),
            supply=state.supply,
            kept=state.kept,
            start=state.start,
        )

    def alternatives(self, span: DecisionSpan, deal: Any, deadline: Deadline) -> list[Choice]:
        found = self.planner.plans(deal, span.seat, 4 * ALTERNATIVES, deadline)
        return [tuple(plan) for _, plan in diverse(found, ALTERNATIVES)]

    def play(self, state: Any, choice: Choice) -> Any:
        return play_choice(state, choice)

    def rollout(self, state: Any, seed: int, seat: int) -> list[float]:
        self.quick.rng.seed(seed)
        while not state.is_terminal:
            plan = self.quick.plans(state, state.current_player, 1)[0][1]
            for action in plan:
                state = state.apply(action)
        return list(state.returns())

    def points(self, span: DecisionSpan, choice: Choice) -> int | None:
        return None
