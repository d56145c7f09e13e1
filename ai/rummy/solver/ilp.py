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
answer the same question. HiGHS keeps its own clock (``time_limit``): nothing interrupts it
from outside, and when the limit is reached its best arrangement so far is returned, marked not
exact.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ai.rummy.solver.plan import Mode, OutOfTime, Plan, PlannedSet, card_weight, current_limit
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


def _columns(avail: Counts, jokers: int) -> list[_Column]:
    """Every set whose normal cards are available (``avail[rank][suit] > 0``)."""
    columns: list[_Column] = []
    for suit in range(4):
        for low in range(1, 13):
            for high in range(low + 2, min(ACE_HIGH, low + 12) + 1):
                if high - low >= MAX_PIECE and not (low == 1 and high == 13):
                    continue
                ranks = [1 if p == ACE_HIGH else p for p in range(low, high + 1)]
                missing = {i for i, rank in enumerate(ranks) if avail[rank][suit] == 0}
                if len(missing) > jokers:
                    continue
                value = sum(_position_value(p, high >= 13) for p in range(low, high + 1))
                for pattern in _joker_patterns(len(ranks)):
                    if len(pattern) > jokers or not missing.issubset(pattern):
                        continue
                    run = tuple(
                        (0, -1) if i in pattern else (rank, suit) for i, rank in enumerate(ranks)
                    )
                    normals = tuple(card for card in run if card[0])
                    columns.append(_Column("run", run, normals, len(pattern), value, low, high))
    for rank in range(1, 14):
        for mask in range(1, 16):
            suits = [s for s in range(4) if mask >> s & 1]
            if not all(avail[rank][s] for s in suits):
                continue
            normals = tuple((rank, s) for s in suits)
            for size, group_jokers in GROUP_SHAPES:
                if size != len(suits) or group_jokers > jokers:
                    continue
                if group_jokers == 2:
                    layout: Layout = ((0, -1), *normals, (0, -1))
                else:
                    layout = normals + ((0, -1),) * group_jokers
                value = GROUP_VALUE[rank] * (size + group_jokers)
                columns.append(_Column("group", layout, normals, group_jokers, value))
    return columns


def solve_ilp(
    table: Counts,
    hand: Counts,
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    time_limit: float | None = None,
    known: Plan | None = None,
    plain: bool = False,
    bounded_search: Callable[[float], Plan | None] | None = None,
) -> IlpResult:
    """The best arrangement in ``mode`` ("opened" or "opening") with the score of
    :func:`ai.rummy.solver.sweep.solve_counts`. ``time_limit`` in seconds (HiGHS's own clock).
    ``known``: a legal plan found by other means; if it reaches the relaxation's bound it is
    returned as proven. ``bounded_search``: given the relaxation's bound on the score, an exact
    search that may use it (its plan is the optimum; None: it gave up), tried before the integer
    program. ``plain``: one integer program, HiGHS's presolve and heuristics as they come (only the
    gap, one thread and the clock set as always): the yardstick the pipeline is measured
    against, without the relaxation first."""
    import highspy

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
    if not plain and len(columns) >= STAGED_FROM_COLUMNS:
        # The relaxation first: on these models its bound is nearly always the optimum, and it
        # settles alone a position with no opening (infeasible) or an integral optimum. A small
        # model goes to HiGHS as it is: its whole solve costs little more than the relaxation.
        lp.integrality_ = []
        _run(highs, lp, end)
        _check_time(stop, deadline)
        status = highs.getModelStatus()
        if status == highspy.HighsModelStatus.kInfeasible:
            return IlpResult(None, True)
        if status == highspy.HighsModelStatus.kOptimal:
            solution = highs.getSolution()
            values = np.asarray(solution.col_value)
            if values.size and np.abs(values - np.round(values)).max() < INTEGRAL:
                return IlpResult(_plan(values, columns, costs), True)
            bound = highs.getInfo().objective_function_value
            if known is not None and known.score >= bound - 0.5:
                return IlpResult(known, True)
            found = None if bounded_search is None else bounded_search(bound)
            if found is not None:
                return IlpResult(found, True)
            _check_time(stop, deadline)
        lp.integrality_ = [highspy.HighsVarType.kInteger] * len(columns)
        # On a big model (a crowded table) HiGHS's presolve costs several times the solve it
        # saves (on a small one it is as often a gain as a loss).
        highs.setOptionValue("presolve", "off")
    _run(highs, lp, end)
    _check_time(stop, deadline)
    status = highs.getModelStatus()
    exact = status == highspy.HighsModelStatus.kOptimal
    if status == highspy.HighsModelStatus.kInfeasible:
        return IlpResult(None, True)
    solution = highs.getSolution()
    if not exact and not solution.value_valid:
        return IlpResult(None, False)
    return IlpResult(_plan(np.asarray(solution.col_value), columns, costs), exact)


# How far from a whole number a relaxation's value may be and still count as whole.
INTEGRAL = 1e-6
# Models with fewer columns are solved in one go, with HiGHS's presolve (see solve_ilp).
STAGED_FROM_COLUMNS = 600


def _run(highs: Any, lp: Any, end: float | None) -> None:
    """Solve ``lp`` within ``end``. A refused run (HiGHS's options clash with its process-wide
    state, such as another instance's thread count) raises: it must never read as "no play"."""
    import highspy

    if end is not None:
        highs.setOptionValue("time_limit", max(end - time.perf_counter(), 1e-3))
    if highs.passModel(lp) == highspy.HighsStatus.kError or (
        highs.run() == highspy.HighsStatus.kError
    ):
        raise RuntimeError("HiGHS refused to solve the rummy position")


def _check_time(stop: threading.Event | None, end: float | None) -> None:
    if (stop is not None and stop.is_set()) or (end is not None and time.perf_counter() > end):
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
) -> tuple[Any, list[tuple[_Column, bool]], np.ndarray] | None:
    """The integer program (a ``HighsLp``), its columns and their scores; None: no set at all."""
    import highspy

    avail = [[table[r][s] + hand[r][s] for s in range(4)] for r in range(14)]
    jokers = table_jokers + hand_jokers
    base = _columns(avail, jokers)
    columns = [(column, False) for column in base]
    if mode == "opening":
        # An opening set is made of hand cards only: a twin needing a card (or more jokers) the
        # hand hasn't got could never be laid, so it is left out of the model.
        columns += [
            (column, True)
            for column in base
            if column.jokers <= hand_jokers and all(hand[r][s] for r, s in column.normals)
        ]
    if not columns:
        return None

    def row(rank: int, suit: int) -> int:
        return suit * 13 + rank - 1

    rows = 2 * CARD_ROWS + (0 if mode == "opened" else 1)
    starts, indices, values = [0], [], []
    costs = np.zeros(len(columns))
    upper = np.zeros(len(columns))
    for j, (column, opening) in enumerate(columns):
        entries: dict[int, float] = {}
        for rank, suit in column.normals:
            if not opening:
                entries[row(rank, suit)] = entries.get(row(rank, suit), 0) + 1
            total = CARD_ROWS + row(rank, suit)
            entries[total] = entries.get(total, 0) + 1
        if column.jokers:
            if not opening:
                entries[JOKER_ROW] = column.jokers
            entries[CARD_ROWS + JOKER_ROW] = column.jokers
        if opening:
            entries[2 * CARD_ROWS] = column.value
        for index in sorted(entries):
            indices.append(index)
            values.append(entries[index])
        starts.append(len(indices))
        costs[j] = sum(card_weight(rank) for rank, _ in column.normals)
        costs[j] += column.jokers * card_weight(0)
        copies, wild = (hand, hand_jokers) if opening else (avail, jokers)
        cap = min(copies[rank][suit] for rank, suit in column.normals)
        if column.jokers:
            cap = min(cap, wild // column.jokers)
        upper[j] = cap
    inf = highspy.kHighsInf
    table_rows = [float(table[r][s]) for s in range(4) for r in range(1, 14)]
    avail_rows = [float(avail[r][s]) for s in range(4) for r in range(1, 14)]
    opening_lower = [] if mode == "opened" else [float(OPENING_POINTS)]
    lp = highspy.HighsLp()
    lp.num_col_ = len(columns)
    lp.num_row_ = rows
    lp.sense_ = highspy.ObjSense.kMaximize
    lp.col_cost_ = costs
    lp.col_lower_ = np.zeros(len(columns))
    lp.col_upper_ = upper
    lp.row_lower_ = np.array(
        [*table_rows, float(table_jokers)] + [-inf] * CARD_ROWS + opening_lower
    )
    lp.row_upper_ = np.array(
        [inf] * CARD_ROWS + [*avail_rows, float(jokers)] + ([inf] if opening_lower else [])
    )
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.num_col_ = len(columns)
    lp.a_matrix_.num_row_ = rows
    lp.a_matrix_.start_ = np.array(starts, dtype=np.int32)
    lp.a_matrix_.index_ = np.array(indices, dtype=np.int32)
    lp.a_matrix_.value_ = np.array(values, dtype=float)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * len(columns)
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
