"""Keeping old sets unchanged: the best play's table, arranged so that as many of the sets already
on it as the searches find stay exactly as they were, in their order (a player recognises his
table), the new or changed sets after them.

The plan's laid cards stay the same, so the play stays optimal: only their arrangement with the
old sets changes. A try is free where the arrangement so far already holds the old set; else a
search for valid sets holding exactly the given cards (:func:`ai.rummy.solver.paths.cover_all`),
first of the few sets sharing a card with it, then of everything not kept. Cards are handled by
their index (:attr:`game.rummy.cards.Card.index`) here, sets by their sorted indices.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ai.rummy.solver import paths
from ai.rummy.solver.pipeline import step_budgets
from ai.rummy.solver.plan import BIG, OverBudget, Plan, planned_cards
from game.rummy.cards import Card
from game.rummy.melds import check_meld
from game.rummy.turn_rules import OPENING_POINTS

Table = list[list[Card]]

# Changing only one or two old sets near the laid cards: tried first (when few cards are laid),
# at most this many ways.
MELT_AT_MOST = 2
MELT_LAID_CARDS = 4
MELT_TRIES = 30
# On a crowded table (one the integer program solved) fewer: each try is one arrangement search.
MELT_TRIES_CROWDED = 10
# Searches of the whole rest of the table an AI in a hurry spends on keeping old sets one at a time.
QUICK_KEEP_SEARCHES = 12
JOKER_INDEX = 52


class _Set(NamedTuple):
    cards: list[Card]  # in layout order
    contents: tuple[int, ...]  # sorted card indices: equal for equal contents


def _set_of(cards: list[Card]) -> _Set:
    return _Set(cards, tuple(sorted(card.index for card in cards)))


def keep_old_sets(
    old_sets: Table, opened: bool, plan: Plan, budget: int | None, crowded: bool
) -> Table:
    """The table of ``plan`` with old sets kept unchanged where the searches find a way: first
    the fewest changes (the laid cards with none, one or two of the old sets they could join),
    then from the other end (every old set no laid card could join in one go, then the others
    one at a time, the least close first). A player who has not opened keeps the plan's opening
    sets as they are. ``budget``: an AI in a hurry (fewer searches). ``crowded``: the integer
    program found the plan; a search that gives up costs its whole step budget, so after
    ``keep_give_ups`` of them the sets left stay as the plan has them."""
    olds = [_set_of(cards) for cards in old_sets]
    new_sets = [_set_of(planned_cards(planned)) for planned in plan.sets]
    laid = Counter(i for s in new_sets for i in s.contents)
    laid.subtract(i for s in olds for i in s.contents)
    laid = +laid
    opening_sets: list[_Set] = []
    if not opened:
        laid_cards = Counter(card for s in new_sets for card in s.cards)
        laid_cards.subtract(card for s in olds for card in s.cards)
        value, chosen = _opening_choice([s.cards for s in new_sets], +laid_cards)
        if value < OPENING_POINTS:  # the plan's sets don't show its opening: left as they are
            return _arrange(olds, set(), new_sets)
        opening_sets = [new_sets[i] for i in chosen]
        for s in opening_sets:
            laid.subtract(s.contents)
        laid = +laid
    keeper = _Keeper(olds, list(laid.elements()), opening_sets, crowded)
    frozen, rest = keeper.keep(new_sets, budget)
    return _arrange(olds, frozen, rest)


class _Keeper:
    """The searches of one :func:`keep_old_sets`, and how many of them gave up."""

    def __init__(
        self, olds: list[_Set], laid: list[int], opening_sets: list[_Set], crowded: bool
    ) -> None:
        self.olds = olds
        self.laid = laid
        self.opening_sets = opening_sets
        self.opening_ids = {id(s) for s in opening_sets}
        self.crowded = crowded
        self.steps = step_budgets()
        self.give_ups = 0
        capped = crowded or self.steps.capped_keeping
        self.most_give_ups = self.steps.keep_give_ups if capped else BIG

    def tired(self) -> bool:
        return self.give_ups >= self.most_give_ups

    def arranged_keeping(self, kept: set[int]) -> list[_Set] | None:
        """Sets for the laid cards and every old set not in ``kept`` (the opening sets after
        them), or None (none found, or the search gave up)."""
        cards = list(self.laid)
        for j, old in enumerate(self.olds):
            if j not in kept:
                cards.extend(old.contents)
        try:
            found = _cover(cards, self.steps.arrange)
        except OverBudget:
            self.give_ups += 1
            return None
        return None if found is None else found + self.opening_sets

    def rearranged_around(self, sets: list[_Set], kept: _Set) -> list[_Set] | None:
        """``sets`` with those sharing a card with ``kept`` arranged again without its cards
        (the opening sets stay), or None when that finds nothing."""
        kinds = set(kept.contents)
        touched = {
            j for j, s in enumerate(sets)
            if id(s) not in self.opening_ids and not kinds.isdisjoint(s.contents)
        }  # fmt: skip
        pool = Counter(i for j in touched for i in sets[j].contents)
        need = Counter(kept.contents)
        if need - pool:
            return None
        try:
            found = _cover(list((pool - need).elements()), self.steps.arrange)
        except OverBudget:
            self.give_ups += 1
            return None
        if found is None:
            return None
        return [s for j, s in enumerate(sets) if j not in touched] + found

    def keep(self, new_sets: list[_Set], budget: int | None) -> tuple[set[int], list[_Set]]:
        """Old sets (by index) kept, and the sets for the rest of the table."""
        olds = self.olds
        everything = set(range(len(olds)))
        closeness = [_closeness(old.contents, self.laid) for old in olds]
        near = sorted((i for i in everything if closeness[i]), key=lambda i: -closeness[i])
        if len(self.laid) <= MELT_LAID_CARDS:
            melts = (
                m for size in range(MELT_AT_MOST + 1) for m in itertools.combinations(near, size)
            )
            for melted in itertools.islice(
                melts, MELT_TRIES_CROWDED if self.crowded else MELT_TRIES
            ):
                if self.tired():
                    break
                kept = everything - set(melted)
                arranged = _minus_sets(new_sets, [olds[i] for i in kept])
                if arranged is None:
                    arranged = self.arranged_keeping(kept)
                if arranged is not None:
                    return kept, arranged
        frozen: set[int] = set()
        rest = new_sets
        far = everything - set(near)
        order = sorted(near, key=lambda i: closeness[i])
        if far and not self.tired():
            arranged = _minus_sets(new_sets, [olds[i] for i in far])
            if arranged is None:
                arranged = self.arranged_keeping(far)
            if arranged is not None:
                frozen, rest = set(far), arranged
            else:
                order = sorted(everything, key=lambda i: closeness[i])
        searches = self.steps.keep_tries if budget is None else QUICK_KEEP_SEARCHES
        # Those searches fail more often the closer the set is to the laid cards (the order
        # here): after a few failures the rest would mostly fail too.
        failures = 0
        for i in order:
            # A set the arrangement so far already holds is kept without a search; else first
            # only the sets sharing a card with it are arranged again, then everything not kept.
            arranged = _minus_sets(rest, [olds[i]])
            if arranged is None and not self.tired():
                arranged = self.rearranged_around(rest, olds[i])
            if arranged is None:
                if searches <= 0 or failures >= self.steps.keep_failures or self.tired():
                    continue
                searches -= 1
                arranged = self.arranged_keeping(frozen | {i})
                failures += arranged is None
            if arranged is not None:
                frozen.add(i)
                rest = arranged
        return frozen, rest


def _cover(cards: Iterable[int], steps: int) -> list[_Set] | None:
    """Valid sets holding exactly these cards (by index), or None; :class:`OverBudget` when the
    search gives up after ``steps`` steps."""
    table = [[0, 0, 0, 0] for _ in range(14)]
    jokers = 0
    for index in cards:
        if index == JOKER_INDEX:
            jokers += 1
        else:
            table[index % 13 + 1][index // 13] += 1
    planned = paths.cover_all(table, jokers, steps)
    return None if planned is None else [_set_of(planned_cards(p)) for p in planned]


def _places(sets: list[_Set]) -> dict[tuple[int, ...], list[int]]:
    """Contents -> the indices of the sets holding them, in order."""
    places: dict[tuple[int, ...], list[int]] = {}
    for j, s in enumerate(sets):
        places.setdefault(s.contents, []).append(j)
    return places


def _minus_sets(sets: list[_Set], removed: Sequence[_Set]) -> list[_Set] | None:
    """``sets`` without one set of the same contents for each of ``removed``, or None when one
    of those has none."""
    places = _places(sets)
    dropped: set[int] = set()
    for s in removed:
        same = places.get(s.contents)
        if not same:
            return None
        dropped.add(same.pop())
    return [s for j, s in enumerate(sets) if j not in dropped]


def _closeness(contents: tuple[int, ...], laid: list[int]) -> int:
    """How many laid cards could share a set with these: same rank, or same suit nearby."""
    near = 0
    others = [(i % 13 + 1, i // 13) for i in contents if i != JOKER_INDEX]
    for index in laid:
        if index == JOKER_INDEX:
            continue
        rank, suit = index % 13 + 1, index // 13
        for other_rank, other_suit in others:
            if other_rank == rank or (other_suit == suit and abs(other_rank - rank) % 12 <= 2):
                near += 1
                break
    return near


def opening_in(sets: list[list[Card]], laid: Counter[Card]) -> int:
    """The highest total value of these sets that the laid hand cards alone can make up."""
    return _opening_choice(sets, laid)[0]


def _opening_choice(sets: list[list[Card]], laid: Counter[Card]) -> tuple[int, list[int]]:
    """Sets (by index) that the laid hand cards alone can make up, of the highest total value
    (the first found worth the opening target), and that value."""
    candidates = [(i, Counter(cards), check_meld(cards).value) for i, cards in enumerate(sets)]
    candidates = [(i, need, value) for i, need, value in candidates if not need - laid]
    best = 0
    best_chosen: list[int] = []

    def walk(start: int, left: Counter[Card], value: int, chosen: list[int]) -> None:
        nonlocal best, best_chosen
        if value > best:
            best, best_chosen = value, chosen
        for k in range(start, len(candidates)):
            index, need, worth = candidates[k]
            if best >= OPENING_POINTS:
                return
            if not need - left:
                walk(k + 1, left - need, value + worth, [*chosen, index])

    walk(0, laid, 0, [])
    return best, best_chosen


def _arrange(olds: list[_Set], frozen: set[int], rest: list[_Set]) -> Table:
    """Unchanged old sets first, as they were and in their order (the kept ones, and those the
    rest happens to reproduce), then the new or changed sets."""
    others = [i for i in range(len(olds)) if i not in frozen]
    places = _places(rest)
    kept = set(frozen)
    used: set[int] = set()
    for i in others:
        same = places.get(olds[i].contents)
        if same:
            kept.add(i)
            used.add(same.pop(0))
    return [list(olds[i].cards) for i in sorted(kept)] + [
        list(s.cards) for j, s in enumerate(rest) if j not in used
    ]
