"""Which path a solve runs on: the compiled kernels once :func:`ai.rummy.solver.compiled.warm_up`
has finished, their Python twins before (or without numba).

:func:`solve_counts` and :func:`solve_by_rounds` take the arguments of the Python searches
(:mod:`ai.rummy.solver.sweep`, :mod:`ai.rummy.solver.rounds`). Nothing here compiles, and the
kernels' modules (which import numba) are imported only once they are ready: until then the
process that plays keeps numba out of its memory.
"""

from __future__ import annotations

from ai.rummy.solver import compiled
from ai.rummy.solver.cover import lay_everything
from ai.rummy.solver.plan import Mode, Plan, PlannedSet
from ai.rummy.solver.rounds import RoundsResult
from ai.rummy.solver.rounds import solve_by_rounds as solve_by_rounds_py
from ai.rummy.solver.stranded import has_stranded_card
from ai.rummy.solver.sweep import solve_counts as solve_counts_py

Counts = list[list[int]]


def ready() -> bool:
    """Do solves run compiled code now?"""
    return compiled.ready()


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
    if compiled.ready():
        from ai.rummy.solver.compiled import sweep as jit

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
    solve = solve_by_rounds_py
    if compiled.ready():
        from ai.rummy.solver.compiled.sweep import solve_by_rounds_jit as solve
    return solve(
        table, hand, table_jokers, hand_jokers, mode, max_left_out=max_left_out,
        node_limit=node_limit, first_left_out=first_left_out,
    )  # fmt: skip


def cover_all(table: Counts, jokers: int, node_limit: int) -> list[PlannedSet] | None:
    """Valid sets holding exactly these cards (``table[rank][suit]`` and ``jokers``), or None
    when there are none; :class:`OverBudget` when the search gave up after ``node_limit``
    steps."""
    if has_stranded_card(table, jokers):
        return None
    if compiled.ready():
        from ai.rummy.solver.compiled.cover import lay_everything_jit

        return lay_everything_jit(table, None, jokers, node_limit)
    return lay_everything(table, [[0] * 4 for _ in range(14)], jokers, node_limit)
