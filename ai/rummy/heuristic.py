"""Fast, inexact Räuber-Rommé plays: melds from the hand plus cards added to the ends of sets.

This is not the solver (``ai.rummy.solver`` finds the most cards that can be laid with any
rearrangement); it is the cheap policy used in rollouts, by the easy player, and as a fallback
when the solver finds nothing or is not available. Every set it proposes is checked with the
engine's ``check_meld``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from game.rummy.cards import JOKER, SUITS, Card
from game.rummy.melds import check_meld, read_meld
from game.rummy.turn_rules import OPENING_POINTS

Table = tuple[tuple[Card, ...], ...]


def _runs_in_suit(cards: Counter[Card], suit: str) -> list[list[Card]]:
    """Maximal runs of 3+ distinct consecutive ranks in one suit (ace low or high)."""
    ranks = {card.rank for card in cards if card.suit == suit and cards[card] > 0}
    if 1 in ranks:
        ranks.add(14)
    runs: list[list[Card]] = []
    rank = 1
    while rank <= 14:
        if rank not in ranks:
            rank += 1
            continue
        end = rank
        while end + 1 in ranks and end + 1 <= 14:
            end += 1
        if end - rank + 1 >= 3:
            runs.append([Card(r if r <= 13 else 1, suit) for r in range(rank, end + 1)])
        rank = end + 1
    # An ace used high must not also be used low in the same suit.
    return runs


def _take(cards: Counter[Card], meld: Sequence[Card]) -> bool:
    need = Counter(meld)
    if any(cards[card] < count for card, count in need.items()):
        return False
    cards.subtract(need)
    return True


def _natural_melds(cards: Counter[Card], groups_first: bool) -> list[list[Card]]:
    melds: list[list[Card]] = []

    def take_runs() -> None:
        for suit in SUITS:
            changed = True
            while changed:
                changed = False
                for run in sorted(_runs_in_suit(cards, suit), key=len, reverse=True):
                    if check_meld(run).valid and _take(cards, run):
                        melds.append(run)
                        changed = True
                        break

    def take_groups() -> None:
        # One pass over the hand, not 52 lookups: taking a group changes only its own rank.
        present: dict[int, set[str]] = {}
        for card, count in cards.items():
            if count > 0 and card.rank > 0:
                present.setdefault(card.rank, set()).add(card.suit)
        for rank in range(1, 14):
            have = present.get(rank, ())
            if len(have) < 3:
                continue
            suits = [suit for suit in SUITS if suit in have]
            if len(suits) >= 3:
                group = [Card(rank, suit) for suit in suits]
                if _take(cards, group):
                    melds.append(group)

    if groups_first:
        take_groups()
        take_runs()
    else:
        take_runs()
        take_groups()
    return melds


def _joker_melds(cards: Counter[Card]) -> list[list[Card]]:
    """Pairs completed by one joker each: two of a rank, or two close cards of a suit."""
    melds: list[list[Card]] = []
    while cards[JOKER] > 0:
        found: list[Card] | None = None
        for rank in range(13, 0, -1):  # high pairs first: they leave the most penalty
            suits = [suit for suit in SUITS if cards[Card(rank, suit)] > 0]
            if len(suits) >= 2:
                found = [Card(rank, suits[0]), Card(rank, suits[1]), JOKER]
                break
        if found is None:
            for suit in SUITS:
                for rank in range(13, 0, -1):
                    low = Card(rank, suit)
                    if cards[low] <= 0:
                        continue
                    for gap in (1, 2):
                        high_rank = rank + gap
                        high = Card(high_rank if high_rank <= 13 else 1, suit)
                        if high_rank > 14 or cards[high] <= 0 or high == low:
                            continue
                        candidate = [low, JOKER, high] if gap == 2 else [low, high, JOKER]
                        if check_meld(candidate).valid:
                            found = candidate
                            break
                        if gap == 1 and check_meld([JOKER, low, high]).valid:
                            found = [JOKER, low, high]
                            break
                    if found:
                        break
                if found:
                    break
        if found is None or not _take(cards, found):
            break
        melds.append(found)
    return melds


def hand_melds(hand: Sequence[Card]) -> list[list[Card]]:
    """Disjoint valid sets made from ``hand`` alone, trying to lay many cards (greedy)."""
    best: list[list[Card]] = []
    for groups_first in (False, True):
        cards = Counter(hand)
        melds = _natural_melds(cards, groups_first)
        melds += _joker_melds(cards)
        if sum(map(len, melds)) > sum(map(len, best)):
            best = melds
    return best


def _extension_cards(meld: Sequence[Card]) -> tuple[Card, ...]:
    """Cards that could lengthen a valid set: a missing suit of a group, a neighbour of a run."""
    return _extensions_of(tuple(meld))


@functools.lru_cache(maxsize=4096)
def _extensions_of(meld: tuple[Card, ...]) -> tuple[Card, ...]:
    # A pure memo: a rollout meets the same table sets turn after turn.
    reading = read_meld(meld)
    if reading is None:
        return ()
    first, last = reading.stands_for[0], reading.stands_for[-1]
    if reading.kind == "group":
        present = {card.suit for card in reading.stands_for}
        return tuple(Card(first.rank, suit) for suit in SUITS if suit not in present)
    ranks = {first.rank - 1, first.rank + 1, last.rank - 1, last.rank + 1}
    if 1 in (first.rank, last.rank):
        ranks |= {13, 2}  # an ace may sit low or high
    return tuple(Card(rank, first.suit) for rank in ranks if 1 <= rank <= 13)


def extend_sets(table: list[list[Card]], hand: Counter[Card]) -> int:
    """Add hand cards to the ends of table sets while any fits; returns the cards added."""
    added = 0
    for meld in table:
        changed = True
        while changed:
            changed = False
            for card in [*_extension_cards(meld), JOKER]:
                if hand[card] <= 0:
                    continue
                for longer in (meld + [card], [card] + meld):
                    if check_meld(longer).valid:
                        meld[:] = longer
                        hand[card] -= 1
                        added += 1
                        changed = True
                        break
                if changed:
                    break
    return added


def melds_worth(melds: Sequence[Sequence[Card]]) -> int:
    """Points of these sets together."""
    return sum(check_meld(meld).value for meld in melds)


def worth_opening(melds: Sequence[Sequence[Card]]) -> bool:
    """Are these sets together worth an opening?"""
    return melds_worth(melds) >= OPENING_POINTS


def quick_play(table: Table, hand: Sequence[Card], opened: bool) -> Table | None:
    """A table after laying what the cheap method finds, or None if it finds no legal lay.

    Not yet opened: only sets from the hand, worth 30 together. Opened: new sets from the hand,
    then single cards added to the ends of sets.
    """
    melds = hand_melds(hand)
    if not opened:
        if not worth_opening(melds):
            return None
        return tuple(tuple(cards) for cards in table) + tuple(tuple(meld) for meld in melds)
    rest = Counter(hand)
    for meld in melds:
        rest.subtract(meld)
    new_table = [list(cards) for cards in table] + [list(meld) for meld in melds]
    added = extend_sets(new_table, rest)
    if not melds and not added:
        return None
    return tuple(tuple(cards) for cards in new_table)
