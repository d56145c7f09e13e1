"""The Hint button's search (run by the AI process): the solver's best table for the player on
turn, and an answer at once when it is stopped (Esc, or the turn moved on), so the computer
players' next move never waits behind a hint nobody wants."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence
from dataclasses import replace

from ai.rummy.hint import HintSearch
from game.rummy import RummyState, new_game
from game.rummy.cards import Card, parse_cards
from game.rummy.state import PlayerState, sorted_hand
from tests.ai.rummy.solver.positions import slow_position


def position(table: Sequence[str | Sequence[Card]], hand: str, opened: bool = True) -> RummyState:
    base = new_game(["Ann", "Bob"], seed=3)
    players = (
        PlayerState("Ann", 0, opened, sorted_hand(parse_cards(hand))),
        base.players[1],
    )
    sets = tuple(tuple(parse_cards(s) if isinstance(s, str) else s) for s in table)
    return replace(base, players=players, table=sets, current_player=0)


def test_the_hint_lays_the_most_cards_of_the_player_on_turn() -> None:
    state = position(["7H 8H 9H"], "10H JH 4D")
    best = HintSearch().choose(state.view(0), random.Random(0))
    assert best is not None
    laid = sum(len(s) for s in best) - 3
    assert laid == 2 and sorted(map(str, best[0])) == sorted(["7H", "8H", "9H", "10H", "JH"])


def test_a_stopped_hint_answers_at_once() -> None:
    table, hand = slow_position()  # a crowded table: the searches can't settle it at once
    state = position([[*cards] for cards in table], " ".join(map(str, hand)))
    stop = threading.Event()
    stop.set()
    started = time.perf_counter()
    assert HintSearch(stop).choose(state.view(0), random.Random(0)) is None
    assert time.perf_counter() - started < 1.0
