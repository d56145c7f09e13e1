"""The deal a session plays: dealt from a code, and named by the code of the position it
started at (a player who joined later is not part of the deal)."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest

from game.deals import Deal, daily_deal, encode, first_position
from game.persist.daily import load_daily
from game.play.daily_records import record_day
from game.play.deal_session import dealt_position, session_deal_code, session_for_deal
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


class _App:
    save_problem: str | None = None


def test_a_deal_of_the_day_counts_for_the_seats_it_was_dealt_to() -> None:
    day = datetime.date(2026, 12, 5)
    session = session_for_deal(list(SEATS), daily_deal("rummy", day, 3))
    session.apply(Draw())
    session.add_player("Dora", True, "medium", 3)  # joins the day's round midway
    before = session.state
    after = replace(before, phase="round_over", current_player=None, winner=0)
    dealt = dealt_position("rummy", session.history, after)
    record_day(_App(), "rummy", session.seats, before, after, [0, 1, 2], dealt)
    records = load_daily()
    assert [e.seats for e in records.days.values()] == [3, 3, 3]
    ann = records.get("rummy", day, 3, "Ann")
    assert ann is not None and ann.won == 1 and ann.best == 0
