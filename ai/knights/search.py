"""The Robber Knights plug-in for the generic ISMCTS: whole turns as the searched moves.

A turn is up to three lays plus the deployment of each castle, so searching single actions
spends most iterations inside one's own turn. Here each choice is the *rest of a turn*: the
best few plans of the greedy turn planner for the seat to move (in the determinized state, so
rivals plan with the tiles they might hold). Before the endgame the tree is our plan and the
rivals' replies, and each leaf is judged when we are to move again by the evaluation's win
estimates (:func:`ai.knights.eval.win_estimates`, or the expert's fitted one). In the endgame
(``to_the_end``) every iteration plays the game out to the last tile with a quick planner for
all seats, so the result is real: who lays the last castles and the tie-break on knights left
decide close games, and the greedy (medium) player, which sees only its own turn, misses both.

Planning is the expensive part, so plans are cached by everything they depend on (the board,
the mover's hand and the phase): the rivals' hidden hands come from a small pool, so after a few
dozen determinizations most iterations reuse plans and cost little more than one evaluation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from ai.agent import Deadline
from ai.knights.eval import HAND, Evaluation
from ai.knights.greedy import Plan, TurnPlanner, keep_choice


def quick_planner(evaluation: Evaluation = HAND) -> TurnPlanner:
    """The planner of play-outs to the end: few castle spots and deployments per lay, a
    sample of spots for the other tiles (the hard player's end play, and the review's)."""
    return TurnPlanner(beam=1, castle_spots=3, deploys=3, spot_sample=4, evaluation=evaluation)


MARGIN_SCALE = 2.0  # points: a 2-point lead counts about three quarters of a sure win


def shaped_returns(state: Any, margin_weight: float) -> list[float]:
    """A finished game's returns, blended with each seat's point margin over his best rival.

    With a few dozen play-outs per plan, win or loss alone is too coarse to tell plans apart
    when the outcome is nearly decided either way (every play-out lost, or every one won);
    the margin still shows which plan comes closer or wins more surely (the quality-based
    rewards of Pepels, Tak, Lanctot & Winands 2014).
    """
    returns = list(state.returns())
    if margin_weight <= 0.0:
        return returns
    scores = state.scores()
    shaped = []
    for seat, won in enumerate(returns):
        margin = scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
        closeness = 1.0 / (1.0 + math.exp(-margin / MARGIN_SCALE))
        shaped.append((1.0 - margin_weight) * won + margin_weight * closeness)
    return shaped


def diverse(ranked: list[tuple[float, Plan]], limit: int) -> list[tuple[float, Plan]]:
    """The best plan, then the best plan of each other first tile kind, then the rest by score.

    Many spots tie on the greedy score (the evaluation can't tell them apart); without this the
    candidates would often be one tile on four equal spots, and the search could not weigh
    laying another tile or stopping.
    """
    chosen = ranked[:1]
    kinds = {_first_kind(plan) for _, plan in chosen}
    for item in ranked[1:]:
        kind = _first_kind(item[1])
        if kind not in kinds and len(chosen) < limit:
            kinds.add(kind)
            chosen.append(item)
    for item in ranked:
        if len(chosen) >= limit:
            break
        if item not in chosen:
            chosen.append(item)
    chosen.sort(key=lambda item: -item[0])  # stable: the greedy choice stays first
    return chosen


def _first_kind(plan: Plan) -> Hashable:
    first = plan[0]
    return (type(first).__name__, getattr(first, "tile", None), len(plan))


class KnightsSearch:
    """Everything ISMCTS needs to know about Robber Knights."""

    def __init__(
        self,
        plans_per_turn: int = 4,
        rival_plans: int = 2,
        rival_planner: TurnPlanner | None = None,
        to_the_end: bool = False,
        rollout_planner: TurnPlanner | None = None,
        margin_weight: float = 0.0,
        evaluation: Evaluation = HAND,
    ) -> None:
        self.evaluation = evaluation
        self.plans_per_turn = plans_per_turn
        self.rival_plans = rival_plans
        # Endgame: rollouts go on through our own turns to the last tile, so leaves are
        # real results (points and the tie-break on knights left), not estimates.
        self.to_the_end = to_the_end
        # Rollouts to the end plan every turn left, so they use a quicker planner: few castle
        # spots and deployments per lay buy the iterations that an end play from 28 tiles
        # left needs in 1 s (hard vs medium went from 68% to 81% with both changes).
        self.rollout_planner = rollout_planner or quick_planner(evaluation)
        self.rollout_plans: dict[Hashable, Plan] = {}
        # How much a finished play-out's point margin counts beside who won (shaped_returns).
        self.margin_weight = margin_weight
        # Our own turns are planned with the medium player's care (the candidate set then
        # always holds medium's choice); rivals with a planner that may be narrower.
        self.own_planner = TurnPlanner(beam=3, evaluation=evaluation)
        self.rival_planner = rival_planner or TurnPlanner(beam=3, evaluation=evaluation)
        self.searcher = 0
        self.deadline: Deadline | None = None
        self.plans: dict[Hashable, list[tuple[float, Plan]]] = {}

    def begin(self, view: Any, searcher: int, deadline: Deadline) -> None:
        self.searcher = searcher
        self.deadline = deadline

    def determinize(self, view: Any, searcher: int, rng: random.Random) -> Any:
        return view.determinize(searcher, rng)

    def _ranked(self, state: Any) -> list[tuple[float, Plan]]:
        """The mover's best plans with their greedy scores, cached by what they depend on."""
        key = self.candidate_key(state)
        ranked = self.plans.get(key)
        if ranked is None:
            seat = state.current_player
            own = seat == self.searcher
            planner = self.own_planner if own else self.rival_planner
            if own:
                found = planner.plans(state, seat, 4 * self.plans_per_turn, self.deadline)
                ranked = diverse(found, self.plans_per_turn)
            else:
                ranked = planner.plans(state, seat, self.rival_plans, self.deadline)
            self.plans[key] = ranked
        return ranked

    def candidates(self, state: Any, searcher: int, rng: random.Random) -> list[Plan]:
        if state.phase == "keep":  # the seed's tip is as good as any search of an empty board
            return [(keep_choice(state.legal_actions()),)]
        return [plan for _, plan in self._ranked(state)]

    def candidate_key(self, state: Any) -> Hashable | None:
        """Everything a plan depends on. The pile's size decides whether laying the last tile
        in hand ends the turn (so whether the plan ends with End), and the castle waiting to
        deploy its knights is not told by the board alone."""
        seat = state.current_player
        hand = tuple(sorted(tile.tile for tile in state.hands[seat]))
        supply = state.supply[seat]
        return (
            state.phase,
            seat,
            state.lays_this_turn,
            hand,
            len(state.piles[seat]),
            state.pending,
            supply,
            tuple(state.board.items()),
        )

    def apply(self, state: Any, choice: Any) -> Any:
        if not isinstance(choice, tuple):  # a single rollout action
            return state.apply(choice)
        for action in choice:
            state = state.apply(action)
        return state

    def first_action(self, choice: Plan) -> Any:
        return choice[0]

    def rollout_action(self, state: Any, rng: random.Random) -> Any | None:
        """Everybody plays his best plan. Before the endgame the rollout stops once the
        searcher is to move again, so every leaf is judged at the same point of the round.
        Out of time, it stops at once and the position reached is judged."""
        if self.deadline is not None and self.deadline.expired():
            return None
        if state.phase == "keep":
            return keep_choice(state.legal_actions())
        if not self.to_the_end:
            if state.current_player == self.searcher:
                return None
            return self._ranked(state)[0][1]
        key = self.candidate_key(state)
        plan = self.rollout_plans.get(key)
        if plan is None:
            seat = state.current_player
            found = self.rollout_planner.plans(state, seat, 1, self.deadline)
            plan = self.rollout_plans[key] = found[0][1]
        return plan

    def evaluate(self, state: Any) -> list[float]:
        return self.evaluation.win_estimates(state)

    def final_values(self, state: Any) -> list[float]:
        return shaped_returns(state, self.margin_weight)
