"""Property tests over random games played by a simple policy: after every action the cards are
conserved, every table set is valid, the JSON save round-trips exactly, ``apply`` leaves its
input untouched, and views/determinizations stay consistent."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rummy import (
    HIDDEN,
    JOKER,
    Action,
    Card,
    Play,
    RummyState,
    check_meld,
    check_play,
    make_deck,
    new_game,
)

Table = tuple[tuple[Card, ...], ...]


def hand_sets(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Disjoint valid sets from a hand: groups, runs, then pairs completed by a joker."""
    left = Counter(hand)
    found: list[tuple[Card, ...]] = []

    def take(cards: tuple[Card, ...]) -> None:
        left.subtract(cards)
        found.append(cards)

    for rank in range(1, 14):
        suits = [s for s in "CDHS" if left[Card(rank, s)] > 0]
        if len(suits) >= 3:
            take(tuple(Card(rank, s) for s in suits))
    for suit in "CDHS":
        run: list[Card] = []
        for rank in range(1, 15):
            card = Card(1 if rank == 14 else rank, suit)
            if left[card] > 0 and card not in run:
                run.append(card)
                continue
            if len(run) >= 3:
                take(tuple(run))
            run = [card] if left[card] > 0 and rank < 14 else []
    for rank in range(1, 14):
        suits = [s for s in "CDHS" if left[Card(rank, s)] > 0]
        if len(suits) >= 2 and left[JOKER] > 0:
            take((Card(rank, suits[0]), Card(rank, suits[1]), JOKER))
    return [cards for cards in found if check_meld(cards).valid]


def lay_offs(table: Table, hand: tuple[Card, ...]) -> Table:
    """An opened player adds single hand cards to either end of table sets where they fit."""
    sets = [list(cards) for cards in table]
    left = Counter(hand)
    for card in sorted(left.elements()):
        if left[card] <= 0:
            continue
        for cards in sets:
            for candidate in ([*cards, card], [card, *cards]):
                if check_meld(candidate).valid:
                    cards[:] = candidate
                    left[card] -= 1
                    break
            else:
                continue
            break
    return tuple(tuple(cards) for cards in sets)


def policy(state: RummyState, rng: random.Random) -> Action:
    """Lay hand sets (>= 30 to open), lay off cards once opened, else draw or pass."""
    seat = state.current_player
    if seat is None:
        return state.legal_actions()[0]
    player = state.players[seat]
    sets = hand_sets(player.hand)
    if rng.random() < 0.8:
        if player.opened:
            rest = Counter(player.hand) - Counter(c for s in sets for c in s)
            table = lay_offs(state.table + tuple(sets), tuple(sorted(rest.elements())))
            if table != state.table and not check_play(state, table):
                return Play(table)
        for size in range(len(sets), 0, -1):
            for chosen in combinations(sets, size):
                if not check_play(state, state.table + chosen):
                    return Play(state.table + chosen)
    return state.legal_actions()[0]


def assert_consistent(state: RummyState) -> None:
    everything = Counter(state.stock)
    for player in state.players:
        everything.update(player.hand)
    for cards in state.table:
        everything.update(cards)
        assert check_meld(cards).valid, cards
    assert everything == Counter(make_deck(state.jokers)), "cards must be conserved"
    data = state.to_dict()
    loaded = RummyState.from_dict(json.loads(json.dumps(data)))
    assert loaded == state and loaded.to_dict() == data


def assert_hidden_information(state: RummyState, rng: random.Random) -> None:
    seat = rng.randrange(state.num_players)
    view = state.view(seat)
    assert view.players[seat] == state.players[seat]
    assert all(c == HIDDEN for s, p in enumerate(view.players) if s != seat for c in p.hand)
    redealt = view.determinize(seat, rng)
    assert redealt.players[seat] == state.players[seat]
    assert [len(p.hand) for p in redealt.players] == [len(p.hand) for p in state.players]
    everything = Counter(redealt.stock)
    for player in redealt.players:
        everything.update(player.hand)
    for cards in redealt.table:
        everything.update(cards)
    assert everything == Counter(make_deck(state.jokers))


def manage_players(state: RummyState, rng: random.Random) -> RummyState:
    """Now and then someone joins or leaves mid-round, as the rules allow."""
    roll = rng.random()
    if roll < 0.01 and state.num_players < 6:
        return state.add_player(f"Guest{rng.randrange(100)}")
    if roll < 0.02 and state.num_players > 2 and state.current_player is not None:
        return state.remove_current()
    return state


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    jokers=st.sampled_from([0, 4, 6]),
    policy_seed=st.integers(0, 1000),
)
def test_random_games_keep_every_invariant(
    seed: int, players: int, jokers: int, policy_seed: int
) -> None:
    rng = random.Random(policy_seed)
    state = new_game(players, seed, jokers)
    rounds_finished = 0
    for _ in range(400):
        assert_consistent(state)
        if rng.random() < 0.1:
            assert_hidden_information(state, rng)
        state = manage_players(state, rng)
        action = policy(state, rng)
        before = state.to_dict()
        after = state.apply(action)
        assert state.to_dict() == before, "apply must not mutate its input"
        if after.is_terminal and not state.is_terminal:
            rounds_finished += 1
            returns = after.returns()
            assert abs(sum(returns) - 1.0) < 1e-9
            if after.winner is not None:
                assert after.players[after.winner].hand == ()
        state = after
        if rounds_finished >= 2:
            break
    assert_consistent(state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_games_finish_rounds_and_points_add_up(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(3, seed)
    scores_before = [p.score for p in state.players]
    for _ in range(2000):
        if state.is_terminal:
            break
        state = state.apply(policy(state, rng))
    assert state.is_terminal, "a round always ends (going out or everyone passing)"
    gained = [p.score - s for p, s in zip(state.players, scores_before, strict=True)]
    from game.rummy import hand_value

    assert gained == [hand_value(p.hand) for p in state.players]
