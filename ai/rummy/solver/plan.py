"""The rummy solver's shared vocabulary: the questions (modes), the plan types every search
answers with, the score they all maximise, and the deadline a caller gives one thread's solves.

Score = per used card (``BIG`` + its hand value): more laid cards first, then more value.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

from game.rummy.cards import HAND_ACE_VALUE, HAND_JOKER_VALUE, JOKER, SUITS, Card

# "opened": the most cards an opened player can lay; "opening": the same for a player who has
# not opened (hand-only sets worth the opening target among them); "value": hand-only sets of
# the highest value.
Mode = Literal["opened", "opening", "value"]

ACE_HIGH = 14  # a run's position of the ace above the king
BIG = 1 << 12  # one more laid card beats any difference in hand value
FACE_VALUE_CAP = 10


class OutOfTime(Exception):
    """The time the caller gave this thread's solves (see :func:`time_limit`) is up."""


_limit = threading.local()


@contextmanager
def time_limit(end: float | None, stop: threading.Event | None = None) -> Iterator[None]:
    """Solves in this thread raise :class:`OutOfTime` once ``time.perf_counter()`` passes
    ``end`` or ``stop`` is set: a computer player in a hurry abandons a slow solve at once
    instead of leaving it to run on."""
    _limit.end, _limit.stop = end, stop
    try:
        yield
    finally:
        _limit.end = _limit.stop = None


def current_limit() -> tuple[float | None, threading.Event | None]:
    """This thread's time limit: the end (``time.perf_counter()``) and the stop event."""
    return getattr(_limit, "end", None), getattr(_limit, "stop", None)


def check_time() -> None:
    """Raise :class:`OutOfTime` when this thread's time limit has passed (cheap when none)."""
    end, stop = current_limit()
    if (end is not None and time.perf_counter() > end) or (stop is not None and stop.is_set()):
        raise OutOfTime


class OverBudget(Exception):
    """The exact search grew beyond the state budget it was given."""


@dataclass(frozen=True, slots=True)
class PlannedSet:
    """One set of the optimal arrangement: ``cards`` as (rank 1..13 or 0 for a joker, suit index
    or -1), in layout order; ``opening`` when it is made of laid hand cards only."""

    kind: Literal["run", "group"]
    cards: tuple[tuple[int, int], ...]
    opening: bool


@dataclass(frozen=True, slots=True)
class Plan:
    score: int
    sets: tuple[PlannedSet, ...]


def planned_cards(planned: PlannedSet) -> list[Card]:
    """The cards of a planned set, in layout order (jokers in their places)."""
    return [JOKER if rank == 0 else Card(rank, SUITS[suit]) for rank, suit in planned.cards]


def card_weight(rank: int) -> int:
    """Score of using one card of ``rank`` (0 = joker) in opened/opening mode."""
    if rank == 0:
        return BIG + HAND_JOKER_VALUE
    if rank == 1:
        return BIG + HAND_ACE_VALUE
    return BIG + min(rank, FACE_VALUE_CAP)


def all_laid_score(table_weight: int, usable: list[list[int]], hand_jokers: int) -> int:
    """The score of laying every usable hand card: no arrangement can score more."""
    cards = sum(card_weight(rank) * sum(usable[rank]) for rank in range(1, 14))
    return table_weight + cards + card_weight(0) * hand_jokers
