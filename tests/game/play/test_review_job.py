"""Issue 18: the game review runs in the computer players' process, in the background. The
window gets each judged decision as it comes, can cancel, can resume a half-done review, and
the computer players' decisions are still answered while a review runs."""

from __future__ import annotations

import gc
import os
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ai import make_agent
from game.knights import KnightsState, new_game
from game.play import ai_worker
from game.play.ai_process import AgentSpec
from game.play.review_job import ReviewJob
from game.review import ReviewedTurn

TINY = 0.02  # seconds per reviewed decision: the numbers are rough, the plumbing is the same


def played_knights_game(seed: int = 3) -> tuple[list[Any], list[Any]]:
    """A whole two-player game of medium players: the states and the history."""
    state = new_game(["Ann", "Bo"], seed)
    agents = [make_agent("knights", "medium", seat) for seat in range(2)]
    rng = random.Random(seed)
    states, history = [state], []
    while not state.is_terminal:
        action = agents[state.current_player].choose(state, rng)
        history.append(action)
        state = state.apply(action)
        states.append(state)
    return states, history


@pytest.fixture(scope="module")
def game() -> tuple[list[Any], list[Any]]:
    return played_knights_game()


def last_moves(game: tuple[list[Any], list[Any]], moves: int) -> tuple[list[Any], list[Any]]:
    """The game's end from ``moves`` entries before its last: short play-outs, a quick review."""
    states, history = game
    return states[-moves - 1 :], history[-moves:]


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def run_to_end(job: ReviewJob, seconds: float = 120.0) -> list[ReviewedTurn]:
    seen: list[ReviewedTurn] = []
    deadline = time.perf_counter() + seconds
    while not job.finished and time.perf_counter() < deadline:
        seen += job.poll()
        time.sleep(0.01)
    return seen + job.poll()


@pytest.fixture
def no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_worker._AIProcess, "get", classmethod(lambda cls: None))


def test_the_review_runs_in_the_ai_process_and_streams_each_decision(
    game: tuple[list[Any], list[Any]],
) -> None:
    states, history = last_moves(game, 40)
    job = ReviewJob("knights", states, history, {0}, budget=TINY)
    assert job.total >= 10
    assert job._process is not None and job._process.process.is_alive()
    assert wait_for(lambda: len(job.turns) > 0 or job.finished, 60)
    # The first findings are there while the rest are still being judged.
    assert 0 < len(job.turns) < job.total and not job.finished
    assert 0.0 < job.progress < 1.0
    seen = run_to_end(job)
    assert job.error is None
    assert len(seen) == len(job.turns) == job.total
    assert job.progress == 1.0
    indices = [turn.index for turn in job.turns]
    assert indices == sorted(indices) and indices[-1] < len(history)
    assert all(turn.reviewed == (turn.seat == 0) for turn in job.turns)
    review = job.result()
    assert review.complete and review.moves == len(history) and review.seats == (0,)
    assert review.turns == tuple(job.turns)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def assert_idles(pid: int) -> None:
    """The process uses (almost) no processor time for a second, from half a second on."""
    if not Path("/proc/self/stat").exists():
        return
    time.sleep(0.5)
    before = cpu_seconds(pid)
    time.sleep(1.0)
    assert cpu_seconds(pid) - before < 0.15


def test_cancel_stops_the_review_soon_and_keeps_what_was_judged(
    game: tuple[list[Any], list[Any]],
) -> None:
    states, history = last_moves(game, 40)
    job = ReviewJob("knights", states, history, {0, 1}, budget=0.3)
    assert wait_for(lambda: len(job.turns) > 0, 60)
    job.cancel()
    job.cancel()  # idempotent
    assert job.finished and job.error is None
    kept = len(job.turns)
    assert 0 < kept < job.total
    review = job.result()
    assert not review.complete and len(review.turns) == kept
    process = job._process
    assert process is not None and process.process.pid is not None
    assert_idles(process.process.pid)  # the search really stopped (it had seconds to go)
    assert len(job.turns) == kept and job.finished  # nothing came after the cancel


def test_a_review_left_without_cancel_stops_too(game: tuple[list[Any], list[Any]]) -> None:
    def start_and_leave() -> int:
        job = ReviewJob("knights", *last_moves(game, 40), {0, 1}, budget=0.3)
        assert wait_for(lambda: len(job.turns) > 0, 60)
        assert job._process is not None and job._process.process.pid is not None
        return job._process.process.pid

    pid = start_and_leave()
    gc.collect()
    assert_idles(pid)


def test_a_computer_decision_is_answered_while_a_review_runs_and_the_review_goes_on(
    game: tuple[list[Any], list[Any]],
) -> None:
    states, history = last_moves(game, 40)
    budget = 2.0  # the default: a decision must not wait for the one being judged
    job = ReviewJob("knights", states, history, {0, 1}, budget=budget)
    position: KnightsState = states[0]
    worker = ai_worker.AIWorker()
    for attempt in range(2):
        time.sleep(0.5)  # the review is judging a decision
        started = time.perf_counter()
        worker.start(AgentSpec("knights", "medium", 7), position, random.Random(attempt))
        decision = worker.wait(20)
        answered = time.perf_counter() - started
        assert decision is not None and decision.error is None
        assert decision.action in position.legal_actions()  # a move, not a review message
        assert answered < budget / 2, f"the decision waited {answered:.1f} s for the review"
        assert not job.finished  # the review was paused, not ended
    assert wait_for(lambda: len(job.turns) >= 2, 30)  # and it goes on
    indices = [t.index for t in job.turns]
    assert indices == sorted(set(indices))  # a paused decision is not sent twice
    job.cancel()
    # And after the review, decisions go on as before.
    worker.start(AgentSpec("knights", "medium", 7), position, random.Random(2))
    after = worker.wait(20)
    assert after is not None and after.action in position.legal_actions()


def test_a_newer_review_ends_the_older_one(game: tuple[list[Any], list[Any]]) -> None:
    states, history = last_moves(game, 40)
    older = ReviewJob("knights", states, history, {0, 1}, budget=0.3)
    newer = ReviewJob("knights", *last_moves(game, 20), {0}, budget=TINY)
    run_to_end(newer)
    assert newer.result().complete
    assert wait_for(lambda: older.finished, 10)
    assert older.error is not None and not older.result().complete


def test_done_turns_are_not_judged_again(game: tuple[list[Any], list[Any]]) -> None:
    states, history = last_moves(game, 20)
    whole = ReviewJob("knights", states, history, {0}, budget=TINY)
    run_to_end(whole)
    assert whole.result().complete and whole.total >= 6
    done = whole.turns[:4]
    resumed = ReviewJob("knights", states, history, {0}, budget=TINY, done=done)
    assert resumed.turns == done and resumed.total == whole.total
    new = run_to_end(resumed)
    assert [t.index for t in new] == [t.index for t in whole.turns[4:]]
    # The rest is numbered as in the whole game: each seat's turns count on.
    assert [(t.seat, t.round, t.turn, t.moves) for t in new] == [
        (t.seat, t.round, t.turn, t.moves) for t in whole.turns[4:]
    ]
    assert resumed.turns[:4] == done and resumed.result().complete


def test_a_review_with_everything_done_is_finished_at_once(
    game: tuple[list[Any], list[Any]],
) -> None:
    states, history = last_moves(game, 20)
    whole = ReviewJob("knights", states, history, {0}, budget=TINY, seed=1)
    run_to_end(whole)
    again = ReviewJob("knights", states, history, {0}, budget=TINY, done=whole.turns)
    assert again.finished and again.poll() == [] and again.result().complete


def test_without_an_ai_process_the_review_runs_on_a_thread(
    game: tuple[list[Any], list[Any]], no_process: None
) -> None:
    states, history = last_moves(game, 20)
    job = ReviewJob("knights", states, history, {0}, budget=TINY)
    assert job._process is None
    seen = run_to_end(job)
    assert job.error is None and len(seen) == job.total and job.result().complete
    # Resumed and cancelled the same way.
    resumed = ReviewJob("knights", states, history, {0}, budget=0.3, done=job.turns[:2])
    assert wait_for(lambda: len(resumed.turns) > 2, 30)
    resumed.cancel()
    assert resumed.finished and len(resumed.turns) < resumed.total
    threads = [t for t in threading.enumerate() if t.name.startswith("review-")]
    assert all(t.daemon for t in threads)
    assert wait_for(lambda: not any(t.is_alive() for t in threads), 5)  # it stopped


def test_a_dead_ai_process_ends_the_review_with_an_error(
    game: tuple[list[Any], list[Any]],
) -> None:
    states, history = last_moves(game, 40)
    job = ReviewJob("knights", states, history, {0, 1}, budget=0.3)
    process = job._process
    assert process is not None
    try:
        assert wait_for(lambda: len(job.turns) > 0, 60)
        process.kill()
        assert wait_for(lambda: job.finished, 5)
        assert job.error is not None and "process" in job.error
        assert not job.result().complete
    finally:
        # The next test gets a fresh process.
        with ai_worker._AIProcess._lock:
            ai_worker._AIProcess._instance = None
            ai_worker._AIProcess._failed = False


def test_a_rummy_round_is_reviewed_in_the_ai_process_too() -> None:
    from game.rummy import new_game as rummy_game

    state = rummy_game(["Ann", "Bo"], 5)
    agents = [make_agent("rummy", "medium", seat) for seat in range(2)]
    rng = random.Random(5)
    states, history = [state], []
    while state.phase != "round_over":
        action = agents[state.current_player].choose(state, rng)
        history.append(action)
        state = state.apply(action)
        states.append(state)
    job = ReviewJob("rummy", states[-9:], history[-8:], {0}, budget=TINY)
    assert job._process is not None
    seen = run_to_end(job)
    assert job.error is None and len(seen) == job.total > 0 and job.result().complete
    assert all(turn.points_played is not None for turn in seen if turn.reviewed)
