"""The deal of the day's records, kept when a game (a rummy round) of a day's deal ends: each
person's best result of that day (``game.persist.daily``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.deals import daily_date, deal_of
from game.persist import SaveError
from game.persist.daily import record_daily
from game.persist.stats import result_key
from game.registry import game_spec

if TYPE_CHECKING:
    from game.play.records import App
    from game.play.session import Seat


def record_day(
    app: App,
    game: str,
    seats: list[Seat],
    before: Any,
    after: Any,
    counted: list[int],
    dealt: Any = None,
) -> None:
    """If the game (round) that ended in ``after`` was a deal of the day (as dealt in
    ``dealt``, the position it started at; default ``after``), add the result of each person
    in ``counted`` to that day's records."""
    deal = deal_of(game, after if dealt is None else dealt)
    day = None if deal is None else daily_date(deal)
    if deal is None or day is None:
        return
    scores, winners = game_spec(game).result(before, after)
    for seat in counted:
        if seat >= len(seats) or seat >= len(scores) or not seats[seat].human:
            continue
        try:
            key = result_key(game, after, seat)
            won = seat in winners
            record_daily(game, day, deal.seats, seats[seat].name, int(scores[seat]), won, key)
        except SaveError as error:
            app.save_problem = str(error)
            return
