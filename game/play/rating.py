"""Ratings at the table: the computer seats' ratings (their game's ladder), a person's results
against them at the end of a game (a rummy round), and the strength "matched to me".

A person is rated only against computer seats: a seat he finished ahead of counts 1, level
with him 1/2, ahead of him 0 (the winners first, then by score). A computer "matched to me"
(``Seat.strength``) plays at the strength whose place on the ladder is the rating of the
table's people (their mean), so that each expects to score about even against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ai.ladder import Ladder, ladder_for, rating_of, strength_for
from ai.strength import level_below
from game.persist import load_stats
from game.persist.ratings import START, Rating, find
from game.persist.stats import Stats
from game.registry import game_spec

if TYPE_CHECKING:
    from game.play.session import Seat, Session


def seat_rating(ladder: Ladder, seat: Seat) -> float:
    """The rating of a computer seat: its level's on the ladder, or its strength's."""
    if seat.strength is not None:
        return rating_of(ladder, seat.strength)
    return ladder.levels[seat.level].rating


def score_against(
    me: int, other: int, scores: Sequence[int], winners: Sequence[int], lower_wins: bool
) -> float:
    """``me``'s score against ``other`` in one finished game: 1, 1/2 or 0."""
    mine, theirs = me in winners, other in winners
    if mine != theirs:
        return 1.0 if mine else 0.0
    if mine or scores[me] == scores[other]:
        return 0.5
    ahead = scores[me] < scores[other] if lower_wins else scores[me] > scores[other]
    return 1.0 if ahead else 0.0


def results_against_computers(
    game: str, seats: Sequence[Seat], me: int, scores: Sequence[int], winners: Sequence[int]
) -> list[tuple[float, float]]:
    """(the seat's rating, ``me``'s score against it) for every computer seat; none when the
    game has no ladder."""
    ladder = ladder_for(game)
    if ladder is None:
        return []
    lower = game_spec(game).info.lower_score_wins
    return [
        (seat_rating(ladder, seat), score_against(me, index, scores, winners, lower))
        for index, seat in enumerate(seats)
        if index != me and not seat.human and index < len(scores)
    ]


def person_rating(stats: Stats, game: str, name: str) -> Rating:
    """``name``'s rating at ``game`` (a newcomer's: START, no games)."""
    found = find(stats.ratings, game, name)
    return found[1] if found is not None else Rating()


def matched_strength(game: str, stats: Stats, seats: Sequence[Seat]) -> float | None:
    """The strength matched to the people at ``seats`` (their mean rating; START without
    people); None when the game has no ladder."""
    ladder = ladder_for(game)
    if ladder is None:
        return None
    ratings = [person_rating(stats, game, seat.name).value for seat in seats if seat.human]
    target = sum(ratings) / len(ratings) if ratings else START
    return round(strength_for(ladder, target), 2)


def with_matched(game: str, stats: Stats, seats: Sequence[Seat]) -> list[Seat]:
    """``seats`` with every matched computer seat's strength (and level) chosen anew."""
    strength = matched_strength(game, stats, seats)
    out = []
    for seat in seats:
        if seat.strength is not None and not seat.human and strength is not None:
            seat = replace(seat, strength=strength, level=level_below(strength))
        out.append(seat)
    return out


def offers_matched(game: str) -> bool:
    """Can a computer seat of ``game`` be matched (the game has a ladder)?"""
    return ladder_for(game) is not None


def rematch_seats(session: Session) -> None:
    """After a counted game (a rummy round): the session's matched seats follow the people's
    new ratings from the next game (round) on."""
    if any(seat.strength is not None and not seat.human for seat in session.seats):
        session.set_strengths(with_matched(session.game, load_stats(), session.seats))
