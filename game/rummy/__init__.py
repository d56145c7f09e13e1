"""Räuber-Rommé rules: pure Python, no pygame."""

from .actions import Action, Draw, NextRound, Pass, Play, action_from_dict
from .cards import (
    HIDDEN,
    JOKER,
    Card,
    cards_text,
    hand_value,
    make_deck,
    parse_card,
    parse_cards,
)
from .draft import DraftError, TurnDraft
from .melds import (
    MeldCheck,
    MeldReading,
    card_value_in_set,
    check_meld,
    joker_meaning,
    meld_problems,
    read_meld,
)
from .state import PlayerState, RummyState, new_game
from .turn_rules import check_play, opening_value

__all__ = [
    "HIDDEN",
    "JOKER",
    "Action",
    "Card",
    "DraftError",
    "Draw",
    "MeldCheck",
    "MeldReading",
    "NextRound",
    "Pass",
    "Play",
    "PlayerState",
    "RummyState",
    "TurnDraft",
    "action_from_dict",
    "card_value_in_set",
    "cards_text",
    "check_meld",
    "check_play",
    "hand_value",
    "joker_meaning",
    "make_deck",
    "meld_problems",
    "new_game",
    "opening_value",
    "parse_card",
    "parse_cards",
    "read_meld",
]
