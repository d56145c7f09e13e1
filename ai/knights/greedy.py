"""Robber Knights players without search: easy (random-leaning) and medium (one-turn lookahead).

Medium plans the rest of its turn: the lays it can still make with the tiles now in its hand
(the tiles it would draw are unknown, so the plan only uses what it holds) and the knight
deployment of each castle, kept to a small beam of the best partial turns. It plays the first
action of the best plan and plans again at its next decision, when it knows the drawn tile.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ai.agent import Deadline, own_view
from ai.explain import from_evaluation, nothing_weighed
from ai.knights.eval import HAND, Evaluation
from game.considered import Considered
from game.knights.actions import DIRECTIONS, END, Deploy, Keep, Place
from game.knights.tiles import CASTLE_KINDS, KIND_POINTS, MAX_STACK

# Keep preference at setup: the seed's tip ("keep the mountain for later"), then a village.
KEEP_ORDER = ("mountain", "plain+village", "plain")
DEPLOY_SHORTLIST = 8
CASTLE_SPOT_SHORTLIST = 10


def keep_choice(legal: list[Any]) -> Any:
    for kind in KEEP_ORDER:
        for action in legal:
            if isinstance(action, Keep) and action.tile == kind:
                return action
    return legal[0]


def deploy_gain(state: Any, action: Deploy) -> float:
    """Points the deployment takes or secures at once, less a little per knight spent."""
    if action.count == 0 or state.pending is None:
        return 0.0
    me = state.current_player
    board = state.board
    x, y = state.pending
    dx, dy = DIRECTIONS[action.dir] if action.dir else (0, 0)
    gain = 0.0
    for i, drop in enumerate(action.drops):
        placed = board[(x + dx * i, y + dy * i)]
        points = KIND_POINTS[placed.tile]
        if not points:
            continue
        height = len(placed.knights) + drop
        owner = placed.knights[-1] if placed.knights else None
        if owner != me:
            gain += points * (2.0 if owner is not None else 1.0)
        if height >= MAX_STACK - 1:
            gain += 0.3 * points  # (nearly) locked: nobody can take it back
    return gain - 0.12 * action.count


def shortlist_deploys(state: Any, limit: int = DEPLOY_SHORTLIST) -> list[Deploy]:
    """The deployments worth evaluating fully, best quick gain first; always includes 'none'."""
    legal = state.legal_actions()
    ranked = sorted(legal, key=lambda action: -deploy_gain(state, action))
    chosen = ranked[:limit]
    if legal and legal[0] not in chosen:
        chosen.append(legal[0])
    return chosen


def best_deploy(
    state: Any, me: int, limit: int = DEPLOY_SHORTLIST, evaluation: Evaluation = HAND
) -> tuple[float, Deploy]:
    best: tuple[float, Deploy] | None = None
    advantage = evaluation.advantage
    for action in shortlist_deploys(state, limit):
        score = advantage(state.apply(action), me)
        if best is None or score > best[0]:
            best = (score, action)
    assert best is not None
    return best


def castle_spot_promise(state: Any, spot: tuple[int, int]) -> float:
    """A cheap guess of how much a castle on ``spot`` could take: buildings in straight lines."""
    board = state.board
    me = state.current_player
    x, y = spot
    promise = 0.0
    for dx, dy in DIRECTIONS.values():
        for step in range(1, 5):
            placed = board.get((x + dx * step, y + dy * step))
            if placed is None or placed.tile == "lake":
                break
            points = KIND_POINTS[placed.tile]
            if points and len(placed.knights) < MAX_STACK:
                mine = bool(placed.knights) and placed.knights[-1] == me
                promise += points * (0.3 if mine else 1.0) / step
    return promise


Plan = tuple[Any, ...]


class TurnPlanner:
    """Beam search over the remaining lays and deployments of the current turn.

    A plan is the rest of the turn as actions, ending with End when the turn would not pass by
    itself. Plans only lay tiles that are in hand when planning starts. Plans are scored by
    the ``evaluation``'s advantage (the hand-set one unless the level knows better).
    """

    def __init__(
        self,
        beam: int = 3,
        castle_spots: int = CASTLE_SPOT_SHORTLIST,
        deploys: int = DEPLOY_SHORTLIST,
        spot_sample: int | None = None,
        evaluation: Evaluation = HAND,
    ) -> None:
        self.beam = beam
        self.evaluation = evaluation
        self.advantage = evaluation.advantage
        self.castle_spots = castle_spots
        self.deploys = deploys
        # Quick planners (for rivals inside a search) try only a sample of spots for tiles
        # without a castle; castles, the moves that take points, are always planned in full.
        self.spot_sample = spot_sample
        self.rng = random.Random(0)

    def _children(
        self, state: Any, me: int, kinds: Counter[str], deadline: Deadline | None = None
    ) -> list[tuple[float, Plan, Any, Counter[str]]]:
        """(score, actions, resulting state, kinds still unlaid) for each lay worth trying."""
        out: list[tuple[float, Plan, Any, Counter[str]]] = []
        spots = state.legal_spots()
        for kind in kinds:
            rest = kinds.copy()
            rest[kind] -= 1
            rest += Counter()
            if kind in CASTLE_KINDS:
                ranked = sorted(spots, key=lambda s: -castle_spot_promise(state, s))
                for spot in ranked[: self.castle_spots]:
                    if deadline is not None and out and deadline.expired():
                        break  # a search out of time takes what is planned so far
                    action = Place(kind, *spot)
                    after = state.apply(action)
                    score, deploy = best_deploy(after, me, self.deploys, self.evaluation)
                    out.append((score, (action, deploy), after.apply(deploy), rest))
            else:
                tried = spots
                if self.spot_sample is not None and len(spots) > self.spot_sample:
                    tried = self.rng.sample(spots, self.spot_sample)
                for spot in tried:
                    if deadline is not None and out and deadline.expired():
                        break
                    action = Place(kind, *spot)
                    after = state.apply(action)
                    out.append((self.advantage(after, me), (action,), after, rest))
        return out

    def plans(
        self, state: Any, me: int, limit: int = 1, deadline: Deadline | None = None
    ) -> list[tuple[float, Plan]]:
        """The best ``limit`` plans for the rest of ``me``'s turn (a full state), best first.

        With a ``deadline`` (inside a search) planning stops early once it has expired."""
        hand_kinds = Counter(tile.tile for tile in state.hands[me])
        found: list[tuple[float, Plan]] = []
        frontier: list[tuple[Any, Plan, Counter[str]]] = []
        if state.phase == "deploy":
            for deploy in shortlist_deploys(state, self.deploys):
                if deadline is not None and found and deadline.expired():
                    break
                after = state.apply(deploy)
                frontier.append((after, (deploy,), hand_kinds))
                found.append((self.advantage(after, me), _finished((deploy,), after, me)))
        else:
            frontier.append((state, (), hand_kinds))
            if state.lays_this_turn:
                found.append((self.advantage(state, me), (END,)))
        while frontier:
            if deadline is not None and found and deadline.expired():
                break  # out of time: the plans found so far will do
            expanded: list[tuple[float, Plan, Any, Counter[str]]] = []
            for node, plan, kinds in frontier:
                if not (node.phase == "place" and node.current_player == me and kinds):
                    continue
                for score, actions, after, rest in self._children(node, me, kinds, deadline):
                    longer = plan + actions
                    found.append((score, _finished(longer, after, me)))
                    expanded.append((score, longer, after, rest))
            expanded.sort(key=lambda item: -item[0])
            frontier = [(after, plan, rest) for _, plan, after, rest in expanded[: self.beam]]
        if not found:
            return [(self.advantage(state, me), (state.legal_actions()[0],))]
        found.sort(key=lambda item: -item[0])
        # One plan per first action: only the first action is played before planning again,
        # so near-copies of one idea would crowd out the alternatives a search should weigh.
        distinct: list[tuple[float, Plan]] = []
        seen: set[Any] = set()
        for score, plan in found:
            if plan[0] not in seen:
                seen.add(plan[0])
                distinct.append((score, plan))
                if len(distinct) == limit:
                    break
        return distinct

    def plan(self, state: Any, me: int) -> Any:
        """The first action of the best turn found from ``state`` (a full state, me to move)."""
        return self.plans(state, me, 1)[0][1][0]


def _finished(plan: Plan, after: Any, me: int) -> Plan:
    """The plan with End appended when the turn would otherwise go on."""
    if after.phase == "place" and after.current_player == me and after.lays_this_turn:
        return plan + (END,)
    return plan


class GreedyKnights:
    """Medium: the best turn by a one-turn lookahead on :func:`ai.knights.eval.advantage`."""

    def __init__(self, beam: int = 3, evaluation: Evaluation = HAND) -> None:
        self.planner = TurnPlanner(beam, evaluation=evaluation)

    def choose(self, state: Any, rng: random.Random) -> Any:
        me, view = own_view(state)
        if view.phase == "keep":
            return keep_choice(view.legal_actions())
        # Plans only use tiles in hand, but applying a lay draws: redeal hidden piles first.
        full = view.determinize(me, rng)
        return self.planner.plan(full, me)

    def explain(self, state: Any, rng: random.Random) -> tuple[Any, Considered]:
        """The move, and the best plans of the turn with the evaluation's win chance after
        each (on the same redeal of the hidden tiles)."""
        me, view = own_view(state)
        if view.phase == "keep":
            action = keep_choice(view.legal_actions())
            return action, nothing_weighed(action, "medium")
        full = view.determinize(me, rng)
        found = self.planner.plans(full, me, 4)
        judged = []
        for _score, plan in found:
            after = full
            for step in plan:
                after = after.apply(step)
            judged.append((plan, self.planner.evaluation.win_estimates(after)[me]))
        chosen, chance = judged[0]
        return chosen[0], from_evaluation(chosen, judged[1:], chance, "medium")


class EasyKnights:
    """Easy: random lays, but a castle usually claims a building when one is in reach."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        me, view = own_view(state)
        legal = view.legal_actions()
        if view.phase == "deploy":
            if rng.random() < 0.7:
                return max(legal, key=lambda action: deploy_gain(view, action))
            return rng.choice(legal)
        if view.phase == "place" and view.lays_this_turn and rng.random() < 0.5:
            return END
        places = [action for action in legal if isinstance(action, Place)]
        return rng.choice(places or legal)
