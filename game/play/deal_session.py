"""A session that deals one named deal again: a deal code typed in the setup, or the deal of
the day."""

from __future__ import annotations

from game.deals import Deal, first_position
from game.play.session import Seat, SeatError, Session


def session_for_deal(seats: list[Seat], deal: Deal) -> Session:
    """The seats at ``deal`` (its game, seed and unit); SeatError if their count is not the
    deal's."""
    if len(seats) != deal.seats:
        raise SeatError(f"the deal is for {deal.seats} seats, not {len(seats)}")
    session = Session(deal.game, seats, deal.seed)
    if deal.unit != 1:  # a later round's deal: the position that round started at
        session.state = first_position(deal, [seat.name for seat in seats])
    return session
