"""Hand-made positions for the rummy solver: what a player would expect it to find."""

from __future__ import annotations

import threading
import time
from collections import Counter

import numpy as np
import pytest

from ai.rummy.solver import OutOfTime, best_opening, best_play, max_laid, time_limit
from ai.rummy.solver.keep import keep_old_sets
from ai.rummy.solver.plan import Plan, PlannedSet
from game.rummy.cards import SUITS, Card, parse_cards
from game.rummy.melds import check_meld
from tests.ai.rummy.solver.positions import crowded_position
from tests.timing import measured

# Every case on both solver paths (compiled and pure Python): same plays.
pytestmark = pytest.mark.usefixtures("solver_path")


def sets(*texts: str) -> list[list[Card]]:
    return [parse_cards(text) for text in texts]


def as_text(table: list[list[Card]] | None) -> list[str] | None:
    return None if table is None else [" ".join(map(str, cards)) for cards in table]


def laid(table: list[list[Card]], result: list[list[Card]]) -> Counter[Card]:
    old = Counter(card for cards in table for card in cards)
    new = Counter(card for cards in result for card in cards)
    assert not old - new, "the old table cards must all stay"
    assert all(check_meld(cards).valid for cards in result), as_text(result)
    return new - old


def test_simple_lay_off_extends_a_run() -> None:
    table = sets("5H 6H 7H")
    result = best_play(table, parse_cards("8H 2C"), opened=True)
    assert as_text(result) == ["5H 6H 7H 8H"]


def test_rebuilds_one_run_into_three_sets() -> None:
    table = sets("3H 4H 5H 6H 7H 8H 9H")
    result = best_play(table, parse_cards("6C 6S"), opened=True)
    assert result is not None
    assert laid(table, result) == Counter(parse_cards("6C 6S"))
    assert len(result) == 3


def test_frees_a_joker_and_reuses_it() -> None:
    table = sets("7S * 7C")
    hand = parse_cards("7D 4H 5H")
    result = best_play(table, hand, opened=True)
    assert result is not None
    assert laid(table, result) == Counter(hand)
    assert max_laid(table, hand, opened=True) == 3


def test_opening_of_exactly_30_is_laid() -> None:
    result = best_play([], parse_cards("10H JH QH 2C"), opened=False)
    assert as_text(result) == ["10H JH QH"]


def test_opening_of_29_is_not_enough() -> None:
    assert best_play([], parse_cards("9H 10H JH 2C"), opened=False) is None
    assert max_laid([], parse_cards("9H 10H JH 2C"), opened=False) == 0


def test_opening_uses_the_joker_where_it_is_worth_most() -> None:
    # 2H 3H * is worth 9 (the joker is 4H), * 2H 3H only 6: only the first reaches 30 with 7s.
    hand = parse_cards("2H 3H * 7S 7D 7C")
    result = best_play([], hand, opened=False)
    assert result is not None
    assert laid([], result) == Counter(hand)
    assert sum(check_meld(cards).value for cards in result) >= 30


def test_opening_then_lays_into_the_table_in_the_same_turn() -> None:
    table = sets("7S 7D 7C")
    hand = parse_cards("QH KH AH 7H")
    result = best_play(table, hand, opened=False)
    assert result is not None
    assert laid(table, result) == Counter(hand)
    assert ["QH", "KH", "AH"] in [[str(c) for c in cards] for cards in result]


def test_not_opened_may_not_use_the_table_to_open() -> None:
    # 8H 9H with the table's 10H JH would be worth more, but an opening is hand cards only.
    table = sets("10H JH QH")
    assert best_play(table, parse_cards("8H 9H 2C"), opened=False) is None


def test_nothing_layable_gives_none() -> None:
    assert best_play(sets("5H 6H 7H"), parse_cards("2C 9D"), opened=True) is None
    assert best_play([], parse_cards("4D 5C 6H 6D 5S 10S 8C"), opened=True) is None


def test_ace_high_and_ace_low_runs() -> None:
    assert as_text(best_play([], parse_cards("QH KH AH"), opened=False)) == ["QH KH AH"]
    assert best_play([], parse_cards("AH 2H 3H"), opened=False) is None  # worth 6
    assert as_text(best_play([], parse_cards("AH 2H 3H"), opened=True)) == ["AH 2H 3H"]


def test_king_ace_two_never_wraps() -> None:
    assert best_play([], parse_cards("KH AH 2H"), opened=True) is None


def test_full_thirteen_card_run_and_both_aces() -> None:
    hand = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    result = best_play([], hand, opened=True)
    assert result is not None
    assert sum(len(cards) for cards in result) == 14  # both aces: one low, one high


def test_joker_spacing_rule_is_respected() -> None:
    # 5H * 7H * would break the spacing rule; the second joker must go elsewhere or stay.
    hand = parse_cards("5H 7H * *")
    assert best_play([], hand, opened=True) is not None
    assert max_laid([], hand, opened=True) == 3


def test_keep_holds_cards_back() -> None:
    table = sets("5H 6H 7H")
    hand = parse_cards("8H 4H")
    result = best_play(table, hand, opened=True, keep=parse_cards("8H"))
    assert as_text(result) == ["4H 5H 6H 7H"]


def test_unchanged_sets_stay_as_they_were_and_in_order() -> None:
    table = sets("2C 3C 4C", "7H 6H 5H", "9S 9D 9C")
    result = best_play(table, parse_cards("8H"), opened=True)
    assert result is not None
    assert as_text(result)[:2] == ["2C 3C 4C", "9S 9D 9C"]
    assert laid(table, result) == Counter(parse_cards("8H"))
    assert len(result) == 3


def test_untouched_table_when_the_hand_makes_its_own_set() -> None:
    table = sets("7H 6H 5H", "* QS KS")
    result = best_play(table, parse_cards("2C 2D 2S"), opened=True)
    assert result is not None
    assert as_text(result)[:2] == ["7H 6H 5H", "* QS KS"]


def test_ties_prefer_the_higher_value() -> None:
    # The joker completes either 2C 2D or KC KD: the kings shed more penalty points.
    result = best_play([], parse_cards("* 2C 2D KC KD"), opened=True)
    assert result is not None
    assert Counter(card for cards in result for card in cards) == Counter(parse_cards("* KC KD"))


def test_best_opening_maximises_value() -> None:
    result = best_opening(parse_cards("QH KH AH * 5C 5D 5S 2C 3C"))
    assert result is not None
    assert sum(check_meld(cards).value for cards in result) == 55  # J-Q-K-A 40 + 5s 15
    assert best_opening(parse_cards("9H 10H JH 2C")) is None


def test_a_tiny_budget_still_gives_a_legal_play() -> None:
    table = sets("3H 4H 5H 6H 7H 8H 9H", "7S * 7C")
    hand = parse_cards("6C 6S 7D QH KH")
    result = best_play(table, hand, opened=True, budget=1)
    assert result is not None
    assert laid(table, result)
    assert max_laid(table, hand, opened=True, budget=1) >= 1


def _time_to_give_up(table: list[list[Card]], hand: list[Card], opened: bool) -> float:
    """Seconds from the start of a solve limited to 2 ms until it raises OutOfTime (timed by
    :func:`tests.timing.measured`, so a collection of the worker's heap is not the solver's)."""
    with measured() as spent, pytest.raises(OutOfTime), time_limit(time.perf_counter() + 0.002):
        best_play(table, hand, opened)
    return spent.wall


def test_a_time_limit_stops_a_slow_solve_at_once() -> None:
    """A computer player in a hurry must not be held up by a hard table: under ``time_limit``
    the solver gives up within milliseconds of the end (or at once when the stop is set)."""
    rng = np.random.default_rng(2026)
    for _ in range(228):
        table, hand, opened = crowded_position(rng)  # one no quick search settles
    assert min(_time_to_give_up(table, hand, opened) for _ in range(3)) < 0.08
    stop = threading.Event()
    stop.set()
    with pytest.raises(OutOfTime), time_limit(None, stop):
        best_play(table, hand, opened)
    # Outside the block there is no limit any more.
    assert best_play([parse_cards("5H 6H 7H")], parse_cards("8H"), opened=True) is not None


def test_a_big_table_keeps_its_sets_when_one_card_extends_a_run() -> None:
    """Late in a round: one card laid at the end of a run must not rearrange the whole table
    (the player would no longer recognise it): every other set stays exactly as it was."""
    from tests.ai.rummy.solver.test_solver_cover import _constructed

    rng = np.random.default_rng(44)
    checked = 0
    while checked < 12:
        table, _ = _constructed(rng, int(rng.integers(14, 20)), 0)
        on_table = Counter(card for cards in table for card in cards)
        for cards in table:
            normals = [card for card in cards if not card.is_joker]
            is_run = len({card.suit for card in normals}) == 1 and len(normals) > 1
            top = cards[-1]
            if not is_run or top.is_joker or not 2 <= top.rank <= 12:
                continue
            extra = Card(top.rank + 1, top.suit)
            if on_table[extra] or len(cards) >= 13:
                continue
            result = best_play(table, [extra], opened=True)
            assert result is not None
            kept = Counter(tuple(sorted(c.index for c in s)) for s in result)
            unchanged = 0
            for old in table:
                key = tuple(sorted(c.index for c in old))
                if kept[key]:
                    kept[key] -= 1
                    unchanged += 1
            assert unchanged == len(table) - 1, f"{as_text(table)} + {extra}"
            checked += 1
            break


def unchanged_count(table: list[list[Card]], result: list[list[Card]]) -> int:
    """How many old sets appear in the result exactly as they were (card for card)."""
    left = Counter(tuple(cards) for cards in result)
    unchanged = 0
    for cards in table:
        if left[tuple(cards)]:
            left[tuple(cards)] -= 1
            unchanged += 1
    return unchanged


def plan_of(texts: list[str]) -> Plan:
    """A plan whose sets are these (as a search might hand them to the keeping step)."""
    planned = []
    for text in texts:
        cards = parse_cards(text)
        ranks = {card.rank for card in cards if not card.is_joker}
        layout = tuple((0, -1) if c.is_joker else (c.rank, SUITS.index(c.suit)) for c in cards)
        planned.append(PlannedSet("group" if len(ranks) == 1 else "run", layout, False))
    return Plan(0, tuple(planned))


def test_an_opening_keeps_the_table_but_the_set_a_card_comes_from() -> None:
    """A player who has not opened lays A A * (33) and, with it, 9C 9S and a nine of hearts
    taken from the table. The best play's sets as found change two old sets; kept as they can
    be, only the set the nine leaves changes, the other three stay as they were, first and in
    their order (before, every arrangement that dissolved the opening was thrown away, and two
    stayed)."""
    table = sets("KD QD JD", "9H 10H JH QH", "6S 6D 6C 6H", "7H 8H 9H")
    found = ["KD QD JD", "9H 10H JH QH", "AD AH *", "6H 7H 8H", "6C 6D 6S", "9C 9H 9S"]
    result = keep_old_sets(table, False, plan_of(found), None, False)
    assert laid(table, result) == Counter(parse_cards("AH AD * 9S 9C"))
    assert unchanged_count(table, result) == 3
    assert as_text(result)[:1] == ["KD QD JD"]
    assert any(as_text([cards]) == ["AD AH *"] for cards in result)  # the opening, as laid


def test_a_crowded_table_changes_only_the_sets_near_the_laid_cards() -> None:
    """Most of a twenty-card hand laid into an eight-set table, the sets as the integer program
    found them (one old set reproduced): kept as they can be, at least four of the eight stay
    as they were."""
    table = sets(
        "6H 6S 6C 6D", "8C 9C 10C JC QC", "6C 7C 8C 9C 10C JC QC KC", "3D 3C 3H", "* 4S 4H 4D",
        "3D 4D 5D 6D 7D 8D 9D", "QH QD QS", "5H 6H 7H 8H 9H",
    )  # fmt: skip
    found = [
        "3D 3C 3H", "AC AD *", "4C 4D 4H 4S", "5C 5H 5S", "6C 6H 6S", "9C 9H 9S", "QC QD QH QS",
        "KC KD KH", "6C 7C 8C", "8C 9C 10C JC", "10C JC QC KC AC", "3D 4D 5D 6D 7D",
        "6D 7D 8D 9D 10D", "5H 6H 7H 8H", "7S * 9S", "QS KS *",
    ]  # fmt: skip
    result = keep_old_sets(table, True, plan_of(found), None, True)
    assert laid(table, result) == Counter(card for t in found for card in parse_cards(t)) - Counter(
        card for cards in table for card in cards
    )
    assert all(check_meld(cards).valid for cards in result)
    assert unchanged_count(table, result) >= 4
