"""The solver is bounded: a position no quick search settles costs a few milliseconds of
step-bounded searching and then one integer program (HiGHS in-process), whose deadline HiGHS
keeps itself. Timings here have generous margins; the strict comparison with HiGHS alone is in
``tests/bench/bench_solver.py``."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections import Counter
from typing import Any

import numpy as np
import pytest

import ai.rummy.solver as solver
from ai.rummy.solver import _counts
from ai.rummy.solver import ilp as rummy_solver_ilp
from ai.rummy.solver import pipeline as rummy_solver_pipeline
from ai.rummy.solver.keep import opening_in
from ai.rummy.solver.plan import BIG, Mode, OutOfTime, Plan, planned_cards, time_limit
from ai.rummy.solver.sweep import drop_unusable
from game.rummy.cards import Card, parse_cards
from game.rummy.turn_rules import OPENING_POINTS
from tests.ai.rummy.solver.positions import crowded_position, slow_position
from tests.ai.rummy.solver.reference_ilp import fallback_optimum, random_position, solve_reference
from tests.ai.rummy.solver.test_solver_exact import check_play
from tests.paths import ROOT


def test_the_integer_program_of_pieces_is_the_reference_one() -> None:
    """Runs as pieces of 3-5 cards (the fallback's model) give the optimum of the model with
    every run length (tests/ai/rummy/solver/reference_ilp.py), and a legal table."""
    rng = np.random.default_rng(515)
    for _ in range(40):
        table, hand = random_position(rng, int(rng.integers(0, 25)), int(rng.integers(1, 16)), 2)
        opened = bool(rng.random() < 0.6)
        flat = [card for cards in table for card in cards]
        reference = solve_reference(flat, hand, opened)
        expected = reference.score if reference.feasible and reference.laid > 0 else -1
        assert fallback_optimum(table, hand, opened) == expected, (table, hand, opened)


@pytest.mark.usefixtures("solver_path")
def test_a_position_no_search_settles_costs_one_integer_program(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On the slowest position known, the searches give up within their steps and the integer
    program is asked once; everything else together stays far below it."""
    calls: list[float] = []
    real = rummy_solver_ilp.solve_ilp

    def counted(*args: object, **kwargs: object) -> rummy_solver_ilp.IlpResult:
        start = time.perf_counter()
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        calls.append(time.perf_counter() - start)
        return result

    monkeypatch.setattr(rummy_solver_ilp, "solve_ilp", counted)
    table, hand = slow_position()
    start = time.perf_counter()
    play = solver.solve_play(table, hand, opened=True)
    total = time.perf_counter() - start
    assert play.exact and len(calls) == 1
    check_play(table, hand, True, play.table)
    assert total - calls[0] < 1.0  # searches, freezing: ~10 ms compiled, ~0.2 s in Python


@pytest.mark.parametrize("after", [0.015, 0.06])
@pytest.mark.parametrize("how", ["deadline", "stop"])
def test_the_integer_program_keeps_the_callers_deadline(
    how: str, after: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A position whose integer program without its rounding (dives, then HiGHS's proof) takes
    several times the longest limit here, also on a fast machine: a deadline or stop event that
    comes during a dive or during the proof ends the solve within a few milliseconds, with
    OutOfTime."""
    _without_rounding(monkeypatch)
    table, hand, opened = _crowded(163)
    args = _program_args(table, hand, opened)
    rummy_solver_ilp.prepare()
    stop = threading.Event()
    set_at: list[float] = []  # when the stop event was set
    end = None
    if how == "deadline":
        end = time.perf_counter() + after
    else:
        threading.Timer(after, lambda: (set_at.append(time.perf_counter()), stop.set())).start()
    with pytest.raises(OutOfTime), time_limit(end, stop):
        rummy_solver_ilp.solve_ilp(*args)
    returned = time.perf_counter()
    limit = end if end is not None else set_at[0]
    assert returned - limit < 0.08, "the solve ran on past the caller's limit"


@pytest.mark.usefixtures("solver_path")
def test_a_hurried_solve_is_bounded_and_legal() -> None:
    """With a budget the integer program gets its short time limit: a legal play, in time."""
    table, hand = slow_position()
    start = time.perf_counter()
    play = solver.solve_play(table, hand, opened=True, budget=5_000)
    assert time.perf_counter() - start < 5 * rummy_solver_pipeline.HURRY_SECONDS + 1.0
    check_play(table, hand, True, play.table)


def test_the_integer_program_prints_nothing() -> None:
    """HiGHS's banner never reaches standard output (``match --json`` prints one JSON object
    there), also from the first instance in a process."""
    code = (
        "from ai.rummy.solver import ilp; "
        "empty = [[0] * 4 for _ in range(14)]; hand = [[0] * 4 for _ in range(14)]; "
        "hand[5][0] = hand[6][0] = hand[7][0] = 1; "
        "print(ilp.solve_ilp(empty, hand, 0, 0, 'opened').exact)"
    )
    root = ROOT
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True,
        env=dict(os.environ, PYTHONPATH=str(root)),
    )  # fmt: skip
    assert out.stdout == "True\n"


def _program_args(
    table: list[list[Card]], hand: list[Card], opened: bool
) -> tuple[list[list[int]], list[list[int]], int, int, Mode]:
    counts = _counts([card for cards in table for card in cards], hand)
    usable = drop_unusable(counts.table, counts.hand, counts.table_jokers + counts.hand_jokers)
    mode: Mode = "opened" if opened else "opening"
    return counts.table, usable, counts.table_jokers, counts.hand_jokers, mode


def _score(answer: rummy_solver_ilp.IlpResult) -> int:
    return -1 if answer.plan is None else answer.plan.score


def test_the_staged_program_finds_the_plain_programs_optimum_on_crowded_tables() -> None:
    """The relaxation first (settling positions with no opening, or with a whole-numbered
    optimum), the dives, then the integer program from the dive's arrangement without presolve
    or heuristics: the same optimum as one plain integer program, on crowded tables of both
    kinds of player."""
    rng = np.random.default_rng(2027)
    for _ in range(30):
        table, hand, opened = crowded_position(rng)
        args = _program_args(table, hand, opened)
        staged = rummy_solver_ilp.solve_ilp(*args)
        plain = rummy_solver_ilp.solve_ilp(*args, plain=True)
        assert staged.exact and plain.exact
        assert _score(staged) == _score(plain), (table, hand, opened)


def _count_highs_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record each HiGHS run of the integer program: its number of integer columns (0: the
    relaxation; -1: a re-solve of the relaxation HiGHS holds, a step of a dive)."""
    runs: list[int] = []
    real_run = rummy_solver_ilp._run

    def counted(highs: Any, lp: Any, end: float | None, integer: bool = False) -> None:
        if lp is not None:
            runs.append(lp.upper.size if integer else 0)
        else:
            held = sum(int(kind) for kind in highs.getLp().integrality_)
            runs.append(held or -1)
        real_run(highs, lp, end, integer)

    monkeypatch.setattr(rummy_solver_ilp, "_run", counted)
    return runs


def _without_rounding(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stages after the relaxation as they are without its rounding filled in (the dives
    and the proof, for the tests of those)."""
    monkeypatch.setattr(rummy_solver_ilp, "_rounded_and_filled", lambda *_: None)


def test_a_crowded_table_with_no_opening_is_refused_by_the_relaxation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 19-set table and six hand cards that make no opening: the relaxation alone proves it
    (one HiGHS run, no integer program: the plain program is far slower on it)."""
    rng = np.random.default_rng(2026)
    for _ in range(25):
        table, hand, opened = crowded_position(rng)
    assert (len(table), len(hand), opened) == (19, 6, False)
    args = _program_args(table, hand, opened)
    runs = _count_highs_runs(monkeypatch)
    assert rummy_solver_ilp.solve_ilp(*args) == rummy_solver_ilp.IlpResult(None, True)
    assert runs == [0], "more than the relaxation was solved"


def test_a_known_plan_at_the_relaxations_bound_is_taken_as_proven() -> None:
    """A plan the searches found is returned as exact when it reaches the relaxation's bound;
    a worse one is not: the integer program then finds the optimum."""
    rng = np.random.default_rng(2026)
    for _ in range(6):
        table, hand, opened = crowded_position(rng)
    args = _program_args(table, hand, opened)
    optimum = rummy_solver_ilp.solve_ilp(*args, plain=True)
    assert optimum.plan is not None and optimum.exact
    proven = rummy_solver_ilp.solve_ilp(*args, known=optimum.plan)
    assert proven.exact and proven.plan is optimum.plan
    for below in (1, BIG):
        worse = Plan(optimum.plan.score - below, optimum.plan.sets[1:])
        found = rummy_solver_ilp.solve_ilp(*args, known=worse)
        assert found.exact and found.plan is not worse
        assert _score(found) == optimum.plan.score


class _RefusingHighs:
    """A HiGHS that accepts its options and model but refuses to run."""

    def __init__(self, real: object) -> None:
        self.real = real

    def run(self) -> object:
        import highspy

        return highspy.HighsStatus.kError

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)


def test_a_highs_that_refuses_to_run_is_an_error_not_no_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A refused HiGHS run must never read as "nothing can be laid": the integer program raises,
    and the pipeline answers with its searches' best play, marked not exact, instead of losing
    the player's move."""
    real_new = rummy_solver_ilp._new_highs
    monkeypatch.setattr(rummy_solver_ilp, "_new_highs", lambda: _RefusingHighs(real_new()))
    empty = [[0] * 4 for _ in range(14)]
    hand = [[0] * 4 for _ in range(14)]
    hand[5][0] = hand[6][0] = hand[7][0] = 1
    with pytest.raises(RuntimeError):
        rummy_solver_ilp.solve_ilp(empty, hand, 0, 0, "opened")
    table, hand_cards = slow_position()
    play = solver.solve_play(table, hand_cards, opened=True)
    assert not play.exact
    check_play(table, hand_cards, True, play.table)


def _crowded(number: int) -> tuple[list[list[Card]], list[Card], bool]:
    """The ``number``-th crowded position of seed 2026 (1-based), as the bench draws them."""
    rng = np.random.default_rng(2026)
    for _ in range(number):
        position = crowded_position(rng)
    return position


def test_a_whole_numbered_relaxation_is_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A crowded table whose relaxation's optimum is whole-numbered: that one HiGHS run is the
    answer (no dive, no integer program), and it is the plain program's optimum."""
    table, hand, opened = _crowded(32)
    assert (len(table), len(hand), opened) == (17, 7, True)
    args = _program_args(table, hand, opened)
    runs = _count_highs_runs(monkeypatch)
    staged = rummy_solver_ilp.solve_ilp(*args)
    assert runs == [0], "more than the relaxation was solved"
    plain = rummy_solver_ilp.solve_ilp(*args, plain=True)
    assert staged.exact and _score(staged) == _score(plain)


def test_a_dive_that_reaches_the_relaxations_bound_is_the_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 19-set table and 15 hand cards whose relaxation is fractional: rounding one column at a
    time reaches an arrangement at the relaxation's bound, proven optimal without the integer
    program; the plain program finds the same score."""
    _without_rounding(monkeypatch)
    table, hand, opened = _crowded(38)
    assert (len(table), len(hand), opened) == (19, 15, True)
    args = _program_args(table, hand, opened)
    runs = _count_highs_runs(monkeypatch)
    staged = rummy_solver_ilp.solve_ilp(*args)
    assert runs[0] == 0 and len(runs) > 1, "no dive was needed"
    assert all(run <= 0 for run in runs), "the integer program was run"
    plain = rummy_solver_ilp.solve_ilp(*args, plain=True)
    assert staged.exact and _score(staged) == _score(plain)
    check_play(table, hand, opened, solver.solve_play(table, hand, opened).table)


def test_a_bound_no_arrangement_reaches_is_proven_by_the_integer_program(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table whose relaxation promises more than any arrangement lays, also under the card
    cap: the dive's arrangement falls short of the bound, so the integer program runs (once)
    and proves the optimum, the plain program's."""
    _without_rounding(monkeypatch)
    table, hand, opened = _crowded(146)
    assert (len(table), len(hand), opened) == (9, 9, True)
    args = _program_args(table, hand, opened)
    runs = _count_highs_runs(monkeypatch)
    staged = rummy_solver_ilp.solve_ilp(*args)
    assert sum(run > 0 for run in runs) == 1, runs
    plain = rummy_solver_ilp.solve_ilp(*args, plain=True)
    assert staged.exact and _score(staged) == _score(plain)


def test_a_bound_a_part_of_a_card_above_the_dive_is_closed_by_the_card_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The relaxation of this 12-set table lays a part of one card more than any arrangement
    can; the dive lays the whole cards the bound allows. Capping the cards laid at that number
    (a cut every play obeys) tightens the bound on the hand value to the dive's: proven without
    the integer program (which the uncapped bound needed), the plain program's optimum."""
    _without_rounding(monkeypatch)
    table, hand, opened = _crowded(48)
    assert (len(table), len(hand), opened) == (12, 14, True)
    args = _program_args(table, hand, opened)
    runs = _count_highs_runs(monkeypatch)
    caps: list[int] = []
    real_cap = rummy_solver_ilp._add_cap

    def cap(highs: Any, per_column: np.ndarray, cards: int) -> None:
        caps.append(cards)
        real_cap(highs, per_column, cards)

    monkeypatch.setattr(rummy_solver_ilp, "_add_cap", cap)
    staged = rummy_solver_ilp.solve_ilp(*args)
    assert caps and not any(run > 0 for run in runs), runs
    plain = rummy_solver_ilp.solve_ilp(*args, plain=True)
    assert staged.exact and _score(staged) == _score(plain)
    assert _score(plain) // BIG == caps[0]


def test_a_deadline_counts_from_now_not_from_the_instances_first_run() -> None:
    """HiGHS's time limit is on an instance's run time summed over its runs: after earlier runs
    took longer than the time left, a run must still get that time (not stop at once)."""
    import highspy

    table, hand, opened = _crowded(38)
    lp, _, _ = rummy_solver_ilp._model(*_program_args(table, hand, opened))
    highs = rummy_solver_ilp._new_highs()
    highs.setOptionValue("presolve", "off")
    while highs.getRunTime() < 0.3:
        rummy_solver_ilp._run(highs, lp, None)
    rummy_solver_ilp._run(highs, lp, time.perf_counter() + 0.2)
    assert highs.getModelStatus() == highspy.HighsModelStatus.kOptimal


@pytest.mark.usefixtures("solver_path")
def test_an_opening_the_searches_cannot_settle_goes_to_the_program_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A player who has not opened, on a 13-set table with ten hand cards: the quick searches
    can't settle even the opened player's question, so the opening question goes to the integer
    program without a second round of searches; the play is the plain program's optimum."""
    table, hand, opened = _crowded(24)
    assert (len(table), len(hand), opened) == (13, 10, False)
    searched: list[str] = []
    for name in ("solve_by_rounds", "solve_counts", "solve_ilp"):
        module = rummy_solver_ilp if name == "solve_ilp" else rummy_solver_pipeline.fast
        real = getattr(module, name)

        def recorded(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            searched.append(f"{_name} {args[4]}")
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, recorded)
    play = solver.solve_play(table, hand, opened)
    # The Python row searches on after the set-by-set search (its own choice, see STEP_BUDGETS).
    if not rummy_solver_pipeline.step_budgets().sweep_after_cover:
        assert searched == ["solve_ilp opening"], searched
    assert play.exact
    plain = rummy_solver_ilp.solve_ilp(*_program_args(table, hand, opened), plain=True)
    flat = [card for cards in table for card in cards]
    assert plain.plan is not None
    assert check_play(table, hand, opened, play.table) == plain.plan.score
    assert plain.plan.score - solver._table_weight(flat) >= BIG


def test_a_stop_during_the_capped_relaxation_is_out_of_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The caller's stop event, set as the relaxation is solved again under the card cap, ends
    the solve with OutOfTime (not with HiGHS's refusal, which would read as no exact answer)."""
    table, hand, opened = _crowded(48)
    args = _program_args(table, hand, opened)
    stop = threading.Event()
    real = rummy_solver_ilp._capped_bound
    capped: list[bool] = []

    def stopped_first(*call: Any) -> float | None:
        stop.set()
        capped.append(True)
        return real(*call)

    monkeypatch.setattr(rummy_solver_ilp, "_capped_bound", stopped_first)
    with pytest.raises(OutOfTime), time_limit(None, stop):
        rummy_solver_ilp.solve_ilp(*args)
    assert capped


def test_a_hurried_program_out_of_time_under_the_card_cap_keeps_the_dives_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hurried caller's own time limit (HiGHS's clock) running out during the capped
    relaxation: the dive's play is kept as the answer, legal, marked not proven."""
    _without_rounding(monkeypatch)
    table, hand, opened = _crowded(146)
    args = _program_args(table, hand, opened)
    plain = rummy_solver_ilp.solve_ilp(*args, plain=True)
    real_run = rummy_solver_ilp._run
    capping: list[bool] = []
    real_cap = rummy_solver_ilp._capped_bound

    def capped(*call: Any) -> float | None:
        capping.append(True)
        return real_cap(*call)

    def run(highs: Any, lp: Any, end: float | None, integer: bool = False) -> None:
        if not capping:
            real_run(highs, lp, end, integer)
            return
        # From the capped relaxation on, HiGHS has no time left (its limit is on its run time).
        if lp is not None:
            rummy_solver_ilp._pass(highs, lp, integer)
        highs.setOptionValue("time_limit", 1e-9)
        highs.run()

    monkeypatch.setattr(rummy_solver_ilp, "_capped_bound", capped)
    monkeypatch.setattr(rummy_solver_ilp, "_run", run)
    hurried = rummy_solver_ilp.solve_ilp(*args, time_limit=5.0)
    assert capping and hurried.plan is not None and not hurried.exact
    # The dive's play: the same cards as the optimum, less hand value.
    assert plain.plan is not None and 0 < plain.plan.score - hurried.plan.score < BIG


def test_the_rounded_relaxation_filled_in_by_the_searches_reaches_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The 19-set table of the dive above: its relaxation rounded down leaves a handful of cards,
    which the exact searches arrange; that play reaches the bound, so the relaxation is the only
    HiGHS run (no dive, no integer program), and it is the plain program's optimum."""
    table, hand, opened = _crowded(38)
    args = _program_args(table, hand, opened)
    runs = _count_highs_runs(monkeypatch)
    staged = rummy_solver_ilp.solve_ilp(*args)
    assert runs == [0], runs
    plain = rummy_solver_ilp.solve_ilp(*args, plain=True)
    assert staged.exact and _score(staged) == _score(plain)
    check_play(table, hand, opened, solver.solve_play(table, hand, opened).table)


def _relaxation(
    args: tuple[Any, ...],
) -> tuple[np.ndarray, float, list[Any], np.ndarray, Any] | None:
    """The relaxation's optimum of a position's program (values, bound), its columns and scores,
    and its cards as the rounding takes them; None: no set, or no optimum."""
    import highspy

    model = rummy_solver_ilp._model(*args)
    if model is None:
        return None
    lp, columns, costs = model
    highs = rummy_solver_ilp._new_highs()
    highs.setOptionValue("threads", 1)
    highs.setOptionValue("presolve", "off")
    rummy_solver_ilp._run(highs, lp, None)
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    table, hand, table_jokers, hand_jokers, mode = args
    cards = rummy_solver_ilp._Cards(
        np.append(rummy_solver_ilp._copies(table), table_jokers),
        np.append(rummy_solver_ilp._copies(table) + rummy_solver_ilp._copies(hand),
                  table_jokers + hand_jokers),
        mode,
    )  # fmt: skip
    values = np.asarray(highs.getSolution().col_value)
    return values, highs.getInfo().objective_function_value, columns, costs, cards


def test_every_filled_in_rounding_is_a_legal_play() -> None:
    """Crowded positions, a third not opened: every play the rounding and its filling-in find is
    legal (table cards all on the table, laid cards from the hand, an opening worth 30 of laid
    hand cards alone) and scores what it claims."""
    rng = np.random.default_rng(11)
    found = 0
    for _ in range(80):
        table, hand, opened = crowded_position(rng)
        args = _program_args(table, hand, opened)
        relaxed = _relaxation(args)
        if relaxed is None:
            continue
        values, bound, columns, costs, cards = relaxed
        filled = rummy_solver_ilp._rounded_and_filled(values, columns, costs, cards, bound)
        flat = [card for cards_ in table for card in cards_]
        if filled is None or filled.plan.score - solver._table_weight(flat) < BIG:
            continue  # nothing found, or no hand card laid (not a play)
        found += 1
        laid_table = [planned_cards(planned) for planned in filled.plan.sets]
        assert check_play(table, hand, opened, laid_table) == filled.plan.score
    assert found >= 40


def test_an_opening_filled_in_leaves_the_table_cards_to_other_sets() -> None:
    """A table of three fives and a hand holding another five of hearts: the relaxation's opening
    sets may use that card, but then the table's five of hearts still has to be laid by a set
    that is not an opening set; the filled-in play is a legal opening."""
    table = [parse_cards("5H 5D 5C")]
    hand = parse_cards("KS 6D 4D 6H KS 5H 9H 9C 9C 9D KH AD 7H AS QH 4C 4C QC 10C 10S 6C QH 3H AS")
    args = _program_args(table, hand, False)
    relaxed = _relaxation(args)
    assert relaxed is not None
    values, bound, columns, costs, cards = relaxed
    filled = rummy_solver_ilp._rounded_and_filled(values, columns, costs, cards, bound)
    assert filled is not None
    check_play(table, hand, False, [planned_cards(planned) for planned in filled.plan.sets])


def test_an_opening_is_rounded_up_until_it_is_worth_the_opening() -> None:
    """A player who has not opened, whose relaxation lays its opening sets in parts: rounded down
    they are worth less than 30, so they are rounded up (as the hand allows) until they make an
    opening, and the filled-in play is a legal opening at the relaxation's bound."""

    table, hand, opened = _crowded(158)
    assert not opened
    args = _program_args(table, hand, opened)
    relaxed = _relaxation(args)
    assert relaxed is not None
    values, bound, columns, costs, cards = relaxed
    floor = np.floor(values + rummy_solver_ilp.INTEGRAL)
    opening_floor = sum(
        column.value * amount for (column, twin), amount in zip(columns, floor, strict=True) if twin
    )
    assert opening_floor < OPENING_POINTS, "the rounded-down opening sets are enough already"
    filled = rummy_solver_ilp._rounded_and_filled(values, columns, costs, cards, bound)
    assert filled is not None and rummy_solver_ilp._reaches(filled.plan.score, bound)
    sets = [planned_cards(planned) for planned in filled.plan.sets]
    flat = [card for cards_ in table for card in cards_]
    laid = Counter(card for cards_ in sets for card in cards_) - Counter(flat)
    assert opening_in(sets, laid) >= OPENING_POINTS
    plain = rummy_solver_ilp.solve_ilp(*args, plain=True)
    assert _score(plain) == filled.plan.score


def test_the_integer_program_runs_on_the_columns_a_better_play_may_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reduced-cost fixing: every optimal play of crowded positions uses only columns the test
    keeps for a known play below it (a column whose reduced cost exceeds the gap can't be in a
    better play), and where the integer program runs, it runs on fewer columns than the model
    has, to the plain program's optimum."""
    import highspy

    rng = np.random.default_rng(7)
    checked = 0
    while checked < 25:
        table, hand, opened = crowded_position(rng)
        args = _program_args(table, hand, opened)
        model = rummy_solver_ilp._model(*args)
        if model is None:
            continue
        lp, columns, costs = model
        highs = rummy_solver_ilp._new_highs()
        highs.setOptionValue("threads", 1)
        highs.setOptionValue("presolve", "off")
        rummy_solver_ilp._run(highs, lp, None)
        if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            continue
        solved = highs.getSolution()
        relaxed = rummy_solver_ilp._Relaxed(
            highs.getInfo().objective_function_value,
            np.asarray(solved.col_value), np.asarray(solved.col_dual),
        )  # fmt: skip
        plain_highs = rummy_solver_ilp._new_highs()
        plain_highs.setOptionValue("threads", 1)
        plain_highs.setOptionValue("mip_rel_gap", 0.0)
        plain_highs.setOptionValue("mip_abs_gap", 0.5)
        rummy_solver_ilp._run(plain_highs, lp, None, integer=True)
        optimum = np.round(np.asarray(plain_highs.getSolution().col_value))
        score = int(optimum @ costs)
        for below in (0, 1, BIG // 2, BIG):
            kept = relaxed.worth_keeping(score - below, None)
            assert set(np.flatnonzero(optimum)) <= set(kept), (checked, below)
        checked += 1
    table, hand, opened = _crowded(146)
    args = _program_args(table, hand, opened)
    _without_rounding(monkeypatch)
    runs = _count_highs_runs(monkeypatch)
    staged = rummy_solver_ilp.solve_ilp(*args)
    model = rummy_solver_ilp._model(*args)
    assert model is not None
    proofs = [run for run in runs if run > 0]
    assert proofs and proofs[0] < len(model[1]), (proofs, len(model[1]))
    assert staged.exact and _score(staged) == _score(rummy_solver_ilp.solve_ilp(*args, plain=True))
