"""The bounded last resort of the rummy solver: the position as an integer program, solved by
HiGHS in-process (``highspy``).

After den Hertog & Hulshof (2006): one integer column per possible set, how often it is laid.
Every run (suit, interval inside 1..14 with 14 = high ace, 3..13 long, each joker pattern that
keeps two normal cards between jokers and has >= 2 normal cards) and every group (2..4 normal
suits with 0..2 jokers in the allowed shapes) whose normal cards are available is a column. In
"opening" mode every set also gets an opening twin that may use only laid hand cards, and the
twins must be worth at least the opening target together (twins exist only for sets the hand
can make alone: the rows below would keep any other at zero).

Rows, per card (and for the jokers alike): regular uses >= table copies (every table card stays
on the table), regular + opening uses <= table + hand copies (a hand card is laid once). The
objective is the score of :mod:`ai.rummy.solver.sweep` (per used card ``card_weight``), so both
answer the same question. The columns come from one catalogue of every set, built once: a
position's model is the selection of those whose cards it has.

Solved in stages (:func:`_staged`): the relaxation (a linear program of some hundred simplex
steps); its optimum rounded and the few cards left arranged by the exact searches; then dives
from it, rounding one column at a time (each re-solve a few steps). An arrangement that reaches
the relaxation's bound is proven optimal. Only where none does is the integer program run, on
the columns a better play may use (reduced-cost fixing), from the best arrangement found,
HiGHS's presolve and primal heuristics off: its proof is then quick, where the same program run
plain spends most of its time on them. HiGHS keeps its own clock (``time_limit``): nothing
interrupts it from outside, and when the limit is reached its best arrangement so far is
returned, marked not exact.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import threading
import time
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ai.rummy.solver.paths import solve_counts
from ai.rummy.solver.plan import (
    BIG,
    Mode,
    OutOfTime,
    OverBudget,
    Plan,
    PlannedSet,
    card_weight,
    current_limit,
)
from ai.rummy.solver.sweep import GROUP_VALUE
from game.rummy.turn_rules import OPENING_POINTS

Counts = list[list[int]]
# Layout of one set: (rank 1..13 or 0 for a joker, suit or -1), as PlannedSet.cards.
Layout = tuple[tuple[int, int], ...]

ACE_HIGH = 14
JOKER_ROW = 52
CARD_ROWS = 53
GROUP_SHAPES = ((2, 1), (2, 2), (3, 0), (3, 1), (4, 0))  # (normal cards, jokers)
# Runs longer than this are columns only as pieces of 3 to 5 cards: every valid longer run splits
# into valid pieces (any 3 places hold at most one joker), using the same cards for the same
# score and opening value. The exception is the ace-to-king run, whose ace is worth 10 only
# there. Far fewer columns; the pieces are joined again afterwards.
MAX_PIECE = 5


@dataclass(frozen=True, slots=True)
class IlpResult:
    """``plan``: the best arrangement HiGHS found (None: none, or nothing beats the table in
    "opened" mode is not decided here); ``exact``: proven optimal."""

    plan: Plan | None
    exact: bool


@dataclass(frozen=True, slots=True)
class _Column:
    kind: str  # "run" or "group"
    layout: Layout
    normals: tuple[tuple[int, int], ...]
    jokers: int
    value: int
    low: int = 0  # a run's first and last position (1..14), 0 for a group
    high: int = 0


_first_lock = threading.Lock()
_constructed = False


def _new_highs() -> Any:
    """A silent HiGHS instance. The first one in a process prints HiGHS's banner to standard
    output from C++, which would land in the middle of a ``match --json`` answer: that one is
    made with standard output pointed at the null device."""
    global _constructed
    import highspy

    with _first_lock:
        if _constructed:
            highs = highspy.Highs()
        else:
            highs = _construct_quietly(highspy.Highs)
            _constructed = True
    highs.silent()
    return highs


def _construct_quietly(make: Any) -> Any:
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output to protect
        return make()
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        made = make()
        _flush_c_stdout()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)
    return made


def _flush_c_stdout() -> None:
    """Flush C's buffered standard output (the banner) while it still goes nowhere."""
    with contextlib.suppress(OSError, TypeError, AttributeError):  # no C library (Windows)
        ctypes.CDLL(None).fflush(None)


def prepare() -> None:
    """Build the catalogue of sets now (a few tens of milliseconds), not in a first solve."""
    _catalogue()


def available() -> bool:
    """Is highspy importable?"""
    try:
        import highspy  # noqa: F401
    except ImportError:
        return False
    return True


def _position_value(position: int, has_king: bool) -> int:
    if position in (1, ACE_HIGH):
        return 10 if has_king else 1
    return min(position, 10)


@cache
def _joker_patterns(length: int) -> tuple[tuple[int, ...], ...]:
    """Joker places (0-based) keeping two normal cards between jokers and >= 2 normal cards."""
    patterns: list[tuple[int, ...]] = []

    def extend(start: int, chosen: tuple[int, ...]) -> None:
        if length - len(chosen) >= 2:
            patterns.append(chosen)
        for place in range(start, length):
            extend(place + 3, (*chosen, place))

    extend(0, ())
    return tuple(patterns)


def _all_columns() -> list[_Column]:
    """Every set there is (all 52 cards available, any number of jokers), in a fixed order."""
    columns: list[_Column] = []
    for suit in range(4):
        for low in range(1, 13):
            for high in range(low + 2, min(ACE_HIGH, low + 12) + 1):
                if high - low >= MAX_PIECE and not (low == 1 and high == 13):
                    continue
                ranks = [1 if p == ACE_HIGH else p for p in range(low, high + 1)]
                value = sum(_position_value(p, high >= 13) for p in range(low, high + 1))
                for pattern in _joker_patterns(len(ranks)):
                    run = tuple(
                        (0, -1) if i in pattern else (rank, suit) for i, rank in enumerate(ranks)
                    )
                    normals = tuple(card for card in run if card[0])
                    columns.append(_Column("run", run, normals, len(pattern), value, low, high))
    for rank in range(1, 14):
        for mask in range(1, 16):
            suits = [s for s in range(4) if mask >> s & 1]
            normals = tuple((rank, s) for s in suits)
            for size, group_jokers in GROUP_SHAPES:
                if size != len(suits):
                    continue
                if group_jokers == 2:
                    layout: Layout = ((0, -1), *normals, (0, -1))
                else:
                    layout = normals + ((0, -1),) * group_jokers
                value = GROUP_VALUE[rank] * (size + group_jokers)
                columns.append(_Column("group", layout, normals, group_jokers, value))
    return columns


def _card_row(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


@dataclass(frozen=True)
class _Catalogue:
    """Every set as arrays, built once: the model of a position is a selection of its rows.
    ``needs[c, card]``: set c holds that normal card (0/1); ``regular`` and ``twin``: the
    set's entries in the constraint rows, as a regular set and as an opening twin."""

    columns: tuple[_Column, ...]
    needs: np.ndarray
    jokers: np.ndarray
    costs: np.ndarray
    regular: np.ndarray
    twin: np.ndarray


@cache
def _catalogue() -> _Catalogue:
    columns = tuple(_all_columns())
    count = len(columns)
    needs = np.zeros((count, JOKER_ROW), dtype=np.int8)
    regular = np.zeros((count, 2 * CARD_ROWS + 1))
    twin = np.zeros((count, 2 * CARD_ROWS + 1))
    jokers = np.array([column.jokers for column in columns])
    costs = np.zeros(count)
    for c, column in enumerate(columns):
        for rank, suit in column.normals:
            row = _card_row(rank, suit)
            needs[c, row] = 1
            regular[c, row] = regular[c, CARD_ROWS + row] = twin[c, CARD_ROWS + row] = 1
        regular[c, JOKER_ROW] = regular[c, CARD_ROWS + JOKER_ROW] = column.jokers
        twin[c, CARD_ROWS + JOKER_ROW] = column.jokers
        twin[c, 2 * CARD_ROWS] = column.value
        costs[c] = sum(card_weight(rank) for rank, _ in column.normals)
        costs[c] += column.jokers * card_weight(0)
    for array in (needs, regular, twin, jokers, costs):
        array.flags.writeable = False
    return _Catalogue(columns, needs, jokers, costs, regular, twin)


def _copies(counts: Counts) -> np.ndarray:
    """Copies of each normal card, in constraint-row order."""
    return np.array([counts[r][s] for s in range(4) for r in range(1, 14)])


def _present(catalogue: _Catalogue, copies: np.ndarray, jokers: int) -> np.ndarray:
    """Indices of the sets whose normal cards are all among ``copies`` and whose jokers are at
    most ``jokers``."""
    missing = catalogue.needs @ (copies == 0).astype(np.int8)
    return np.flatnonzero((missing == 0) & (catalogue.jokers <= jokers))


def _caps(catalogue: _Catalogue, chosen: np.ndarray, copies: np.ndarray, jokers: int) -> np.ndarray:
    """How often each chosen set can be laid at most: its scarcest card, and its jokers."""
    held = np.where(catalogue.needs[chosen] > 0, copies[None, :], np.iinfo(np.int64).max)
    cap = held.min(axis=1)
    wild = catalogue.jokers[chosen]
    return np.where(wild > 0, np.minimum(cap, jokers // np.maximum(wild, 1)), cap)


def solve_ilp(
    table: Counts,
    hand: Counts,
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    time_limit: float | None = None,
    known: Plan | None = None,
    plain: bool = False,
) -> IlpResult:
    """The best arrangement in ``mode`` ("opened" or "opening") with the score of
    :func:`ai.rummy.solver.sweep.solve_counts`. ``time_limit`` in seconds (HiGHS's own clock).
    ``known``: a legal plan found by other means; if it reaches the relaxation's bound it is
    returned as proven, and a program that runs out of time answers no less. ``plain``: one
    integer program, HiGHS's presolve and heuristics as they come (only the gap, one thread and
    the clock set as always): the yardstick the pipeline is measured against, without the
    relaxation first."""
    model = _model(table, hand, table_jokers, hand_jokers, mode)
    if model is None:
        empty = not any(map(any, table)) and not table_jokers
        return IlpResult(Plan(0, ()) if empty and mode == "opened" else None, True)
    lp, columns, costs = model
    highs = _new_highs()
    highs.setOptionValue("mip_rel_gap", 0.0)
    highs.setOptionValue("mip_abs_gap", 0.5)
    highs.setOptionValue("threads", 1)
    # The caller's deadline (see ai.rummy.solver.sweep.time_limit) through HiGHS's own clock and
    # its interrupt callback: HiGHS stops itself, nothing is interrupted from outside.
    deadline, stop = current_limit()
    end = deadline
    if time_limit is not None:
        own_end = time.perf_counter() + time_limit
        end = own_end if end is None else min(end, own_end)
    if stop is not None:
        event = stop

        def interrupt(callback: Any) -> None:
            if event.is_set():
                callback.interrupt()

        highs.cbMipInterrupt.subscribe(interrupt)
        highs.cbSimplexInterrupt.subscribe(interrupt)
    if plain:
        _run(highs, lp, end, integer=True)
        _check_time(stop, deadline)
        return _mip_answer(highs, columns, costs)
    cards = _Cards(
        np.append(_copies(table), table_jokers),
        np.append(_copies(table) + _copies(hand), table_jokers + hand_jokers),
        mode,
    )
    return _staged(highs, lp, columns, costs, known, end, stop, deadline, cards)


def _staged(
    highs: Any,
    lp: _Program,
    columns: list[tuple[_Column, bool]],
    costs: np.ndarray,
    known: Plan | None,
    end: float | None,
    stop: threading.Event | None,
    deadline: float | None,
    cards: _Cards,
) -> IlpResult:
    """The relaxation, its rounding filled in, dives from it, then the integer program. The
    relaxation settles alone a position with no opening (infeasible); its bound is nearly always
    the optimum, and the rounding (a handful of cards left to the searches) or a dive usually
    reaches it. An arrangement that lays every card the bound allows caps the cards laid at that
    number (a cut every play obeys), which tightens the bound on the hand value. What is left,
    HiGHS proves from the best arrangement, on the columns a better play may use, with its
    presolve and its own heuristics off (on these models they cost several times the proof: the
    relaxation is tight and the arrangement is known)."""
    import highspy

    highs.setOptionValue("presolve", "off")
    _run(highs, lp, end, integer=False)
    _check_time(stop, deadline)
    status = highs.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        return IlpResult(None, True)
    incumbent: np.ndarray | None = None
    best = known
    capped = False
    per_column = costs // BIG  # cards in each column's set (its value is less than BIG)
    dived_score = -1
    relaxed: _Relaxed | None = None
    if status == highspy.HighsModelStatus.kOptimal:
        bound = highs.getInfo().objective_function_value
        solved = highs.getSolution()
        relaxed = _Relaxed(bound, np.asarray(solved.col_value), np.asarray(solved.col_dual))
        if known is not None and _reaches(known.score, bound):
            return IlpResult(known, True)
        upper = lp.upper
        filled = _rounded_and_filled(relaxed.values, columns, costs, cards, bound)
        tries: list[tuple[Plan, np.ndarray | None]] = []
        if filled is not None:
            tries.append((filled.plan, filled.values))
        for index, choice in enumerate((None, *DIVE_CHOICES)):
            if choice is not None:
                # A dive; a second one only where nothing so far gave the proof an arrangement
                # to start from.
                if index > 1 and incumbent is not None:
                    break
                dived = _dive(highs, lp, bound, end, stop, choice, restart=index > 1)
                _check_time(stop, deadline)
                if dived is not None:
                    tries.append((_plan(dived, columns, costs), dived))
            for plan, values in tries:
                if _reaches(plan.score, bound):
                    return IlpResult(plan, True)
                if values is not None and plan.score > dived_score:
                    incumbent, dived_score = values, plan.score
                if best is None or plan.score > best.score:
                    best = plan
            if not capped and incumbent is not None and _cards_of(dived_score) == _cards_of(bound):
                # As many cards as the bound allows: what is left open is the hand value.
                capped_bound = _capped_bound(highs, upper, per_column, _cards_of(bound), end)
                capped = True
                _check_time(stop, deadline)
                if capped_bound is not None:
                    bound = min(bound, capped_bound)
                if best is not None and _reaches(best.score, bound):
                    return IlpResult(best, True)
    kept = np.arange(len(columns))
    if relaxed is not None and best is not None:
        kept = relaxed.worth_keeping(best.score, incumbent)
    _pass(highs, lp.restricted(kept) if kept.size < len(columns) else lp, integer=True)
    if capped:
        _add_cap(highs, per_column[kept], _cards_of(dived_score))
    if incumbent is not None:  # without one, HiGHS's heuristics look for it
        highs.setOptionValue("mip_heuristic_effort", 0.0)
        for heuristic in HEURISTICS:
            highs.setOptionValue("mip_heuristic_run_" + heuristic, False)
        solution = highspy.HighsSolution()
        solution.col_value = list(incumbent[kept])
        solution.value_valid = True
        highs.setSolution(solution)
    _run(highs, None, end)
    _check_time(stop, deadline)
    answer = _mip_answer(highs, [columns[j] for j in kept], costs[kept])
    if best is not None and (answer.plan is None or answer.plan.score < best.score):
        return IlpResult(best, answer.exact)  # a timed-out program may hold less than known
    return answer


@dataclass(frozen=True, slots=True)
class _Relaxed:
    """The relaxation's optimum: its bound, column values and reduced costs."""

    bound: float
    values: np.ndarray
    reduced_costs: np.ndarray

    def worth_keeping(self, known: int, incumbent: np.ndarray | None) -> np.ndarray:
        """The columns a play scoring more than ``known`` may use (and those ``incumbent`` uses).
        A column left at zero by the relaxation, whose reduced cost is d < 0, costs every
        arrangement that lays it |d| of the bound: where |d| exceeds the gap between the bound
        and ``known``, no better play lays it (reduced-cost fixing)."""
        gap = self.bound - known + REDUCED_COST_MARGIN
        needed = (self.values > INTEGRAL) | (self.reduced_costs > -gap)
        if incumbent is not None:
            needed |= incumbent > 0
        return np.flatnonzero(needed)


def _cards_of(score: float) -> int:
    """How many cards a play of ``score`` lays (or a bound of that score allows)."""
    return int(score // BIG)


def _reaches(score: int, bound: float) -> bool:
    """Is a play of ``score`` proven the best by the relaxation's ``bound``? Scores are whole
    numbers: one more than ``score`` must exceed the bound (by more than its rounding errors)."""
    return score + 1 > bound + BOUND_TOLERANCE


def _capped_bound(
    highs: Any, upper: np.ndarray, per_column: np.ndarray, cards: int, end: float | None
) -> float | None:
    """The relaxation's optimum (its columns' bounds put back after a dive) with at most
    ``cards`` cards laid. A play of n cards scores more than n * BIG, so where the relaxation's
    bound is below (n + 1) * BIG, that cap holds for every play; the relaxation no longer lays
    a part of one card more, and its bound on the hand value tightens, often to the dive's.
    None: HiGHS stopped at the time limit or the stop event first."""
    import highspy

    count = len(upper)
    highs.changeColsBounds(count, np.arange(count, dtype=np.int32), np.zeros(count), upper)
    _add_cap(highs, per_column, cards)
    _run(highs, None, end)
    status = highs.getModelStatus()
    if status in (highspy.HighsModelStatus.kTimeLimit, highspy.HighsModelStatus.kInterrupt):
        return None  # the caller's clock decides what follows
    if status != highspy.HighsModelStatus.kOptimal:
        raise RuntimeError("the rummy position's relaxation failed under its card cap")
    return float(highs.getInfo().objective_function_value)


def _add_cap(highs: Any, per_column: np.ndarray, cards: int) -> None:
    """The row: at most ``cards`` cards laid in all (table cards included)."""
    import highspy

    used = np.flatnonzero(per_column)
    status = highs.addRow(
        -highspy.kHighsInf, float(cards), len(used), used.astype(np.int32),
        per_column[used].astype(float),
    )  # fmt: skip
    if status == highspy.HighsStatus.kError:
        raise RuntimeError("HiGHS refused the rummy position's card cap")


def _mip_answer(highs: Any, columns: list[tuple[_Column, bool]], costs: np.ndarray) -> IlpResult:
    import highspy

    status = highs.getModelStatus()
    exact = status == highspy.HighsModelStatus.kOptimal
    if status == highspy.HighsModelStatus.kInfeasible:
        return IlpResult(None, True)
    solution = highs.getSolution()
    if not exact and not solution.value_valid:
        return IlpResult(None, False)
    return IlpResult(_plan(np.asarray(solution.col_value), columns, costs), exact)


def _dive(
    highs: Any,
    lp: _Program,
    bound: float,
    end: float | None,
    stop: threading.Event | None,
    choice: str,
    restart: bool,
) -> np.ndarray | None:
    """A whole-numbered arrangement near the relaxation's optimum (None: not found): one
    fractional column at a time (``choice``: "nearly whole", the one nearest to rounding up;
    "largest", the one used most) rounded up and the relaxation solved again from where it was;
    where that loses a card or more against ``bound`` (or is infeasible), the column is rounded
    down instead. Each re-solve takes a few simplex steps, so first the columns more than half
    laid that share no card are rounded up together; only where that loses is one column tried
    alone. ``restart``: an earlier dive changed the column bounds; they are put back first (a
    dive starts from the relaxation's optimum)."""
    import highspy

    optimal = highspy.HighsModelStatus.kOptimal
    count = lp.upper.size
    lower = np.zeros(count)
    upper = lp.upper.copy()
    if restart:
        everything = np.arange(count, dtype=np.int32)
        highs.changeColsBounds(count, everything, lower, upper)
        _run(highs, None, end)
        if highs.getModelStatus() != optimal:
            return None
    for _ in range(DIVE_STEPS):
        if _past(stop, end):
            return None  # the caller's limit: it raises OutOfTime
        values = np.asarray(highs.getSolution().col_value)
        part = values - np.floor(values + INTEGRAL)
        fractional = np.flatnonzero(part > INTEGRAL)
        if not fractional.size:
            return np.round(values)
        rank = part if choice == "nearly whole" else values
        order = fractional[np.argsort(-rank[fractional], kind="stable")]
        together = _sharing_no_card(lp, [int(j) for j in order if part[j] >= 0.5])
        if len(together) > 1:
            ups = np.ceil(values[together])
            highs.changeColsBounds(len(together), together, ups, upper[together])
            _run(highs, None, end)
            status = highs.getModelStatus()
            if status == optimal and highs.getInfo().objective_function_value > bound - BIG:
                lower[together] = ups
                continue
            highs.changeColsBounds(len(together), together, lower[together], upper[together])
        column = int(order[0])
        up = float(np.ceil(values[column]))
        highs.changeColBounds(column, up, upper[column])
        _run(highs, None, end)
        status = highs.getModelStatus()
        if status == optimal and highs.getInfo().objective_function_value > bound - BIG:
            lower[column] = up
            continue
        upper[column] = up - 1
        highs.changeColBounds(column, lower[column], upper[column])
        _run(highs, None, end)
        if highs.getModelStatus() != optimal:
            return None
    return None


def _sharing_no_card(lp: _Program, candidates: list[int]) -> np.ndarray:
    """The candidate columns, in their order, that share no card with one taken before them."""
    taken: list[int] = []
    held = np.zeros(CARD_ROWS, dtype=bool)
    for j in candidates:
        rows = lp.rows[lp.starts[j] : lp.starts[j + 1]]
        cards = rows[rows < 2 * CARD_ROWS] % CARD_ROWS
        cards = cards[cards != JOKER_ROW]  # jokers are not one card
        if held[cards].any():
            continue
        held[cards] = True
        taken.append(j)
    return np.array(taken, dtype=np.int32)


@dataclass(frozen=True, slots=True)
class _Cards:
    """A position's cards in constraint-row order (the jokers last): the table's copies, and
    every copy there is (table and hand); and the question asked."""

    table: np.ndarray
    everything: np.ndarray
    mode: Mode


def _rounded_and_filled(
    values: np.ndarray,
    columns: list[tuple[_Column, bool]],
    costs: np.ndarray,
    cards: _Cards,
    bound: float,
) -> _Filled | None:
    """The relaxation's optimum rounded (down, then to the nearest whole number), and the cards
    each rounding leaves arranged by the exact searches as an opened player's position (the
    table cards left must be laid, the others may): on these models the relaxation is nearly
    whole, so what is left is a handful of cards. A player who has not opened first rounds up
    opening sets, the nearest to whole first, until they are worth the opening. The best plan
    found (None: none), the first that reaches ``bound`` at once."""
    best: _Filled | None = None
    floor = np.floor(values + INTEGRAL)
    nearest = np.floor(values + 0.5)
    roundings = [floor]
    if (nearest != floor).any():
        roundings.append(nearest)
    fractional = np.flatnonzero(values - floor > INTEGRAL)
    if fractional.size:
        # Without the sets that share a card with a fractional one: more is left to the search.
        touched = np.zeros(CARD_ROWS, dtype=bool)
        for j in fractional:
            touched[_rows(columns[j][0])] = True
        loose = floor.copy()
        for j in np.flatnonzero(floor):
            if touched[_rows(columns[j][0])].any():
                loose[j] = 0
        roundings.append(loose)
    for whole in roundings:
        filled = _filled(whole, values, columns, costs, cards)
        if filled is not None and (best is None or filled.plan.score > best.plan.score):
            best = filled
            if _reaches(filled.plan.score, bound):
                break
    return best


def _filled(
    whole: np.ndarray,
    values: np.ndarray,
    columns: list[tuple[_Column, bool]],
    costs: np.ndarray,
    cards: _Cards,
) -> _Filled | None:
    """The sets of ``whole`` (opening sets rounded up where they are worth less than the
    opening) and the cards they leave laid by the exact searches; None: they use more cards
    than there are, leave table cards no set can hold, or the search gives up."""
    whole = whole.copy()
    used = np.zeros(CARD_ROWS, dtype=np.int64)
    opening_used = np.zeros(CARD_ROWS, dtype=np.int64)
    opening_value = 0
    for j in np.flatnonzero(whole):
        column, opening = columns[j]
        times = int(whole[j])
        rows = _rows(column)
        np.add.at(used, rows, times)
        if opening:
            np.add.at(opening_used, rows, times)
            opening_value += column.value * times
    if cards.mode == "opening" and opening_value < OPENING_POINTS:
        hand = cards.everything - cards.table
        part = values - whole
        twins = [j for j in np.flatnonzero(part > INTEGRAL) if columns[j][1]]
        for j in sorted(twins, key=lambda j: -part[j]):
            rows = _rows(columns[j][0])
            more = np.bincount(rows, minlength=CARD_ROWS)
            if (opening_used + more > hand).any() or (used + more > cards.everything).any():
                continue
            whole[j] += 1
            used += more
            opening_used += more
            opening_value += columns[j][0].value
            if opening_value >= OPENING_POINTS:
                break
        if opening_value < OPENING_POINTS:
            return None
    # Table cards stay in sets of any kind but opening sets, which hold hand cards only.
    must = np.maximum(cards.table - (used - opening_used), 0)
    free = cards.everything - used - must
    if (free < 0).any():
        return None
    must_counts = [[0] * 4 for _ in range(14)]
    free_counts = [[0] * 4 for _ in range(14)]
    for row in range(JOKER_ROW):
        suit, rank = divmod(row, 13)
        must_counts[rank + 1][suit] = int(must[row])
        free_counts[rank + 1][suit] = int(free[row])
    args = (must_counts, free_counts, int(must[JOKER_ROW]), int(free[JOKER_ROW]), "opened")
    try:
        rest = solve_counts(*args, limit=FILL_STATES)  # type: ignore[arg-type]
    except OverBudget:  # a good arrangement is enough here: the bound decides
        rest = solve_counts(*args, beam=FILL_BEAM)  # type: ignore[arg-type]
    if rest is None:
        return None
    rounded = _plan(whole, columns, costs)
    plan = Plan(rounded.score + rest.score, rounded.sets + rest.sets)
    return _Filled(plan, _with_sets(whole, rest.sets, columns))


@dataclass(frozen=True, slots=True)
class _Filled:
    """A rounded and filled-in relaxation: its plan, and the plan as the program's column
    values (None where a set of the filling is not a column of this program)."""

    plan: Plan
    values: np.ndarray | None


def _with_sets(
    whole: np.ndarray, sets: tuple[PlannedSet, ...], columns: list[tuple[_Column, bool]]
) -> np.ndarray | None:
    """``whole`` with one more of the column of each of these sets (a long run as its pieces),
    or None when one of them has no column."""
    where = {
        _key(column.layout, column.kind, opening): j for j, (column, opening) in enumerate(columns)
    }
    values = whole.copy()
    for planned in sets:
        pieces = [planned.cards] if planned.kind == "group" else _pieces(planned.cards)
        for layout in pieces:
            j = where.get(_key(layout, planned.kind, planned.opening))
            if j is None:
                return None
            values[j] += 1
    return values


def _key(layout: Layout, kind: str, opening: bool) -> tuple[object, ...]:
    """What tells a set's column from the others: a group by its rank, suits and jokers, a run
    by its layout (jokers in their places)."""
    if kind == "group":
        normals = sorted(card for card in layout if card[0])
        return ("group", tuple(normals), len(layout) - len(normals), opening)
    return ("run", _run_start(layout), layout, opening)


def _run_start(layout: Layout) -> int:
    """The position (1..14) of a run's first place."""
    place, (rank, _) = next((i, card) for i, card in enumerate(layout) if card[0])
    return (ACE_HIGH if rank == 1 and place > 0 else rank) - place


def _pieces(layout: Layout) -> list[Layout]:
    """A run as the columns hold it: whole up to MAX_PIECE cards (and the ace-to-king run),
    else in nearly equal pieces of 3 to MAX_PIECE cards."""
    length = len(layout)
    start = _run_start(layout)
    if length <= MAX_PIECE or (start == 1 and length == 13):
        return [layout]
    count = -(-length // MAX_PIECE)
    sizes = [length // count + (i < length % count) for i in range(count)]
    pieces: list[Layout] = []
    at = 0
    for size in sizes:
        pieces.append(layout[at : at + size])
        at += size
    return pieces


def _rows(column: _Column) -> np.ndarray:
    """The constraint rows of one set's cards, a row for each card (jokers included)."""
    rows = [_card_row(rank, suit) for rank, suit in column.normals]
    return np.array(rows + [JOKER_ROW] * column.jokers, dtype=np.int64)


# States per layer the search filling in a rounded-down relaxation may hold.
FILL_STATES = 2_000
FILL_BEAM = 160
# Slack on the reduced-cost test (rounding in the simplex steps, as BOUND_TOLERANCE).
REDUCED_COST_MARGIN = 1.0
# How far from a whole number a relaxation's value may be and still count as whole.
INTEGRAL = 1e-6
# How far the relaxation's optimum may be off its exact value (rounding in the simplex steps).
BOUND_TOLERANCE = 0.25
# HiGHS's primal heuristics, switched off for the proof after a dive.
HEURISTICS = ("feasibility_jump", "rens", "rins", "root_reduced_cost", "shifting", "zi_round")
# Re-solves a dive may take before the integer program is asked, and the dives in their order.
DIVE_STEPS = 60
DIVE_CHOICES = ("nearly whole", "largest")


def _run(highs: Any, lp: _Program | None, end: float | None, integer: bool = False) -> None:
    """Solve ``lp`` (as an integer program when ``integer``; None: the model HiGHS holds, as
    changed since) within ``end``. A refused
    run (HiGHS's options clash with its process-wide state, such as another instance's thread
    count) raises: it must never read as "no play"."""
    import highspy

    if end is not None:
        # HiGHS's limit is on its instance's run time summed over every run so far.
        remaining = max(end - time.perf_counter(), 1e-3)
        highs.setOptionValue("time_limit", highs.getRunTime() + remaining)
    if lp is not None:
        _pass(highs, lp, integer)
    if highs.run() == highspy.HighsStatus.kError:
        raise RuntimeError("HiGHS refused to solve the rummy position")


def _pass(highs: Any, lp: _Program, integer: bool) -> None:
    import highspy

    status = highs.passModel(
        lp.upper.size, lp.row_lower.size, lp.values.size, int(highspy.MatrixFormat.kColwise),
        int(highspy.ObjSense.kMaximize), 0.0, lp.costs, np.zeros(lp.upper.size), lp.upper,
        lp.row_lower, lp.row_upper, lp.starts, lp.rows, lp.values,
        np.full(lp.upper.size, int(integer), dtype=np.int32),
    )  # fmt: skip
    if status == highspy.HighsStatus.kError:
        raise RuntimeError("HiGHS refused the rummy position's model")


@dataclass(frozen=True, slots=True)
class _Program:
    """The integer program of one position, as the arrays HiGHS takes: per column (one per
    possible set, see :func:`_model`) its score and how often it can be laid at most; per row
    its bounds; the matrix column by column (``starts``, then the ``rows`` and ``values`` of
    each column's non-zeros). Passed as a linear program or as an integer one."""

    costs: np.ndarray
    upper: np.ndarray
    row_lower: np.ndarray
    row_upper: np.ndarray
    starts: np.ndarray
    rows: np.ndarray
    values: np.ndarray

    def restricted(self, kept: np.ndarray) -> _Program:
        """The same program with only the ``kept`` columns (in their order)."""
        lengths = np.diff(self.starts)
        entries = np.repeat(np.isin(np.arange(lengths.size), kept), lengths)
        starts = np.concatenate([[0], np.cumsum(lengths[kept])]).astype(np.int32)
        return _Program(
            self.costs[kept], self.upper[kept], self.row_lower, self.row_upper, starts,
            self.rows[entries], self.values[entries],
        )  # fmt: skip


def _past(stop: threading.Event | None, end: float | None) -> bool:
    return (stop is not None and stop.is_set()) or (end is not None and time.perf_counter() > end)


def _check_time(stop: threading.Event | None, end: float | None) -> None:
    if _past(stop, end):
        raise OutOfTime


def _plan(values: np.ndarray, columns: list[tuple[_Column, bool]], costs: np.ndarray) -> Plan:
    chosen: list[tuple[_Column, bool]] = []
    score = 0
    for j, amount in enumerate(values):
        for _ in range(round(float(amount))):
            chosen.append(columns[j])
            score += int(costs[j])
    return Plan(score, tuple(_joined(chosen)))


def _model(
    table: Counts, hand: Counts, table_jokers: int, hand_jokers: int, mode: Mode
) -> tuple[_Program, list[tuple[_Column, bool]], np.ndarray] | None:
    """The integer program, its columns and their scores; None: no set at all."""
    import highspy

    catalogue = _catalogue()
    table_copies = _copies(table)
    hand_copies = _copies(hand)
    avail_copies = table_copies + hand_copies
    jokers = table_jokers + hand_jokers
    base = _present(catalogue, avail_copies, jokers)
    # An opening set is made of hand cards only: a twin needing a card (or more jokers) the
    # hand hasn't got could never be laid, so it is left out of the model.
    twins = (
        _present(catalogue, hand_copies, hand_jokers)
        if mode == "opening"
        else np.zeros(0, dtype=np.int64)
    )
    if not base.size:
        return None
    rows = 2 * CARD_ROWS + (0 if mode == "opened" else 1)
    entries = np.concatenate([catalogue.regular[base], catalogue.twin[twins]])[:, :rows]
    # Column-wise storage of the matrix: the non-zeros of each column (a row of ``entries``).
    column_of, row_of = np.nonzero(entries)
    starts = np.searchsorted(column_of, np.arange(len(entries) + 1))
    costs = np.concatenate([catalogue.costs[base], catalogue.costs[twins]])
    upper = np.concatenate([
        _caps(catalogue, base, avail_copies, jokers),
        _caps(catalogue, twins, hand_copies, hand_jokers),
    ]).astype(float)  # fmt: skip
    columns = [(catalogue.columns[c], False) for c in base]
    columns += [(catalogue.columns[c], True) for c in twins]
    inf = highspy.kHighsInf
    opening_lower = [] if mode == "opened" else [float(OPENING_POINTS)]
    lp = _Program(
        costs=costs.astype(float),
        upper=upper,
        row_lower=np.array(
            [*table_copies.astype(float), float(table_jokers)] + [-inf] * CARD_ROWS + opening_lower
        ),
        row_upper=np.array(
            [inf] * CARD_ROWS
            + [*avail_copies.astype(float), float(jokers)]
            + ([inf] if opening_lower else [])
        ),
        starts=starts.astype(np.int32),
        rows=row_of.astype(np.int32),
        values=entries[column_of, row_of].astype(float),
    )
    return lp, columns, costs


def _spaced(layout: Layout) -> bool:
    """Two normal cards at least between any two jokers."""
    places = [i for i, (rank, _) in enumerate(layout) if rank == 0]
    return all(b - a >= 3 for a, b in zip(places, places[1:], strict=False))


def _joined(chosen: list[tuple[_Column, bool]]) -> list[PlannedSet]:
    """The chosen sets, run pieces of one suit that continue each other joined into one run
    where the joined run is valid (as a player would lay them)."""
    sets: list[PlannedSet] = []
    pieces: dict[tuple[int, bool], list[_Column]] = {}
    for column, opening in chosen:
        if column.kind == "group":
            sets.append(PlannedSet("group", column.layout, opening))
        else:
            pieces.setdefault((column.normals[0][1], opening), []).append(column)
    for (_, opening), runs in sorted(pieces.items()):
        runs.sort(key=lambda column: column.low)
        while runs:
            first = runs.pop(0)
            layout, high = first.layout, first.high
            extended = True
            while extended:
                extended = False
                for i, column in enumerate(runs):
                    joined = layout + column.layout
                    if column.low == high + 1 and len(joined) <= 13 and _spaced(joined):
                        layout, high = joined, column.high
                        del runs[i]
                        extended = True
                        break
            sets.append(PlannedSet("run", layout, opening))
    return sets
