"""Random players for both games, shared by the move-log, save and fuzz tests.

Räuber-Rommé lists only draw/pass/next round as legal actions (plays are too many to list), so
``random_rummy_action`` builds plays itself: new 3-card sets from the hand (enough for 30 points
when not yet opened), or one hand card added to the end of a table set (a rebuild), each checked
with the engine's ``check_play``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from game.knights import KnightsState
from game.knights import new_game as knights_new_game
from game.rummy import Card, Draw, NextRound, Pass, Play, RummyState, check_meld, check_play
from game.rummy import new_game as rummy_new_game


def _hand_melds(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    return [combo for combo in combinations(sorted(set(hand)), 3) if check_meld(combo).valid]


def _new_sets(hand: tuple[Card, ...], rng: random.Random) -> list[tuple[Card, ...]]:
    """Disjoint valid 3-card sets from the hand, picked in random order."""
    melds = _hand_melds(hand)
    rng.shuffle(melds)
    left = Counter(hand)
    chosen = []
    for meld in melds:
        need = Counter(meld)
        if not need - left:
            left -= need
            chosen.append(meld)
    return chosen


def rummy_plays(state: RummyState, rng: random.Random) -> list[Play]:
    """Some legal plays for the current player (possibly none)."""
    seat = state.current_player
    if seat is None:
        return []
    player = state.players[seat]
    table = [tuple(cards) for cards in state.table]
    candidates: list[list[tuple[Card, ...]]] = []
    new_sets = _new_sets(player.hand, rng)
    if new_sets:
        candidates.append(table + new_sets)
    if player.opened and table:
        for index in rng.sample(range(len(table)), min(4, len(table))):
            for card in set(player.hand):
                for grown in ((card, *table[index]), (*table[index], card)):
                    if check_meld(grown).valid:
                        rebuilt = table[:index] + [grown] + table[index + 1 :]
                        candidates.append(rebuilt)
                        candidates.append(rebuilt + new_sets)
    return [Play(c) for c in candidates if not check_play(state, c)]


def random_rummy_action(state: RummyState, rng: random.Random, play_chance: float = 0.8) -> Any:
    if state.is_terminal:
        return NextRound()
    if rng.random() < play_chance:
        plays = rummy_plays(state, rng)
        if plays:
            return rng.choice(plays)
    return Draw() if state.stock else Pass()


def random_knights_action(state: KnightsState, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


def rummy_steps(
    seed: int, players: int = 3, rounds: int = 2, play_chance: float = 0.8
) -> Iterator[tuple[RummyState, Any]]:
    """(state before, action) pairs of a random game of ``rounds`` rounds."""
    rng = random.Random(seed)
    state = rummy_new_game([f"P{i}" for i in range(players)], seed)
    while True:
        if state.is_terminal and state.round >= rounds:
            return
        action = random_rummy_action(state, rng, play_chance)
        yield state, action
        state = state.apply(action)


def knights_steps(seed: int, players: int = 2) -> Iterator[tuple[KnightsState, Any]]:
    """(state before, action) pairs of a random game to its end."""
    rng = random.Random(seed)
    state = knights_new_game([f"P{i}" for i in range(players)], seed)
    while not state.is_terminal:
        action = random_knights_action(state, rng)
        yield state, action
        state = state.apply(action)


def test_random_rummy_player_opens_rebuilds_and_finishes_rounds() -> None:
    kinds: Counter[str] = Counter()
    for state, action in rummy_steps(seed=5, players=2, rounds=2):
        seat = state.current_player
        if isinstance(action, Play) and seat is not None:
            opened = state.players[seat].opened
            kinds["open" if not opened else "play"] += 1
        else:
            kinds[type(action).__name__] += 1
    assert kinds["open"] >= 1 and kinds["play"] >= 1 and kinds["Draw"] >= 1
    assert kinds["NextRound"] == 1
