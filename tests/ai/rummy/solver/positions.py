"""A crowded position that no quick search settles (before the integer program was asked it
took the exact sweep 94 s; with the integer program's dives it takes tens of milliseconds):
63 table cards with six jokers and 11 hand cards. Tests of time limits and budgets use it with
limits of a few milliseconds, shorter than the solve takes on any machine."""

from __future__ import annotations

import numpy as np

from game.rummy.cards import Card, make_deck, parse_cards

SLOW_TABLE = (
    "3D 4D 5D 6D 7D | * 5S 6S 7S | 7H 8H 9H 10H JH QH | 8S 9S 10S JS QS | 6D 6S 6C 6H | "
    "* 4D 4C 4S | 4C 5C 6C | 8H 8D 8C | 5H 5S 5D | QD KD AD | 9S 10S JS QS | 2D 2S 2H | "
    "AD AS AC | 8C 8D 8S | 10D JD QD KD | AC AS * | * 4S 4H"
)
SLOW_HAND = "KS 7H 3C 2S 10D 5H JC 7C JC 2H 7D"


def slow_position() -> tuple[list[list[Card]], list[Card]]:
    table = [parse_cards(cards.strip()) for cards in SLOW_TABLE.split("|")]
    return table, parse_cards(SLOW_HAND)


def crowded_position(
    rng: np.random.Generator,
) -> tuple[list[list[Card]], list[Card], bool]:
    """A realistic position from the 2x52+6 deck, crowded more often than a real round: a table
    of 0-20 valid sets (runs up to 13 long, groups, jokers; about a quarter of the runs laid
    descending), a hand of 5-20 cards, and the player not yet opened about a third of the time.
    Returns (table, hand, opened)."""
    from tests.ai.rummy.solver.reference_ilp import random_set

    pool = make_deck(6)
    wanted = int(rng.integers(0, 21))
    table: list[list[Card]] = []
    tries = 0
    while len(table) < wanted and tries < 400:
        tries += 1
        drawn = random_set(rng, pool)
        if drawn is None:
            continue
        normals = {card.suit for card in drawn if not card.is_joker}
        if len(normals) == 1 and rng.random() < 0.25:
            drawn.reverse()
        table.append(drawn)
    hand_size = int(rng.integers(5, 21))
    order = rng.permutation(len(pool))[:hand_size]
    hand = [pool[int(i)] for i in order]
    return table, hand, bool(rng.random() >= 1 / 3)
