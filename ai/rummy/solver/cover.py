"""Lay everything: can the whole table plus every usable hand card be split into valid sets?

The sweeps of :mod:`ai.rummy.solver.sweep` / :mod:`ai.rummy.solver.rounds` carry every open run of
every suit from rank to rank; with four or five jokers about, the ways of having placed the
cards so far run into the millions, even when a play laying everything exists. Yet that is the
most common best play late in a game, and when everything is laid the score is the ceiling, so
no other arrangement needs to be looked at.

This search works on whole sets instead (exact cover, as in a Rummikub solver): take the card
still to place with the fewest ways to go (group partners and three-card run windows: a card
with none ends the branch at once), try each set that can hold it, and go on with the rest.
Jokers are only committed where a set cannot do without them (a gap, or a third card); every set
notes how many more it could take at its ends, and at the end the jokers still in hand must fit
there. Failed remainders are remembered, so the same rest of the table is never searched twice,
and the walk restarts with reshuffled preferences when it thrashes.

:mod:`ai.rummy.solver.compiled.cover` is the same search compiled; this one is the fallback without
numba and the readable reference.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ai.rummy.solver.plan import ACE_HIGH, OverBudget, Plan, PlannedSet, card_weight, check_time


@dataclass(frozen=True, slots=True)
class Option:
    """A set that holds the chosen card: the normal cards it takes, jokers it must have, jokers
    it could still take, and how to write it out once the spare jokers are known."""

    cards: tuple[tuple[int, int], ...]  # (rank 1..13, suit) of the normal cards
    jokers: int
    spare: int
    kind: str  # "run" or "group"
    # run: its core from the first to the last normal card as positions 1..14 (14: the high
    # ace), 0 for a joker; group: the rank, then the suits
    core: tuple[int, ...]
    ends: tuple[bool, bool]  # run: may take a joker below / above the core


def _rank_of(position: int) -> int:
    return 1 if position == ACE_HIGH else position


class _TryOver(Exception):
    """This try's steps are used up: start over with another order."""


# Steps of the first try; each next try gets twice as many.
FIRST_TRY_STEPS = 50


class _Cover:
    def __init__(self, counts: list[list[int]], jokers: int, node_limit: int | None) -> None:
        self.counts = [list(row) for row in counts]  # [rank 0..13][suit]
        self.jokers = jokers
        self.node_limit = node_limit
        self.nodes = 0
        self.failed: dict[tuple[tuple[int, ...], int], int] = {}
        self.chosen: list[Option] = []
        self.start = [list(row) for row in counts]
        self.shuffle: random.Random | None = None
        self.try_end = 0

    def key(self) -> tuple[int, ...]:
        return tuple(c for row in self.counts[1:] for c in row)

    def pick(self, jokers: int) -> tuple[int, int, int] | None:
        """The card with the fewest ways to be placed (rank, suit, ways): 0 ways means a dead
        end. Counting ways roughly (group partners, three-card windows) is enough to steer."""
        counts = self.counts
        best: tuple[int, int, int] | None = None
        for rank in range(1, 14):
            row = counts[rank]
            present = (row[0] > 0) + (row[1] > 0) + (row[2] > 0) + (row[3] > 0)
            if not present:
                continue
            for suit in range(4):
                if not row[suit]:
                    continue
                partners = present - 1
                ways = partners if partners >= 2 or (partners == 1 and jokers) else 0
                ways += _run_windows(counts, rank, suit, jokers)
                if best is None or ways < best[2]:
                    best = (rank, suit, ways)
                    if ways == 0:
                        return best
        return best

    # Sets that hold the card (rank, suit).

    def options(self, rank: int, suit: int, jokers: int) -> list[Option]:
        found = list(self._groups(rank, suit, jokers))
        for position in (1, ACE_HIGH) if rank == 1 else (rank,):
            found += self._runs_through(position, suit, jokers)
        # Fewest jokers first (they are what a later card may need), then the most cards placed.
        if self.shuffle is None:
            found.sort(key=lambda option: (option.jokers, -len(option.cards), -option.spare))
        else:
            noise = self.shuffle.random
            found.sort(
                key=lambda option: (option.jokers + noise() * 1.5, noise() - len(option.cards))
            )
        return found

    def _groups(self, rank: int, suit: int, jokers: int) -> Iterator[Option]:
        others = [s for s in range(4) if s != suit and self.counts[rank][s]]
        subsets: list[list[int]] = [[]]
        for other in others:
            subsets += [[*subset, other] for subset in subsets]
        for subset in subsets:
            suits = (suit, *subset)
            normals = len(suits)
            if normals == 1:
                continue
            need = 1 if normals == 2 else 0
            if need > jokers:
                continue
            spare = 1 if normals < 4 else 0
            yield Option(
                tuple((rank, s) for s in suits),
                need,
                spare,
                "group",
                (rank, *suits),
                (False, False),
            )

    def _present(self, position: int, suit: int) -> bool:
        return 1 <= position <= ACE_HIGH and self.counts[_rank_of(position)][suit] > 0

    def _arms(self, position: int, step: int, suit: int, jokers: int) -> list[list[int]]:
        """The ways a run can reach out from ``position`` (excluded) in direction ``step``:
        lists of positions (0 = joker) ending in a normal card, the empty list included."""
        arms: list[list[int]] = [[]]
        arm: list[int] = []

        def grow(at: int, jokers_left: int, since: int | None) -> None:
            if not 1 <= at <= ACE_HIGH or len(arm) >= 12:
                return
            if self._present(at, suit):
                arm.append(at)
                arms.append(list(arm))
                grow(at + step, jokers_left, None if since is None else since + 1)
                arm.pop()
            if jokers_left and (since is None or since >= 2):
                arm.append(0)
                grow(at + step, jokers_left - 1, 0)
                arm.pop()

        grow(position + step, jokers, None)
        return arms

    def _runs_through(self, position: int, suit: int, jokers: int) -> list[Option]:
        """Runs of ``suit`` holding the card at ``position`` (jokers only where needed)."""
        result: list[Option] = []
        downs = self._arms(position, -1, suit, jokers)
        ups = self._arms(position, 1, suit, jokers)
        for down in downs:
            used_down = down.count(0)
            for up in ups:
                if used_down + up.count(0) > jokers:
                    continue
                core = [*reversed(down), position, *up]
                if len(core) < 2 or len(core) > 13:
                    continue
                low = position - len(down)
                positions = [p if p else 0 for p in core]
                if low == 1 and ACE_HIGH in positions[1:]:
                    continue
                option = self._run_option(core, low, suit)
                if option is not None and option.jokers <= jokers:
                    result.append(option)
        return result

    def _run_option(self, core: list[int], low: int, suit: int) -> Option | None:
        """The run with this core (positions, 0 = joker; first and last are normal cards), or
        None when its jokers sit too close together."""
        joker_at = [i for i, p in enumerate(core) if p == 0]
        for a, b in zip(joker_at, joker_at[1:], strict=False):
            if b - a < 3:
                return None
        high = low + len(core) - 1
        below = low >= 2 and (not joker_at or joker_at[0] >= 2)
        above = high <= ACE_HIGH - 1 and (not joker_at or len(core) - 1 - joker_at[-1] >= 2)
        sides = min(int(below) + int(above), 13 - len(core))
        inner = len(joker_at)
        if len(core) >= 3:
            need, spare = inner, sides
        elif sides:  # two normal cards side by side: the third must be a joker at an end
            need, spare = 1, sides - 1
        else:
            return None
        cards = tuple((_rank_of(p), suit) for p in core if p)
        absolute = tuple(low + i if p else 0 for i, p in enumerate(core))
        return Option(cards, need, spare, "run", absolute, (below, above))

    # The search.

    def solve(self) -> bool:
        """Whether everything can be laid. Dead ends show late (a card stranded by an early
        choice), so one walk can thrash where another with the same preferences goes straight
        through: each try gets a growing number of steps, the next starts over with equal
        choices reshuffled, and what was proved dead stays known."""
        for attempt in itertools.count():
            self.shuffle = random.Random(attempt) if attempt else None
            self.try_end = self.nodes + FIRST_TRY_STEPS * 2**attempt
            try:
                return self._walk(self.jokers, 0)
            except _TryOver:
                self.chosen.clear()
                self.counts = [list(row) for row in self.start]
        raise AssertionError("unreachable")

    def _walk(self, jokers: int, spare: int) -> bool:
        card = self.pick(jokers)
        if card is None:
            return jokers <= spare
        key = (self.key(), jokers)
        spare_seen = min(spare, jokers)
        failed = self.failed.get(key)
        if failed is not None and spare_seen <= failed:
            return False
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OverBudget(self.nodes)
        if self.nodes > self.try_end:
            raise _TryOver
        if self.nodes & 15 == 0:  # a step here can take a millisecond on a crowded table
            check_time()
        rank, suit, ways = card
        if ways == 0:
            return False
        for option in self.options(rank, suit, jokers):
            for r, s in option.cards:
                self.counts[r][s] -= 1
            self.chosen.append(option)
            if self._walk(jokers - option.jokers, spare + option.spare):
                return True
            self.chosen.pop()
            for r, s in option.cards:
                self.counts[r][s] += 1
        self.failed[key] = spare_seen
        return False

    def sets(self) -> list[PlannedSet]:
        return write_sets(self.chosen, self.jokers)


def _run_windows(counts: list[list[int]], rank: int, suit: int, jokers: int) -> int:
    """How many three positions in a row around the card, with at most one joker (the spacing
    rule allows no more in three cards), are there for a run of ``suit``."""
    ways = 0

    def present(position: int) -> bool:
        return 1 <= position <= ACE_HIGH and counts[_rank_of(position)][suit] > 0

    for position in (rank, ACE_HIGH) if rank == 1 else (rank,):
        for first in range(position - 2, position + 1):
            if first < 1 or first + 2 > ACE_HIGH:
                continue
            missing = 0
            for q in range(first, first + 3):
                if q != position and not present(q):
                    missing += 1
            if missing == 0 or (missing == 1 and jokers):
                ways += 1
    return ways


def write_sets(chosen: list[Option], jokers: int) -> list[PlannedSet]:
    """The chosen sets written out, the ``jokers`` they hold in all (those they must have, the
    rest spread over the ends where they fit)."""
    spare_jokers = jokers - sum(option.jokers for option in chosen)
    written: list[PlannedSet] = []
    for option in chosen:
        extra = min(spare_jokers, option.spare)
        spare_jokers -= extra
        written.append(_write(option, extra))
    if spare_jokers:
        raise AssertionError("jokers left over in a found cover")
    return written


def _write(option: Option, extra: int) -> PlannedSet:
    joker = (0, -1)
    if option.kind == "group":
        rank, *suits = option.core
        cards = [(rank, s) for s in suits]
        jokers = option.jokers + extra
        layout = [joker, *cards, joker] if jokers == 2 else cards + [joker] * jokers
        return PlannedSet("group", tuple(layout), False)
    suit = option.cards[0][1]
    body = [joker if p == 0 else (_rank_of(p), suit) for p in option.core]
    ends = option.jokers - option.core.count(0) + extra  # jokers at the ends of the core
    below, above = option.ends
    front = 1 if ends and below else 0
    if ends - front > int(above):  # should not happen: the spare count allows it
        raise AssertionError("no room for the joker")
    # Prefer the end above (a joker standing for a higher card is worth more).
    if ends == 1 and above:
        front = 0
    back = ends - front
    return PlannedSet("run", tuple([joker] * front + body + [joker] * back), False)


def lay_everything(
    table: list[list[int]],
    hand: list[list[int]],
    jokers: int,
    node_limit: int | None = None,
) -> list[PlannedSet] | None:
    """Sets holding exactly every card counted in ``table`` and ``hand`` (``[rank][suit]``,
    rank 1..13) plus ``jokers`` jokers, or None when there are none. Raises
    :class:`OverBudget` past ``node_limit`` search steps."""
    counts = [[table[r][s] + hand[r][s] for s in range(4)] for r in range(14)]
    cover = _Cover(counts, jokers, node_limit)
    if not cover.solve():
        return None
    return cover.sets()


Lay = Callable[[list[list[int]], list[list[int]], int, int | None], list[PlannedSet] | None]


@dataclass(frozen=True, slots=True)
class CoverResult:
    """``plan``: the best play, when one laying all usable hand cards but at most one was found
    (then it is the optimum). ``fewest_left_out``: proven, every play leaves at least that many
    usable hand cards (jokers included) in the hand."""

    plan: Plan | None
    fewest_left_out: int


def lay_most(
    table: list[list[int]],
    usable: list[list[int]],
    table_jokers: int,
    hand_jokers: int,
    lay: Lay,
    node_limit: int | None,
) -> CoverResult:
    """The best play of an opened player when it leaves at most one usable hand card out.

    First everything; then everything but one card, the cheapest first: all such plays lay
    the same number of cards and differ only by the value of the card kept, so the first that
    works is the best. ``lay`` is :func:`lay_everything` or its compiled twin; a search that
    runs out of steps ends the attempt (nothing proven from there on)."""
    weight_of_all = sum(
        card_weight(rank) * (table[rank][suit] + usable[rank][suit])
        for rank in range(1, 14)
        for suit in range(4)
    ) + card_weight(0) * (table_jokers + hand_jokers)
    jokers = table_jokers + hand_jokers
    proven = 0  # rounds finished without a play
    try:
        sets = lay(table, usable, jokers, node_limit)
        if sets is not None:
            return CoverResult(Plan(weight_of_all, tuple(sets)), 0)
        proven = 1
        kept_back = sorted(
            (card_weight(rank), rank, suit)
            for rank in range(1, 14)
            for suit in range(4)
            if usable[rank][suit]
        )
        if hand_jokers:
            kept_back.append((card_weight(0), 0, -1))
        for weight, rank, suit in kept_back:
            rest = [list(row) for row in usable]
            if rank:
                rest[rank][suit] -= 1
            sets = lay(table, rest, jokers - (rank == 0), node_limit)
            if sets is not None:
                return CoverResult(Plan(weight_of_all - weight, tuple(sets)), 1)
        proven = 2
    except OverBudget:
        pass
    return CoverResult(None, proven)
