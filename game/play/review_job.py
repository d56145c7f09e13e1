"""A game review running in the background, its findings collected as they come.

The review (:func:`ai.review.review_game`) is a long pure-Python search, so it runs where the
computer players think: in the AI process (:mod:`game.play.ai_process`), which sends one message
per judged decision. The window polls :meth:`ReviewJob.poll` from its ``update`` (it never
waits) and can show the first findings while the rest are computed. When no AI process can be
started, the review runs on a daemon thread of this process instead.

A computer player's decision comes first: while a review runs, a decision request pauses it in
the AI process and it goes on afterwards (the decision it was judging is judged again).
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time
import weakref
from collections.abc import Collection, Sequence
from typing import Any

from game.i18n import _
from game.play import ai_worker
from game.play.ai_process import REPLACED, ReviewCancel, ReviewRequest, review_within
from game.play.review_steps import review_rest
from game.review import GameReview, ReviewedTurn

log = logging.getLogger(__name__)


def _abandon(process: ai_worker._AIProcess, ticket: int) -> None:
    if process.reviews.pop(ticket, None) is not None:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            process.requests.put(ReviewCancel(ticket))


def _prefix(done: Sequence[ReviewedTurn], moves: int) -> list[ReviewedTurn]:
    """The judged turns that lie within the game's history (a longer review is of no use)."""
    return [turn for turn in done if turn.index + turn.moves <= moves]


class ReviewJob:
    """Reviews one game in the background; starts at once.

    ``done`` are turns judged before (a review resumed): they are in :attr:`turns` from the
    start, and only the decisions after the last of them are judged.
    """

    def __init__(
        self,
        game: str,
        states: Sequence[Any],
        history: Sequence[Any],
        seats: Collection[int],
        budget: float | None = None,
        seed: int = 0,
        done: Sequence[ReviewedTurn] = (),
    ) -> None:
        from ai.review import count_decisions, default_budget

        self.game = game
        self.seats = tuple(sorted(set(seats)))
        self.budget = default_budget(game) if budget is None else float(budget)
        self.moves = len(history)
        self.total: int = count_decisions(game, states, history)
        self._turns: list[ReviewedTurn] = _prefix(done, self.moves)
        self.error: str | None = None
        self.stalled = False  # the AI process gave no answer in time (the watchdog)
        self._asked_at = time.perf_counter()
        self._heard_from = False  # a judged decision came from the process
        self._unpolled: list[ReviewedTurn] = []
        self._ended = len(self._turns) >= self.total
        self._lock = threading.Lock()
        self._thread_turns: list[ReviewedTurn] = []  # judged by the fallback thread, unread
        self._thread_error: str | None = None
        self._thread_done = False
        self._stop = threading.Event()
        self._ticket = ai_worker.next_ticket()
        self._process: ai_worker._AIProcess | None = None
        if self._ended:
            return
        request = ReviewRequest(
            self._ticket,
            game,
            tuple(states),
            tuple(history),
            self.seats,
            self.budget,
            seed,
            tuple(self._turns),
        )
        process = ai_worker._AIProcess.get()
        if process is not None:
            self._process = process
            process.reviews[self._ticket] = []
            process.requests.put(request)
            # A job dropped without cancel (its screen closed) stops its search all the same.
            weakref.finalize(self, _abandon, process, self._ticket).atexit = False
            return
        if sys.getswitchinterval() > ai_worker.SWITCH_INTERVAL:
            sys.setswitchinterval(ai_worker.SWITCH_INTERVAL)  # the window keeps its frames
        threading.Thread(
            target=self._run_here, args=(request,), name=f"review-{self._ticket}", daemon=True
        ).start()

    # ----- the window's side ------------------------------------------------------------------

    @property
    def turns(self) -> list[ReviewedTurn]:
        """The judged turns received so far (``done`` first), in the game's order."""
        self._collect()
        return self._turns

    def poll(self) -> list[ReviewedTurn]:
        """The turns judged since the last poll (never waits)."""
        self._collect()
        new, self._unpolled = self._unpolled, []
        return new

    @property
    def finished(self) -> bool:
        """All judged, or failed, or cancelled: nothing more will come."""
        self._collect()
        return self._ended

    @property
    def progress(self) -> float:
        self._collect()
        if self.total == 0:
            return 1.0
        return min(1.0, len(self._turns) / self.total)

    def cancel(self) -> None:
        """Stop the search soon (in the AI process or the thread); what was judged stays."""
        if self._ended:
            return
        self._collect()
        self._ended = True
        self._stop.set()
        if self._process is not None:
            _abandon(self._process, self._ticket)  # (a process that is gone took its search)

    def result(self) -> GameReview:
        """The review so far; ``complete`` only when every decision was judged."""
        self._collect()
        return GameReview(
            game=self.game,
            budget=self.budget,
            seats=self.seats,
            moves=self.moves,
            turns=tuple(self._turns),
            complete=self.error is None and len(self._turns) >= self.total,
        )

    # ----- collecting -------------------------------------------------------------------------

    def _take(self, turn: ReviewedTurn) -> None:
        self._turns.append(turn)
        self._unpolled.append(turn)

    def _fail(self, reason: str) -> None:
        self.error = reason
        self._ended = True

    def _collect(self) -> None:
        if self._ended:
            return
        if self._process is not None:
            self._collect_remote(self._process)
            return
        with self._lock:
            turns, self._thread_turns = self._thread_turns, []
            error, done = self._thread_error, self._thread_done
        for turn in turns:
            self._take(turn)
        if error is not None:
            self._fail(_("The review failed: {reason}").format(reason=error))
        elif done:
            self._ended = True

    def _collect_remote(self, process: ai_worker._AIProcess) -> None:
        if ai_worker._AIProcess.get() is not process:  # it died, or was restarted
            process.reviews.pop(self._ticket, None)
            self._fail(_("The computer players' process stopped; the review is incomplete."))
            return
        process.collect()
        replies = process.reviews.get(self._ticket, [])
        if replies:
            self._heard_from = True
        while replies:
            reply = replies.pop(0)
            if reply.turn is not None:
                self._take(reply.turn)
                continue
            process.reviews.pop(self._ticket, None)
            if reply.error == REPLACED:
                self._fail(_("Another review took this one's place."))
            elif reply.error is not None:
                self._fail(_("The review failed: {reason}").format(reason=reply.error))
            else:
                self._ended = True
            return
        self._watchdog(process)

    def _watchdog(self, process: ai_worker._AIProcess) -> None:
        """Past the time a judged decision may take with no word from the AI process (a
        stopped or wedged process), the review fails and says so; the process is restarted,
        so that trying again can work."""
        within = review_within(self.budget, first=not self._heard_from)
        heard = max(self._asked_at, process.heard_at)
        deadline = max(heard, process.busy_until) + within
        now = time.perf_counter()
        if now < deadline:
            return
        process.reviews.pop(self._ticket, None)
        self.stalled = True
        waited = now - heard
        log.warning("AI process: no review answer within %.0f s; it is restarted", waited)
        ai_worker._AIProcess.restart(process)
        self._fail(
            _("The computer players' process gave no answer within {seconds} s.").format(
                seconds=round(waited)
            )
        )

    # ----- the fallback thread ----------------------------------------------------------------

    def _run_here(self, request: ReviewRequest) -> None:
        try:
            for turn in review_rest(
                request.game,
                request.states,
                request.history,
                request.seats,
                request.budget,
                request.seed,
                self._stop,
                request.done,
            ):
                if self._stop.is_set():
                    return  # cancelled: this turn may rest on too few samples
                with self._lock:
                    self._thread_turns.append(turn)
        except Exception as error:  # the review says so; the game goes on
            with self._lock:
                self._thread_error = f"{type(error).__name__}: {error}"
            return
        with self._lock:
            self._thread_done = True
