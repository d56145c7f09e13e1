"""A game review picked up where it stopped: only the decisions after the judged ones.

:func:`ai.review.review_game` walks a whole history. A review that was cancelled, stored half
done, or paused in the AI process for a computer player's decision goes on from the end of the
last judged decision: the review is run on the rest of the game (the states and history from
there) and its findings are put back in the whole game's terms (history index, the seat's turn
number in its round). This module imports no pygame: it runs in the AI process.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Collection, Iterator, Sequence
from typing import Any

from game.review import ReviewedTurn


def resume_point(done: Sequence[ReviewedTurn], moves: int) -> int:
    """The history index the rest of the review starts at: after the last judged decision."""
    if not done:
        return 0
    last = done[-1]
    return min(moves, last.index + last.moves)


def review_rest(
    game: str,
    states: Sequence[Any],
    history: Sequence[Any],
    seats: Collection[int],
    budget: float | None,
    seed: int,
    stop: threading.Event,
    done: Sequence[ReviewedTurn] = (),
) -> Iterator[ReviewedTurn]:
    """The decisions of the game after ``done`` (judged turns from its start, in order), each
    as soon as it is judged; ``stop`` ends it soon (between samples)."""
    from ai.review import review_game  # here: only the process that reviews needs the search

    start = resume_point(done, len(history))
    # A decision ends where the next one begins, so the rest of the game cuts into the same
    # decisions; only each seat's count of turns so far in the round must be carried over.
    turns_before: dict[tuple[int, int], int] = {}
    for turn in done:
        key = (turn.round, turn.seat)
        turns_before[key] = max(turns_before.get(key, 0), turn.turn)
    rest = review_game(
        game, states[start:], history[start:], seats, budget=budget, seed=seed, stop=stop
    )
    for turn in rest:
        yield dataclasses.replace(
            turn,
            index=turn.index + start,
            turn=turn.turn + turns_before.get((turn.round, turn.seat), 0),
        )
