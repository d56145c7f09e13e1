"""The expert's deals for the search: a rival who drew without opening is dealt a hand that
could not open before his last draw."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from pytest import MonkeyPatch

import ai.rummy.search as rummy_search
from ai.rummy.beliefs import believed_deal, could_open, sets_worth, stuck_rivals
from ai.rummy.levels import make_rummy_agent
from game.rummy import Draw, RummyState
from game.rummy import new_game as new_rummy
from game.rummy.cards import Card

DEALS = 300
DealMaker = Callable[[RummyState, int, random.Random], RummyState]


def after_draws(seed: int, draws: int) -> RummyState:
    """A three-player round in which everybody has drawn ``draws`` times without laying."""
    state = new_rummy(3, seed)
    for _ in range(3 * draws):
        state = state.apply(Draw())
    return state


def seat_to_move(state: RummyState) -> int:
    assert state.current_player is not None
    return state.current_player


def every_card(state: RummyState) -> Counter[Card]:
    cards: Counter[Card] = Counter(state.stock)
    for player in state.players:
        cards.update(player.hand)
    for meld in state.table:
        cards.update(meld)
    return cards


def opening_share(deal_of: DealMaker, view: RummyState, searcher: int, rival: int) -> float:
    rng = random.Random(5)
    opens = 0
    for _ in range(DEALS):
        hand = deal_of(view, searcher, rng).players[rival].hand
        opens += could_open(hand)  # the whole hand: which card came last is not known
    return opens / DEALS


def plain(view: RummyState, searcher: int, rng: random.Random) -> RummyState:
    return view.determinize(searcher, rng)


def test_a_rival_who_drew_without_opening_is_dealt_fewer_openings() -> None:
    state = after_draws(11, 3)
    searcher = seat_to_move(state)
    view = state.view(searcher)
    rival = stuck_rivals(view, searcher)[0]
    plain_share = opening_share(plain, view, searcher, rival)
    believed_share = opening_share(believed_deal, view, searcher, rival)
    assert plain_share > 0.3  # a 16-card hand often holds 30 points of sets
    assert believed_share < plain_share / 2


def test_a_long_stuck_hand_is_dealt_the_weakest_sets_tried() -> None:
    """After nine draws nearly every hand of that size holds an opening, so a redeal seldom
    passes the test: the deal is then the try nearest to one that could not open, not any try."""
    state = after_draws(11, 9)
    searcher = seat_to_move(state)
    view = state.view(searcher)
    rival = stuck_rivals(view, searcher)[0]

    def mean_worth(deal_of: DealMaker) -> float:
        rng = random.Random(5)
        hands = [deal_of(view, searcher, rng).players[rival].hand for _ in range(100)]
        return sum(sets_worth(hand) for hand in hands) / len(hands)

    assert mean_worth(believed_deal) < 0.75 * mean_worth(plain)


def test_a_believed_deal_is_consistent_with_the_view() -> None:
    state = after_draws(12, 2)
    searcher = seat_to_move(state)
    view = state.view(searcher)
    assert len(stuck_rivals(view, searcher)) == 2
    for seed in range(20):
        deal = believed_deal(view, searcher, random.Random(seed))
        assert deal.players[searcher] == state.players[searcher]
        assert deal.table == state.table
        assert [len(p.hand) for p in deal.players] == [len(p.hand) for p in state.players]
        assert [p.opened for p in deal.players] == [p.opened for p in state.players]
        assert len(deal.stock) == len(state.stock)
        assert every_card(deal) == every_card(state)


def test_without_a_stuck_rival_the_deal_is_the_plain_one() -> None:
    state = new_rummy(3, 13)
    searcher = seat_to_move(state)
    view = state.view(searcher)
    assert stuck_rivals(view, searcher) == []
    assert believed_deal(view, searcher, random.Random(3)) == view.determinize(
        searcher, random.Random(3)
    )


def test_the_expert_searches_belief_deals_and_hard_plain_ones(monkeypatch: MonkeyPatch) -> None:
    calls: list[int] = []

    def counted(view: RummyState, searcher: int, rng: random.Random) -> RummyState:
        calls.append(searcher)
        return believed_deal(view, searcher, rng)

    monkeypatch.setattr(rummy_search, "believed_deal", counted)
    state = after_draws(seed=14, draws=3)  # the seat to move has plays to weigh
    for level, expect_beliefs in (("hard", False), ("expert", True)):
        calls.clear()
        agent = make_rummy_agent(level, seed=1, seconds=None)
        assert isinstance(agent, rummy_search.RummySearchAgent)
        agent.config = replace(agent.config, max_iterations=40)
        agent.choose(state, random.Random(2))
        if expect_beliefs:
            assert len(calls) > 10  # the root's deal and one per iteration
            assert set(calls) == {seat_to_move(state)}
        else:
            assert calls == []
