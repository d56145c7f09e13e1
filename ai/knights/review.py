"""The review's Robber Knights parts: a decision is one whole turn, lays and deployments.

A decision is judged by the strongest judgement the game has: the expert's evaluation (fitted
on two-player self-play; the hand-set one with more seats). Its planner finds the turns worth
weighing, and each play-out is a few turns of every seat by a quick planner, then the position
valued by that evaluation's win estimates. Played out to the end instead, a game is mostly the
luck of the draws: each play-out says little, a review could afford few of them, and a weak
player's costly turns were lost in the noise.
"""

from __future__ import annotations

import random
from typing import Any

from ai.agent import Deadline
from ai.knights.eval import Evaluation, game_progress, win_chances
from ai.knights.fitted import expert_evaluation
from ai.knights.greedy import TurnPlanner
from ai.knights.search import diverse, quick_planner
from ai.review.estimate import Choice, play_choice
from ai.review.spans import DecisionSpan
from game.knights import Keep, KnightsState, Place
from game.knights.hidden import shuffle_within_letters

ALTERNATIVES = 4  # plans weighed besides the turn played: the hard player's number
PLAYOUT_ROUNDS = 2  # turns of every seat played out before the position is valued


class KnightsReview:
    """Turns judged on redeals of the rivals' tiles: a few turns played out by a quick
    planner, then valued by the expert's evaluation."""

    default_budget = 2.0
    time_target = 45.0

    def __init__(self) -> None:
        self.evaluations: dict[int, Evaluation] = {}
        self.planners: dict[int, tuple[TurnPlanner, TurnPlanner]] = {}

    def judgement(self, players: int) -> tuple[Evaluation, TurnPlanner, TurnPlanner]:
        """For ``players`` seats: the evaluation, the own-turn planner that finds the turns
        worth weighing (it always holds the greedy choice), and the play-outs' quick one."""
        if players not in self.planners:
            evaluation = expert_evaluation().for_players(players)
            self.evaluations[players] = evaluation
            self.planners[players] = (
                TurnPlanner(beam=3, evaluation=evaluation),
                quick_planner(evaluation),
            )
        planner, quick = self.planners[players]
        return self.evaluations[players], planner, quick

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
        _evaluation, planner, _quick = self.judgement(deal.num_players)
        found = planner.plans(deal, span.seat, 4 * ALTERNATIVES, deadline)
        return [tuple(plan) for _, plan in diverse(found, ALTERNATIVES)]

    def play(self, state: Any, choice: Choice) -> Any:
        return play_choice(state, choice)

    def rollout(self, state: Any, seed: int, seat: int) -> list[float]:
        """A few turns of every seat, then the evaluation's win estimates (the result itself
        when the game ends first)."""
        evaluation, _planner, quick = self.judgement(state.num_players)
        quick.rng.seed(seed)
        for _ in range(PLAYOUT_ROUNDS * state.num_players):
            if state.is_terminal:
                return list(state.returns())
            plan = quick.plans(state, state.current_player, 1)[0][1]
            for action in plan:
                state = state.apply(action)
        if state.is_terminal:
            return list(state.returns())
        return list(evaluation.win_estimates(state))

    def points(self, span: DecisionSpan, choice: Choice) -> int | None:
        return None

    def public_chances(self, state: Any) -> list[float]:
        """The expert's evaluation: it reads only the table and what each seat holds by letter
        and count, never a hidden tile. With more than two seats it is the hand-set one, which
        overrates what a seat may still gain: half way between its expected points and the
        points each seat holds now predicts the results better (tools/review_calibration.py
        graph-table)."""
        if state.is_terminal:
            return list(state.returns())
        evaluation, _planner, _quick = self.judgement(state.num_players)
        if state.num_players == 2:
            return list(evaluation.win_estimates(state))
        expected = evaluation.expected_points(state)
        held = state.scores()
        blend = [(e + h) / 2 for e, h in zip(expected, held, strict=True)]
        return win_chances(blend, game_progress(state))

    def progress(self, state: Any) -> float:
        return game_progress(state)
