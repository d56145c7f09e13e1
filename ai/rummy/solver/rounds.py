"""Depth-first branch and bound over the same sweep as :mod:`ai.rummy.solver.sweep`.

The breadth-first sweep keeps every state of a layer, which explodes on big tables with jokers
(tens of thousands of ways to have placed the cards so far). Most real positions, though, have a
play that lays nearly everything, and there are many such arrangements: a depth-first walk that
tries the most promising step first usually finds one in a few hundred steps. The search runs in
rounds by the number of hand cards left out (0, 1, 2, ...): a round only admits arrangements
losing at most that many cards, so it is tightly bounded, and the first round that finds one
holds the optimum.
Inside a round, every arrangement found raises the bar (branch and bound on the laid value).

Dead ends are remembered: a state that could not reach the bar with score ``s`` can't reach it
with any lower score either, so the smallest "need" (bar minus score) that failed is kept per
(step, state). The step logic itself is the breadth-first sweep's, applied to one state at a time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ai.rummy.solver.plan import ACE_HIGH, BIG, Mode, OverBudget, Plan, card_weight, check_time
from ai.rummy.solver.sweep import (
    Entry,
    State,
    closable,
    group_step,
    opening_reach,
    rebuild,
    rest_after,
    suit_step,
    sweep_start,
)
from game.rummy.cards import HAND_JOKER_VALUE
from game.rummy.turn_rules import OPENING_POINTS

# The most a single left-out hand card can cost: one card (BIG) plus the highest hand value.
MAX_CARD_LOSS = BIG + HAND_JOKER_VALUE
Step = tuple[str, int, int]

JOKER_WEIGHT = card_weight(0)
ACE_WEIGHT = card_weight(1)


def _traits(item: tuple[State, Entry]) -> tuple[int, int, int, int]:
    """What the step orders look at: the potential (score plus what the jokers and kept aces
    can still add: a joker laid now is no gain over one laid later), aces kept for the end,
    open runs (promises to keep) and jokers kept for later."""
    state, (score, _, _) = item
    kept_aces = state[4][0][1] + state[4][1][1] + state[4][2][1] + state[4][3][1]
    potential = score + state[5] * JOKER_WEIGHT + kept_aces * ACE_WEIGHT
    open_runs = len(state[0]) + len(state[1]) + len(state[2]) + len(state[3])
    return potential, kept_aces, open_runs, state[5]


def _keep_jokers(item: tuple[State, Entry]) -> tuple[int, int, int, int]:
    potential, aces, runs, jokers = _traits(item)
    return (-potential, aces, runs, -jokers)


def _shuffled(seed: int) -> Callable[[tuple[State, Entry]], tuple[float, ...]]:
    """The same order, but equal choices in a random order of their own (seeded: the solver
    stays deterministic)."""
    chance = random.Random(seed)

    def order(item: tuple[State, Entry]) -> tuple[float, ...]:
        return (*_keep_jokers(item), chance.random())

    return order


# Dead ends are found late (a wrong choice low down shows only near the king), so one walk can
# thrash where another with the same preferences goes straight through: each try gets a few
# steps, then the next starts over with equal choices reshuffled (what was proved dead stays
# known). The last try has the rest.
TRIES = 4
STEPS_PER_TRY = 300


class _TryOver(Exception):
    """This try's steps are used up: start over with the next order."""


class _Search:
    def __init__(
        self,
        table: list[list[int]],
        hand: list[list[int]],
        table_jokers: int,
        hand_jokers: int,
        mode: Mode,
        node_limit: int | None,
    ) -> None:
        self.table = table
        self.hand = hand
        self.open_sets = mode == "opening"
        self.node_limit = node_limit
        self.nodes = 0
        avail_pos, self.init = sweep_start(table, hand, table_jokers, hand_jokers, self.open_sets)
        self.avail_pos = avail_pos
        self.rest = rest_after(avail_pos)
        self.steps: list[Step] = []
        for p in range(1, ACE_HIGH + 1):
            for k in range(4):
                self.steps.append(("suit", p, k))
            if p <= 13:
                self.steps.append(("groups", p, -1))
        self.ceiling = sum(
            card_weight(r) * avail_pos[r][s] for r in range(1, 14) for s in range(4)
        ) + card_weight(0) * (table_jokers + hand_jokers)
        # Fewest need (bar - score) at which (step, state) was seen to fail.
        self.failed: dict[tuple[int, State], int] = {}
        self.floor = 0
        self.best_score = -1
        self.best_records: list[tuple] | None = None
        self.path: list[tuple] = []
        self.order: Callable[[tuple[State, Entry]], tuple[float, ...]] = _keep_jokers
        self.try_limit: int | None = None

    def successors(self, index: int, state: State, score: int) -> dict[State, Entry]:
        kind, p, k = self.steps[index]
        layer = {state: (score, None, None)}
        if kind == "suit":
            return suit_step(
                layer, p, k, self.table, self.hand, self.avail_pos, self.open_sets, False,
                self.rest[p][k], self.floor,
            )  # fmt: skip
        out = group_step(layer, p, self.open_sets, False, self.rest[p][3], self.floor)
        if self.open_sets:
            reach = opening_reach(self.hand, p)
            out = {
                s: e
                for s, e in out.items()
                if s[7] >= OPENING_POINTS or s[7] + reach + 11 * (s[5] - s[6]) >= OPENING_POINTS
            }
        return out

    def walk(self, index: int, state: State, score: int) -> None:
        if index == len(self.steps):
            if (
                score > self.floor
                and not state[6]
                and state[7] >= OPENING_POINTS
                and all(closable(code) for k in range(4) for code in state[k])
            ):
                self.floor = self.best_score = score
                self.best_records = list(self.path)
            return
        key = (index, state)
        known = self.failed.get(key)
        if known is not None and self.floor - score >= known:
            return
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OverBudget(self.nodes)
        if self.nodes & 63 == 0:
            check_time()
        if self.try_limit is not None and self.nodes > self.try_limit:
            raise _TryOver
        options = self.successors(index, state, score)
        for new_state, (new_score, _, record) in sorted(options.items(), key=self.order):
            self.path.append(record)
            self.walk(index + 1, new_state, new_score)
            self.path.pop()
        # Every completion from here is now at most the bar (or it would have raised it).
        need = self.floor - score
        if known is None or need < known:
            self.failed[key] = need

    def solve(self, max_loss: int) -> Plan | None:
        """The best arrangement losing at most ``max_loss`` (score below the ceiling)."""
        self.floor = self.ceiling - max_loss - 1
        self.best_records = None
        for attempt in range(TRIES):
            self.order = _keep_jokers if attempt == 0 else _shuffled(attempt)
            last = attempt == TRIES - 1
            self.try_limit = None if last else self.nodes + STEPS_PER_TRY
            try:
                self.walk(0, self.init, 0)
                break
            except _TryOver:
                self.path.clear()
        return self.best_plan()

    def best_plan(self) -> Plan | None:
        if self.best_records is None:
            return None
        return Plan(self.best_score, tuple(rebuild(self.steps, self.best_records)))


@dataclass(frozen=True, slots=True)
class RoundsResult:
    """``plan``: the best arrangement found (None: none found). ``exact``: the rounds finished,
    so it is the optimum (None then means no arrangement leaves few enough cards out)."""

    plan: Plan | None
    exact: bool


def solve_by_rounds(
    table: list[list[int]],
    hand: list[list[int]],
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    max_left_out: int,
    node_limit: int | None = None,
    first_left_out: int = 0,
) -> RoundsResult:
    """The optimal plan among those leaving at most ``max_left_out`` usable hand cards (and hand
    jokers) out, when none leaves fewer than ``first_left_out`` out (the rounds before it are
    skipped). Past ``node_limit`` steps it gives up: the result is then not exact, and holds
    the best arrangement its last round had found by then (if any)."""
    search = _Search(table, hand, table_jokers, hand_jokers, mode, node_limit)
    for left_out in range(first_left_out, max_left_out + 1):
        try:
            plan = search.solve(left_out * MAX_CARD_LOSS)
        except OverBudget:
            return RoundsResult(search.best_plan(), exact=False)
        if plan is not None:
            return RoundsResult(plan, exact=True)
    return RoundsResult(None, exact=True)
