"""The deal a session plays: dealt from a code, and named by the code of the position it
started at (a player who joined later is not part of the deal)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.deals import Deal, encode, first_position
from game.play.deal_session import session_deal_code, session_for_deal
from game.play.session import Seat, SeatError
from game.rummy.actions import Draw, NextRound

SEATS = [
    Seat("Ann", True, "medium", 0),
    Seat("Bob", True, "medium", 1),
    Seat("Cy", True, "medium", 2),
]


def test_a_session_from_a_code_plays_that_deal_and_names_it() -> None:
    deal = Deal("rummy", 3, 77, 5)
    session = session_for_deal(list(SEATS), deal)
    assert session.state.to_dict() == first_position(deal, ["Ann", "Bob", "Cy"]).to_dict()
    assert session_deal_code(session) == encode(deal)
    with pytest.raises(SeatError):
        session_for_deal(list(SEATS[:2]), deal)


def test_a_player_who_joins_mid_round_does_not_change_the_rounds_code() -> None:
    session = session_for_deal(list(SEATS), Deal("rummy", 3, 77))
    session.apply(Draw())
    session.add_player("Dora", True, "medium", 3)
    assert session.num_seats == 4
    assert session_deal_code(session) == encode(Deal("rummy", 3, 77, 1))
    # The next round is dealt to the four of them: its code says so.
    session.state = replace(session.state, phase="round_over", current_player=None, winner=0)
    session.apply(NextRound())
    assert session_deal_code(session) == encode(Deal("rummy", 4, 77, 2))
    # A new game at the same table: its own deal.
    session.restart(78)
    assert session_deal_code(session) == encode(Deal("rummy", 4, 78, 1))
