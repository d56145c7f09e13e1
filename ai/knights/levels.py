"""Robber Knights agents by level."""

from __future__ import annotations

import math
import random
import threading
from dataclasses import replace
from typing import Any

from ai.agent import Agent, own_view
from ai.explain import from_search
from ai.ismcts import SearchConfig, SearchResult, search
from ai.knights.eval import HAND, Evaluation
from ai.knights.fitted import expert_evaluation
from ai.knights.greedy import EasyKnights, GreedyKnights, TurnPlanner
from ai.knights.search import KnightsSearch
from game.considered import Considered

# Before the endgame the values are close win chances from the evaluation, so exploration is
# small; the candidate order is already good, so widening starts narrow.
EXPLORATION = 0.25


MANY_PLAYER_EXTRA = 8  # more end play with three or four seats (see endgame_tiles)


def endgame_tiles(seconds: float | None, players: int = 2) -> int:
    """Tiles left in all hands and piles when the search starts rolling out to the end.

    The greedy's one-turn view misses most in the last turns (who lays the last castles, the
    tie-break on knights left), and there a rollout to the end is cheap enough to repeat. A
    bigger budget affords longer rollouts: 22 tiles at 0.2 s, 28 at 1 s, 36 at 3 s (of 44 in
    a two-player game). The quick rollout planner (see :mod:`ai.knights.search`) is what makes
    an end play from 28 tiles affordable in 1 s.

    With three or four seats the midgame's two-ply tree sees only the next rival's reply and
    seldom gathers the visits to leave the greedy choice, while end-play iterations hardly get
    fewer as the end play starts earlier: the end play starts 8 tiles sooner.
    """
    base = 28 if seconds is None else int(20 + 8 * math.log2(1.0 + seconds))
    return base + (MANY_PLAYER_EXTRA if players > 2 else 0)


ENDGAME_PLANS = 4  # root choices in the endgame: few, so each gets several rollouts


def margin_weight(players: int) -> float:
    """How much the point margin counts beside the win in the end play's results.

    With three or four seats the end play affords only a dozen or so play-outs per plan, and
    from its start most of them are won or lost whatever the plan, so win or loss alone hardly
    separates the plans; in two-player end plays it has not been needed.
    """
    return 0.0 if players <= 2 else 0.5


# From four seats on the expert weighs its plans on shared deals (ai.ismcts.paired_search):
# between four players the tree's values differ by less than the luck of the deal. The
# planner's first plan is left for one a standard error better on those deals.
PAIRED_FROM = 4
PAIRED_Z = 1.0


class KnightsSearchAgent:
    """Hard / expert: ISMCTS over whole turns (see :mod:`ai.knights.search`).

    Before the endgame the tree is our turn and the rivals' replies, judged by the
    evaluation; in the endgame every iteration plays the game out to the last tile. The
    evaluation also scores every plan, in the tree and in the play-outs: the expert's is
    fitted to two-player self-play (:mod:`ai.knights.fitted`), hard's is the hand-set one.
    """

    def __init__(
        self,
        seconds: float | None,
        stop: threading.Event | None = None,
        endgame_from: int | None = None,
        rollout_planner: TurnPlanner | None = None,
        evaluation: Evaluation = HAND,
        level: str = "hard",
        paired_from: int | None = None,
    ) -> None:
        self.seconds = seconds
        # From this many seats on, plans are weighed on shared deals, not in a tree.
        self.paired_from = paired_from
        self.level = level
        self.evaluation = evaluation
        self.stop = stop
        self.midgame = SearchConfig(
            budget=seconds,
            exploration=EXPLORATION,
            rollout_depth=4,
            widening_base=2.0,
            widening_alpha=0.5,
            max_depth=2,
            # The two-ply values are noisy guesses about the rivals' hands: leave the greedy
            # choice only on clear evidence.
            min_visits_to_deviate=30,
            deviate_value_margin=0.01,
        )
        self.endgame = SearchConfig(
            budget=seconds,
            exploration=0.5,
            rollout_depth=200,
            widening_base=float(ENDGAME_PLANS),
            max_depth=1,
            determinization_reuse=ENDGAME_PLANS,
        )
        self.endgame_from = endgame_from
        self.rollout_planner = rollout_planner

    def endgame_start(self, players: int) -> int:
        """Tiles left when this agent's end play starts, with ``players`` seats."""
        if self.endgame_from is not None:
            return self.endgame_from
        return endgame_tiles(self.seconds, players)

    def choose(self, state: Any, rng: random.Random) -> Any:
        return self._search(state, rng).action

    def explain(self, state: Any, rng: random.Random) -> tuple[Any, Considered]:
        """The move and the whole-turn plans the search weighed most, with their values."""
        result = self._search(state, rng)
        return result.action, from_search(result, self.level, _plan_actions)

    def _search(self, state: Any, rng: random.Random) -> SearchResult:
        _, view = own_view(state)
        left = sum(view.tiles_left(seat) for seat in range(view.num_players))
        endgame = view.phase != "keep" and left <= self.endgame_start(view.num_players)
        config = self.endgame if endgame else self.midgame
        plans = ENDGAME_PLANS if endgame else 6
        if self.paired_from is not None and view.num_players >= self.paired_from:
            config = replace(config, paired_z=PAIRED_Z, widening_base=float(plans))
        plugin = KnightsSearch(
            plans_per_turn=plans,
            to_the_end=endgame,
            rollout_planner=self.rollout_planner,
            margin_weight=margin_weight(view.num_players),
            evaluation=self.evaluation.for_players(view.num_players),
        )
        return search(view, plugin, config, rng, self.stop)


def _plan_actions(choice: Any) -> tuple[Any, ...]:
    return choice if isinstance(choice, tuple) else (choice,)


def make_knights_agent(
    level: str,
    seed: int,
    seconds: float | None,
    stop: threading.Event | None = None,
    evaluation: Evaluation | None = None,
) -> Agent:
    """The player of ``level``; ``evaluation`` replaces the level's own (the fit tool's duels)."""
    if level == "easy":
        return EasyKnights()
    if level == "medium":
        return GreedyKnights(evaluation=evaluation or HAND)
    if evaluation is None:
        evaluation = expert_evaluation() if level == "expert" else HAND
    paired_from = PAIRED_FROM if level == "expert" else None
    return KnightsSearchAgent(
        seconds, stop, evaluation=evaluation, level=level, paired_from=paired_from
    )
