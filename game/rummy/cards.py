"""Cards and their notation: rank ``A 2 … 10 J Q K`` then suit ``C D H S``; a joker is ``*``.

The two decks' identical cards are interchangeable, so a card is just its rank and suit; the
engine reasons about multisets (``collections.Counter`` of cards).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SUITS = "CDHS"
# The seats a table has room for.
MIN_PLAYERS, MAX_PLAYERS = 2, 6

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_TEXT = "*"
HIDDEN_TEXT = "?"
HAND_JOKER_VALUE = 20
HAND_ACE_VALUE = 11


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card. ``rank`` is 1 (ace) … 13 (king), or 0 for a joker (then ``suit`` is "").

    ``HIDDEN`` (rank -1) is the face-down placeholder that ``view`` puts where a card is unseen.
    """

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def is_hidden(self) -> bool:
        return self.rank < 0

    @property
    def index(self) -> int:
        """0…51 for the normal cards (suit-major, rank-minor), 52 for a joker."""
        if self.rank == 0:
            return 52
        return SUITS.index(self.suit) * 13 + self.rank - 1

    def __str__(self) -> str:
        if self.rank == 0:
            return JOKER_TEXT
        if self.rank < 0:
            return HIDDEN_TEXT
        return RANK_NAMES[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({self})"


JOKER = Card(0, "")
HIDDEN = Card(-1, "")


def parse_card(text: str) -> Card:
    """``"10S"`` -> Card(10, "S"); ``"*"`` -> JOKER. Raises ValueError on anything else."""
    token = text.strip().upper()
    if token == JOKER_TEXT:
        return JOKER
    if len(token) < 2 or token[-1] not in SUITS or token[:-1] not in RANK_NAMES:
        raise ValueError(f"{text!r} is not a card (write e.g. AH, 10S, QD or * for a joker)")
    return Card(RANK_NAMES.index(token[:-1]) + 1, token[-1])


def parse_cards(text: str) -> list[Card]:
    """``"QH KH *"`` -> [QH, KH, *]; separated by spaces or commas."""
    return [parse_card(token) for token in text.replace(",", " ").split()]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def make_deck(jokers: int = 6) -> list[Card]:
    """Two French decks of 52 plus ``jokers`` jokers (110 cards by default), in a fixed order."""
    normal = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    return normal + normal + [JOKER] * jokers


def hand_card_value(card: Card) -> int:
    """A card's penalty value in the hand: joker 20, ace 11, faces 10, others their pips."""
    if card.rank == 0:
        return HAND_JOKER_VALUE
    if card.rank == 1:
        return HAND_ACE_VALUE
    return min(card.rank, 10)


def hand_value(cards: Iterable[Card]) -> int:
    """The penalty value of a hand."""
    return sum(hand_card_value(card) for card in cards)
