"""The Räuber-Rommé solver: the table arrangement that lays the most hand cards, exactly.

Public API (see ``docs/contract.md``):

- ``best_play(table, hand, opened, keep=())`` -> the new table (list of sets, each an ordered list
  of cards with jokers in their places) or None when nothing can be laid / no opening of 30 exists.
  Among plays laying equally many cards it lays the higher hand value, then changes as few old
  sets as its searches find (:mod:`ai.rummy.solver.keep`): unchanged old sets stay as they were
  and in their order, new or changed sets follow.
- ``max_laid(table, hand, opened, keep=())`` -> how many hand cards the best play lays (0: none).
- ``best_opening(hand, keep=())`` -> the hand-only sets of the highest total value, or None when
  they are worth less than 30.
- ``set_value(cards)`` -> the value of one valid set (for the opening sum).

The escalation of exact searches and the integer program is :mod:`ai.rummy.solver.pipeline`;
this module converts cards to counts and asks it, then :mod:`ai.rummy.solver.keep` for the
table. Once :func:`warm_up` has run in the process, the compiled kernels do the searching (see
:mod:`ai.rummy.solver.paths`), same results.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ai.rummy.solver.keep import keep_old_sets, opening_in
from ai.rummy.solver.paths import solve_counts
from ai.rummy.solver.pipeline import solve_mode
from ai.rummy.solver.plan import (
    BIG,
    Mode,
    OutOfTime,
    Plan,
    card_weight,
    planned_cards,
    time_limit,
)
from ai.rummy.solver.sweep import drop_unusable
from game.rummy.cards import SUITS, Card
from game.rummy.melds import check_meld
from game.rummy.turn_rules import OPENING_POINTS

Table = list[list[Card]]
# Callers in a hurry wrap their solves in ``with time_limit(end, stop):`` and catch OutOfTime.
__all__ = [
    "OutOfTime",
    "PlayResult",
    "best_opening",
    "best_play",
    "max_laid",
    "set_value",
    "solve_play",
    "time_limit",
    "warm_up",
]


@dataclass(frozen=True, slots=True)
class _Counts:
    table: list[list[int]]
    hand: list[list[int]]
    table_jokers: int
    hand_jokers: int


def _empty() -> list[list[int]]:
    return [[0] * 4 for _ in range(14)]


def _counts(table_cards: Sequence[Card], hand: Sequence[Card]) -> _Counts:
    table_counts, hand_counts = _empty(), _empty()
    table_jokers = hand_jokers = 0
    for card in table_cards:
        if card.is_joker:
            table_jokers += 1
        else:
            table_counts[card.rank][SUITS.index(card.suit)] += 1
    for card in hand:
        if card.is_joker:
            hand_jokers += 1
        else:
            hand_counts[card.rank][SUITS.index(card.suit)] += 1
    return _Counts(table_counts, hand_counts, table_jokers, hand_jokers)


def _without(hand: Sequence[Card], keep: Sequence[Card]) -> list[Card]:
    """``hand`` minus the cards to hold back (as multisets)."""
    held = Counter(keep)
    rest: list[Card] = []
    for card in hand:
        if held[card] > 0:
            held[card] -= 1
        else:
            rest.append(card)
    return rest


def _flatten(sets: Sequence[Sequence[Card]]) -> list[Card]:
    return [card for cards in sets for card in cards]


def _table_weight(cards: Sequence[Card]) -> int:
    return sum(card_weight(card.rank) for card in cards)


@dataclass(frozen=True, slots=True)
class _Solved:
    """The plan (None: nothing to lay, or no opening), its score counted over laid hand cards
    only, and whether it is proven optimal (see :class:`PlayResult`)."""

    plan: Plan | None
    gain: int
    exact: bool
    by_program: bool = False


def _solve(
    table_cards: Sequence[Card], hand: Sequence[Card], opened: bool, budget: int | None = None
) -> _Solved:
    counts = _counts(table_cards, hand)
    jokers = counts.table_jokers + counts.hand_jokers
    usable = drop_unusable(counts.table, counts.hand, jokers)
    if not opened and _opening_value(usable, counts.hand_jokers) < OPENING_POINTS:
        return _Solved(None, -1, True)
    table_weight = _table_weight(table_cards)

    def solve(mode: Mode, searches_only: bool = False, unsettled: bool = False) -> _Solved:
        found = solve_mode(
            counts.table, usable, counts.table_jokers, counts.hand_jokers, mode, table_weight,
            budget, searches_only, unsettled,
        )  # fmt: skip
        if found.plan is None:
            return _Solved(None, 0 if mode == "opened" else -1, found.exact)
        gain = found.plan.score - table_weight
        return _Solved(found.plan, gain, found.exact, found.by_program)

    if opened:
        return solve("opened")
    # The best play of an opened player is the most any play can lay. When its laid cards hold
    # sets worth 30 on their own, it is an opening too: the best one, found without tracking
    # which sets are hand-only (which doubles the search). Only the quick searches try this:
    # a position they can't settle goes to the opening question at once.
    best = solve("opened", searches_only=True)
    if best.exact:
        if best.plan is None or best.gain < BIG:
            return _Solved(None, -1, True)  # not even an opened player could lay a card
        if _opening_covered(best.plan, table_cards) >= OPENING_POINTS:
            return best
    # Where the searches could not settle the easier opened question, they never settled the
    # opening one on the bench's crowded tables: the integer program is asked at once.
    return solve("opening", unsettled=not best.exact)


def _opening_covered(plan: Plan, table_cards: Sequence[Card]) -> int:
    """The highest total value of the plan's sets that the laid hand cards alone can make up."""
    sets = [planned_cards(planned) for planned in plan.sets]
    return opening_in(sets, Counter(_flatten(sets)) - Counter(table_cards))


def _opening_value(hand: list[list[int]], jokers: int) -> int:
    """The highest total value of sets made of these hand cards alone (0 when none)."""
    plan = solve_counts(_empty(), drop_unusable(_empty(), hand, jokers), 0, jokers, "value")
    return 0 if plan is None else plan.score


def max_laid(
    table: Sequence[Sequence[Card]],
    hand: Sequence[Card],
    opened: bool,
    keep: Sequence[Card] = (),
    budget: int | None = None,
) -> int:
    """How many hand cards the best play lays (0 when nothing can be laid or no opening).
    ``budget``: see :func:`best_play`."""
    solved = _solve(_flatten(table), _without(hand, keep), opened, budget)
    if solved.plan is None:
        return 0
    return max(0, solved.gain // BIG)


@dataclass(frozen=True, slots=True)
class PlayResult:
    """:func:`solve_play`'s answer: ``table`` as :func:`best_play` returns it, and ``exact``:
    proven the best play (False only when a ``budget`` cut the search short: the play is then
    legal but maybe not the best)."""

    table: Table | None
    exact: bool


def best_play(
    table: Sequence[Sequence[Card]],
    hand: Sequence[Card],
    opened: bool,
    keep: Sequence[Card] = (),
    budget: int | None = None,
) -> Table | None:
    """The new table laying the most hand cards (then the most hand value, then changing few
    old sets), or None when nothing can be laid or (not opened) no opening exists.
    Cards in ``keep`` stay in the hand.

    Exact by default. ``budget`` bounds the time for an AI in a hurry: the integer program a
    position no quick search settles is handed to gets a short time limit, and its best play by
    then is used (always legal, usually but not surely the best); only one extra solve is spent
    on keeping old sets unchanged. ``budget=0``: the quick searches alone."""
    return solve_play(table, hand, opened, keep, budget).table


def solve_play(
    table: Sequence[Sequence[Card]],
    hand: Sequence[Card],
    opened: bool,
    keep: Sequence[Card] = (),
    budget: int | None = None,
) -> PlayResult:
    """:func:`best_play`, and whether its play is proven optimal."""
    old_sets = [list(cards) for cards in table]
    hand_cards = _without(hand, keep)
    solved = _solve(_flatten(old_sets), hand_cards, opened, budget)
    if solved.plan is None or solved.gain < BIG:
        return PlayResult(None, solved.exact)
    table = keep_old_sets(old_sets, opened, solved.plan, budget, solved.by_program)
    return PlayResult(table, solved.exact)


def warm_up() -> bool:
    """Prepare what the shipped pipeline needs before timing-sensitive use: the compiled kernels
    (compiled, or loaded from numba's on-disk cache) where numba is installed and not switched
    off, and the integer program's library and catalogue of sets. A no-op where nothing
    compiles; returns whether solves now run compiled code. Idempotent and thread-safe."""
    from ai.rummy.solver import compiled
    from ai.rummy.solver import ilp as rummy_solver_ilp

    if rummy_solver_ilp.available():
        rummy_solver_ilp.prepare()
    return compiled.warm_up()


def set_value(cards: Sequence[Card]) -> int:
    """The value of a valid set (0 for an invalid one)."""
    return check_meld(cards).value


def best_opening(hand: Sequence[Card], keep: Sequence[Card] = ()) -> Table | None:
    """Hand-only sets of the highest total value, or None when the best is worth less than 30."""
    counts = _counts([], _without(hand, keep))
    usable = drop_unusable(counts.table, counts.hand, counts.hand_jokers)
    plan = solve_counts(counts.table, usable, 0, counts.hand_jokers, "value")
    if plan is None or plan.score < OPENING_POINTS:
        return None
    return [planned_cards(s) for s in plan.sets]
