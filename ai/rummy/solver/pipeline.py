"""The rummy solver's one escalation: cheap exact searches within step budgets, then the
integer program, whose worst case HiGHS bounds.

Every search below is exact when it finishes within its steps, and most positions are settled
by the first one in well under a millisecond. A position none of them settles is handed to
HiGHS (:mod:`ai.rummy.solver.ilp`) instead of letting a search thrash: the searches' combined
steps are a few milliseconds, so a position is never much slower than HiGHS alone. The same
escalation runs on both paths, compiled or pure Python, with the step budgets of its row in
:data:`STEP_BUDGETS`. Budgets are counted in steps, never in time: nothing interrupts compiled
code, and the deadlines of :func:`ai.rummy.solver.sweep.time_limit` are checked between steps.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

from ai.rummy.solver import ilp
from ai.rummy.solver import paths as fast
from ai.rummy.solver.cover import lay_everything, lay_most
from ai.rummy.solver.plan import Mode, OverBudget, Plan, all_laid_score

Counts = list[list[int]]
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class StepBudgets:
    """Steps each search may take before the next one is tried: ``cover``, the set-by-set search
    (opened plays); ``first_states``, states per layer of a first sweep (0: none; it settles
    small tables); ``rounds``, the depth-first rounds, one try per entry; ``arrange``, each
    search for sets holding given cards (keeping old sets unchanged: when it gives up, the old
    set it would keep is left changed); ``keep_tries``, how many searches of the whole rest of
    the table keeping old sets one at a time may take (see :mod:`ai.rummy.solver.keep`; the
    cheaper tries before each are not counted), ``keep_failures``, how many of those may find
    nothing before the rest are not tried; ``keep_give_ups``, after a plan of the integer
    program, how many of the keeping step's searches (any of them) may give up before the rest
    of the table is left as the plan has it;
    ``sweep_after_cover``, whether an opened player's position the set-by-set search could not
    settle still goes through the sweep and the rounds (compiled, they settle few of those: the
    integer program gets them at once), also when that question is only the quick first try for
    a player who has not opened; ``beam_widths``, the quick sweeps' widths for a
    caller in a hurry (a plan to fall back on); ``capped_keeping``, whether keeping old sets
    stops after ``keep_give_ups`` searches that gave up on every table, not only on a crowded
    one (on the Python path each such search is costly)."""

    cover: int
    first_states: int
    rounds: tuple[int, ...]
    arrange: int
    keep_tries: int
    keep_failures: int
    keep_give_ups: int
    sweep_after_cover: bool
    beam_widths: tuple[int, ...]
    capped_keeping: bool


# Compiled steps take about 1-2 us, Python ones 30-60 us: both rows come to a few milliseconds.
STEP_BUDGETS = {
    "compiled": StepBudgets(
        cover=2_000,
        first_states=2_000,
        rounds=(2_000,),
        arrange=1_000,
        keep_tries=12,
        keep_failures=3,
        keep_give_ups=2,
        sweep_after_cover=False,
        beam_widths=(160, 640),
        capped_keeping=False,
    ),
    "python": StepBudgets(
        cover=150,
        first_states=0,
        rounds=(400,),
        arrange=60,
        keep_tries=6,
        keep_failures=3,
        keep_give_ups=2,
        sweep_after_cover=True,
        beam_widths=(160,),
        capped_keeping=True,
    ),
}
# Set to 1 to skip the searches and ask the integer program alone (for measuring the pipeline
# against HiGHS alone in matches and benchmarks).
ILP_ONLY_VARIABLE = "ROBBERS_DEN_SOLVER_ILP_ONLY"
# The integer program's own time limit for a caller in a hurry (one with a ``budget``).
HURRY_SECONDS = 0.3


def step_budgets() -> StepBudgets:
    """The row of :data:`STEP_BUDGETS` for the path solves run on now."""
    return STEP_BUDGETS["compiled" if fast.ready() else "python"]


@dataclass(frozen=True, slots=True)
class ModeResult:
    """``plan``: the best arrangement (None: none in this mode, or in "opened" mode none that
    beats the table as it is). ``exact``: proven optimal; False only when a caller's budget cut
    the last method short (the plan is then the best legal one found). ``by_program``: the
    integer program was asked (the searches could not settle the position)."""

    plan: Plan | None
    exact: bool
    by_program: bool = False


def solve_mode(
    table: Counts,
    usable: Counts,
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    table_weight: int,
    budget: int | None,
    searches_only: bool = False,
    unsettled: bool = False,
) -> ModeResult:
    """The best plan in ``mode`` ("opened" or "opening") for these counts. ``budget``: None,
    exact whatever it takes; 0, the quick searches alone; otherwise the integer program gets
    :data:`HURRY_SECONDS`. ``searches_only``: only the exact searches (a plan not proven
    optimal is not looked for). ``unsettled``: the searches could not settle an easier question
    of this position (the opened player's, for one who has not opened): where the integer program
    will be asked, it is asked at once."""
    compiled = fast.ready()
    steps = step_budgets()
    args = (table, usable, table_jokers, hand_jokers, mode)
    opened = mode == "opened"
    if os.environ.get(ILP_ONLY_VARIABLE) == "1" and ilp.available():
        if budget == 0:
            return ModeResult(None, False)
        answer = ilp.solve_ilp(*args, time_limit=None if budget is None else HURRY_SECONDS)
        return ModeResult(answer.plan, answer.exact, True)
    quick: Plan | None = None
    fewest_left_out = 0
    # The set-by-set search answers an opened player's question only.
    if compiled and opened:
        from ai.rummy.solver.compiled.cover import lay_most_jit  # numba: only once loaded

        most = lay_most_jit(table, usable, table_jokers, hand_jokers, steps.cover)
        if most.exact:
            return ModeResult(most.plan, True)
        quick, fewest_left_out = most.plan, most.fewest_left_out
    elif opened:
        cover = lay_most(table, usable, table_jokers, hand_jokers, lay_everything, steps.cover)
        if cover.plan is not None:
            return ModeResult(cover.plan, True)
        fewest_left_out = cover.fewest_left_out
    beat = table_weight if opened else None
    # Straight to the integer program: for an opened player's own question (not the first try
    # for one who has not opened), or an opening question whose easier opened one the searches
    # could not settle, and where the program will be asked. The first try is the set-by-set
    # search alone where the row says so.
    program_later = budget != 0 and ilp.available()
    to_program = (opened or unsettled) and not searches_only and program_later
    sweep = steps.sweep_after_cover or not (to_program or (searches_only and program_later))
    if sweep and steps.first_states:
        try:
            return ModeResult(fast.solve_counts(*args, beat=beat, limit=steps.first_states), True)
        except OverBudget:
            pass
    usable_count = sum(map(sum, usable)) + hand_jokers
    for nodes in steps.rounds if sweep else ():
        rounds = fast.solve_by_rounds(
            *args, max_left_out=usable_count, node_limit=nodes, first_left_out=fewest_left_out
        )
        if rounds.exact:
            return ModeResult(rounds.plan, True)
        quick = _better(quick, rounds.plan)
    if searches_only:
        return ModeResult(None, False)
    # A quick plan to fall back on, for a caller in a hurry (the integer program may run out
    # of its time) or without the integer program.
    for width in steps.beam_widths if budget is not None or not program_later else ():
        if quick is not None:
            break
        quick = fast.solve_counts(*args, beam=width)
    if quick is not None and quick.score == all_laid_score(table_weight, usable, hand_jokers):
        return ModeResult(quick, True)  # every usable card laid: nothing can score more
    if budget == 0:
        return ModeResult(quick, False)
    if not program_later:
        return _sweep_within(args, quick, beat, budget)

    try:
        answer = ilp.solve_ilp(
            *args, time_limit=None if budget is None else HURRY_SECONDS, known=quick
        )
    except RuntimeError as error:  # HiGHS refused the model: the searches' best, not exact
        log.warning("rummy solver: %s", error)
        return ModeResult(quick, False, True)
    if answer.exact:
        return ModeResult(answer.plan, True, True)
    return ModeResult(_better(quick, answer.plan), False, True)


def _better(plan: Plan | None, other: Plan | None) -> Plan | None:
    if other is None or (plan is not None and plan.score >= other.score):
        return plan
    return other


def _sweep_within(
    args: tuple[Counts, Counts, int, int, Mode], quick: Plan | None, beat: int | None,
    budget: int | None,
) -> ModeResult:  # fmt: skip
    """Without highspy: the exact sweep, looking only for plays better than ``quick``, within
    ``budget`` states per layer (unbounded without one)."""
    if quick is not None:
        beat = quick.score
    try:
        return ModeResult(fast.solve_counts(*args, beat=beat, limit=budget) or quick, True)
    except OverBudget:
        return ModeResult(quick, False)
