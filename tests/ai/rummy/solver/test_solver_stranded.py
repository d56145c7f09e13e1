"""The quick refusal before arranging cards: a card that fits in no set of the cards at hand
means they can't all be laid, and the refusal never turns down cards that can."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.rummy.solver import _counts
from ai.rummy.solver.cover import lay_everything
from ai.rummy.solver.stranded import has_stranded_card
from game.rummy.cards import Card, make_deck, parse_cards


def _stranded(cards: str) -> bool:
    counts = _counts(parse_cards(cards), [])
    return has_stranded_card(counts.table, counts.table_jokers)


def test_a_lone_card_is_stranded_and_a_set_is_not() -> None:
    assert _stranded("5H")
    assert _stranded("5H 5S")  # a group of two needs a joker
    assert not _stranded("5H 5S *")
    assert not _stranded("5H 6H 7H")
    assert _stranded("5H 6H 7H 9C")


def test_the_ace_counts_below_the_two_and_above_the_king() -> None:
    assert not _stranded("AH 2H 3H")
    assert not _stranded("QH KH AH")
    assert not _stranded("KH AH *")  # Q-K-A with the joker as the queen
    assert _stranded("KH AH 2H")  # no run turns the corner


def test_a_joker_fills_one_gap_in_three_places_only() -> None:
    assert not _stranded("5H 7H *")
    assert _stranded("5H 8H *")
    assert _stranded("5H 8H * *")  # two jokers never stand side by side in a run


_DECK = make_deck(6)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, len(_DECK) - 1), min_size=1, max_size=12, unique=True))
def test_cards_it_refuses_can_never_all_be_laid(picks: list[int]) -> None:
    """Whenever some card is called stranded, the exact search finds no arrangement of them all
    (the refusal is only a shortcut, never a different answer)."""
    cards: list[Card] = [_DECK[i] for i in picks]
    counts = _counts(cards, [])
    if has_stranded_card(counts.table, counts.table_jokers):
        empty = [[0] * 4 for _ in range(14)]
        assert lay_everything(counts.table, empty, counts.table_jokers, None) is None


def _stranded_by_windows(counts: list[list[int]], jokers: int) -> bool:
    """The same test written out window by window (the reference for the bit arithmetic)."""
    for rank in range(1, 14):
        suits_here = sum(1 for suit in range(4) if counts[rank][suit])
        if suits_here >= 3 or (suits_here == 2 and jokers):
            continue
        for suit in range(4):
            if not counts[rank][suit]:
                continue
            fits = False
            for position in (1, 14) if rank == 1 else (rank,):
                for first in range(max(1, position - 2), min(position, 12) + 1):
                    missing = sum(
                        1 for place in range(first, first + 3)
                        if not counts[1 if place == 14 else place][suit]
                    )  # fmt: skip
                    fits = fits or missing == 0 or (missing == 1 and jokers > 0)
            if not fits:
                return True
    return False


@settings(max_examples=500, deadline=None)
@given(st.lists(st.integers(0, len(_DECK) - 1), min_size=1, max_size=30, unique=True))
def test_the_bitwise_test_agrees_with_the_window_by_window_one(picks: list[int]) -> None:
    counts = _counts([_DECK[i] for i in picks], [])
    expected = _stranded_by_windows(counts.table, counts.table_jokers)
    assert has_stranded_card(counts.table, counts.table_jokers) == expected
