"""Is a ``play`` (the whole table after a turn) allowed? Every problem, in plain words.

The rules checked (``docs/rules/raeuber-romme.md``, "A turn" and "Opening"):
- every set on the table is valid;
- no card that lay on the table has gone into a hand: the table after the turn is the table
  before plus the cards played, as multisets (identical cards are interchangeable);
- every card played came from the player's hand, and at least one was played;
- a player who has not opened must, at the end of the turn, have on the table sets made only of
  cards he laid this turn worth 30 or more together. Which sets count is found here: the most
  valuable collection of sets whose cards his laid cards cover together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..core import Reason
from . import refusals
from .cards import Card, cards_text
from .melds import check_meld, meld_problems

if TYPE_CHECKING:
    from .state import RummyState

OPENING_POINTS = 30


def counter_text(cards: Counter[Card]) -> str:
    return cards_text(sorted(cards.elements()))


def table_counter(table: Iterable[Iterable[Card]]) -> Counter[Card]:
    total: Counter[Card] = Counter()
    for cards in table:
        total.update(cards)
    return total


def set_problems(table: Sequence[Sequence[Card]]) -> list[Reason]:
    """One line per invalid set, naming it by number and cards."""
    problems = []
    for number, cards in enumerate(table, start=1):
        wrong = meld_problems(cards)
        if wrong:
            text = cards_text(cards) or "empty"
            problems.append(refusals.SET_PROBLEMS(number=number, cards=text, rest=tuple(wrong)))
    return problems


def opening_value(played: Counter[Card], table: Sequence[Sequence[Card]]) -> int:
    """The most points in valid sets of ``table`` that the ``played`` cards cover together.

    Depth-first over the sets that could count (valid and made only of played cards), taking or
    skipping each; stops early once the 30 points are reached.
    """
    candidates: list[tuple[Counter[Card], int]] = []
    for cards in table:
        verdict = check_meld(cards)
        needed = Counter(cards)
        if verdict.valid and not needed - played:
            candidates.append((needed, verdict.value))
    candidates.sort(key=lambda candidate: -candidate[1])
    best = 0

    def search(index: int, left: Counter[Card], value: int) -> None:
        nonlocal best
        best = max(best, value)
        if best >= OPENING_POINTS or index == len(candidates):
            return
        if value + sum(v for _, v in candidates[index:]) <= best:
            return
        needed, set_value = candidates[index]
        if not needed - left:
            search(index + 1, left - needed, value + set_value)
        search(index + 1, left, value)

    search(0, played, 0)
    return best


def play_problems(
    table_before: Sequence[Sequence[Card]],
    hand: Sequence[Card],
    opened: bool,
    table_after: Sequence[Sequence[Card]],
) -> list[Reason]:
    """Everything wrong with laying out ``table_after``; empty when the play is allowed."""
    problems = set_problems(table_after)
    before, after, in_hand = table_counter(table_before), table_counter(table_after), Counter(hand)
    taken = before - after
    if taken:
        problems.append(refusals.CARDS_LEFT_TABLE(cards=counter_text(taken)))
    played = after - before
    not_in_hand = played - in_hand
    if not_in_hand:
        problems.append(refusals.CARDS_NOT_IN_HAND(cards=counter_text(not_in_hand)))
    if not played:
        problems.append(refusals.LAY_ONE_CARD())
    elif not opened and not not_in_hand:
        points = opening_value(played, table_after)
        if points < OPENING_POINTS:
            problems.append(refusals.OPENING_SHORT(points=points))
    return problems


def check_play(state: RummyState, table: Iterable[Iterable[Card]]) -> list[Reason]:
    """The problems with the current player laying out ``table``; empty when it is allowed."""
    if state.phase != "turn" or state.current_player is None:
        return [refusals.ROUND_OVER()]
    player = state.players[state.current_player]
    if any(card.is_hidden for card in player.hand):
        return [refusals.NOT_YOUR_HAND()]
    after = [tuple(cards) for cards in table]
    return play_problems(state.table, player.hand, player.opened, after)
