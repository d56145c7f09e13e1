"""Computer decisions off the main thread, so the window never freezes while an AI thinks.

The table starts a decision with :meth:`AIWorker.start` and polls :meth:`AIWorker.poll` from its
``update``; the answer comes back as a :class:`Decision`. A decision that is no longer wanted
(the player left the table, a rematch began) is cancelled: its answer is thrown away.

:func:`make_computer_agent` is the one seam to the ``ai`` package: until ``ai.make_agent``
exists, computer seats play a random legal action.
"""

from __future__ import annotations

import random
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

# A short GIL switch interval keeps frames smooth while a pure-Python search runs in the worker.
SWITCH_INTERVAL = 0.001


class Agent(Protocol):
    def choose(self, state: Any, rng: random.Random) -> Any: ...


class RandomAgent:
    """Stand-in computer player: any legal action (used only if ``ai`` is not importable)."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


def make_computer_agent(
    game: str,
    level: str,
    seed: int,
    budget: float | None = None,
    stop: threading.Event | None = None,
) -> Agent:
    """The computer player for a seat: ``ai.make_agent`` when available, else random moves.

    ``budget`` overrides the search seconds (tests); setting ``stop`` makes a search answer now.
    """
    try:
        from ai import make_agent
    except ImportError:
        return RandomAgent()
    agent: Agent = make_agent(game, level, seed, budget=budget, stop=stop)
    return agent


@dataclass(frozen=True)
class Decision:
    action: Any  # None when the agent failed
    seconds: float
    error: str | None = None


class AIWorker:
    """Runs one ``agent.choose(state, rng)`` at a time on a daemon thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ticket = 0
        self._result: Decision | None = None
        self._thread: threading.Thread | None = None
        self.started_at = 0.0
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)

    @property
    def busy(self) -> bool:
        """True while a started decision has not been collected by ``poll``."""
        with self._lock:
            return self._thread is not None

    @property
    def thinking_for(self) -> float:
        return time.perf_counter() - self.started_at if self.busy else 0.0

    def start(self, agent: Agent, state: Any, rng: random.Random) -> None:
        with self._lock:
            self._ticket += 1
            ticket = self._ticket
            self._result = None
            self.started_at = time.perf_counter()
            thread = threading.Thread(
                target=self._run, args=(ticket, agent, state, rng), name=f"ai-{ticket}", daemon=True
            )
            self._thread = thread
        thread.start()

    def _run(self, ticket: int, agent: Agent, state: Any, rng: random.Random) -> None:
        started = time.perf_counter()
        try:
            decision = Decision(agent.choose(state, rng), time.perf_counter() - started)
        except Exception as error:  # the table falls back to a legal move and says so
            decision = Decision(
                None, time.perf_counter() - started, f"{type(error).__name__}: {error}"
            )
        with self._lock:
            if ticket == self._ticket:
                self._result = decision

    def poll(self) -> Decision | None:
        """The finished decision (once), or None while thinking or idle."""
        with self._lock:
            result = self._result
            if result is not None:
                self._result = None
                self._thread = None
            return result

    def cancel(self) -> None:
        """Forget the running decision; its thread finishes on its own and is ignored."""
        with self._lock:
            self._ticket += 1
            self._result = None
            self._thread = None

    def wait(self, timeout: float = 30.0) -> Decision | None:
        """Block until the decision is ready (for tests and benchmarks only)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            with self._lock:
                if self._result is not None or self._thread is None:
                    break
            time.sleep(0.002)
        return self.poll()
