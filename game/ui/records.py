"""Statistics kept at the end of every game (Robber Knights) or round (Räuber-Rommé).

Each human seat's result is added against the table's strongest computer level (or "humans"
for a hot-seat table). A disk that refuses is reported once; the game goes on. Each result is
counted once: a finished game (or round) loaded again is recognised by its final position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.persist import SaveError, opponent_level, record_result
from game.persist.stats import result_key

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import Seat


def record_game(
    app: App,
    game: str,
    seats: list[Seat],
    scores: list[int],
    winners: list[int],
    final_state: Any = None,
) -> None:
    """Add the result of every human seat (``scores`` per seat; rummy: penalties), once per
    ``final_state`` (the position the game or round ended in)."""
    level = opponent_level(seats)
    for seat, info in enumerate(seats):
        if not info.human or seat >= len(scores):
            continue
        try:
            key = None if final_state is None else result_key(game, final_state, seat)
            record_result(game, level, seat in winners, int(scores[seat]), key=key)
        except SaveError as error:
            app.save_problem = str(error)
            return


def record_knights(app: App, seats: list[Seat], state: Any) -> None:
    record_game(app, "knights", seats, list(state.scores()), list(state.winners()), state)


def record_rummy_round(app: App, seats: list[Seat], before: Any, after: Any) -> None:
    penalties = [p.score - old.score for p, old in zip(after.players, before.players, strict=True)]
    winners = [i for i, share in enumerate(after.returns()) if share > 0]
    record_game(app, "rummy", seats, penalties, winners, after)
