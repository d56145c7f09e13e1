"""Räuber-Rommé rules: pure Python, no pygame."""

from game.rummy.cards import JOKER, Card, hand_value, make_deck, parse_card, parse_cards

__all__ = ["JOKER", "Card", "hand_value", "make_deck", "parse_card", "parse_cards"]
