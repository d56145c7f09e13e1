"""What a Räuber-Rommé player may know, worked out for the coach's aid: the cards he has not
seen yet (the deck less the table and his own hand), by suit and rank. Pure: rules only."""

from __future__ import annotations

from collections import Counter

from .state import RummyState

Cell = tuple[str, int]  # (suit, rank)


def not_seen(state: RummyState, viewer: int) -> tuple[Counter[Cell], int]:
    """How many of each card ``viewer`` has not seen yet (in other hands or the stock), by
    (suit, rank), and how many jokers."""
    counts: Counter[Cell] = Counter()
    jokers = 0
    for card in state.unseen_cards(viewer):
        if card.is_joker:
            jokers += 1
        else:
            counts[(card.suit, card.rank)] += 1
    return counts, jokers
