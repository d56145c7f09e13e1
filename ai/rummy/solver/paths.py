"""The rummy solver's optimisers, compiled when :mod:`ai.rummy.solver.compiled.sweep` is ready.

:func:`solve_counts` and :func:`solve_by_rounds` take the arguments of the Python optimisers
(:mod:`ai.rummy.solver.sweep`, :mod:`ai.rummy.solver.rounds`) and run the compiled ports once
:func:`ai.rummy.solver.compiled.sweep.warm_up` has finished, the Python ones before (or without
numba).
:func:`solve_mode` is the escalation :mod:`ai.rummy.solver` uses on the compiled path. Nothing
here compiles: until the warm-up is done, everything is Python.
"""

from __future__ import annotations

from ai.rummy.solver.compiled import sweep as jit
from ai.rummy.solver.compiled.cover import lay_everything_jit, lay_most_jit
from ai.rummy.solver.cover import lay_everything
from ai.rummy.solver.rounds import RoundsResult
from ai.rummy.solver.rounds import solve_by_rounds as solve_by_rounds_py
from ai.rummy.solver.sweep import Mode, OverBudget, Plan, PlannedSet, all_laid_score
from ai.rummy.solver.sweep import solve_counts as solve_counts_py

Counts = list[list[int]]

# Escalating tries, each exact when it finishes (see solve_mode): the set-by-set search, the
# compiled sweep with few states per layer (settles small tables), the compiled depth-first
# rounds with few steps, then with more (~1 us per step). Only then, as in the Python pipeline:
# a quick plan as the bar and the sweep within the caller's budget.
FIRST_STATES = 5_000
ROUNDS_NODES = (5_000, 40_000)
# Steps of the set-by-set search (1-2 us each; almost all positions settle within a few
# thousand, the slowest of the bench needs about 30,000).
COVER_STEPS = 50_000
# Without any budget, after the other searches: this many more steps.
DEEP_COVER_STEPS = 3_000_000
# With a state budget (an AI in a hurry): as many steps as states, but at least this many.
QUICK_COVER_STEPS = 2_000
# States kept per step by the quick sweep when the rounds found no plan at all.
BEAM_WIDTHS = (160, 640)


def ready() -> bool:
    """Do solves run compiled code now?"""
    return jit.ready()


def solve_counts(
    table: Counts,
    hand: Counts,
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    beam: int | None = None,
    beat: int | None = None,
    limit: int | None = None,
) -> Plan | None:
    """:func:`ai.rummy.solver.sweep.solve_counts`, compiled when ready."""
    if jit.ready():
        return jit.solve_counts_jit(
            table, hand, table_jokers, hand_jokers, mode, beat=beat, limit=limit, beam=beam
        )
    return solve_counts_py(table, hand, table_jokers, hand_jokers, mode, beam, beat, limit)


def solve_by_rounds(
    table: Counts,
    hand: Counts,
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    max_left_out: int,
    node_limit: int | None = None,
    first_left_out: int = 0,
) -> RoundsResult:
    """:func:`ai.rummy.solver.rounds.solve_by_rounds`, compiled when ready."""
    solve = jit.solve_by_rounds_jit if jit.ready() else solve_by_rounds_py
    return solve(
        table, hand, table_jokers, hand_jokers, mode, max_left_out=max_left_out,
        node_limit=node_limit, first_left_out=first_left_out,
    )  # fmt: skip


def solve_mode(
    table: Counts,
    usable: Counts,
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    table_weight: int,
    budget: int | None,
) -> tuple[Plan | None, bool]:
    """The best plan in ``mode`` on the compiled solvers (call only when :func:`ready`), and
    whether the ``budget`` (states per layer) made the exact sweep give up: the plan is then
    the quick one (legal, not proven optimal). None: no plan beats the table as it is."""
    args = (table, usable, table_jokers, hand_jokers, mode)
    # The set-by-set search settles most positions in milliseconds, where the sweeps may need
    # millions of states (big tables, many jokers). When it runs out of steps, what it proved
    # (at least that many cards stay in the hand) lets the rounds below skip those rounds, and
    # its play, if any, is the bar for the sweep.
    steps = COVER_STEPS if budget is None else min(COVER_STEPS, max(QUICK_COVER_STEPS, budget))
    cover = lay_most_jit(table, usable, table_jokers, hand_jokers, steps)
    if cover.exact and mode == "opened":
        return cover.plan, False
    beat = table_weight if mode == "opened" else None
    try:
        return jit.solve_counts_jit(*args, beat=beat, limit=FIRST_STATES), False
    except OverBudget:
        pass
    usable_count = sum(map(sum, usable)) + hand_jokers
    quick: Plan | None = cover.plan if mode == "opened" else None
    # A compiled walk checks the clock only when it ends: in a hurry, only the short one.
    for nodes in ROUNDS_NODES if budget is None else ROUNDS_NODES[:1]:
        rounds = jit.solve_by_rounds_jit(
            *args, max_left_out=usable_count, node_limit=nodes,
            first_left_out=cover.fewest_left_out,
        )  # fmt: skip
        if rounds.exact:
            return rounds.plan, False
        if rounds.plan is not None and (quick is None or rounds.plan.score > quick.score):
            quick = rounds.plan
    for width in BEAM_WIDTHS:
        if quick is not None:
            break
        quick = jit.solve_counts_jit(*args, beam=width)
    # Everything usable laid: no arrangement can score more than this.
    ceiling = all_laid_score(table_weight, usable, hand_jokers)
    if quick is not None and quick.score == ceiling:
        return quick, False
    if budget is None and mode == "opened":
        # No hurry (tests, benchmarks): the set-by-set search again, far longer, before the
        # unbounded sweep (on the slowest position known, 2 s against 90 s).
        deep = lay_most_jit(
            table, usable, table_jokers, hand_jokers, DEEP_COVER_STEPS, cover.fewest_left_out
        )
        if deep.exact:
            return deep.plan, False
        if deep.plan is not None and (quick is None or deep.plan.score > quick.score):
            quick = deep.plan
    if quick is not None:
        beat = quick.score
    try:
        return jit.solve_counts_jit(*args, beat=beat, limit=budget) or quick, False
    except OverBudget:
        return quick, True


def cover_all(table: Counts, jokers: int, node_limit: int) -> list[PlannedSet] | None:
    """Valid sets holding exactly these cards (``table[rank][suit]`` and ``jokers``), or None
    when there are none or the search gave up after ``node_limit`` steps."""
    solve = lay_everything_jit if jit.ready() else lay_everything
    try:
        return solve(table, [[0] * 4 for _ in range(14)], jokers, node_limit)
    except OverBudget:
        return None
