"""The computer players' own process: searches run here, away from the window's interpreter.

A pure-Python search in a thread shares the GIL with the drawing thread; under load that costs
whole frames. So :class:`~game.play.ai_worker.AIWorker` sends each decision of a level-made agent
here, and the rummy Hint button's solver search too: one long-lived process (spawned, so it
never inherits pygame) that keeps one agent per seat spec, answers requests in order, and always
skips to the newest request when several wait. This module imports no pygame.
"""

from __future__ import annotations

import contextlib
import math
import os
import queue
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.considered import Considered
from game.core import LEVELS
from game.play.review_steps import review_rest
from game.processes import watch_parent
from game.registry import GAMES, game_spec, resolve
from game.review import ReviewedTurn


@dataclass(frozen=True)
class AgentSpec:
    """What it takes to make a computer player: ``ai.make_agent(game, level, seed, budget)``."""

    game: str
    level: str
    seed: int
    budget: float | None = None
    strength: float | None = None  # between the levels (ai.strength); None: the level's own


# Not a player: the level of the rummy Hint button's solver search (it answers with a table).
HINT_LEVEL = "hint"


def make_spec_agent(spec: AgentSpec, stop: Any = None) -> Any:
    """The agent ``spec`` stands for: ``ai.make_agent`` of its game and level, or the hint
    search. Raises ImportError when the ``ai`` package is missing."""
    from ai import make_agent

    if spec.level == HINT_LEVEL:
        hint_ref = game_spec(spec.game).hint_ref
        if hint_ref is not None:
            return resolve(hint_ref)(stop)
        return make_agent(spec.game, "hard", spec.seed, budget=spec.budget, stop=stop)

    if spec.strength is not None:
        from ai.strength import make_strength_agent

        return make_strength_agent(spec.game, spec.strength, spec.seed, spec.budget, stop)
    return make_agent(spec.game, spec.level, spec.seed, budget=spec.budget, stop=stop)


@dataclass(frozen=True)
class Request:
    ticket: int
    spec: AgentSpec
    state: Any  # the engine state (or the player's view of it), sent pickled
    rng_seed: int


@dataclass(frozen=True)
class Reply:
    ticket: int
    action: Any
    seconds: float
    error: str | None
    considered: Considered | None = None  # what the player weighed (the "why?" panel)


@dataclass(frozen=True)
class ReviewRequest:
    """Review ``history`` (``states`` as :func:`ai.review.review_game` wants them) after the
    turns ``done`` already judged."""

    ticket: int
    game: str
    states: tuple[Any, ...]
    history: tuple[Any, ...]
    seats: tuple[int, ...]
    budget: float | None
    seed: int
    done: tuple[ReviewedTurn, ...] = ()


@dataclass(frozen=True)
class ReviewCancel:
    ticket: int


@dataclass(frozen=True)
class ReviewReply:
    """One judged decision of review ``ticket``; the last reply has ``turn`` None (and
    ``error`` when the review failed or was ended by a newer one)."""

    ticket: int
    turn: ReviewedTurn | None
    error: str | None = None


REPLACED = "a newer review took its place"


@dataclass(frozen=True)
class WarmUp:
    """Get ``game``'s computer players ready now (a table of that game has opened)."""

    game: str


def warm_up_game(game: str, warmed: set[str]) -> None:
    """Get ``game``'s computer players ready on a daemon thread, once per process (the rummy
    solver's compiled core: loaded from numba's cache in well under a second, or compiled,
    about a minute the first time only; solves meanwhile use the Python solver, nothing waits
    for it). Only the games played: a Robber Knights evening never loads the rummy solver."""
    if game in warmed:
        return
    warmed.add(game)
    spec = GAMES.get(game)
    if spec is None or spec.warm_up_ref is None:
        return
    threading.Thread(target=resolve(spec.warm_up_ref), name=f"warm-up-{game}", daemon=True).start()


def _game_of(item: object) -> str | None:
    """The game a request to this process is about (None for anything else)."""
    if isinstance(item, Request):
        return item.spec.game
    if isinstance(item, ReviewRequest | WarmUp):
        return item.game
    return None


# Seconds a search may take when its spec names no budget (easy and medium answer at once; the
# hint's search is bounded by steps, not seconds).
DEFAULT_SECONDS = {"hard": 1.0, "expert": 3.0, HINT_LEVEL: 5.0}
WATCHDOG_FACTOR = 3.0
WATCHDOG_GRACE = 2.0


def answer_within(spec: AgentSpec) -> float:
    """Seconds after which a decision for ``spec`` counts as lost (3 x budget + 2 s): the
    process is stalled or stopped, and the seat gets the fallback of a crashed player."""
    level = spec.level
    if spec.strength is not None:  # it decides as the level above at times
        level = LEVELS[min(math.ceil(spec.strength), len(LEVELS) - 1)]
    budget = spec.budget if spec.budget is not None else DEFAULT_SECONDS.get(level, 1.0)
    return WATCHDOG_FACTOR * max(0.0, budget) + WATCHDOG_GRACE


# A review's first judged decision may wait for the process to start and load the review.
REVIEW_START_GRACE = 10.0
# A judged decision plays a few samples whatever its budget: a tiny budget counts as this.
REVIEW_MIN_BUDGET = 1.0


def review_within(budget: float, first: bool) -> float:
    """Seconds a review may go without a word from the AI process before it counts as lost:
    one judged decision, as long as a decision of that budget may take (at least
    REVIEW_MIN_BUDGET; ``first``: the process's start on top)."""
    start = REVIEW_START_GRACE if first else 0.0
    return WATCHDOG_FACTOR * max(REVIEW_MIN_BUDGET, budget) + WATCHDOG_GRACE + start


class SharedFlag:
    """A stop flag both processes see, without a lock: setting it never waits, even for a
    process that was stopped (``kill -STOP``) while it looked at the flag (a
    ``multiprocessing.Event`` would wait for that process's lock for ever)."""

    def __init__(self, context: Any) -> None:
        self._value: Any = context.RawValue("b", 0)

    def set(self) -> None:
        self._value.value = 1

    def clear(self) -> None:
        self._value.value = 0

    def is_set(self) -> bool:
        return bool(self._value.value)


class _Interrupt:
    """The stop event of the review steps running now: set by every request that arrives, so
    a decision (or a cancel) never waits for a whole reviewed decision."""

    def __init__(self) -> None:
        self.event = threading.Event()


def _forward(requests: Any, inbox: queue.Queue[Any], interrupt: _Interrupt) -> None:
    while True:
        item = requests.get()
        inbox.put(item)
        if not isinstance(item, WarmUp):  # a warm-up needs no review to stop for it
            interrupt.event.set()
        if item is None:
            return


class _Review:
    """The review this process is working on, and the turns it has sent so far."""

    def __init__(self, request: ReviewRequest) -> None:
        self.request = request
        self.turns: list[ReviewedTurn] = list(request.done)
        self.steps: Iterator[ReviewedTurn] | None = None
        self.stop = threading.Event()

    def begin_steps(self, interrupt: _Interrupt, inbox: queue.Queue[Any]) -> Iterator[ReviewedTurn]:
        """A fresh run from the turns sent so far, stopped by the next request to arrive."""
        self.stop = threading.Event()
        interrupt.event = self.stop
        if not inbox.empty():  # it arrived while the event was being swapped
            self.stop.set()
        r = self.request
        self.steps = review_rest(
            r.game, r.states, r.history, r.seats, r.budget, r.seed, self.stop, self.turns
        )
        return self.steps


def decide(agent: Any, state: Any, rng: random.Random) -> tuple[Any, Considered | None]:
    """The agent's move, and what it weighed when it can say (``explain``); a player that
    can't (easy, a custom agent) gives None."""
    explain = getattr(agent, "explain", None)
    if callable(explain):
        action, considered = explain(state, rng)
        return action, considered if isinstance(considered, Considered) else None
    return agent.choose(state, rng), None


def _answer(request: Request, agents: dict[AgentSpec, Any], stop: Any) -> Reply:
    stop.clear()
    started = time.perf_counter()
    try:
        agent = agents.get(request.spec)
        if agent is None:
            agent = make_spec_agent(request.spec, stop)
            agents[request.spec] = agent
        action, considered = decide(agent, request.state, random.Random(request.rng_seed))
        return Reply(request.ticket, action, time.perf_counter() - started, None, considered)
    except Exception as error:  # reported to the table, which plays a legal move instead
        return Reply(
            request.ticket, None, time.perf_counter() - started, f"{type(error).__name__}: {error}"
        )


def _step(review: _Review, interrupt: _Interrupt, inbox: queue.Queue[Any], replies: Any) -> bool:
    """Judge the review's next decision and send it; False once the review is over."""
    steps = review.steps
    if steps is None or review.stop.is_set():
        steps = review.begin_steps(interrupt, inbox)
    ticket = review.request.ticket
    try:
        turn = next(steps)
    except StopIteration:
        if review.stop.is_set():
            review.steps = None  # paused before its first step: goes on after the request
            return True
        replies.put(ReviewReply(ticket, None))
        return False
    except Exception as error:  # the review window says so; the game goes on
        replies.put(ReviewReply(ticket, None, f"{type(error).__name__}: {error}"))
        return False
    if review.stop.is_set():
        # Paused while this decision was judged: it may rest on too few samples; it is
        # judged again once the request is answered.
        review.steps = None
        return True
    review.turns.append(turn)
    replies.put(ReviewReply(ticket, turn))
    return True


def serve(
    requests: Any,
    replies: Any,
    stop: Any,
    parent_pid: int | None = None,
    kill_with_parent: bool = True,
) -> None:
    """The process's loop: one reply per decision request that was not overtaken by a newer
    one, and the replies of the review between decisions. It ends with the game's process
    (``parent_pid``), however that ends (see :func:`game.processes.watch_parent`)."""
    watch_parent(parent_pid, kill_with_parent)
    if hasattr(os, "nice"):
        # On a busy machine the window's frames come first; the search has a wall-clock budget.
        with contextlib.suppress(OSError):
            os.nice(5)
    warmed: set[str] = set()  # the games whose players were got ready (after the nice: the
    # warm-up threads inherit it)

    inbox: queue.Queue[Any] = queue.Queue()
    interrupt = _Interrupt()
    threading.Thread(
        target=_forward, args=(requests, inbox, interrupt), name="requests", daemon=True
    ).start()
    agents: dict[AgentSpec, Any] = {}
    review: _Review | None = None
    while True:
        waiting = [] if review is not None else [inbox.get()]
        decision: Request | None = None
        for item in _drained(inbox, waiting):
            if item is None:
                return
            game = _game_of(item)
            if game is not None:
                warm_up_game(game, warmed)
            if isinstance(item, Request):
                decision = item  # the newest decision wins
            elif isinstance(item, ReviewRequest):
                if review is not None:
                    replies.put(ReviewReply(review.request.ticket, None, REPLACED))
                review = _Review(item)
            elif (
                isinstance(item, ReviewCancel)
                and review is not None
                and review.request.ticket == item.ticket
            ):
                replies.put(ReviewReply(item.ticket, None))
                review = None
        if decision is not None:
            replies.put(_answer(decision, agents, stop))
        elif review is not None and not _step(review, interrupt, inbox, replies):
            review = None


def _drained(inbox: queue.Queue[Any], first: list[Any]) -> list[Any]:
    """``first`` and whatever else waits in ``inbox``, in the order they came."""
    items = list(first)
    while True:
        try:
            items.append(inbox.get_nowait())
        except queue.Empty:
            return items
