"""The review's Räuber-Rommé parts: a decision is one draw or play; the round is the unit.

Cutting a history into decisions needs only the engine, so the window can count them (for its
progress bar) without loading the solver: the searching parts are imported where they are used.
"""

from __future__ import annotations

import random
from typing import Any

from ai.agent import Deadline
from ai.review.estimate import Choice, play_choice
from ai.review.spans import DecisionSpan
from game.rummy import NextRound, Play
from game.rummy.cards import hand_value
from game.rummy.state import HAND_SIZE

# Of a decision's budget, the share the solver may take to find the plays worth weighing.
FIND_SHARE = 0.3
PLAYOUT_ROUNDS = 2  # turns of every seat played out before the position is valued


class RummyReview:
    """Plays judged on redeals of the rivals' hands and the stock: a few turns played out by
    the cheap method for every seat, then the position valued by the fitted chances."""

    default_budget = 0.6
    time_target = 20.0

    def is_decision(self, before: Any, action: Any) -> bool:
        return not isinstance(action, NextRound) and not before.is_terminal

    def continues_turn(self, before: Any) -> bool:
        return False

    def round_of(self, state: Any) -> int:
        return int(state.round)

    def deal(self, span: DecisionSpan, rng: random.Random) -> Any:
        return span.before.view(span.seat).determinize(span.seat, rng)

    def alternatives(self, span: DecisionSpan, deal: Any, deadline: Deadline) -> list[Choice]:
        from ai.rummy.moves import play_options, sub_deadline  # the solver: loaded when used

        view = span.before.view(span.seat)
        finder = sub_deadline(deadline, FIND_SHARE)
        options = play_options(view, span.seat, finder, whole_table=True)
        if not any(isinstance(option, Play) for option in options):
            return []  # drawing was the only move
        return [(option,) for option in options]

    def play(self, state: Any, choice: Choice) -> Any:
        return play_choice(state, choice)

    def rollout(self, state: Any, seed: int, seat: int) -> list[float]:
        """A few turns of the cheap method for every seat, then the fitted position values.

        Played out to the round's end, a rummy round is mostly the luck of the draws: each
        play-out says little, and a review could afford too few of them. The fitted values
        (:mod:`ai.rummy.values`) are the chance itself, learnt from many rounds; the turns
        before them catch what is decided at once (a rival who goes out next)."""
        from ai.rummy.heuristic import quick_play
        from ai.rummy.moves import fallback
        from ai.rummy.values import win_chances

        for _ in range(PLAYOUT_ROUNDS * len(state.players)):
            if state.is_terminal:
                break
            player = state.players[state.current_player]
            table = quick_play(state.table, player.hand, player.opened)
            state = state.apply(Play(table) if table is not None else fallback(state))
        return win_chances(state, seat)

    def public_chances(self, state: Any) -> list[float]:
        from ai.rummy.values import public_chances

        return public_chances(state)

    def progress(self, state: Any) -> float:
        """The share of the stock drawn (a round ends soon after it is gone)."""
        from ai.rummy.values import deck_size

        dealt = deck_size(state) - HAND_SIZE * len(state.players)
        return 1.0 - len(state.stock) / dealt if dealt > 0 else 1.0

    def points(self, span: DecisionSpan, choice: Choice) -> int | None:
        action = choice[0]
        if isinstance(action, Play):
            hand = span.before.apply(action).players[span.seat].hand
            return hand_value(hand)
        return hand_value(span.before.players[span.seat].hand)
