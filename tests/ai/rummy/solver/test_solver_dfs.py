"""The depth-first rounds (the solver's fast path) are exact on their own: with six jokers in
the deck and tables up to 25 cards, whenever they finish within their step limit the count and
value laid equal the optimum of the HiGHS integer program, and a position whose rounds all fail
has no legal play at all."""

from __future__ import annotations

import numpy as np
import pytest

from ai.rummy.solver import _counts
from ai.rummy.solver.rounds import solve_by_rounds
from ai.rummy.solver.sweep import drop_unusable
from tests.ai.rummy.solver.reference_ilp import random_position, solve_reference


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_rounds_match_integer_program(chunk: int) -> None:
    rng = np.random.default_rng(7000 + chunk)
    finished = 0
    for _ in range(25):
        table, hand = random_position(rng, int(rng.integers(0, 26)), int(rng.integers(1, 14)))
        opened = bool(rng.random() < 0.7)
        flat = [card for cards in table for card in cards]
        counts = _counts(flat, hand)
        usable = drop_unusable(counts.table, counts.hand, counts.table_jokers + counts.hand_jokers)
        mode = "opened" if opened else "opening"
        result = solve_by_rounds(
            counts.table,
            usable,
            counts.table_jokers,
            counts.hand_jokers,
            mode,
            max_left_out=sum(map(sum, usable)) + counts.hand_jokers,
            node_limit=20_000,
        )
        if not result.exact:
            continue
        finished += 1
        plan = result.plan
        reference = solve_reference(flat, hand, opened)
        context = f"table={[' '.join(map(str, s)) for s in table]} hand={hand} opened={opened}"
        if plan is None:
            assert not reference.feasible, context
        else:
            assert plan.score == reference.score, context
    assert finished >= 15  # the step limit must not hide most positions from the check
