"""What the rivals' draws reveal: deals for the search weighed by what a draw says about a hand.

A rival who has not opened yet has drawn at every turn so far (laying anything would have
opened him), and players open as soon as they can: so the hand he held before his last draw
most likely could not open. A plain redeal ignores this and often hands him an opening he
would already have laid, which makes the search fear rivals who are in fact stuck. The belief
deal redeals such a rival's hand from his cards and the stock until the cards he held before
the last draw find no opening by the cheap method (a few tries, since a hand the test passes is
not rare; and a rival may hold back for other reasons, so it is a leaning, not a rule). Where no
try passes (a long hand nearly always holds some sets), the try whose sets are worth the least
is kept: the hand nearest to one that could not open.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ai.rummy.heuristic import hand_melds, melds_worth, worth_opening
from game.rummy.cards import Card
from game.rummy.state import HAND_SIZE, sorted_hand
from game.rummy.turn_rules import OPENING_POINTS

REDEAL_TRIES = 8


def could_open(hand: Sequence[Card]) -> bool:
    """Does the cheap method find sets worth an opening in ``hand``?"""
    return worth_opening(hand_melds(hand))


def sets_worth(hand: Sequence[Card]) -> int:
    """Points of the sets the cheap method finds in ``hand`` (an opening needs OPENING_POINTS)."""
    return melds_worth(hand_melds(hand))


def stuck_rivals(view: Any, searcher: int) -> list[int]:
    """Rivals who have drawn without opening: their hands are believed unable to open."""
    return [
        seat
        for seat, player in enumerate(view.players)
        if seat != searcher and not player.opened and len(player.hand) > HAND_SIZE
    ]


def believed_deal(view: Any, searcher: int, rng: random.Random) -> Any:
    """A full state consistent with ``searcher``'s view whose stuck rivals could not open
    before their last draw (where a few redeals find such a hand)."""
    deal = view.determinize(searcher, rng)
    stuck = stuck_rivals(view, searcher)
    if not stuck:
        return deal
    players = list(deal.players)
    stock = list(deal.stock)
    for seat in stuck:
        size = len(players[seat].hand)
        pool = list(players[seat].hand) + stock
        best: tuple[int, list[Card]] | None = None
        for _ in range(REDEAL_TRIES):
            rng.shuffle(pool)
            worth = sets_worth(pool[: size - 1])  # the last card is the one he drew last
            if best is None or worth < best[0]:
                best = (worth, list(pool))
            if worth < OPENING_POINTS:
                break
        assert best is not None
        pool = best[1]
        players[seat] = replace(players[seat], hand=sorted_hand(pool[:size]))
        stock = pool[size:]
    return replace(deal, players=tuple(players), stock=tuple(stock))
