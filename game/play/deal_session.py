"""A session that deals one named deal again: a deal code typed in the setup, or the deal of
the day."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.deals import Deal, code_of, first_position
from game.play.session import Seat, SeatError, Session
from game.registry import game_spec
from game.seat_events import SeatEvent


def session_for_deal(seats: list[Seat], deal: Deal) -> Session:
    """The seats at ``deal`` (its game, seed and unit); SeatError if their count is not the
    deal's."""
    if len(seats) != deal.seats:
        raise SeatError(f"the deal is for {deal.seats} seats, not {len(seats)}")
    session = Session(deal.game, seats, deal.seed)
    if deal.unit != 1:  # a later round's deal: the position that round started at
        session.state = first_position(deal, [seat.name for seat in seats])
    return session


def dealt_position(game: str, history: Sequence[Any], state: Any) -> Any:
    """The position the deal being played started at (a seat that joined later is not in
    it): after the history's last new deal (a rummy round, a new game at the table), else
    where the history starts, else ``state`` itself."""
    spec = game_spec(game)
    for index in range(len(history) - 1, -1, -1):
        action = history[index].action
        restarted = isinstance(action, SeatEvent) and action.change == "new_game"
        if restarted or spec.begins_unit(action):
            return history[index + 1].before if index + 1 < len(history) else state
    if history and history[0].before is not None:
        return history[0].before
    return state


def session_deal_code(session: Session) -> str | None:
    """The code of the deal the session is playing (or has just played), or None."""
    return code_of(session.game, dealt_position(session.game, session.history, session.state))
