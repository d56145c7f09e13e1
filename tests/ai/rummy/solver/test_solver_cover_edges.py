"""Edge cases of the set-by-set search (:mod:`ai.rummy.solver.cover`, compiled twin in
:mod:`ai.rummy.solver.compiled.cover`):
positions biased to aces (A-2-3, Q-K-A, never K-A-2), runs of
up to 13 cards, four to six jokers (spacing rule, groups ``* a b *``, table jokers that must stay),
both copies of cards. Scores are checked against the HiGHS integer program, every set with
:func:`game.rummy.melds.check_meld`, and the cards laid against the hand."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from ai.rummy.solver import _counts, _flatten, best_play
from ai.rummy.solver.cover import lay_everything
from ai.rummy.solver.plan import BIG, OverBudget, PlannedSet, card_weight
from ai.rummy.solver.plan import planned_cards as _to_cards
from ai.rummy.solver.sweep import drop_unusable
from game.rummy.cards import JOKER, SUITS, Card, make_deck, parse_cards
from game.rummy.melds import check_meld
from tests.ai.rummy.solver.reference_ilp import solve_reference

# --- helpers ------------------------------------------------------------------------------------


def _text(table: list[list[Card]], hand: list[Card]) -> str:
    sets = " | ".join(" ".join(map(str, cards)) for cards in table)
    return f"table: {sets or '-'}  hand: {' '.join(map(str, hand)) or '-'}"


def _position(table_text: str, hand_text: str) -> tuple[list[list[Card]], list[Card]]:
    table = [parse_cards(part) for part in table_text.split("|") if part.strip()]
    return table, parse_cards(hand_text) if hand_text.strip() else []


def _usable(table: list[list[Card]], hand: list[Card]) -> tuple[list, list, int, int, int]:
    """(table counts, usable hand counts, table jokers, hand jokers, usable card count)."""
    counts = _counts(_flatten(table), hand)
    jokers = counts.table_jokers + counts.hand_jokers
    usable = drop_unusable(counts.table, counts.hand, jokers)
    count = sum(map(sum, usable)) + counts.hand_jokers
    return counts.table, usable, counts.table_jokers, counts.hand_jokers, count


def _check_sets(
    table: list[list[Card]], hand: list[Card], sets: list[list[Card]], context: str
) -> Counter[Card]:
    """Every set valid, every table card (jokers included) still there, only hand cards laid."""
    for cards in sets:
        verdict = check_meld(cards)
        assert verdict.valid, f"{' '.join(map(str, cards))}: {verdict.error}; {context}"
    old = Counter(_flatten(table))
    new = Counter(_flatten(sets))
    assert not old - new, f"a table card went missing; {context}"
    laid = new - old
    assert not laid - Counter(hand), f"laid a card that was not in the hand; {context}"
    return laid


def _planned(sets: list[PlannedSet] | tuple[PlannedSet, ...]) -> list[list[Card]]:
    return [_to_cards(planned) for planned in sets]


def _score(sets: list[list[Card]]) -> int:
    return sum(card_weight(card.rank) for cards in sets for card in cards)


# --- edge-biased random positions ---------------------------------------------------------------


def _take(pool: list[Card], cards: list[Card]) -> bool:
    """Remove ``cards`` from ``pool`` when all are there."""
    left = Counter(pool)
    if Counter(cards) - left:
        return False
    for card in cards:
        pool.remove(card)
    return True


def _edge_run(rng: np.random.Generator, jokers: int) -> list[Card]:
    """A valid run near the edges: ace low or high, or long (up to 13), jokers well spaced."""
    suit = SUITS[int(rng.integers(4))]
    shape = rng.random()
    if shape < 0.3:
        length = int(rng.integers(3, 6))
        low = 1 if rng.random() < 0.5 else 15 - length  # A-2-3... or ...Q-K-A
    elif shape < 0.55:
        length = int(rng.integers(10, 14))
        low = int(rng.integers(1, 16 - length))
    else:
        length = int(rng.integers(3, 8))
        low = int(rng.integers(1, 16 - length))
    cards = [Card(1 if p == 14 else p, suit) for p in range(low, low + length)]
    # Jokers at random places, two normal cards at least between two, two normal cards in all.
    places = list(rng.permutation(length))
    chosen: list[int] = []
    for place in places:
        if len(chosen) >= jokers or length - len(chosen) <= 2:
            break
        if all(abs(int(place) - other) >= 3 for other in chosen) and rng.random() < 0.6:
            chosen.append(int(place))
    for place in chosen:
        cards[place] = JOKER
    return cards


def _edge_group(rng: np.random.Generator, jokers: int) -> list[Card]:
    rank = 1 if rng.random() < 0.35 else int(rng.integers(1, 14))
    suits = [str(s) for s in rng.permutation(list(SUITS))]
    shape = rng.random()
    if jokers >= 2 and shape < 0.35:
        return [JOKER, Card(rank, suits[0]), Card(rank, suits[1]), JOKER]
    if jokers >= 1 and shape < 0.65:
        size = int(rng.integers(2, 4))
        return [Card(rank, s) for s in suits[:size]] + [JOKER]
    return [Card(rank, s) for s in suits[: int(rng.integers(3, 5))]]


def edge_position(
    rng: np.random.Generator, table_cards: int, hand_cards: int, jokers: int
) -> tuple[list[list[Card]], list[Card]]:
    """A table of edge-case sets (about ``table_cards`` cards) from two decks with ``jokers``
    jokers, and a hand biased to aces, jokers and cards near the table's sets."""
    pool = make_deck(jokers)
    table: list[list[Card]] = []
    tries = 0
    while sum(map(len, table)) < table_cards and tries < 200:
        tries += 1
        free = sum(card.is_joker for card in pool)
        want = min(free, int(rng.integers(0, 3)))
        cards = _edge_run(rng, want) if rng.random() < 0.6 else _edge_group(rng, want)
        if sum(map(len, table)) + len(cards) > table_cards + 3:
            continue
        if _take(pool, cards):
            table.append(cards)
    hand: list[Card] = []
    near = [card for cards in table for card in cards if not card.is_joker]
    while len(hand) < hand_cards and pool:
        roll = rng.random()
        if roll < 0.15:
            wish = JOKER
        elif roll < 0.3:
            wish = Card(1, SUITS[int(rng.integers(4))])
        elif roll < 0.7 and near:
            base = near[int(rng.integers(len(near)))]
            if rng.random() < 0.5:
                wish = base  # the second copy, or a group partner below
                if rng.random() < 0.5:
                    wish = Card(base.rank, SUITS[int(rng.integers(4))])
            else:
                step = int(rng.choice([-2, -1, 1, 2]))
                position = base.rank + step
                if position == 0:
                    position = 13 if rng.random() < 0.5 else 1  # K-A-2 bait
                rank = 1 if position in (0, 14) else min(max(position, 1), 13)
                wish = Card(rank, base.suit)
        else:
            wish = pool[int(rng.integers(len(pool)))]
        if wish in pool:
            pool.remove(wish)
            hand.append(wish)
    return table, hand


# --- the compiled search against the integer program -------------------------------------------


# HiGHS needs ~0.2 s a position with six jokers (the search itself well under 1 ms): the
# integer program is asked sparingly, the compiled search is the reference where it is proven.


@pytest.mark.parametrize("chunk", range(3))
def test_compiled_lay_most_matches_integer_program_on_edge_positions(chunk: int) -> None:
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_most_jit

    rng = np.random.default_rng(4100 + chunk)
    seen_left = Counter[int]()
    for _ in range(18):
        jokers = int(rng.integers(4, 7))
        table, hand = edge_position(rng, int(rng.integers(0, 24)), int(rng.integers(1, 11)), jokers)
        table_counts, usable, table_jokers, hand_jokers, usable_count = _usable(table, hand)
        context = _text(table, hand)
        result = lay_most_jit(table_counts, usable, table_jokers, hand_jokers, None)
        reference = solve_reference(_flatten(table), hand, opened=True)
        assert reference.feasible, context
        assert result.exact and result.plan is not None, context
        assert result.plan.score == reference.score, context
        assert result.fewest_left_out == usable_count - reference.laid, context
        sets = _planned(result.plan.sets)
        laid = _check_sets(table, hand, sets, context)
        assert sum(laid.values()) == reference.laid, context
        assert _score(sets) == reference.score, context
        seen_left[min(result.fewest_left_out, 2)] += 1
    assert len(seen_left) >= 2, seen_left  # lay-everything and keeping cards back both seen


@pytest.mark.parametrize("chunk", range(2))
def test_best_play_opened_matches_integer_program_on_edge_positions(chunk: int) -> None:
    rng = np.random.default_rng(5200 + chunk)
    for _ in range(10):
        jokers = int(rng.integers(4, 7))
        table, hand = edge_position(rng, int(rng.integers(3, 24)), int(rng.integers(1, 9)), jokers)
        context = _text(table, hand)
        reference = solve_reference(_flatten(table), hand, opened=True)
        result = best_play(table, hand, opened=True)
        if reference.laid == 0:
            assert result is None, context
            continue
        assert result is not None, context
        laid = _check_sets(table, hand, result, context)
        assert sum(laid.values()) == reference.laid, context
        assert _score(result) == reference.score, context


@pytest.mark.parametrize("limit", [1, 7, 60, 300, 2_000])
def test_compiled_search_cut_short_stays_sound(limit: int) -> None:
    """Slices, restarts and the step limit: a plan found before the limit is valid; when the
    search says exact, it is the optimum; what it proves about cards kept is never too much."""
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_most_jit

    rng = np.random.default_rng(6300 + limit)
    for _ in range(40):
        table, hand = edge_position(rng, int(rng.integers(10, 40)), int(rng.integers(4, 14)), 6)
        table_counts, usable, table_jokers, hand_jokers, _ = _usable(table, hand)
        context = _text(table, hand)
        result = lay_most_jit(table_counts, usable, table_jokers, hand_jokers, limit)
        # Without a step limit the search is exact (checked against HiGHS above).
        full = lay_most_jit(table_counts, usable, table_jokers, hand_jokers, None)
        assert full.exact and full.plan is not None, context
        assert result.fewest_left_out <= full.fewest_left_out, context
        if result.plan is not None:
            sets = _planned(result.plan.sets)
            _check_sets(table, hand, sets, context)
            assert _score(sets) == result.plan.score, context
            assert result.plan.score <= full.plan.score, context
            if result.exact:
                assert result.plan.score == full.plan.score, context
                assert result.fewest_left_out == full.fewest_left_out, context


def test_compiled_lay_most_from_a_known_lower_bound_gives_the_same_play() -> None:
    """``first_left_out`` (skip rounds already proven impossible) changes nothing."""
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_most_jit

    rng = np.random.default_rng(77)
    for _ in range(15):
        table, hand = edge_position(rng, int(rng.integers(5, 22)), int(rng.integers(3, 10)), 5)
        table_counts, usable, table_jokers, hand_jokers, _ = _usable(table, hand)
        context = _text(table, hand)
        first = lay_most_jit(table_counts, usable, table_jokers, hand_jokers, None)
        again = lay_most_jit(
            table_counts, usable, table_jokers, hand_jokers, None, first.fewest_left_out
        )
        assert first.exact and again.exact, context
        assert first.plan is not None and again.plan is not None, context
        assert again.plan.score == first.plan.score, context
        assert again.fewest_left_out == first.fewest_left_out, context


# --- Python reference and compiled search agree on laying everything ---------------------------


def test_python_and_compiled_lay_everything_agree() -> None:
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_everything_jit

    rng = np.random.default_rng(8800)
    both = Counter[bool]()
    for _ in range(70):
        jokers = int(rng.integers(3, 7))
        table, hand = edge_position(rng, int(rng.integers(0, 22)), int(rng.integers(1, 8)), jokers)
        table_counts, usable, table_jokers, hand_jokers, usable_count = _usable(table, hand)
        context = _text(table, hand)
        try:
            python = lay_everything(table_counts, usable, table_jokers + hand_jokers, 20_000)
        except OverBudget:
            continue
        compiled = lay_everything_jit(table_counts, usable, table_jokers + hand_jokers)
        assert (python is None) == (compiled is None), context
        for found in (python, compiled):
            if found is not None:
                laid = _check_sets(table, hand, _planned(found), context)
                assert sum(laid.values()) == usable_count, context
        both[compiled is not None] += 1
    assert both[True] >= 5 and both[False] >= 5, both


# --- hand-made positions ------------------------------------------------------------------------

# (table, hand, cards the best play lays): each aimed at one rule of the set search.
CASES = [
    # Aces: low or high, never wrapping.
    ("QH KH AH", "2H 3H", 0),  # K-A-2 does not wrap: 2H 3H go nowhere
    ("AH 2H 3H", "KH QH", 0),  # nor the other way
    ("JH QH KH AH | AH 2H 3H 4H", "AS AC", 2),  # both run aces leave for a group of aces
    ("2S 3S 4S | QS KS *", "AS", 1),  # the ace joins one end or replaces the joker
    ("QD KD AD | AD 2D 3D", "AC AS", 0),  # taking an AD breaks its run
    ("JD QD KD AD | AD 2D 3D 4D", "AC AS", 2),  # both copies of AD leave: a group of aces
    # Run length: 13 cards at most.
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "*", 1),  # no 14th card: split, then it fits
    ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "* AH", 2),  # AH..5H * | 6H..KH: not in one run
    ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "AH AH", 2),  # an ace at each end of a split
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", "KH 5C", 1),  # 13 cards: KH fits, 5C nowhere
    ("* 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "AC", 1),  # ace high, the joker stays (as 2C)
    # Joker spacing: at least two normal cards between two jokers of a set.
    ("5S 6S 7S", "* *", 2),  # * 5S 6S 7S *
    ("5S 6S", "* *", 2),  # * 5S 6S * (a table without jokers is not valid: only hand here)
    ("4S * 6S", "*", 0),  # * 4S * 6S: too close, and no other place
    ("4S * 6S 7S", "*", 1),  # 4S * 6S 7S *
    ("4S * 6S 7S 8S", "* 9S", 2),
    # Groups with jokers.
    ("* 7H 7S", "*", 1),  # * 7H 7S *
    ("7H 7S 7C", "* *", 1),  # 7H 7S 7C * (five cards would be too many)
    ("7H 7S 7C 7D", "*", 0),
    # Table jokers must stay on the table; hand jokers only when they fit.
    ("* 5D 6D | * 5C 6C", "5H", 1),
    ("* 8C 8D | 2S 3S *", "8H 8S", 2),
    ("* 9H 9S *", "9C 9D", 2),  # four nines and two jokers: two groups
]


def _case_position(case: tuple[str, str, int]) -> tuple[list[list[Card]], list[Card], int]:
    table_text, hand_text, expected = case
    table, hand = _position(table_text, hand_text)
    return table, hand, expected


@pytest.mark.parametrize("case", CASES, ids=[f"{t} + {h}" for t, h, _ in CASES])
def test_hand_made_edge_positions(case: tuple[str, str, int]) -> None:
    table, hand, expected = _case_position(case)
    context = _text(table, hand)
    reference = solve_reference(_flatten(table), hand, opened=True)
    assert reference.laid == expected, f"the case itself is wrong; {context}"
    result = best_play(table, hand, opened=True)
    if expected == 0:
        assert result is None, context
    else:
        assert result is not None, context
        laid = _check_sets(table, hand, result, context)
        assert sum(laid.values()) == expected, context
        assert _score(result) == reference.score, context
    table_counts, usable, table_jokers, hand_jokers, usable_count = _usable(table, hand)
    python = lay_everything(table_counts, usable, table_jokers + hand_jokers)
    everything = expected == usable_count  # cards that fit nowhere are not counted
    assert (python is not None) == everything, context
    try:
        from ai.rummy.solver.compiled.cover import lay_everything_jit, lay_most_jit
    except ImportError:
        return
    compiled = lay_everything_jit(table_counts, usable, table_jokers + hand_jokers)
    assert (compiled is not None) == everything, context
    most = lay_most_jit(table_counts, usable, table_jokers, hand_jokers, None)
    assert most.exact and most.plan is not None, context
    assert most.plan.score == reference.score, context
    _check_sets(table, hand, _planned(most.plan.sets), context)


def test_table_jokers_are_never_left_over() -> None:
    """Jokers only the table holds must all be placed: a table that cannot hold them has no
    arrangement at all (not one that drops a joker)."""
    pytest.importorskip("numba")
    from ai.rummy.solver.compiled.cover import lay_everything_jit, lay_most_jit

    empty = [[0] * 4 for _ in range(14)]
    table = [[0] * 4 for _ in range(14)]
    for rank in (5, 6):
        table[rank][0] = 1  # 5C 6C with three jokers: * 5C 6C * holds two at most
    assert lay_everything(table, empty, 3) is None
    assert lay_everything_jit(table, empty, 3) is None
    result = lay_most_jit(table, empty, 3, 0, None)
    assert result.plan is None
    # One of the three is the player's: it stays in the hand.
    result = lay_most_jit(table, empty, 2, 1, None)
    assert result.exact and result.plan is not None
    sets = _planned(result.plan.sets)
    assert Counter(_flatten(sets))[JOKER] == 2
    assert result.plan.score == 2 * card_weight(0) + card_weight(5) + card_weight(6)
    assert result.fewest_left_out == 1
    assert result.plan.score // BIG == 4


def test_restarts_and_slices_find_the_optimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions where the compiled search ran out of a try's steps (restart with reshuffled
    preferences, remembered dead ends kept) and was resumed between slices: still the optimum
    of the integer program."""
    pytest.importorskip("numba")
    import ai.rummy.solver.compiled.cover as cover_jit

    search = cover_jit._search
    statuses = Counter[int]()

    def counted(*args):  # type: ignore[no-untyped-def]
        status = search(*args)
        statuses[status] += 1
        return status

    monkeypatch.setattr(cover_jit, "_search", counted)
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(40):
        table, hand = edge_position(rng, int(rng.integers(10, 40)), int(rng.integers(4, 14)), 6)
        table_counts, usable, table_jokers, hand_jokers, usable_count = _usable(table, hand)
        statuses.clear()
        result = cover_jit.lay_most_jit(table_counts, usable, table_jokers, hand_jokers, None)
        if not statuses[cover_jit.TRY_OVER] or not statuses[cover_jit.SLICE_OVER]:
            continue
        context = _text(table, hand)
        reference = solve_reference(_flatten(table), hand, opened=True)
        assert result.exact and result.plan is not None, context
        assert result.plan.score == reference.score, context
        assert result.fewest_left_out == usable_count - reference.laid, context
        _check_sets(table, hand, _planned(result.plan.sets), context)
        checked += 1
        if checked == 6:
            break
    assert checked >= 3
