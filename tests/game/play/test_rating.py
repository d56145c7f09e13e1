"""Ratings at the table: results against the computer seats, the statistics they move, and
the strength "matched to me"."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType, SimpleNamespace

import pytest

from ai.ladder import ladder_for, rating_of
from game.persist import Stats, load_stats
from game.persist.ratings import Rating, expected, find
from game.play.rating import (
    matched_strength,
    results_against_computers,
    score_against,
    with_matched,
)
from game.play.records import record_game
from game.play.session import Seat


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    return tmp_path


def test_scores_against_a_seat_follow_winners_then_scores() -> None:
    scores, winners = [30, 30, 12, 20], [0, 1]
    assert score_against(0, 1, scores, winners, lower_wins=False) == 0.5  # shared win
    assert score_against(0, 2, scores, winners, lower_wins=False) == 1.0
    assert score_against(2, 0, scores, winners, lower_wins=False) == 0.0
    assert score_against(2, 3, scores, winners, lower_wins=False) == 0.0  # 12 < 20 points
    assert score_against(2, 3, scores, winners, lower_wins=True) == 1.0  # 12 < 20 penalty
    assert score_against(2, 2, [5, 5, 5], [], lower_wins=True) == 0.5


def test_a_finished_game_moves_the_person_against_each_computer_seat() -> None:
    ladder = ladder_for("knights")
    assert ladder is not None
    seats = [
        Seat("Ann", True),
        Seat("Kunz", False, "hard", 1),
        Seat("Bea", True, colour=2),
        Seat("Hilde", False, "medium", 3, strength=1.5),
    ]
    # Ann won; Bea, a person, is not rated against; Kunz beat Hilde.
    results = results_against_computers("knights", seats, 0, [31, 25, 20, 18], [0])
    assert results == [(ladder.levels["hard"].rating, 1.0), (rating_of(ladder, 1.5), 1.0)]
    app = SimpleNamespace(save_problem=None)
    record_game(app, "knights", seats, [31, 25, 20, 18], [0], counted=[0])  # Bea left early
    stats = load_stats()
    ann = find(stats.ratings, "knights", "Ann")
    assert ann is not None and find(stats.ratings, "knights", "Bea") is None
    gain = 40 * sum(1 - expected(1500.0, rating) for rating, _score in results) / 2
    assert ann[1].value == pytest.approx(1500 + gain, abs=0.06) and ann[1].games == 1
    assert app.save_problem is None


def test_a_table_of_people_only_moves_no_rating() -> None:
    app = SimpleNamespace(save_problem=None)
    record_game(app, "knights", [Seat("Ann", True), Seat("Bea", True)], [30, 20], [0])
    assert dict(load_stats().ratings) == {}


def stats_with(rating: float) -> Stats:
    table = {("knights", "Ann"): Rating(rating, 30, (rating,))}
    return Stats(ratings=MappingProxyType(table))


def test_the_matched_strength_rises_with_the_rating() -> None:
    seats = [Seat("Ann", True), Seat("Kunz", False, "medium", 1, strength=0.0)]
    strengths = [matched_strength("knights", stats_with(700.0 + 20 * i), seats) for i in range(80)]
    assert all(s is not None for s in strengths)
    assert strengths == sorted(strengths)  # type: ignore[type-var]
    assert strengths[0] == 0.0 and strengths[-1] == 3.0
    # a newcomer meets a player of his own rating: about medium
    assert matched_strength("knights", Stats(), seats) == pytest.approx(1.0, abs=0.01)


def test_matched_seats_get_their_strength_and_level() -> None:
    ladder = ladder_for("knights")
    assert ladder is not None
    target = (ladder.levels["hard"].rating + ladder.levels["expert"].rating) / 2
    seats = [Seat("Ann", True), Seat("Kunz", False, "easy", 1, strength=0.0), Seat("Ute", False)]
    matched = with_matched("knights", stats_with(target), seats)
    strength = matched[1].strength
    assert strength is not None and 2.0 < strength < 3.0 and matched[1].level == "hard"
    assert rating_of(ladder, strength) == pytest.approx(
        target, abs=5.0
    )  # strength kept in hundredths
    assert matched[2] == seats[2]  # a plain level stays as it is


def test_a_matched_seat_follows_the_rating_after_each_counted_game() -> None:
    from game.play.rating import rematch_seats
    from game.play.session import Session

    seats = with_matched(
        "knights", Stats(), [Seat("Ann", True), Seat("Kunz", False, "medium", 1, strength=0.0)]
    )
    session = Session("knights", seats, seed=3)
    before = session.seats[1].strength
    assert before is not None and session.agent(1).strength == before  # type: ignore[union-attr]
    app = SimpleNamespace(save_problem=None)
    record_game(app, "knights", session.seats, [30, 20], [0])  # Ann won
    rematch_seats(session)
    after = session.seats[1].strength
    assert after is not None and after > before
    assert session.agent(1).strength == after  # type: ignore[union-attr]
