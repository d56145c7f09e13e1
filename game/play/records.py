"""Statistics kept at the end of every game (Robber Knights) or round (Räuber-Rommé).

Each human seat's result is added against the table's strongest computer level (or "humans"
for a hot-seat table), and his rating moves by his results against the computer seats
(``game.play.rating``). A disk that refuses is reported once; the game goes on. Each result is
counted once: a finished game (or round) loaded again is recognised by its final position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.persist import SaveError, opponent_level, record_result
from game.persist.stats import result_key
from game.play.rating import results_against_computers
from game.registry import game_spec

if TYPE_CHECKING:
    from game.play.session import Seat


class App(Protocol):
    """Where a refused write is reported (the window's app shows it once)."""

    save_problem: str | None


def record_game(
    app: App,
    game: str,
    seats: list[Seat],
    scores: list[int],
    winners: list[int],
    counted: list[int] | None = None,
    final_state: Any = None,
) -> None:
    """Add the result of every human seat in ``counted`` (all by default; ``scores`` per seat,
    rummy: penalties), once per ``final_state`` (the position the game or round ended in)."""
    level = opponent_level(seats)
    for seat, info in enumerate(seats):
        if not info.human or seat >= len(scores) or (counted is not None and seat not in counted):
            continue
        try:
            key = None if final_state is None else result_key(game, final_state, seat)
            results = results_against_computers(game, seats, seat, scores, winners)
            rating = (info.name, results) if results else None
            record_result(game, level, seat in winners, int(scores[seat]), key=key, rating=rating)
        except SaveError as error:
            app.save_problem = str(error)
            return


def record_end(
    app: App, game: str, seats: list[Seat], before: Any, after: Any, counted: list[int]
) -> None:
    """Count the game (or rummy round) that the move from ``before`` to ``after`` ended, for
    the seats in ``counted``."""
    scores, winners = game_spec(game).result(before, after)
    record_game(app, game, seats, scores, winners, counted, after)
