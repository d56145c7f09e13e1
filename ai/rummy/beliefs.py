"""What the rivals' draws reveal: deals for the search weighed by what a draw says about a hand.

A rival who has not opened yet has drawn at every turn so far (laying anything would have
opened him), and players open as soon as they can: so the hand he held before his last draw
most likely could not open. A plain redeal ignores this and often hands him an opening he
would already have laid, which makes the search fear rivals who are in fact stuck. The belief
deal redeals such a rival's hand from his cards and the stock until the cards he held before
the last draw find no opening by the cheap method (a few tries, since a hand the test passes is
not rare; and a rival may hold back for other reasons, so it is a leaning, not a rule).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ai.rummy.heuristic import hand_melds, worth_opening
from game.rummy.cards import Card
from game.rummy.state import HAND_SIZE, sorted_hand

REDEAL_TRIES = 8


def could_open(hand: Sequence[Card]) -> bool:
    """Does the cheap method find sets worth an opening in ``hand``?"""
    return worth_opening(hand_melds(hand))


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
        for _ in range(REDEAL_TRIES):
            rng.shuffle(pool)
            if not could_open(pool[: size - 1]):  # the last card is the one he drew last
                break
        players[seat] = replace(players[seat], hand=sorted_hand(pool[:size]))
        stock = pool[size:]
    return replace(deal, players=tuple(players), stock=tuple(stock))
