"""The compiled solvers (:mod:`ai.rummy.solver.compiled.sweep`) are the same exact optimisers
as the Python ones: on random positions with six jokers in the deck the compiled sweep finds the
same optimum score in all three modes (against :func:`ai.rummy.solver.sweep.solve_counts` on
small tables, against the depth-first rounds on tables up to 80 cards), with and without a bar
to beat; the compiled depth-first rounds agree with both whenever they finish. Every
arrangement rebuilt is made of valid sets that account for every table card and use only cards
that exist. Wired into :mod:`ai.rummy.solver`, they give the same plays as the Python pipeline,
never compile after ``warm_up()``, and keep the deadline and the budget counting."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter

import numpy as np
import pytest

import ai.rummy.solver as solver  # noqa: E402
from ai.rummy.solver import compiled as compiled_path  # noqa: E402
from ai.rummy.solver.compiled import cover as rummy_solver_cover_jit  # noqa: E402
from ai.rummy.solver.compiled import sweep as rummy_solver_jit  # noqa: E402
from tests.paths import ROOT

if not compiled_path.available():  # the ports would run as (very slow) Python
    pytest.skip("numba missing or ROBBERS_DEN_NO_JIT=1", allow_module_level=True)
from ai.rummy.solver import _counts  # noqa: E402
from ai.rummy.solver.compiled.sweep import solve_by_rounds_jit, solve_counts_jit  # noqa: E402
from ai.rummy.solver.pipeline import HURRY_SECONDS  # noqa: E402
from ai.rummy.solver.plan import OutOfTime, OverBudget, Plan, card_weight, time_limit  # noqa: E402
from ai.rummy.solver.plan import planned_cards as _to_cards  # noqa: E402
from ai.rummy.solver.rounds import solve_by_rounds  # noqa: E402
from ai.rummy.solver.sweep import drop_unusable, solve_counts  # noqa: E402
from game.rummy.cards import JOKER, SUITS, Card, parse_cards  # noqa: E402
from game.rummy.melds import check_meld  # noqa: E402
from game.rummy.turn_rules import OPENING_POINTS  # noqa: E402
from tests.ai.rummy.solver.positions import slow_position  # noqa: E402
from tests.ai.rummy.solver.reference_ilp import random_position  # noqa: E402
from tests.ai.rummy.solver.test_solver_exact import check_play  # noqa: E402

Counts = list[list[int]]


def _empty() -> Counts:
    return [[0] * 4 for _ in range(14)]


def _cards_of(counts: Counts, jokers: int) -> Counter[Card]:
    found: Counter[Card] = Counter()
    for rank in range(1, 14):
        for suit in range(4):
            if counts[rank][suit]:
                found[Card(rank, SUITS[suit])] = counts[rank][suit]
    if jokers:
        found[JOKER] = jokers
    return found


def check_plan(
    plan: Plan, table: Counts, hand: Counts, table_jokers: int, hand_jokers: int, mode: str
) -> None:
    """Valid sets, every table card (and joker) used by regular sets, nothing used beyond table
    plus hand, hand-only opening sets worth >= 30 (mode "opening"), and the score adds up."""
    regular: Counter[Card] = Counter()
    everything: Counter[Card] = Counter()
    opening_value = 0
    value = 0
    for planned in plan.sets:
        cards = _to_cards(planned)
        verdict = check_meld(cards)
        assert verdict.valid, f"{' '.join(map(str, cards))}: {verdict.error}"
        everything.update(cards)
        value += verdict.value
        if planned.opening:
            assert mode == "opening", "an opening set outside mode 'opening'"
            opening_value += verdict.value
        else:
            regular.update(cards)
    table_cards = _cards_of(table, table_jokers)
    available = table_cards + _cards_of(hand, hand_jokers)
    assert not table_cards - regular, "a table card is not in a regular set"
    assert not everything - available, "used a card that is not there"
    if mode == "opening":
        assert opening_value >= OPENING_POINTS
    if mode == "value":
        assert plan.score == value
    else:
        assert plan.score == sum(card_weight(card.rank) for card in everything.elements())


def _score(plan: Plan | None) -> int | None:
    return None if plan is None else plan.score


def _position(
    rng: np.random.Generator, table_range: tuple[int, int], hand_range: tuple[int, int]
) -> tuple[Counts, Counts, int, int]:
    table, hand = random_position(
        rng, int(rng.integers(*table_range)), int(rng.integers(*hand_range))
    )
    counts = _counts([card for cards in table for card in cards], hand)
    jokers = counts.table_jokers + counts.hand_jokers
    usable = drop_unusable(counts.table, counts.hand, jokers)
    return counts.table, usable, counts.table_jokers, counts.hand_jokers


@pytest.mark.parametrize("chunk", range(4))
def test_jit_matches_python_sweep(chunk: int) -> None:
    """Small tables (the Python sweep is fast there): same optimum in every mode, also with a
    bar to beat just below and at the optimum."""
    rng = np.random.default_rng(9100 + chunk)
    for _ in range(40):
        table, hand, table_jokers, hand_jokers = _position(rng, (0, 14), (1, 15))
        for mode in ("opened", "opening", "value"):
            if mode == "value":  # hand-only sets of the highest value, like best_opening
                args = (_empty(), drop_unusable(_empty(), hand, hand_jokers), 0, hand_jokers)
            else:
                args = (table, hand, table_jokers, hand_jokers)
            expected = solve_counts(*args, mode)
            got = solve_counts_jit(*args, mode)
            context = f"{mode} table={args[0]} hand={args[1]} jokers={args[2]}+{args[3]}"
            assert _score(got) == _score(expected), context
            if got is None:
                continue
            check_plan(got, *args, mode)
            if mode != "value":
                again = solve_counts_jit(*args, mode, beat=got.score - 1)
                assert again is not None and again.score == got.score, context
                check_plan(again, *args, mode)
                assert solve_counts_jit(*args, mode, beat=got.score) is None, context


@pytest.mark.parametrize("chunk", range(4))
def test_jit_matches_rounds_on_big_tables(chunk: int) -> None:
    """Tables of 14..80 cards: wherever the compiled sweep finishes within a state budget (big
    tables mostly exceed it) and the depth-first rounds within their step limit, they agree."""
    rng = np.random.default_rng(9200 + chunk)
    checked = 0
    for _ in range(50):
        table, hand, table_jokers, hand_jokers = _position(rng, (14, 81), (1, 14))
        mode = "opened" if rng.random() < 0.7 else "opening"
        args = (table, hand, table_jokers, hand_jokers, mode)
        try:
            got = solve_counts_jit(*args, limit=20_000)  # type: ignore[arg-type]
        except OverBudget:
            continue
        if got is not None:
            check_plan(got, *args)
        rounds = solve_by_rounds(
            *args,  # type: ignore[arg-type]
            max_left_out=sum(map(sum, hand)) + hand_jokers,
            node_limit=20_000,
        )
        if not rounds.exact:
            continue
        checked += 1
        context = f"{mode} table={table} hand={hand} jokers={table_jokers}+{hand_jokers}"
        assert _score(got) == _score(rounds.plan), context
    assert checked >= 6  # the budgets must not hide most positions from the check


def test_beam_is_a_legal_lower_bound() -> None:
    rng = np.random.default_rng(9300)
    for _ in range(30):
        table, hand, table_jokers, hand_jokers = _position(rng, (0, 14), (1, 15))
        args = (table, hand, table_jokers, hand_jokers, "opened")
        exact = solve_counts_jit(*args)  # type: ignore[arg-type]
        quick = solve_counts_jit(*args, beam=50)  # type: ignore[arg-type]
        if quick is not None:
            check_plan(quick, *args)
            assert exact is not None and quick.score <= exact.score


@pytest.mark.parametrize("chunk", range(2))
def test_jit_rounds_match_sweep_on_small_tables(chunk: int) -> None:
    rng = np.random.default_rng(9400 + chunk)
    finished = 0
    for _ in range(40):
        table, hand, table_jokers, hand_jokers = _position(rng, (0, 14), (1, 15))
        for mode in ("opened", "opening"):
            args = (table, hand, table_jokers, hand_jokers, mode)
            rounds = solve_by_rounds_jit(
                *args,  # type: ignore[arg-type]
                max_left_out=sum(map(sum, hand)) + hand_jokers,
                node_limit=20_000,
            )
            if rounds.plan is not None:
                check_plan(rounds.plan, *args)
            if not rounds.exact:
                continue
            finished += 1
            expected = solve_counts_jit(*args)  # type: ignore[arg-type]
            context = f"{mode} table={table} hand={hand} jokers={table_jokers}+{hand_jokers}"
            assert _score(rounds.plan) == _score(expected), context
    assert finished >= 60


@pytest.mark.parametrize("chunk", range(2))
def test_jit_rounds_match_python_rounds_on_big_tables(chunk: int) -> None:
    rng = np.random.default_rng(9500 + chunk)
    checked = 0
    for _ in range(40):
        table, hand, table_jokers, hand_jokers = _position(rng, (30, 81), (1, 14))
        mode = "opened" if rng.random() < 0.7 else "opening"
        args = (table, hand, table_jokers, hand_jokers, mode)
        left_out = sum(map(sum, hand)) + hand_jokers
        got = solve_by_rounds_jit(*args, max_left_out=left_out, node_limit=30_000)  # type: ignore[arg-type]
        if got.plan is not None:
            check_plan(got.plan, *args)
        if not got.exact:
            continue
        expected = solve_by_rounds(*args, max_left_out=left_out, node_limit=3_000)  # type: ignore[arg-type]
        if not expected.exact:
            continue
        checked += 1
        context = f"{mode} table={table} hand={hand} jokers={table_jokers}+{hand_jokers}"
        assert _score(got.plan) == _score(expected.plan), context
    assert checked >= 15


def test_deadline_stops_a_solve() -> None:
    rng = np.random.default_rng(9600)
    table, hand, table_jokers, hand_jokers = _position(rng, (60, 61), (8, 9))
    with time_limit(0.0), pytest.raises(OutOfTime):
        solve_counts_jit(table, hand, table_jokers, hand_jokers, "opened")
    with time_limit(0.0), pytest.raises(OutOfTime):
        solve_by_rounds_jit(table, hand, table_jokers, hand_jokers, "opened", max_left_out=3)


@pytest.mark.parametrize(
    ("hand_text", "points", "opens"),
    [("9H 10H JH", 29, True), ("9H 10H JH", 30, False), ("10H JH QH", 31, False)],
)
def test_the_compiled_opening_needs_the_points_the_rules_ask(
    hand_text: str, points: int, opens: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernels take the opening's points from the rules, as the Python solvers do: had the
    rules asked 29, the computer would open with 9H 10H JH on both paths, and with 31 not with
    10H JH QH. (The value is handed to them at call time: the on-disk cache stays valid.)"""
    from ai.rummy.solver import rounds as python_rounds
    from ai.rummy.solver import sweep as python_sweep

    for module in (rummy_solver_jit, python_sweep, python_rounds):
        monkeypatch.setattr(module, "OPENING_POINTS", points)
    hand = _empty()
    for card in parse_cards(hand_text):
        hand[card.rank][SUITS.index(card.suit)] += 1
    args = (_empty(), hand, 0, 0, "opening")
    for solve in (solve_counts, solve_counts_jit):
        assert (solve(*args) is not None) == opens, solve  # type: ignore[arg-type]
    for rounds in (solve_by_rounds, solve_by_rounds_jit):
        found = rounds(*args, max_left_out=3)  # type: ignore[arg-type]
        assert found.exact and (found.plan is not None) == opens, rounds
    monkeypatch.setattr(rummy_solver_jit, "OPENING_POINTS", 32)  # past the state's 5-bit field
    with pytest.raises(ValueError):
        solve_counts_jit(*args)  # type: ignore[arg-type]


# --- wired into ai.rummy.solver -------------------------------------------------------------


@pytest.fixture
def compiled() -> None:
    """The compiled path is on (conftest warmed it up; this only checks)."""
    if not compiled_path.warm_up():
        pytest.skip("numba could not compile the solvers here")


def _bench_like_positions(seed: int, count: int) -> list[tuple[list[list[Card]], list[Card], bool]]:
    """Early, middle and late game positions (table / hand sizes of the solver bench)."""
    rng = np.random.default_rng(seed)
    phases = (((0, 16), (13, 21), 0.3), ((20, 41), (8, 15), 0.8), ((40, 61), (1, 9), 1.0))
    found = []
    for table_range, hand_range, p_open in phases:
        for _ in range(count):
            table, hand = random_position(
                rng, int(rng.integers(*table_range)), int(rng.integers(*hand_range))
            )
            found.append((table, hand, bool(rng.random() < p_open)))
    return found


def test_best_play_is_the_same_compiled_or_python(
    compiled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same count of laid cards and, where neither gave up on its budget, the same score; both
    plays legal. Also ``best_opening`` and the quick search alone (``budget=0``)."""
    compared = 0
    for table, hand, opened in _bench_like_positions(9700, 5):
        results = {}
        for path in ("compiled", "python"):
            with monkeypatch.context() as patch:
                if path == "python":
                    patch.setattr(compiled_path, "ready", lambda: False)
                answer = solver.solve_play(table, hand, opened, budget=20_000)
                play = answer.table
                laid = solver.max_laid(table, hand, opened, budget=20_000)
                gave_up = not answer.exact
                quick = solver.best_play(table, hand, opened, budget=0)
                opening = solver.best_opening(hand)
            score = check_play(table, hand, opened, play)
            check_play(table, hand, opened, quick)
            opening_value = sum(map(solver.set_value, opening or []))
            results[path] = (laid, score, gave_up, opening_value)
        context = f"table={table} hand={hand} opened={opened}"
        (laid, score, gave_up, opening_value) = results["compiled"]
        (py_laid, py_score, py_gave_up, py_opening_value) = results["python"]
        assert opening_value == py_opening_value, context
        if not gave_up and not py_gave_up:
            assert (laid, score) == (py_laid, py_score), context
            compared += 1
    assert compared >= 10


def test_solves_never_compile_after_warm_up(compiled: None) -> None:
    """Every entry point numba dispatches from Python has its one signature from the warm-up:
    a solve in any mode, with or without budget, beam or bar, adds none (compiling at call time
    is switched off; it would cost an AI's decision ~45 s)."""
    dispatchers = (
        rummy_solver_jit._sweep,
        rummy_solver_jit._finish,
        rummy_solver_jit._dfs,
        rummy_solver_cover_jit._search,
        rummy_solver_cover_jit._seed,
    )
    before = [len(d.signatures) for d in dispatchers]
    for table, hand, opened in _bench_like_positions(9800, 2):
        solver.best_play(table, hand, opened, budget=5_000)
        solver.best_play(table, hand, opened, budget=0)
        solver.best_opening(hand)
    assert [len(d.signatures) for d in dispatchers] == before == [1] * len(dispatchers)


def test_deadline_and_budget_count_on_both_paths(
    compiled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, hand = slow_position()  # the exact sweep needs far more than 5,000 states here
    opened = True
    for path in ("compiled", "python"):
        if path == "python":
            monkeypatch.setattr(compiled_path, "ready", lambda: False)
        with time_limit(0.0), pytest.raises(OutOfTime):
            solver.best_play(table, hand, opened)
        start = time.perf_counter()
        answer = solver.solve_play(table, hand, opened, budget=5_000)
        check_play(table, hand, opened, answer.table)
        # Bounded: the searches' steps plus the integer program's short time limit (generous
        # margin for a loaded machine).
        assert time.perf_counter() - start < 10 * HURRY_SECONDS + 1.0, path


def test_no_jit_variable_keeps_numba_out() -> None:
    code = (
        "import sys; from ai import rummy_solver; from ai.rummy.solver import compiled as j; "
        "print(j.available(), j.warm_up(), j.ready(), 'numba' in sys.modules)"
    )
    root = ROOT
    env = dict(os.environ, ROBBERS_DEN_NO_JIT="1", PYTHONPATH=str(root))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", "False", "False", "False"]
