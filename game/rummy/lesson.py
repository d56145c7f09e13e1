"""The Räuber-Rommé lesson: a guided first round against Kunz (see ``game.lesson``).

The deal: the learner (seat 0) begins; his hand holds hearts 3 to 7, two queens and the
cards he will add to the table later, but no opening of 30; the stock's top card is the third
queen. Kunz opens with a run that holds a joker, lays a group, draws, and the learner goes out
on his fourth turn by freeing that joker. The rest of the stock is the rest of the two decks,
in a fixed order.

Targets the table lights (game/ui/rummy/lesson_draw.py): ``("hand", "QH")`` (that card in the
hand), ``("set", index)`` (a set on the table), ``("seat", seat)`` (a player's row),
``("stock",)``, and the table's buttons ``("button", ident)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core import N_
from ..lesson import Lesson, Step
from .cards import Card
from .state import RummyState, new_game

SEED = 11
LEARNER_HAND = "3H 4H 5H 6H 7H QH QD KS AS 7H JS 9D 10D"
KUNZ_HAND = "9S 10S * QS 7S 7D 7C * AD KD 2C 8C 5S"
# The stock's first cards, top first: the learner's draw, then Kunz's.
STOCK_TOP = "QC 4C"

KUNZ_OPENS = [["9S", "10S", "*", "QS"]]
LEARNER_OPENS = [*KUNZ_OPENS, ["QH", "QD", "QC"], ["3H", "4H", "5H", "6H", "7H"]]
KUNZ_GROUP = [*LEARNER_OPENS, ["7S", "7D", "7C"]]
LEARNER_ADDS = [
    ["9S", "10S", "*", "QS", "KS", "AS"],
    ["QH", "QD", "QC"],
    ["3H", "4H", "5H", "6H", "7H"],
    ["7S", "7D", "7C", "7H"],
]
LEARNER_GOES_OUT = [
    ["9S", "10S", "JS", "QS", "KS", "AS"],
    ["QH", "QD", "QC"],
    ["3H", "4H", "5H", "6H", "7H"],
    ["7S", "7D", "7C", "7H"],
    ["9D", "10D", "*"],
]


def start(names: Sequence[str]) -> RummyState:
    """The lesson's deal for ``names`` (the learner first), checked by the engine's reader."""
    data: dict[str, Any] = new_game(list(names), SEED).to_dict()
    every_card = Counter(data["stock"])
    for player in data["players"]:
        every_card.update(player["hand"])
    hands = (LEARNER_HAND.split(), KUNZ_HAND.split())
    top = STOCK_TOP.split()
    rest = every_card - Counter([*hands[0], *hands[1], *top])
    # The rest keeps the seed's shuffled order (a fixed deal) with the lesson's cards taken out.
    stock = list(top)
    for card in data["stock"] + [c for p in data["players"] for c in p["hand"]]:
        if rest[card] > 0:
            stock.append(card)
            rest[card] -= 1
    for player, hand in zip(data["players"], hands, strict=True):
        player["hand"] = hand
    data.update(stock=stock, dealer=1, current=0)
    return RummyState.from_dict(data)


def _play(table: list[list[str]]) -> dict[str, Any]:
    return {"type": "play", "table": table}


DRAW = {"type": "draw"}


def _sets(action: Any) -> Counter[tuple[Card, ...]] | None:
    """A play's table as the sets it holds, in any order, each set in either direction."""
    table = getattr(action, "table", None)
    if table is None:
        return None
    return Counter(tuple(sorted(cards, key=str)) for cards in table)


def same_play(action: Any, scripted: Any) -> bool:
    """Is ``action`` the script's move, laid out in any order? The sets may stand anywhere on
    the table and a run may be laid either way (the engine still judges each set)."""
    if type(action) is not type(scripted):
        return False
    mine, script = _sets(action), _sets(scripted)
    return mine == script if script is not None else action == scripted


STEPS = (
    Step(
        N_(
            "Welcome to Räuber-Rommé! Two decks and 6 jokers: 110 cards. Everyone gets 13. "
            "Be the first to lay all your cards."
        ),
        lit=(("seat", 0), ("seat", 1), ("stock",)),
    ),
    Step(
        N_(
            "Cards are laid in sets of 3 or more. A run: one suit in order (your hearts 3 to 7). "
            "A group: one rank, each suit once."
        ),
        lit=tuple(("hand", card) for card in ("3H", "4H", "5H", "6H", "7H")),
    ),
    Step(
        N_(
            "A joker stands for any card a set needs. Two jokers in one set need at least two "
            "cards between them."
        ),
    ),
    Step(
        N_(
            "Values: 2 to 10 their pips, faces 10, an ace 1 in a run (10 after a king). A "
            "joker counts as the card it stands for."
        ),
    ),
    Step(
        N_(
            "To open, lay sets of your own worth 30 or more. Lay your hearts 4 to 7: they stay "
            "blue, 22 is too little. Now Draw."
        ),
        lit=(*(("hand", card) for card in ("4H", "5H", "6H", "7H")), ("button", "draw")),
        moves=(DRAW,),
        refusal=N_("In this lesson, draw a card now (Draw, or D)."),
    ),
    Step(
        N_(
            "Drawing took your cards back and ended your turn. You drew the queen of clubs: "
            "now you have three queens."
        ),
        lit=(("hand", "QC"), ("hand", "QH"), ("hand", "QD")),
    ),
    Step(
        N_(
            "Kunz opens with 9, 10, joker, queen of spades: 39 points, the joker counts as the "
            "jack. Green sets are public."
        ),
        lit=(("set", 0),),
        computer=(_play(KUNZ_OPENS),),
    ),
    Step(
        N_(
            "Open now: lay your three queens (30) and hearts 3 to 7 (25). At 30 your sets turn "
            "green. Then press Next player."
        ),
        lit=(
            *(("hand", card) for card in ("QH", "QD", "QC", "3H", "4H", "5H", "6H", "7H")),
            ("button", "next"),
        ),
        moves=(_play(LEARNER_OPENS),),
        refusal=N_(
            "In this lesson, lay the three queens and your hearts 3 to 7 as two new sets, "
            "then Next player."
        ),
    ),
    Step(
        N_(
            "Once opened, a player may lay any set, of any worth. Kunz lays a group: the "
            "sevens of spades, diamonds and clubs."
        ),
        lit=(("set", 3),),
        computer=(_play(KUNZ_GROUP),),
    ),
    Step(
        N_(
            "Add to any set, his too: king and ace of spades after his queen (an ace after a "
            "king: 10), your 7 of hearts to the sevens."
        ),
        lit=(("hand", "KS"), ("hand", "AS"), ("hand", "7H"), ("set", 0), ("set", 3)),
        moves=(_play(LEARNER_ADDS),),
        refusal=N_(
            "In this lesson, put the king and ace of spades after Kunz's queen and your "
            "7 of hearts to the sevens, then Next player."
        ),
    ),
    Step(
        N_("Kunz draws a card instead of laying one. Drawing ends a turn at once."),
        lit=(("stock",), ("seat", 1)),
        computer=(DRAW,),
    ),
    Step(
        N_(
            "No card on the table goes back into a hand. But you may rebuild the table: move "
            "cards between sets, split and join them."
        ),
        lit=(("set", 0),),
    ),
    Step(
        N_(
            "Put your jack of spades where Kunz's joker is, and lay the freed joker with your "
            "9 and 10 of diamonds. Then Next player."
        ),
        lit=(("hand", "JS"), ("hand", "9D"), ("hand", "10D"), ("set", 0), ("button", "next")),
        moves=(_play(LEARNER_GOES_OUT),),
        refusal=N_(
            "In this lesson, swap your jack of spades for the joker and lay the joker with "
            "your 9 and 10 of diamonds."
        ),
    ),
    Step(
        N_(
            "Your hand is empty: you win the round! Kunz pays what he holds: cards as on the "
            "table, but an ace 11, a joker 20."
        ),
        lit=(("seat", 1),),
    ),
    Step(
        N_(
            "Penalties add up over the rounds; the lowest total wins. Play on against the easy "
            "computer, or go back to the menu."
        ),
        lit=(("seat", 0), ("seat", 1)),
    ),
)

LESSON = Lesson(game="rummy", start=start, steps=STEPS, same_move=same_play)

__all__ = ["LESSON", "SEED", "STEPS", "same_play", "start"]
