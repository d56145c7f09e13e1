"""A quick refusal for "can these cards all be laid as sets?": a normal card that fits in no
valid set of the cards at hand (no two other suits of its rank, or one and a joker, for a group;
no three places in a row of its suit holding it with at most one missing, filled by a joker, for
a run) can't be laid, so the search for an arrangement of all of them need not start.

A valid run holds at most one joker in any three places in a row (two normal cards at least
between jokers), so every card of one lies in such a window: the test never refuses cards that
can all be laid.
"""

from __future__ import annotations

from ai.rummy.solver.plan import ACE_HIGH

Counts = list[list[int]]


def has_stranded_card(counts: Counts, jokers: int) -> bool:
    """Is some card counted in ``counts[rank][suit]`` (ranks 1..13) in no possible set of these
    cards and ``jokers`` jokers?"""
    for rank in range(1, 14):
        suits_here = sum(1 for suit in range(4) if counts[rank][suit])
        if suits_here >= 3 or (suits_here == 2 and jokers):
            continue  # a group holds each card of this rank
        for suit in range(4):
            if counts[rank][suit] and not _in_a_run(counts, jokers, rank, suit):
                return True
    return False


def _in_a_run(counts: Counts, jokers: int, rank: int, suit: int) -> bool:
    positions = (1, ACE_HIGH) if rank == 1 else (rank,)
    for position in positions:
        for first in range(max(1, position - 2), min(position, ACE_HIGH - 2) + 1):
            missing = sum(
                1
                for place in range(first, first + 3)
                if not counts[1 if place == ACE_HIGH else place][suit]
            )
            if missing == 0 or (missing == 1 and jokers):
                return True
    return False
