"""Plain words for the rummy table: card names, values where a card lies, moves in the log."""

from __future__ import annotations

from collections.abc import Sequence

from game.rummy import Card, check_meld, read_meld
from game.rummy.cards import hand_card_value

RANK_WORDS = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_name(card: Card) -> str:
    if card.is_joker:
        return "joker"
    if card.is_hidden:
        return "a hidden card"
    return f"{RANK_WORDS[card.rank - 1]} of {SUIT_WORDS[card.suit]}"


def _points(value: int) -> str:
    return f"{value} point" if value == 1 else f"{value} points"


def hand_value_text(card: Card) -> str:
    """E.g. "ace of hearts: 11 in the hand"."""
    return f"{card_name(card)}: {hand_card_value(card)} in the hand"


def set_value_text(cards: Sequence[Card], index: int) -> str:
    """E.g. "ace of hearts: 1 point in this run", "joker as 7 of hearts: 7 points in this group"."""
    card = cards[index]
    reading = read_meld(list(cards))
    if reading is None:
        return f"{card_name(card)}: counts nothing until this set is valid"
    value = reading.values[index]
    name = card_name(card)
    if card.is_joker:
        meant = reading.stands_for[index]
        if reading.kind == "group":
            word = RANK_WORDS[meant.rank - 1]
            name = f"joker as {'an' if word[0] in 'ae' else 'a'} {word}"
        else:
            name = f"joker as {card_name(meant)}"
    return f"{name}: {_points(value)} in this {reading.kind}"


def set_caption(cards: Sequence[Card]) -> str:
    """The small label over a set: "run · 24" or "invalid"."""
    verdict = check_meld(list(cards))
    if not verdict.valid:
        return "invalid"
    return f"{verdict.kind} · {verdict.value}"


def verb(name: str, third_person: str, plain: str) -> str:
    """ "Kunz draws" but "You draw"."""
    return f"{name} {plain if name == 'You' else third_person}"
