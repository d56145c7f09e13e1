"""The review's Nim parts (an ``ai.review.estimate.ReviewGame``): a decision is one take,
nothing is hidden so every deal is the position itself, and play-outs are random."""

from __future__ import annotations

import random
from typing import Any

from ai.agent import Deadline
from ai.review.estimate import Choice, play_choice
from ai.review.spans import DecisionSpan

from .players import winning_moves

ALTERNATIVES = 4


class NimReview:
    default_budget = 0.05
    time_target = 2.0

    def is_decision(self, before: Any, action: Any) -> bool:
        return before.current_player is not None

    def continues_turn(self, before: Any) -> bool:
        return False  # a turn is one take

    def round_of(self, state: Any) -> int:
        return 1

    def deal(self, span: DecisionSpan, rng: random.Random) -> Any:
        return span.before

    def alternatives(self, span: DecisionSpan, deal: Any, deadline: Deadline) -> list[Choice]:
        best = winning_moves(deal)
        rest = [a for a in deal.legal_actions() if a not in best]
        return [(action,) for action in (best + rest)[:ALTERNATIVES]]

    def play(self, state: Any, choice: Choice) -> Any:
        return play_choice(state, choice)

    def rollout(self, state: Any, seed: int, seat: int) -> list[float]:
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        return list(state.returns())

    def points(self, span: DecisionSpan, choice: Choice) -> int | None:
        return None

    def progress(self, state: Any) -> float:
        return 0.0  # solved: the map has nothing to learn from how far it has gone

    def public_chances(self, state: Any) -> list[float]:
        """Nothing is hidden and Nim is solved: the mover wins iff he has a winning take."""
        if state.is_terminal:
            return list(state.returns())
        mover = state.current_player
        wins = bool(winning_moves(state))
        return [
            float(wins) if seat == mover else float(not wins) / (state.num_players - 1)
            for seat in range(state.num_players)
        ]
