"""The four Räuber-Rommé actions and their dict form (docs/contract.md, "Räuber-Rommé: game.rummy").

``Play`` carries the **whole** table after the turn, set by set in display order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import HIDDEN, JOKER, RANK_NAMES, SUITS, Card, cards_text, parse_card

Table = tuple[tuple[Card, ...], ...]

# Every card a table can name (the face-down placeholder too: the rules refuse it in words).
_CARD_FIELDS = frozenset(
    {(rank, suit) for rank in range(1, len(RANK_NAMES) + 1) for suit in SUITS}
    | {(JOKER.rank, JOKER.suit), (HIDDEN.rank, HIDDEN.suit)}
)


def as_table(sets: Iterable[Iterable[Card | str]]) -> Table:
    """Any nesting of card iterables as the immutable table form; cards written as text
    ("7H", "*") are read as cards (ValueError if they are none)."""
    return tuple(
        tuple(parse_card(card) if isinstance(card, str) else card for card in cards)
        for cards in sets
    )


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock; the turn ends at once."""

    def __str__(self) -> str:
        return "draw"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw"}


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn; only allowed when the stock is empty."""

    def __str__(self) -> str:
        return "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pass"}


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round; the only action once a round is over."""

    def __str__(self) -> str:
        return "next round"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "next_round"}


@dataclass(frozen=True, slots=True)
class Play:
    """Lay hand cards and rearrange the table: ``table`` is the whole table after the turn.

    Lists are accepted and frozen into tuples, so ``Play([[c1, c2, c3]])`` is hashable too.
    """

    table: Table

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", as_table(self.table))

    def __str__(self) -> str:
        return "play " + " | ".join(cards_text(cards) for cards in self.table)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "play", "table": [[str(card) for card in cards] for cards in self.table]}


Action = Draw | Play | Pass | NextRound


def is_table(value: object) -> bool:
    """Is ``value`` a table of the immutable form (sets of cards), whatever a caller put in a
    ``Play``? The engine refuses anything else in words instead of failing inside the rules."""
    return type(value) is tuple and all(
        type(cards) is tuple and all(_is_card(card) for card in cards) for cards in value
    )


def _is_card(card: object) -> bool:
    if type(card) is not Card:
        return False
    rank, suit = card.rank, card.suit
    return type(rank) is int and type(suit) is str and (rank, suit) in _CARD_FIELDS


_SIMPLE: dict[str, Action] = {"draw": Draw(), "pass": Pass(), "next_round": NextRound()}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action a dict describes; ValueError with a clear message on anything malformed."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be a dict, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ValueError("an action needs a 'type' written as text, e.g. 'draw'")
    if kind in _SIMPLE:
        extra = set(data) - {"type"}
        if extra:
            raise ValueError(f"a {kind} action has no fields {sorted(extra)}")
        return _SIMPLE[kind]
    if kind != "play":
        raise ValueError(f"unknown action type {kind!r} (draw, play, pass or next_round)")
    extra = set(data) - {"type", "table"}
    if extra:
        raise ValueError(f"a play action has no fields {sorted(extra)}")
    table = data.get("table")
    if not isinstance(table, list) or not all(isinstance(cards, list) for cards in table):
        raise ValueError("a play action needs 'table': a list of sets, each a list of cards")
    sets: list[tuple[Card, ...]] = []
    for cards in table:
        if not all(isinstance(text, str) for text in cards):
            raise ValueError("cards in a play action are written as text, e.g. '7H' or '*'")
        sets.append(tuple(parse_card(text) for text in cards))
    return Play(tuple(sets))
