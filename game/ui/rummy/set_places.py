"""Sets keep their place on the table between turns.

The engine's table is a list, and a computer's play (or a hint) lists its sets in whatever
order the solver found them. Shown as it comes, every set could move on every turn, and the
players could not follow what changed. :func:`keep_places` orders a new table after the old
one: a set that is still there keeps its index, a set that changed keeps the index of the old
set it shares the most cards with, new sets take the places of sets that went, then the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

Item = TypeVar("Item")


def keep_places(
    old: Sequence[Sequence[Item]], new: Sequence[Sequence[Item]]
) -> list[tuple[Item, ...]]:
    """``new``'s sets, reordered to stand where their forerunners in ``old`` stood."""
    sets = [tuple(cards) for cards in new]
    places: dict[int, int] = {}  # old index -> index into sets
    free = set(range(len(sets)))
    for i, cards in enumerate(old):  # unchanged sets first: exactly where they were
        match = next((j for j in sorted(free) if sets[j] == tuple(cards)), None)
        if match is not None:
            places[i] = match
            free.discard(match)
    for i, cards in enumerate(old):  # then a changed set where most of its cards were
        if i in places or not free:
            continue
        before = Counter(cards)
        best = max(sorted(free), key=lambda j: sum((before & Counter(sets[j])).values()))
        if sum((before & Counter(sets[best])).values()) * 2 >= len(cards):
            places[i] = best
            free.discard(best)
    order: list[int] = []
    rest = sorted(free)
    for i in range(len(old)):
        if i in places:
            order.append(places[i])
        elif rest:  # a set that went: a new one takes its place
            order.append(rest.pop(0))
    order.extend(rest)
    return [sets[j] for j in order]
