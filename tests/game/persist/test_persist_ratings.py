"""Each person's rating per game in the statistics file: the Elo update against a hand-computed
example, the round trip with its history, old files, and forged values refused."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.persist import Stats, load_stats, record_result, stats_path
from game.persist.ratings import MAX_HISTORY, READ_HISTORY, START, Rating, find, read_ratings


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    return tmp_path


def test_the_update_against_a_hand_computed_example() -> None:
    # A newcomer (1500) beats a seat rated 1700: expected 1 / (1 + 10 ** (200 / 400)) = 0.24025,
    # so he gains 40 * (1 - 0.24025) = 30.39.
    first = Rating().after([(1700.0, 1.0)])
    assert (first.value, first.games, first.history) == (1530.4, 1, (START, 1530.4))
    # Against two seats, beating the 1400 one (expected 0.64007) and losing to the 1700 one
    # (expected 0.24025): 40 * ((1 - 0.64007) + (0 - 0.24025)) / 2 = +2.39.
    assert Rating().after([(1400.0, 1.0), (1700.0, 0.0)]).value == 1502.4
    # After ten games the step is 20: 1600 losing to 1500 (expected 0.64007) drops 12.80.
    settled = Rating(1600.0, 10, (1600.0,))
    assert settled.after([(1500.0, 0.0)]).value == 1587.2
    assert settled.after([(1600.0, 0.5)]).value == 1600.0
    assert settled.after([]) is settled  # no computer seat: nothing to rate against


def test_ratings_round_trip_with_their_history_and_count_once() -> None:
    record_result("knights", "hard", True, 30, key="game-1", rating=("Ann", [(1700.0, 1.0)]))
    record_result("knights", "hard", True, 30, key="game-1", rating=("Ann", [(1700.0, 1.0)]))
    record_result("knights", "hard", False, 12, key="game-2", rating=("ann ", [(1700.0, 0.0)]))
    record_result("rummy", "medium", True, 0, key="round-1", rating=("Bob", [(1500.0, 1.0)]))
    stats = load_stats()
    ann = find(stats.ratings, "knights", "ANN")
    assert ann is not None
    name, rating = ann
    assert name == "ann "  # the name as last typed; the same person as "Ann"
    assert rating.games == 2 and rating.history[:2] == (START, 1530.4)
    assert rating.value == rating.history[-1] < 1530.4
    assert find(stats.ratings, "rummy", "Bob") is not None
    assert find(stats.ratings, "rummy", "Ann") is None
    assert Stats.from_dict(json.loads(json.dumps(stats.to_dict()))) == stats
    assert stats.problems == ()


def test_an_older_statistics_file_without_ratings_still_loads() -> None:
    old = {
        "version": 1,
        "games": {"knights": {"hard": {"played": 3, "won": 1, "best": 28, "total": 60}}},
        "recorded": [],
    }
    stats_path().write_text(json.dumps(old), encoding="utf-8")
    stats = load_stats()
    assert stats.get("knights", "hard").played == 3
    assert dict(stats.ratings) == {} and stats.problems == ()


def good() -> dict[str, object]:
    return {"rating": 1512.5, "games": 2, "history": [1500.0, 1530.4, 1512.5]}


@pytest.mark.parametrize(
    "forgery",
    [
        {"rating": math.inf},
        {"rating": 1e308, "history": [1e308]},
        {"rating": -5.0, "history": [-5.0]},
        {"rating": True},
        {"games": -1},
        {"games": 1.5},
        {"games": 10**12},
        {"history": []},
        {"history": "1500"},
        {"history": [1500.0, math.nan, 1512.5]},
        {"history": [1500.0] * (READ_HISTORY + 1)},
        {"history": [1500.0, 1530.4, 1700.0]},  # does not end at the rating
        {"games": 0},  # a history longer than its games
    ],
)
def test_a_forged_rating_is_refused_with_a_message(forgery: dict[str, object]) -> None:
    entry = good() | forgery
    text = json.dumps(
        {
            "version": 1,
            "games": {},
            "recorded": [],
            "ratings": {"knights": {"Ann": entry, "Bob": good()}},
        },
        allow_nan=True,
    )
    stats_path().write_text(text, encoding="utf-8")
    stats = load_stats()
    assert find(stats.ratings, "knights", "Ann") is None  # Ann starts afresh
    assert find(stats.ratings, "knights", "Bob") is not None  # the good one is kept
    assert any("Ann" in problem for problem in stats.problems)
    # the next result writes a clean file
    record_result("knights", "hard", True, 20, key="k", rating=("Ann", [(1500.0, 1.0)]))
    again = load_stats()
    assert again.problems == () and find(again.ratings, "knights", "Ann") is not None


@pytest.mark.parametrize(
    "ratings",
    [
        [1, 2],
        {"chess": {"Ann": good()}},
        {"knights": ["Ann"]},
        {"knights": {"": good()}},
        {"knights": {"\u0000evil": good()}},
    ],
)
def test_damaged_ratings_sections_are_refused(ratings: object) -> None:
    found, problems = read_ratings(ratings, ("knights", "rummy"))
    assert dict(found) == {} and problems


def test_the_history_keeps_only_the_newest() -> None:
    rating = Rating()
    for _ in range(MAX_HISTORY + 20):
        rating = rating.after([(1500.0, 0.5)])
    assert len(rating.history) == MAX_HISTORY and rating.games == MAX_HISTORY + 20
    stats = Stats().record("knights", "hard", True, 1, rating=("Ann", [(1500.0, 1.0)]))
    assert Stats.from_dict(json.loads(json.dumps(stats.to_dict()))).ratings == stats.ratings


def test_a_crowd_of_people_never_wipes_the_ratings() -> None:
    """The 201st person to be rated makes room by dropping the one with the fewest games;
    a file with too many is read as far as this program keeps, not thrown away."""
    from game.persist.ratings import MAX_PEOPLE, rated

    ratings = read_ratings({}, ("knights",))[0]
    for n in range(MAX_PEOPLE):
        ratings = rated(ratings, "knights", f"P{n}", [(1500.0, 1.0)])
    ratings = rated(ratings, "knights", "P0", [(1500.0, 1.0)])  # P0 has 2 games
    ratings = rated(ratings, "knights", "Newcomer", [(1500.0, 0.0)])
    assert len(ratings) == MAX_PEOPLE
    assert find(ratings, "knights", "Newcomer") is not None
    assert find(ratings, "knights", "P0") is not None
    crowd = {f"P{n}": good() for n in range(MAX_PEOPLE + 5)}
    found, problems = read_ratings({"knights": crowd}, ("knights", "rummy"))
    assert len(found) == MAX_PEOPLE and problems
    for n in range(MAX_PEOPLE + 1):
        record_result("knights", "hard", True, 30, key=f"g{n}", rating=(f"Q{n}", [(1700.0, 1.0)]))
    stats = load_stats()
    assert len(stats.ratings) == MAX_PEOPLE and stats.problems == ()


def test_the_fullest_statistics_file_is_still_read_back() -> None:
    """Every person the program keeps, at both games, each with a full history: the file
    written stays one its own reader accepts (a bigger one would be set aside, all lost)."""
    from game.persist.ratings import MAX_PEOPLE, Rating

    full = Rating(1612.3, 5000, tuple(1500.0 + i * 0.1 for i in range(MAX_HISTORY - 1)) + (1612.3,))
    ratings = {
        (game, f"Person {n:03d}"): full for game in ("knights", "rummy") for n in range(MAX_PEOPLE)
    }
    stats = load_stats()
    from dataclasses import replace
    from types import MappingProxyType

    from game.persist.stats import save_stats

    save_stats(replace(stats, ratings=MappingProxyType(ratings)))
    again = load_stats()
    assert len(again.ratings) == 2 * MAX_PEOPLE and again.problems == ()


def test_a_longer_history_from_an_earlier_file_keeps_its_newest() -> None:
    history = [1500.0 + i for i in range(300)]
    found, problems = read_ratings(
        {"knights": {"Ann": {"rating": history[-1], "games": 300, "history": history}}},
        ("knights",),
    )
    assert problems == ()
    assert found[("knights", "Ann")].history == tuple(history[-MAX_HISTORY:])
