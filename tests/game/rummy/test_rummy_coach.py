"""The coach's words and aid for Räuber-Rommé, on hand-built positions: the cards laid and
the penalty left, the opening, a joker set free, and the cards not seen yet."""

from __future__ import annotations

from dataclasses import replace

from game.rummy import Draw, Play, new_game, parse_cards
from game.rummy.aids import not_seen
from game.rummy.reasons import move_reasons
from game.rummy.state import RummyState


def with_hand(hand: str, table: list[str], opened: bool) -> RummyState:
    state = new_game(["Ann", "Kunz"], 3)
    seat = state.current_player
    assert seat is not None
    player = replace(state.players[seat], hand=tuple(parse_cards(hand)), opened=opened)
    players = tuple(player if i == seat else p for i, p in enumerate(state.players))
    return replace(state, players=players, table=tuple(tuple(parse_cards(s)) for s in table))


def test_an_opening_says_the_cards_the_penalty_and_the_points() -> None:
    state = with_hand("10H JH QH 5C *", [], opened=False)
    play = Play([parse_cards("10H JH QH")])
    assert move_reasons(state, [play]) == [
        "lays 3 cards: penalty in hand 55 -> 25",
        "opens with 30 points",
    ]


def test_a_joker_taken_from_a_set_and_used_again_is_said() -> None:
    state = with_hand("6S 2C 3C 9D", ["5S * 7S"], opened=True)
    play = Play([parse_cards("5S 6S 7S"), parse_cards("2C 3C *")])
    lines = move_reasons(state, [play])
    assert lines == [
        "lays 3 cards: penalty in hand 20 -> 9",
        "frees a joker of the table and uses it again",
    ]


def test_going_out_and_drawing() -> None:
    state = with_hand("7H 8H 9H", [], opened=True)
    assert move_reasons(state, [Play([parse_cards("7H 8H 9H")])])[0] == (
        "goes out: the round is won"
    )
    state = with_hand("7H 8H KS", [], opened=False)
    assert move_reasons(state, [Draw()]) == [
        "draws a card: the penalty in hand stays 25 for now",
        "waits for an opening of 30 points",
    ]


def test_the_cards_not_seen_yet_are_the_deck_less_the_table_and_the_hand() -> None:
    state = with_hand("7H 7H 8H *", ["2C 3C 4C"], opened=True)
    seat = state.current_player
    assert seat is not None
    counts, jokers = not_seen(state, seat)
    assert counts[("H", 7)] == 0  # both sevens of hearts in the hand
    assert counts[("H", 8)] == 1
    assert counts[("C", 2)] == 1  # one on the table, the other unseen
    assert counts[("S", 13)] == 2
    assert jokers == state.jokers - 1
    assert sum(counts.values()) + jokers == 110 - 4 - 3
