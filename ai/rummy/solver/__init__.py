"""The Räuber-Rommé solver: the table arrangement that lays the most hand cards, exactly.

Public API (see ``docs/contract.md``):

- ``best_play(table, hand, opened, keep=())`` -> the new table (list of sets, each an ordered list
  of cards with jokers in their places) or None when nothing can be laid / no opening of 30 exists.
  Among plays laying equally many cards it lays the higher hand value, then changes the fewest
  old sets: unchanged old sets stay as they were and in their order, new or changed sets follow.
- ``max_laid(table, hand, opened, keep=())`` -> how many hand cards the best play lays (0: none).
- ``best_opening(hand, keep=())`` -> the hand-only sets of the highest total value, or None when
  they are worth less than 30.
- ``set_value(cards)`` -> the value of one valid set (for the opening sum).

The escalation of exact searches and the integer program is :mod:`ai.rummy.solver.pipeline`;
this module converts cards to counts and back and keeps the table recognisable. Once
:func:`warm_up` has run in the process, the compiled kernels do the searching (see
:mod:`ai.rummy.solver.paths`), same results.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ai.rummy.solver import paths as fast
from ai.rummy.solver.paths import solve_counts
from ai.rummy.solver.pipeline import solve_mode, step_budgets
from ai.rummy.solver.plan import (
    BIG,
    Mode,
    OutOfTime,
    OverBudget,
    Plan,
    PlannedSet,
    card_weight,
    time_limit,
)
from ai.rummy.solver.sweep import drop_unusable
from game.rummy.cards import JOKER, SUITS, Card
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

# Changing only one or two old sets near the laid cards: tried first (when few cards are laid),
# at most this many ways.
MELT_AT_MOST = 2
MELT_LAID_CARDS = 4
MELT_TRIES = 30
# On a crowded table (one the integer program solved) fewer: each try is one arrangement search.
MELT_TRIES_CROWDED = 10
# Old sets an AI in a hurry tries to keep one at a time (each try one arrangement search).
QUICK_FREEZE_SOLVES = 12


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
    sets = [_to_cards(planned) for planned in plan.sets]
    return _opening_in(sets, Counter(_flatten(sets)) - Counter(table_cards))


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
    frozen, rest_sets = _freeze_old_sets(old_sets, opened, solved.plan, budget, solved.by_program)
    return PlayResult(_arrange(old_sets, frozen, rest_sets), solved.exact)


def _freeze_old_sets(
    old_sets: list[list[Card]], opened: bool, plan: Plan, budget: int | None, crowded: bool
) -> tuple[set[int], list[list[Card]]]:
    """Old sets (by index) that can stay untouched without losing anything, and the sets for the
    rest of the table. The plan's laid cards stay the same (so the play stays optimal): only
    their arrangement with the old sets changes, each try a search for sets holding exactly the
    given cards (quick on both paths). First the fewest changes: the laid cards with none, one
    or two of the old sets they could join. Then from the other end: keep every old set that can
    be kept, the ones no laid card could join in one go, then the others one at a time, the
    least close first. Sets the optimal plan happens to reproduce are not kept in advance: one
    of them may be where a laid card belongs (3S 4S 5S for a laid 6S). A player who has not
    opened keeps only arrangements that still hold his opening. ``crowded``: the searches could
    not settle the position (the integer program found the plan). A search that gives up costs
    its whole step budget and finds nothing: on a crowded table, after ``keep_give_ups`` of them
    the old sets left are left as the plan has them, so that this step stays a small part of
    the solve."""
    new_sets = [_to_cards(s) for s in plan.sets]
    laid = Counter(_flatten(new_sets)) - Counter(_flatten(old_sets))
    laid_cards = list(laid.elements())
    steps = step_budgets()
    give_ups = 0
    most_give_ups = steps.keep_give_ups if crowded or steps.capped_keeping else BIG

    # Card counts of each old set and of the laid cards, added up for each try.
    set_counts = [_counts(cards, []) for cards in old_sets]
    laid_counts = _counts(laid_cards, [])

    def arranged_keeping(kept: Iterable[int]) -> list[list[Card]] | None:
        nonlocal give_ups
        kept = set(kept)
        counts = [row[:] for row in laid_counts.table]
        jokers = laid_counts.table_jokers
        for j, old in enumerate(set_counts):
            if j not in kept:
                jokers += old.table_jokers
                for rank, row in enumerate(old.table):
                    if any(row):
                        counts[rank] = [a + b for a, b in zip(counts[rank], row, strict=True)]
        try:
            sets = _arrange_counts(counts, jokers, steps.arrange)
        except OverBudget:
            give_ups += 1
            return None
        if sets is None or (not opened and _opening_in(sets, laid) < OPENING_POINTS):
            return None
        return sets

    everything = set(range(len(old_sets)))
    closeness = [_closeness(cards, laid) for cards in old_sets]
    near = sorted((i for i in everything if closeness[i]), key=lambda i: -closeness[i])
    if len(laid_cards) <= MELT_LAID_CARDS:
        melts = (m for size in range(MELT_AT_MOST + 1) for m in itertools.combinations(near, size))
        for melted in itertools.islice(melts, MELT_TRIES_CROWDED if crowded else MELT_TRIES):
            if give_ups >= most_give_ups:
                break
            arranged = arranged_keeping(everything - set(melted))
            if arranged is not None:
                return everything - set(melted), arranged
    frozen: set[int] = set()
    rest_sets = new_sets
    far = everything - set(near)
    order = sorted(near, key=lambda i: closeness[i])
    if far and give_ups < most_give_ups:
        arranged = arranged_keeping(far)
        if arranged is not None:
            frozen, rest_sets = set(far), arranged
        else:
            order = sorted(everything, key=lambda i: closeness[i])
    tries = steps.keep_tries if budget is None else QUICK_FREEZE_SOLVES
    for i in order[:tries]:
        if give_ups >= most_give_ups:
            break
        arranged = arranged_keeping(frozen | {i})
        if arranged is not None:
            frozen.add(i)
            rest_sets = arranged
    return frozen, rest_sets


def _opening_in(sets: list[list[Card]], laid: Counter[Card]) -> int:
    """The highest total value of these sets that the laid hand cards alone can make up."""
    candidates = [(Counter(cards), set_value(cards)) for cards in sets]
    candidates = [(need, value) for need, value in candidates if not need - laid]
    best = 0

    def walk(start: int, left: Counter[Card], value: int) -> None:
        nonlocal best
        best = max(best, value)
        for i in range(start, len(candidates)):
            need, worth = candidates[i]
            if best >= OPENING_POINTS:
                return
            if not need - left:
                walk(i + 1, left - need, value + worth)

    walk(0, laid, 0)
    return best


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


def _arrange_counts(counts: list[list[int]], jokers: int, steps: int) -> list[list[Card]] | None:
    """Valid sets holding exactly the cards counted in ``counts[rank][suit]`` and ``jokers``
    jokers, or None; :class:`OverBudget` when the search gives up after ``steps`` steps."""
    sets = fast.cover_all(counts, jokers, steps)
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
    return [_to_cards(s) for s in plan.sets]
