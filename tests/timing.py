"""Timing a decision in a test without depending on how busy the machine is.

The promise is wall time: a decision takes at most its budget + 10%. On a shared two-core CI
machine, though, the wall clock also counts time the process spent waiting for a core (the other
test worker, neighbours), which once failed CI at 0.276 s on a 0.25 s budget. So the tests
assert the promise on the process's CPU time, which counts only the work the agent chose to do
(every thread, so an abandoned solver thread counts too), and check the wall clock only loosely,
to catch an agent that waits or never stops. The wall-clock figures themselves are measured by
the arena and the benchmarks (see README) on a quiet machine.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass
class Spent:
    cpu: float = 0.0
    thread_cpu: float = 0.0  # the measuring thread's own
    wall: float = 0.0


@contextmanager
def measured() -> Iterator[Spent]:
    """Time the block. The garbage of earlier tests in this worker is collected first and all
    that is alive is frozen out of later collections: a full collection of a test worker's big
    heap (CI once saw 0.300 s for a 0.25 s budget, with the search itself keeping its deadline
    to about 1 ms) must not land on the agent's clock. The agent's own garbage still counts."""
    gc.collect()
    gc.freeze()
    spent = Spent()
    cpu, thread_cpu, wall = time.process_time(), time.thread_time(), time.perf_counter()
    try:
        yield spent
    finally:
        spent.cpu = time.process_time() - cpu
        spent.thread_cpu = time.thread_time() - thread_cpu
        spent.wall = time.perf_counter() - wall
        gc.unfreeze()


def assert_kept(
    spent: Spent, budget: float, slack: float = 0.0, single_threaded: bool = False
) -> None:
    """The agent's work fitted ``budget`` + 10% (+ ``slack``), and it did not hang.
    ``single_threaded``: the agent starts no threads, so only the calling thread's time counts
    (threads an earlier test left running in this worker process then can't count against it;
    one such run failed at 0.326 s of process time on a 0.25 s budget)."""
    limit = budget * 1.1 + slack
    cpu = spent.thread_cpu if single_threaded else spent.cpu
    assert cpu <= limit, f"{cpu:.3f} s of work for a {budget} s budget"
    assert spent.wall <= 3 * limit + 0.2, f"{spent.wall:.3f} s on the clock for {budget} s"


def decide_within(
    decide: Callable[[], T], budget: float, slack: float = 0.0, single_threaded: bool = False
) -> T:
    """``decide()`` (one agent decision), checked with :func:`assert_kept`; returns its answer.
    A late decision is made once more before the test fails: a stalled machine (a vCPU taken
    away for a moment, a collection of another test's garbage) can delay one decision, while an
    agent that overruns its budget does so again."""
    for attempt in (1, 2):
        with measured() as spent:
            answer = decide()
        try:
            assert_kept(spent, budget, slack, single_threaded)
        except AssertionError:
            if attempt == 2:
                raise
            continue
        return answer
    raise AssertionError("unreachable")
