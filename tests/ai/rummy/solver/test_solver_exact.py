"""The solver is exact: on 1,000 random positions (and 40 crowded ones, on both paths) its play
scores exactly the optimum of the HiGHS integer program (same count of laid cards, same laid
hand value), and every returned table is valid, holds exactly the old table plus laid hand
cards, and (not opened) contains hand-only sets worth >= 30."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from ai.rummy.solver import best_play, max_laid
from ai.rummy.solver.plan import BIG, card_weight
from game.rummy.cards import Card
from game.rummy.melds import check_meld
from game.rummy.turn_rules import OPENING_POINTS
from tests.ai.rummy.solver.positions import crowded_position
from tests.ai.rummy.solver.reference_ilp import fallback_optimum, random_position, solve_reference

CHUNKS = 10
POSITIONS_PER_CHUNK = 100


def _opening_value_covered(sets: list[list[Card]], laid: Counter[Card]) -> int:
    """The best total value of sets coverable by the laid cards (small brute force)."""
    best = 0
    candidates = [s for s in sets if not Counter(s) - laid]

    def walk(i: int, left: Counter[Card], value: int) -> None:
        nonlocal best
        best = max(best, value)
        for j in range(i, len(candidates)):
            need = Counter(candidates[j])
            if not need - left:
                walk(j + 1, left - need, value + check_meld(candidates[j]).value)

    walk(0, laid, 0)
    return best


def check_play(
    table: list[list[Card]], hand: list[Card], opened: bool, result: list[list[Card]] | None
) -> int:
    """Assert the play is legal and return its score (table cards included)."""
    if result is None:
        return -1
    for cards in result:
        verdict = check_meld(cards)
        assert verdict.valid, f"{' '.join(map(str, cards))}: {verdict.error}"
    old = Counter(card for cards in table for card in cards)
    new = Counter(card for cards in result for card in cards)
    laid = new - old
    assert not old - new, "a table card went missing"
    assert not laid - Counter(hand), "laid a card that was not in the hand"
    assert sum(laid.values()) >= 1
    if not opened:
        assert _opening_value_covered(result, laid) >= OPENING_POINTS
    return sum(card_weight(card.rank) for card in new.elements())


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_solver_matches_integer_program(chunk: int) -> None:
    rng = np.random.default_rng(1000 + chunk)
    for index in range(POSITIONS_PER_CHUNK):
        table_size = int(rng.integers(0, 11))
        hand_size = int(rng.integers(1, 26))
        opened = bool(rng.random() < 0.6)
        table, hand = random_position(rng, table_size, hand_size, jokers=1)
        flat = [card for cards in table for card in cards]
        reference = solve_reference(flat, hand, opened)
        result = best_play(table, hand, opened)
        score = check_play(table, hand, opened, result)
        table_weight = sum(card_weight(card.rank) for card in flat)
        expected = reference.score if reference.feasible and reference.laid > 0 else -1
        context = f"table={[' '.join(map(str, s)) for s in table]} hand={hand} opened={opened}"
        assert score == expected, context
        if index % 10 == 0:  # the count-only entry point agrees (sampled: it solves again)
            assert max_laid(table, hand, opened) == max(0, (score - table_weight) // BIG), context


@pytest.mark.slow
@pytest.mark.usefixtures("solver_path")
@pytest.mark.parametrize("chunk", range(2))
def test_crowded_positions_match_the_integer_program(chunk: int) -> None:
    """Crowded tables (up to 20 sets, long runs, groups, jokers, some runs descending), hands to
    20 cards, a third not opened: the optimum of the integer program (the solver's own model,
    checked against the reference above), and a legal table, on both solver paths."""
    rng = np.random.default_rng(4400 + chunk)
    for _ in range(20):
        table, hand, opened = crowded_position(rng)
        play = best_play(table, hand, opened)
        context = f"table={[' '.join(map(str, s)) for s in table]} hand={hand} opened={opened}"
        assert check_play(table, hand, opened, play) == fallback_optimum(table, hand, opened), (
            context
        )
