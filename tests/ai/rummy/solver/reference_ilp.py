"""Reference integer program for the rummy solver: every run length a column (the solver's own
fallback, ``ai.rummy.solver.ilp``, uses pieces; both are checked equal).

After den Hertog & Hulshof (2006): one integer variable per possible set, how often it is laid.
Every run (suit, interval inside 1..14 with 14 = high ace, 3..13 long, each joker pattern that
keeps two normal cards between jokers and has >= 2 normal cards) and every group (2..4 normal
suits with 0..2 jokers in the allowed shapes) whose normal cards are available becomes a column.
For a player who has not opened, every set also gets an "opening" twin that may use only cards he
lays, and the opening twins must be worth >= 30 together.

Rows, per card c (and for the jokers alike):
    regular uses of c >= table copies of c            (every table card stays on the table)
    regular + opening uses of c <= table + hand copies (a hand card is laid at most once)
Objective: maximise sum over used cards of (BIG + hand value), i.e. the most laid hand cards,
then the most hand value - the same lexicographic score as ``ai.rummy.solver.sweep``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import highspy
import numpy as np

from ai.rummy.solver.plan import BIG, card_weight
from ai.rummy.solver.sweep import GROUP_VALUE
from game.rummy.cards import SUITS, Card
from game.rummy.turn_rules import OPENING_POINTS

JOKER_ROW = 52


@dataclass(frozen=True)
class Candidate:
    cards: tuple[int, ...]  # card indices 0..51 of the normal cards
    jokers: int
    value: int


def _run_position_value(position: int, has_king: bool) -> int:
    if position in (1, 14):
        return 10 if has_king else 1
    return min(position, 10)


def _joker_patterns(length: int) -> list[tuple[int, ...]]:
    """Joker positions (0-based) with at least two normal cards between jokers, >= 2 normals."""
    patterns: list[tuple[int, ...]] = []

    def extend(start: int, chosen: tuple[int, ...]) -> None:
        if length - len(chosen) >= 2:
            patterns.append(chosen)
        for pos in range(start, length):
            extend(pos + 3, (*chosen, pos))

    extend(0, ())
    return patterns


_PATTERNS = {length: _joker_patterns(length) for length in range(3, 14)}


def candidate_sets(available: Sequence[int]) -> list[Candidate]:
    """All sets whose normal cards are available (``available[index] > 0``; index 52: jokers)."""
    result: list[Candidate] = []
    jokers = available[52]
    for suit in range(4):
        for low in range(1, 13):
            for high in range(low + 2, min(14, low + 12) + 1):
                positions = list(range(low, high + 1))
                cards_at = [suit * 13 + (0 if pos == 14 else pos - 1) for pos in positions]
                missing = {i for i, c in enumerate(cards_at) if available[c] == 0}
                if len(missing) > jokers:
                    continue
                has_king = high >= 13
                value = sum(_run_position_value(pos, has_king) for pos in positions)
                for pattern in _PATTERNS[len(positions)]:
                    if len(pattern) > jokers or not missing.issubset(pattern):
                        continue
                    cards = tuple(c for i, c in enumerate(cards_at) if i not in pattern)
                    result.append(Candidate(cards, len(pattern), value))
    shapes = ((2, 1), (2, 2), (3, 0), (3, 1), (4, 0))
    for rank in range(1, 14):
        for mask in range(16):
            suits = [s for s in range(4) if mask >> s & 1]
            cards = tuple(s * 13 + rank - 1 for s in suits)
            if not all(available[c] > 0 for c in cards):
                continue
            for normals, group_jokers in shapes:
                if normals == len(suits) and group_jokers <= jokers:
                    value = GROUP_VALUE[rank] * (normals + group_jokers)
                    result.append(Candidate(cards, group_jokers, value))
    return result


@dataclass(frozen=True)
class IlpResult:
    score: int  # sum over used cards of (BIG + hand value), table cards included
    laid: int  # hand cards laid
    feasible: bool


def solve_reference(table: Sequence[Card], hand: Sequence[Card], opened: bool) -> IlpResult:
    """The optimum of the integer program for these table cards and hand."""
    table_count = [0] * 53
    hand_count = [0] * 53
    for card in table:
        table_count[card.index] += 1
    for card in hand:
        hand_count[card.index] += 1
    available = [t + h for t, h in zip(table_count, hand_count, strict=True)]
    candidates = candidate_sets(available)
    kinds = [False] + ([] if opened else [True])  # regular, opening twin
    columns: list[tuple[Candidate, bool]] = [(c, o) for o in kinds for c in candidates]
    n = len(columns)
    if n == 0:  # nothing can be formed: only an empty table with an opened player is feasible
        feasible = opened and not any(table_count)
        return IlpResult(0 if feasible else -1, 0, feasible)
    # Rows: 0..52 regular use (>= table), 53..105 total use (<= table + hand), 106 opening value.
    rows = 2 * 53 + (0 if opened else 1)
    starts, indices, values = [0], [], []
    costs = np.zeros(n)
    upper = np.zeros(n)
    for j, (cand, opening) in enumerate(columns):
        entries: dict[int, float] = {}
        for c in cand.cards:
            if not opening:
                entries[c] = entries.get(c, 0) + 1
            entries[53 + c] = entries.get(53 + c, 0) + 1
        if cand.jokers:
            if not opening:
                entries[JOKER_ROW] = cand.jokers
            entries[53 + JOKER_ROW] = cand.jokers
        if opening:
            entries[106] = cand.value
        for row in sorted(entries):
            indices.append(row)
            values.append(entries[row])
        starts.append(len(indices))
        costs[j] = sum(card_weight(c % 13 + 1) for c in cand.cards) + cand.jokers * card_weight(0)
        cap = min(available[c] for c in cand.cards)
        if cand.jokers:
            cap = min(cap, available[52] // cand.jokers)
        upper[j] = cap
    inf = highspy.kHighsInf
    row_lower = np.array(
        [float(t) for t in table_count] + [-inf] * 53 + ([] if opened else [OPENING_POINTS])
    )
    row_upper = np.array([inf] * 53 + [float(a) for a in available] + ([] if opened else [inf]))
    lp = highspy.HighsLp()
    lp.num_col_ = n
    lp.num_row_ = rows
    lp.sense_ = highspy.ObjSense.kMaximize
    lp.col_cost_ = costs
    lp.col_lower_ = np.zeros(n)
    lp.col_upper_ = upper
    lp.row_lower_ = row_lower
    lp.row_upper_ = row_upper
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.num_col_ = n
    lp.a_matrix_.num_row_ = rows
    lp.a_matrix_.start_ = np.array(starts, dtype=np.int32)
    lp.a_matrix_.index_ = np.array(indices, dtype=np.int32)
    lp.a_matrix_.value_ = np.array(values, dtype=float)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * n
    highs = highspy.Highs()
    highs.silent()
    highs.setOptionValue("mip_rel_gap", 0.0)
    highs.setOptionValue("mip_abs_gap", 0.5)
    highs.setOptionValue("threads", 1)
    highs.passModel(lp)
    highs.run()
    status = highs.getModelStatus()
    if status != highspy.HighsModelStatus.kOptimal:
        return IlpResult(-1, 0, False)
    score = round(highs.getInfo().objective_function_value)
    table_weight = sum(card_weight(card.rank) for card in table)
    return IlpResult(score, (score - table_weight) // BIG, True)


def fallback_optimum(
    table: Sequence[Sequence[Card]], hand: Sequence[Card], opened: bool, plain: bool = False
) -> int:
    """The optimum's score by the solver's own integer program alone (``ai.rummy.solver.ilp``,
    checked against :func:`solve_reference` by tests/ai/rummy/solver/test_solver_bounded.py), -1 for
    no play: far quicker than the reference on crowded tables. ``plain``: one integer program with
    HiGHS's default settings (the yardstick), not staged as the pipeline asks it."""
    from ai.rummy.solver import _counts, _table_weight
    from ai.rummy.solver import ilp as rummy_solver_ilp
    from ai.rummy.solver.sweep import drop_unusable

    flat = [card for cards in table for card in cards]
    counts = _counts(flat, hand)
    usable = drop_unusable(counts.table, counts.hand, counts.table_jokers + counts.hand_jokers)
    answer = rummy_solver_ilp.solve_ilp(
        counts.table, usable, counts.table_jokers, counts.hand_jokers,
        "opened" if opened else "opening", plain=plain,
    )  # fmt: skip
    assert answer.exact
    if answer.plan is None or answer.plan.score - _table_weight(flat) < BIG:
        return -1
    return answer.plan.score


# --- random realistic positions (shared by the exactness tests and the benchmark) --------------


def random_set(rng: np.random.Generator, pool: list[Card]) -> list[Card] | None:
    """A random valid set drawn from ``pool`` (removed from it), or None if the draw failed."""
    from game.rummy.cards import JOKER

    stock = list(pool)
    jokers_left = sum(1 for c in stock if c.is_joker)
    use_joker = jokers_left > 0 and rng.random() < 0.25
    if rng.random() < 0.6:
        suit = SUITS[int(rng.integers(4))]
        length = int(min(13, 3 + rng.geometric(0.45) - 1))
        low = int(rng.integers(1, 16 - length))
        positions = list(range(low, low + length))
        joker_at = int(rng.integers(length)) if use_joker else -1
        cards = [
            JOKER if i == joker_at else Card(1 if pos == 14 else pos, suit)
            for i, pos in enumerate(positions)
        ]
    else:
        rank = int(rng.integers(1, 14))
        size = 3 if rng.random() < 0.6 else 4
        suits = list(rng.permutation(list(SUITS))[:size])
        cards = [Card(rank, str(s)) for s in suits]
        if use_joker:
            cards[int(rng.integers(size))] = JOKER
    for card in cards:
        if card in stock:
            stock.remove(card)
        else:
            return None
    pool[:] = stock
    return cards


def random_position(
    rng: np.random.Generator, table_cards: int, hand_cards: int, jokers: int = 6
) -> tuple[list[list[Card]], list[Card]]:
    """A table of random valid sets with about ``table_cards`` cards from a deck of two French
    decks and ``jokers`` jokers, and a random hand of ``hand_cards`` cards from what is left."""
    from game.rummy.cards import make_deck

    pool = make_deck(jokers)
    table: list[list[Card]] = []
    tries = 0
    while sum(len(s) for s in table) < table_cards and tries < 500:
        tries += 1
        drawn = random_set(rng, pool)
        if drawn is not None:
            table.append(drawn)
    order = rng.permutation(len(pool))[:hand_cards]
    hand = [pool[int(i)] for i in order]
    return table, hand
