"""Räuber-Rommé rules: pure Python, no pygame."""

from game.rummy.cards import JOKER, Card, hand_value, make_deck, parse_card, parse_cards
from game.rummy.melds import (
    MeldCheck,
    MeldReading,
    card_value_in_set,
    check_meld,
    joker_meaning,
    meld_problems,
    read_meld,
)

__all__ = [
    "JOKER",
    "Card",
    "MeldCheck",
    "MeldReading",
    "card_value_in_set",
    "check_meld",
    "hand_value",
    "joker_meaning",
    "make_deck",
    "meld_problems",
    "parse_card",
    "parse_cards",
    "read_meld",
]
