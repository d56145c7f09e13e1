"""Groups of one rank: which joker counts a bundle of same-rank cards can absorb, and how.

A group holds 2..4 normal cards of distinct suits; with jokers it is 3 or 4 cards long, and two
jokers only fit as ``* a b *`` (two normals between them). The allowed shapes, as
(normal cards, jokers): (2, 1), (2, 2), (3, 0), (3, 1), (4, 0).

The solver only needs to know the *pattern* of the cards it sends to groups at one rank: how many
suits contribute two copies (``doubles``) and how many one copy (``singles``). Which suits they
are does not matter for feasibility, so everything here is keyed by that pattern.
"""

from __future__ import annotations

from functools import cache

GROUP_SHAPES: tuple[tuple[int, int], ...] = ((2, 1), (2, 2), (3, 0), (3, 1), (4, 0))


def _split(counts: tuple[int, ...], jokers: int) -> list[tuple[list[int], int]] | None:
    """Partition suit ``counts`` (per suit index, 0..2 each) into groups using exactly ``jokers``
    jokers; each group is (suit indices, jokers). None when impossible."""
    if sum(counts) == 0:
        return [] if jokers == 0 else None
    present = [suit for suit, count in enumerate(counts) if count > 0]
    # The group holding the first present suit: choose its other suits and joker count.
    first = present[0]
    others = present[1:]
    for size, group_jokers in GROUP_SHAPES:
        if group_jokers > jokers or size - 1 > len(others):
            continue
        for chosen in _combinations(others, size - 1):
            suits = [first, *chosen]
            rest = list(counts)
            for suit in suits:
                rest[suit] -= 1
            tail = _split(tuple(rest), jokers - group_jokers)
            if tail is not None:
                return [(suits, group_jokers), *tail]
    return None


def _combinations(items: list[int], k: int) -> list[list[int]]:
    if k == 0:
        return [[]]
    if len(items) < k:
        return []
    head, rest = items[0], items[1:]
    return [[head, *tail] for tail in _combinations(rest, k - 1)] + _combinations(rest, k)


def _pattern_counts(doubles: int, singles: int) -> tuple[int, ...]:
    return tuple([2] * doubles + [1] * singles + [0] * (4 - doubles - singles))


@cache
def group_joker_options(doubles: int, singles: int) -> tuple[int, ...]:
    """The joker counts with which these cards split into valid groups (empty: impossible)."""
    if doubles + singles > 4:
        return ()
    counts = _pattern_counts(doubles, singles)
    return tuple(j for j in range(0, 5) if _split(counts, j) is not None)


def build_groups(counts: tuple[int, ...], jokers: int) -> list[tuple[list[int], int]]:
    """Concrete groups (suit indices, joker count) for per-suit ``counts`` and ``jokers``."""
    groups = _split(counts, jokers)
    if groups is None:
        raise ValueError(f"no groups for {counts} with {jokers} jokers")
    return groups
