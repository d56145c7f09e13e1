"""Starting the review's job: game.ui.review_job.ReviewJob in the AI process (an adapter until
that module is merged: meanwhile the same interface on a thread of this process)."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Collection, Sequence
from typing import Any, Protocol

from game.review import GameReview, ReviewedTurn


class ReviewRun(Protocol):
    total: int
    turns: list[ReviewedTurn]
    error: str | None

    def poll(self) -> list[ReviewedTurn]: ...

    @property
    def finished(self) -> bool: ...

    @property
    def progress(self) -> float: ...

    def cancel(self) -> None: ...

    def result(self) -> GameReview: ...


def start_job(
    game: str,
    states: Sequence[Any],
    history: Sequence[Any],
    seats: Collection[int],
    budget: float | None = None,
    done: Sequence[ReviewedTurn] = (),
) -> ReviewRun:
    try:
        module = importlib.import_module("game.ui.review_job")
    except ImportError:
        return _ThreadJob(game, states, history, seats, budget, done)
    job: ReviewRun = module.ReviewJob(game, states, history, seats, budget, 0, done)
    return job


class _ThreadJob:
    """The review on a thread (stand-in for ReviewJob)."""

    def __init__(
        self,
        game: str,
        states: Sequence[Any],
        history: Sequence[Any],
        seats: Collection[int],
        budget: float | None,
        done: Sequence[ReviewedTurn],
    ) -> None:
        review = importlib.import_module("ai.review")
        self.game, self.seats = game, tuple(sorted(seats))
        self.moves = len(history)
        self.budget = review.default_budget(game) if budget is None else budget
        self.total = int(review.count_decisions(game, states, history))
        self.turns: list[ReviewedTurn] = []
        self.error: str | None = None
        self._new: list[ReviewedTurn] = list(done)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._done = threading.Event()
        known = {t.index for t in done}
        args = (review, game, list(states), list(history), known)
        self._thread = threading.Thread(target=self._run, args=args, daemon=True)
        self._thread.start()

    def _run(self, review: Any, game: str, states: Any, history: Any, known: Any) -> None:
        try:
            for turn in review.review_game(
                game, states, history, self.seats, self.budget, 0, self._stop
            ):
                if turn.index in known:
                    continue
                with self._lock:
                    self._new.append(turn)
        except Exception as error:  # noqa: BLE001 - shown to the player as a sentence
            self.error = str(error) or type(error).__name__
        finally:
            self._done.set()

    def poll(self) -> list[ReviewedTurn]:
        with self._lock:
            new, self._new = self._new, []
        self.turns = sorted([*self.turns, *new], key=lambda t: t.index)
        return sorted(new, key=lambda t: t.index)

    @property
    def finished(self) -> bool:
        return self._done.is_set() and not self._new

    @property
    def progress(self) -> float:
        return 1.0 if self.total == 0 else min(1.0, len(self.turns) / self.total)

    def cancel(self) -> None:
        self._stop.set()

    def result(self) -> GameReview:
        complete = self.finished and len(self.turns) >= self.total and not self._stop.is_set()
        return GameReview(
            self.game, self.budget, self.seats, self.moves, tuple(self.turns), complete
        )
