"""The compiled set-by-set search on middle-game positions (tables of 30-45 cards, hands of
10-14, few jokers: the slow tail of the bench). Its remembered dead ends carry what a play
through them costs at least from one round (how many cards stay in the hand) to the next:
whatever it proves and plays must agree with the HiGHS integer program."""

from __future__ import annotations

import numpy as np
import pytest

from ai.rummy.solver import _counts, _flatten
from tests.ai.rummy.solver.reference_ilp import random_position, solve_reference
from tests.ai.rummy.solver.test_solver_cover import _check_cover, _usable_count


@pytest.mark.parametrize("chunk", range(2))
def test_middle_game_lay_most_agrees_with_the_integer_program(chunk: int) -> None:
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_most_jit

    rng = np.random.default_rng(2026 + chunk)
    settled = 0
    kept_back: set[int] = set()
    for _ in range(8):
        table, hand = random_position(
            rng, int(rng.integers(30, 45)), int(rng.integers(10, 15)), jokers=2
        )
        counts = _counts(_flatten(table), hand)
        table_counts, usable, _, usable_count = _usable_count(table, hand)
        result = lay_most_jit(
            table_counts, usable, counts.table_jokers, counts.hand_jokers, 400_000
        )
        reference = solve_reference(_flatten(table), hand, opened=True)
        context = f"table={[' '.join(map(str, s)) for s in table]} hand={hand}"
        # What the search proves holds even when it ran out of steps.
        assert usable_count - reference.laid >= result.fewest_left_out, context
        if not result.exact:
            continue
        settled += 1
        assert result.plan is not None, context
        assert result.plan.score == reference.score, context
        assert result.fewest_left_out == usable_count - reference.laid, context
        _check_cover(table, list(result.plan.sets), reference.laid)
        kept_back.add(result.fewest_left_out)
    assert settled >= 6
    assert len(kept_back) >= 2  # several rounds were needed now and then
