"""The lay-everything search (Python and compiled): it finds a play laying every usable card
exactly when the HiGHS integer program says one exists, and what it finds is a valid table."""

from __future__ import annotations

import time
from collections import Counter

import numpy as np
import pytest

from ai.rummy.solver import _counts, _flatten
from ai.rummy.solver.cover import lay_everything, lay_most
from ai.rummy.solver.plan import OutOfTime, OverBudget, PlannedSet, time_limit
from ai.rummy.solver.plan import planned_cards as _to_cards
from ai.rummy.solver.sweep import drop_unusable
from game.rummy.cards import Card
from game.rummy.melds import check_meld
from tests.ai.rummy.solver.reference_ilp import random_position, random_set, solve_reference


def _usable_count(table: list[list[Card]], hand: list[Card]) -> tuple[list, list, int, int]:
    counts = _counts(_flatten(table), hand)
    jokers = counts.table_jokers + counts.hand_jokers
    usable = drop_unusable(counts.table, counts.hand, jokers)
    return counts.table, usable, jokers, sum(map(sum, usable)) + counts.hand_jokers


def _check_cover(table: list[list[Card]], sets: list[PlannedSet], laid_count: int) -> None:
    cards = [_to_cards(planned) for planned in sets]
    for meld in cards:
        verdict = check_meld(meld)
        assert verdict.valid, f"{' '.join(map(str, meld))}: {verdict.error}"
    old = Counter(_flatten(table))
    new = Counter(_flatten(cards))
    assert not old - new, "a table card went missing"
    assert sum((new - old).values()) == laid_count


def _solvers() -> list:
    solvers = [pytest.param(lay_everything, id="python")]
    try:
        from ai.rummy.solver.compiled.cover import lay_everything_jit
    except ImportError:  # numba missing: the Python search is all there is
        return solvers
    return [*solvers, pytest.param(lay_everything_jit, id="compiled")]


@pytest.mark.parametrize("solve", _solvers())
@pytest.mark.parametrize("chunk", range(3))
def test_lays_everything_exactly_when_the_integer_program_can(solve, chunk: int) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(77 + chunk)
    found = 0
    for _ in range(60):
        table_size = int(rng.integers(0, 25))
        hand_size = int(rng.integers(1, 10))
        table, hand = random_position(rng, table_size, hand_size, jokers=3)
        table_counts, usable, jokers, usable_count = _usable_count(table, hand)
        reference = solve_reference(_flatten(table), hand, opened=True)
        expected = reference.feasible and reference.laid == usable_count
        sets = solve(table_counts, usable, jokers)
        context = f"table={[' '.join(map(str, s)) for s in table]} hand={hand}"
        assert (sets is not None) == expected, context
        if sets is not None:
            _check_cover(table, sets, usable_count)
            found += 1
    assert found >= 5  # the sample holds plays that lay everything, not only impossible ones


def _constructed(rng: np.random.Generator, sets: int, hand_sets: int) -> tuple[list, list]:
    """A big table and a hand made of whole valid sets: laying everything is possible."""
    from game.rummy.cards import make_deck

    pool = make_deck(6)
    table: list[list[Card]] = []
    while len(table) < sets:
        drawn = random_set(rng, pool)
        if drawn is not None:
            table.append(drawn)
    hand: list[Card] = []
    while hand_sets:
        drawn = random_set(rng, pool)
        if drawn is not None:
            hand += drawn
            hand_sets -= 1
    return table, hand


def test_compiled_search_finds_plays_on_big_tables() -> None:
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_everything_jit

    rng = np.random.default_rng(5)
    for _ in range(40):
        table, hand = _constructed(rng, int(rng.integers(12, 22)), int(rng.integers(1, 3)))
        table_counts, usable, jokers, usable_count = _usable_count(table, hand)
        assert usable_count == len(hand)
        sets = lay_everything_jit(table_counts, usable, jokers, node_limit=200_000)
        assert sets is not None
        _check_cover(table, sets, usable_count)


def test_python_search_gives_up_at_its_step_limit() -> None:
    rng = np.random.default_rng(9)
    table, hand = _constructed(rng, 20, 2)
    table_counts, usable, jokers, _ = _usable_count(table, hand)
    with pytest.raises(OverBudget):
        lay_everything(table_counts, usable, jokers, node_limit=1)


def test_compiled_search_stops_at_a_deadline() -> None:
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_everything_jit

    rng = np.random.default_rng(9)
    table, hand = _constructed(rng, 20, 2)
    table_counts, usable, jokers, _ = _usable_count(table, hand)
    with pytest.raises(OutOfTime), time_limit(time.perf_counter() - 1.0):
        lay_everything_jit(table_counts, usable, jokers)


@pytest.mark.parametrize("solve", _solvers())
def test_lay_most_is_the_optimum_when_it_leaves_at_most_one_card(solve) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(31)
    settled = 0
    for _ in range(80):
        table, hand = random_position(rng, int(rng.integers(0, 25)), int(rng.integers(1, 8)), 3)
        counts = _counts(_flatten(table), hand)
        table_counts, usable, _, usable_count = _usable_count(table, hand)
        result = lay_most(
            table_counts, usable, counts.table_jokers, counts.hand_jokers, solve, None
        )
        reference = solve_reference(_flatten(table), hand, opened=True)
        context = f"table={[' '.join(map(str, s)) for s in table]} hand={hand}"
        assert usable_count - reference.laid >= result.fewest_left_out, context
        if result.plan is not None:
            settled += 1
            assert result.plan.score == reference.score, context
            _check_cover(table, list(result.plan.sets), usable_count - result.fewest_left_out)
        else:
            assert result.fewest_left_out == 2, context  # no step limit: every round finished
    assert settled >= 20


@pytest.mark.parametrize("chunk", range(2))
def test_compiled_lay_most_is_the_optimum(chunk: int) -> None:
    """Whatever stays in the hand: the compiled search's play scores the integer program's
    optimum (most cards laid, then most value) and is a valid table."""
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_most_jit

    rng = np.random.default_rng(300 + chunk)
    kept_back = Counter[int]()
    for _ in range(60):
        table, hand = random_position(rng, int(rng.integers(0, 30)), int(rng.integers(1, 15)), 3)
        counts = _counts(_flatten(table), hand)
        table_counts, usable, _, usable_count = _usable_count(table, hand)
        result = lay_most_jit(table_counts, usable, counts.table_jokers, counts.hand_jokers, None)
        reference = solve_reference(_flatten(table), hand, opened=True)
        context = f"table={[' '.join(map(str, s)) for s in table]} hand={hand}"
        assert result.exact and result.plan is not None, context
        assert result.plan.score == reference.score, context
        assert result.fewest_left_out == usable_count - reference.laid, context
        _check_cover(table, list(result.plan.sets), reference.laid)
        kept_back[result.fewest_left_out] += 1
    assert len(kept_back) >= 3  # plays keeping none, one and several cards back were all checked
