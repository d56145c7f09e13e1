"""Computer decisions off the main thread, so the window never freezes while an AI thinks.

The table starts a decision with :meth:`AIWorker.start` and polls :meth:`AIWorker.poll` from its
``update``; the answer comes back as a :class:`Decision`. A decision that is no longer wanted
(the player left the table, a rematch began) is cancelled: its answer is thrown away.

Two ways to think, one interface:

- an :class:`~game.play.ai_process.AgentSpec` (what ``Session.agent`` gives for level-made
  players) is answered by the shared AI process, so a long search never competes with drawing
  for the interpreter lock;
- any other object with ``choose(state, rng)`` runs on a daemon thread (custom agents, tests,
  and the fallback when no process can be started).

"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import queue
import random
import sys
import threading
import time
from dataclasses import dataclass
from itertools import count
from typing import Any, Protocol

from game.considered import Considered
from game.play.ai_process import (
    AgentSpec,
    Reply,
    Request,
    ReviewReply,
    SharedFlag,
    WarmUp,
    answer_within,
    decide,
    make_spec_agent,
    serve,
)

log = logging.getLogger(__name__)

# Seconds the AI process has to end by itself when the game closes; then it is killed.
CLOSE_GRACE = 0.5

# A short GIL switch interval keeps frames smooth while a thread-run search works.
SWITCH_INTERVAL = 0.001


class Agent(Protocol):
    def choose(self, state: Any, rng: random.Random) -> Any: ...


@dataclass(frozen=True)
class Decision:
    action: Any  # None when the agent failed
    seconds: float
    error: str | None = None
    considered: Considered | None = None  # what the player weighed, if it can say


class _AIProcess:
    """The one shared AI process (started on first use; None if it cannot be started)."""

    _instance: _AIProcess | None = None
    _failed = False
    _lock = threading.Lock()

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.requests: Any = context.Queue()
        # Requests a stopped process never reads must not hold up the game's exit (its feeder
        # thread would wait on the full pipe for ever).
        self.requests.cancel_join_thread()
        self.replies: Any = context.Queue()
        self.stop = SharedFlag(context)
        # The kernel ends the process when the thread that starts it ends: only the main
        # thread lives as long as the game.
        main_thread = threading.current_thread() is threading.main_thread()
        self.process = context.Process(
            target=serve,
            args=(self.requests, self.replies, self.stop, os.getpid(), main_thread),
            name="robbers-den-ai",
            daemon=True,
        )
        self.process.start()
        self.answers: dict[int, Reply] = {}
        # The watchdogs' clock: when the process last sent anything, and until when a
        # decision it was asked for may keep it from sending (a review waits for it).
        self.heard_at = time.perf_counter()
        self.busy_until = 0.0
        self.waiting: set[int] = set()  # tickets whose answers someone still wants
        self.reviews: dict[int, list[ReviewReply]] = {}  # review ticket -> its replies so far
        atexit.register(self.close)

    @classmethod
    def get(cls) -> _AIProcess | None:
        with cls._lock:
            if cls._instance is None and not cls._failed:
                try:
                    cls._instance = cls()
                except (OSError, RuntimeError, ValueError):
                    cls._failed = True
            if cls._instance is not None and not cls._instance.process.is_alive():
                cls._instance = None
                cls._failed = True
            return cls._instance

    def collect(self) -> None:
        while True:
            try:
                reply = self.replies.get_nowait()
            except (queue.Empty, OSError, EOFError):
                return
            self.heard_at = time.perf_counter()
            if isinstance(reply, ReviewReply):
                box = self.reviews.get(reply.ticket)
                if box is not None:  # else: a review that was cancelled or left
                    box.append(reply)
            elif reply.ticket in self.waiting:
                self.answers[reply.ticket] = reply

    @classmethod
    def restart(cls, stalled: _AIProcess) -> None:
        """Kill a process that stopped answering; the next ``get`` starts a fresh one."""
        with cls._lock:
            if cls._instance is stalled:
                cls._instance = None
        stalled.kill()

    def kill(self) -> None:
        try:
            self.process.kill()  # a stopped (SIGSTOP) process ignores anything milder
            self.process.join(timeout=1.0)
        except (OSError, ValueError, AssertionError):
            pass

    def close(self) -> None:
        """End the process: asked first, then killed (a stopped or wedged process never
        answers, and multiprocessing's own exit would wait for it for ever)."""
        try:
            if not self.process.is_alive():
                return
            self.stop.set()
            self.requests.put(None)
            self.process.join(timeout=CLOSE_GRACE)
        except (OSError, ValueError, AssertionError):
            pass
        self.kill()


def warm_up(game: str | None = None) -> None:
    """Start the AI process now (it takes a moment), so the first computer move is quick; with
    ``game``, get that game's computer players ready there too (only the games played are)."""
    process = _AIProcess.get()
    if process is not None and game is not None:
        process.requests.put(WarmUp(game))


_tickets = count(1)


def next_ticket() -> int:
    """A ticket no other request of this game has (decisions and reviews share the count)."""
    return next(_tickets)


class AIWorker:
    """Runs one decision at a time: in the AI process for specs, on a thread otherwise."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ticket = 0
        self._result: Decision | None = None
        self._thread: threading.Thread | None = None
        self._remote: int | None = None  # ticket of a decision running in the AI process
        self._deadline = 0.0  # when the running remote decision counts as lost (the watchdog)
        self._asked: _AIProcess | None = None  # the process that has the remote decision
        self._local_agents: dict[AgentSpec, Agent] = {}
        self._stop = threading.Event()
        self.started_at = 0.0
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)

    @property
    def busy(self) -> bool:
        """True while a started decision has not been collected by ``poll``."""
        with self._lock:
            return self._thread is not None or self._remote is not None

    @property
    def thinking_for(self) -> float:
        return time.perf_counter() - self.started_at if self.busy else 0.0

    def start(self, agent: Agent | AgentSpec, state: Any, rng: random.Random) -> None:
        self.started_at = time.perf_counter()
        if isinstance(agent, AgentSpec):
            process = _AIProcess.get()
            if process is not None:
                ticket = next(_tickets)
                with self._lock:
                    self._ticket = ticket
                    self._result = None
                    self._thread = None
                    self._remote = ticket
                    self._deadline = self.started_at + answer_within(agent)
                    self._asked = process
                process.busy_until = max(process.busy_until, self._deadline)
                process.waiting.add(ticket)
                process.requests.put(Request(ticket, agent, state, rng.getrandbits(63)))
                return
            agent = self._local_agent(agent)
        with self._lock:
            self._ticket = next(_tickets)
            ticket = self._ticket
            self._result = None
            self._remote = None
            thread = threading.Thread(
                target=self._run, args=(ticket, agent, state, rng), name=f"ai-{ticket}", daemon=True
            )
            self._thread = thread
        thread.start()

    def _local_agent(self, spec: AgentSpec) -> Agent:
        """The same player built in this process (no AI process could be started)."""
        if spec not in self._local_agents:
            self._local_agents[spec] = make_spec_agent(spec, self._stop)
        return self._local_agents[spec]

    def _run(self, ticket: int, agent: Agent, state: Any, rng: random.Random) -> None:
        started = time.perf_counter()
        try:
            action, considered = decide(agent, state, rng)
            decision = Decision(action, time.perf_counter() - started, None, considered)
        except Exception as error:  # the table falls back to a legal move and says so
            decision = Decision(
                None, time.perf_counter() - started, f"{type(error).__name__}: {error}"
            )
        with self._lock:
            if ticket == self._ticket:
                self._result = decision

    def poll(self) -> Decision | None:
        """The finished decision (once), or None while thinking or idle."""
        remote = self._remote
        if remote is not None:
            process = _AIProcess.get()
            if process is None or process is not self._asked:  # it died, or was restarted
                with self._lock:
                    self._remote = None
                return Decision(None, 0.0, "the AI process stopped")
            process.collect()
            reply = process.answers.pop(remote, None)
            if reply is None:
                return self._watchdog(process, remote)
            process.waiting.discard(remote)
            with self._lock:
                if self._remote == remote:
                    self._remote = None
                    return Decision(reply.action, reply.seconds, reply.error, reply.considered)
            return None
        with self._lock:
            result = self._result
            if result is not None:
                self._result = None
                self._thread = None
            return result

    def _watchdog(self, process: _AIProcess, remote: int) -> Decision | None:
        """None while the AI process still has time; past the deadline, the failure a crashed
        player gives (the table falls back and says so), and a fresh process for what follows."""
        now = time.perf_counter()
        if now < self._deadline:
            return None
        waited = now - self.started_at
        with self._lock:
            if self._remote != remote:
                return None
            self._remote = None
        process.waiting.discard(remote)
        reason = f"no answer within {waited:.0f} s"
        log.warning("AI process: %s; it is restarted", reason)
        _AIProcess.restart(process)
        return Decision(None, waited, reason)

    def cancel(self) -> None:
        """Forget the running decision (a search is asked to stop); its answer is ignored."""
        with self._lock:
            remote = self._remote
            self._ticket = next(_tickets)
            self._result = None
            self._thread = None
            self._remote = None
        if remote is not None:
            process = _AIProcess._instance
            if process is not None:
                process.stop.set()
                process.waiting.discard(remote)
                process.answers.pop(remote, None)

    def stop_searches(self) -> None:
        """Make thread-run searches of this worker answer at once from now on (leaving)."""
        self._stop.set()

    def wait(self, timeout: float = 30.0) -> Decision | None:
        """Block until the decision is ready (for tests and benchmarks only)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            decision = self.poll()
            if decision is not None or not self.busy:
                return decision
            time.sleep(0.002)
        return None
