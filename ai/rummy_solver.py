"""The Räuber-Rommé solver: the table arrangement that lays the most hand cards, exactly.

Public API (see ``shared/DESIGN.md``):

- ``best_play(table, hand, opened, keep=())`` -> the new table (list of sets, each an ordered list
  of cards with jokers in their places) or None when nothing can be laid / no opening of 30 exists.
  Among plays laying equally many cards it lays the higher hand value, then changes the fewest
  old sets: unchanged old sets stay as they were and in their order, new or changed sets follow.
- ``max_laid(table, hand, opened, keep=())`` -> how many hand cards the best play lays (0: none).
- ``best_opening(hand, keep=())`` -> the hand-only sets of the highest total value, or None when
  they are worth less than 30.
- ``set_value(cards)`` -> the value of one valid set (for the opening sum).

The optimiser itself is :func:`ai.rummy_solver_dp.solve_counts`; this module converts cards to
counts and back and keeps the table recognisable. Once :func:`ai.rummy_solver_jit.warm_up` has
run in the process, the compiled ports do the solving (:mod:`ai.rummy_solver_fast`), same results.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ai import rummy_solver_fast as fast
from ai.rummy_solver_dp import (
    BIG,
    OPENING_TARGET,
    Mode,
    OutOfTime,
    Plan,
    PlannedSet,
    card_weight,
    drop_unusable,
    time_limit,
)
from ai.rummy_solver_fast import solve_counts
from ai.rummy_solver_pipeline import solve_mode
from game.rummy.cards import JOKER, SUITS, Card
from game.rummy.melds import check_meld

Table = list[list[Card]]
# Callers in a hurry wrap their solves in ``with time_limit(end, stop):`` and catch OutOfTime.
__all__ = ["OutOfTime", "best_opening", "best_play", "max_laid", "set_value", "time_limit"]

# How many extra solves may be spent to keep more old sets unchanged (each on a smaller table).
MAX_FREEZE_SOLVES = 6
# Changing only one or two old sets near the laid cards: tried first (when few cards are laid),
# at most this many ways.
MELT_AT_MOST = 2
MELT_LAID_CARDS = 4
MELT_TRIES = 30
# Old sets an AI in a hurry tries to keep on the compiled path (each try well under 1 ms).
QUICK_FREEZE_SOLVES = 12
# States kept per step by the quick first search (its result only serves as a bound).
BEAM_WIDTHS = (160, 640)
# Steps the depth-first search may take before the breadth-first sweep takes over. Most
# positions are settled well within this (a few milliseconds); the rest would thrash.
DFS_NODE_LIMIT = 1_500

# Steps of each lay-everything search in Python (~60 us each).
COVER_STEPS = 300
# Steps the search for an arrangement of given cards may take (a few milliseconds compiled,
# about 50 ms in Python) before the old set it would keep is left changed.
ARRANGE_STEPS = 1_000


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


def _to_cards(planned: PlannedSet) -> list[Card]:
    return [JOKER if rank == 0 else Card(rank, SUITS[suit]) for rank, suit in planned.cards]


def _table_weight(cards: Sequence[Card]) -> int:
    return sum(card_weight(card.rank) for card in cards)


@dataclass(frozen=True, slots=True)
class _Solved:
    """The plan (None: nothing to lay, or no opening), its score counted over laid hand cards
    only, and whether it is proven optimal (see :class:`PlayResult`)."""

    plan: Plan | None
    gain: int
    exact: bool


def _solve(
    table_cards: Sequence[Card], hand: Sequence[Card], opened: bool, budget: int | None = None
) -> _Solved:
    counts = _counts(table_cards, hand)
    jokers = counts.table_jokers + counts.hand_jokers
    usable = drop_unusable(counts.table, counts.hand, jokers)
    if not opened and _opening_value(usable, counts.hand_jokers) < OPENING_TARGET:
        return _Solved(None, -1, True)
    table_weight = _table_weight(table_cards)

    def solve(mode: Mode) -> _Solved:
        found = solve_mode(
            counts.table, usable, counts.table_jokers, counts.hand_jokers, mode, table_weight,
            budget,
        )  # fmt: skip
        if found.plan is None:
            return _Solved(None, 0 if mode == "opened" else -1, found.exact)
        return _Solved(found.plan, found.plan.score - table_weight, found.exact)

    if opened:
        return solve("opened")
    # The best play of an opened player is the most any play can lay. When its laid cards hold
    # sets worth 30 on their own, it is an opening too: the best one, found without tracking
    # which sets are hand-only (which doubles the search).
    best = solve("opened")
    if best.plan is None or best.gain < BIG:
        return _Solved(None, -1, best.exact)  # not even an opened player could lay a card
    if _opening_covered(best.plan, table_cards) >= OPENING_TARGET:
        return best
    opening = solve("opening")
    return replace(opening, exact=opening.exact and best.exact)


def _opening_covered(plan: Plan, table_cards: Sequence[Card]) -> int:
    """The highest total value of the plan's sets that the laid hand cards alone can make up."""
    sets = [_to_cards(planned) for planned in plan.sets]
    laid = Counter(_flatten(sets)) - Counter(table_cards)
    candidates = [(Counter(cards), set_value(cards)) for cards in sets]
    candidates = [(need, value) for need, value in candidates if not need - laid]
    best = 0

    def walk(start: int, left: Counter[Card], value: int) -> None:
        nonlocal best
        best = max(best, value)
        for i in range(start, len(candidates)):
            need, worth = candidates[i]
            if best >= OPENING_TARGET:
                return
            if not need - left:
                walk(i + 1, left - need, value + worth)

    walk(0, laid, 0)
    return best


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
    """The new table laying the most hand cards (then the most hand value, then changing the
    fewest old sets), or None when nothing can be laid or (not opened) no opening exists.
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
    frozen, rest_sets = _freeze_old_sets(
        old_sets, hand_cards, opened, solved.plan, solved.gain, budget
    )
    return PlayResult(_arrange(old_sets, frozen, rest_sets), solved.exact)


def _freeze_old_sets(
    old_sets: list[list[Card]],
    hand: list[Card],
    opened: bool,
    plan: Plan,
    gain: int,
    budget: int | None,
) -> tuple[set[int], list[list[Card]]]:
    """Old sets (by index) that can stay untouched without losing anything, and the sets for the
    rest of the table. Opened: :func:`_freeze_one_by_one` (on both paths, so that the
    same old sets stay). Otherwise, old sets the
    plan already reproduces are kept for free; for the others, group testing: try to freeze a
    whole batch at once and halve the batch when that fails."""
    new_sets = [_to_cards(s) for s in plan.sets]
    laid = Counter(_flatten(new_sets)) - Counter(_flatten(old_sets))
    if opened:
        return _freeze_one_by_one(old_sets, new_sets, laid, budget)
    matches = _reproduced(old_sets, new_sets)
    frozen = set(matches)
    used = set(matches.values())
    rest_sets = [cards for j, cards in enumerate(new_sets) if j not in used]
    solves = 0

    max_solves = MAX_FREEZE_SOLVES if budget is None else 1  # in a hurry: one try at most

    def attempt(batch: list[int]) -> bool:
        nonlocal rest_sets, solves
        if solves >= max_solves:
            return False
        solves += 1
        trial = frozen | set(batch)
        rest = [card for i, cards in enumerate(old_sets) if i not in trial for card in cards]
        if opened:
            # Keeping the same cards laid is all that matters: arrange exactly those.
            arranged = _arrange_all(rest + list(laid.elements()))
            if arranged is None:
                return False
            frozen.update(batch)
            rest_sets = arranged
            return True
        solved = _solve(rest, hand, opened, budget)
        if solved.plan is None or solved.gain != gain:
            return False
        frozen.update(batch)
        rest_sets = [_to_cards(s) for s in solved.plan.sets]
        return True

    def search(batch: list[int]) -> None:
        if not batch or attempt(batch) or len(batch) == 1:
            return
        middle = len(batch) // 2
        search(batch[:middle])
        search(batch[middle:])

    search([i for i in range(len(old_sets)) if i not in frozen])
    return frozen, rest_sets


def _freeze_one_by_one(
    old_sets: list[list[Card]], new_sets: list[list[Card]], laid: Counter[Card], budget: int | None
) -> tuple[set[int], list[list[Card]]]:
    """:func:`_freeze_old_sets` for an opened player (arranging a few cards is quick on both
    paths): the laid cards with the fewest old sets near them, else keeping
    every old set that can be kept. Sets the optimal plan happens to reproduce are not kept in
    advance: one of them may be where a laid card belongs (3S 4S 5S for a laid 6S)."""
    laid_cards = list(laid.elements())
    everything = set(range(len(old_sets)))
    closeness = [_closeness(cards, laid) for cards in old_sets]
    near = sorted((i for i in everything if closeness[i]), key=lambda i: -closeness[i])
    # First the fewest changes: the laid cards with none, one or two of the old sets they could
    # join (each try a handful of cards).
    if len(laid_cards) <= MELT_LAID_CARDS:
        melts = (m for size in range(MELT_AT_MOST + 1) for m in itertools.combinations(near, size))
        for melted in itertools.islice(melts, MELT_TRIES):
            arranged = _arrange_all([c for i in melted for c in old_sets[i]] + laid_cards)
            if arranged is not None:
                return everything - set(melted), arranged
    # Then from the other end: keep every old set that can be kept. The ones no laid card could
    # join in one go, then the others one at a time, the least close first.
    frozen: set[int] = set()
    rest_sets = new_sets
    far = everything - set(near)
    order = sorted(near, key=lambda i: closeness[i])
    if far:
        arranged = _try_keeping(old_sets, far, laid_cards)
        if arranged is not None:
            frozen, rest_sets = set(far), arranged
        else:
            order = sorted(everything, key=lambda i: closeness[i])
    for i in order if budget is None else order[:QUICK_FREEZE_SOLVES]:
        arranged = _try_keeping(old_sets, frozen | {i}, laid_cards)
        if arranged is not None:
            frozen.add(i)
            rest_sets = arranged
    return frozen, rest_sets


def _try_keeping(
    old_sets: list[list[Card]], kept: set[int], laid_cards: list[Card]
) -> list[list[Card]] | None:
    """Sets for everything but the ``kept`` old sets, or None."""
    rest = [c for j, cards in enumerate(old_sets) if j not in kept for c in cards]
    return _arrange_all(rest + laid_cards)


def _closeness(cards: Sequence[Card], laid: Counter[Card]) -> int:
    """How many laid cards could share a set with these: same rank, or same suit nearby."""
    near = 0
    for card in laid.elements():
        if card.is_joker:
            continue
        for other in cards:
            if other.is_joker:
                continue
            if other.rank == card.rank or (
                other.suit == card.suit and abs(other.rank - card.rank) % 12 <= 2
            ):
                near += 1
                break
    return near


def _arrange_all(cards: Sequence[Card]) -> list[list[Card]] | None:
    """Valid sets holding exactly these cards, or None (also when the search gives up)."""
    counts = _counts(cards, [])
    sets = fast.cover_all(counts.table, counts.table_jokers, ARRANGE_STEPS)
    return None if sets is None else [_to_cards(planned) for planned in sets]


def _contents(cards: Sequence[Card]) -> tuple[int, ...]:
    """Which cards a set holds, in any order (jokers by count): equal for equal contents."""
    return tuple(sorted(card.index for card in cards))


def _reproduced(old_sets: list[list[Card]], new_sets: list[list[Card]]) -> dict[int, int]:
    """Old set index -> index of a new set holding exactly the same cards."""
    unmatched: dict[tuple[int, ...], list[int]] = {}
    for j, cards in enumerate(new_sets):
        unmatched.setdefault(_contents(cards), []).append(j)
    found: dict[int, int] = {}
    for i, cards in enumerate(old_sets):
        same = unmatched.get(_contents(cards))
        if same:
            found[i] = same.pop(0)
    return found


def _arrange(old_sets: list[list[Card]], frozen: set[int], new_sets: list[list[Card]]) -> Table:
    """Unchanged old sets first, as they were and in their order, then the new or changed sets."""
    rest_indices = [i for i in range(len(old_sets)) if i not in frozen]
    matches = _reproduced([old_sets[i] for i in rest_indices], new_sets)
    kept_indices = set(frozen) | {rest_indices[r] for r in matches}
    used = set(matches.values())
    kept = [list(old_sets[i]) for i in sorted(kept_indices)]
    return kept + [cards for j, cards in enumerate(new_sets) if j not in used]


def set_value(cards: Sequence[Card]) -> int:
    """The value of a valid set (0 for an invalid one)."""
    return check_meld(cards).value


def best_opening(hand: Sequence[Card], keep: Sequence[Card] = ()) -> Table | None:
    """Hand-only sets of the highest total value, or None when the best is worth less than 30."""
    counts = _counts([], _without(hand, keep))
    usable = drop_unusable(counts.table, counts.hand, counts.hand_jokers)
    plan = solve_counts(counts.table, usable, 0, counts.hand_jokers, "value")
    if plan is None or plan.score < OPENING_TARGET:
        return None
    return [_to_cards(s) for s in plan.sets]
