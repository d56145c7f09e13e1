"""The deal of the day's records (game.persist.daily): best per day round trip, forged entries
refused one by one, damaged files set aside."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest

from game.persist import load_stats, record_result
from game.persist.daily import DailyRecords, daily_path, load_daily, record_daily

DAY = datetime.date(2026, 12, 5)


def test_each_persons_best_of_the_day_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "daily.json"
    record_daily("knights", DAY, 2, "Ann", 12, False, key="a", path=path)
    record_daily("knights", DAY, 2, "Ann", 19, True, key="b", path=path)
    record_daily("knights", DAY, 2, "ann ", 15, False, key="c", path=path)  # the same person
    record_daily("knights", DAY, 2, "Ann", 40, True, key="b", path=path)  # counted before
    record_daily("rummy", DAY, 4, "Ann", 30, False, key="d", path=path)
    record_daily("rummy", DAY, 4, "Ann", 0, True, key="e", path=path)
    record_daily("rummy", DAY, 4, "Ann", 55, False, key="f", path=path)
    record_daily("knights", DAY + datetime.timedelta(days=1), 3, "Bob", 9, True, path=path)
    loaded = load_daily(path)
    knights = loaded.get("knights", DAY, 2, "Ann")
    assert knights is not None
    assert (knights.best, knights.played, knights.won, knights.name) == (19, 3, 1, "Ann")
    rummy = loaded.get("rummy", DAY, 4, "Ann")
    assert rummy is not None
    assert (rummy.best, rummy.played, rummy.won) == (0, 3, 1)  # penalties: fewer is better
    assert [entry.name for entry in loaded.newest(1)] == ["Bob"]
    assert DailyRecords.from_dict(json.loads(json.dumps(loaded.to_dict()))) == loaded


GOOD = {
    "game": "knights",
    "date": "2026-12-05",
    "seats": 2,
    "name": "Ann",
    "best": 20,
    "played": 2,
    "won": 1,
}


@pytest.mark.parametrize(
    "forged",
    [
        {"game": "chess"},
        {"game": ["knights"]},
        {"date": "2026-02-30"},
        {"date": "5.12.2026"},
        {"date": 20261205},
        {"seats": 7},
        {"seats": True},
        {"name": ""},
        {"name": "A\x00n"},
        {"name": "x" * 200},
        {"best": 10**12},
        {"best": 20.5},
        {"played": 0},
        {"played": -1},
        {"won": 3},
        {"won": None},
    ],
)
def test_a_forged_entry_is_dropped_and_the_others_kept(
    tmp_path: Path, forged: dict[str, Any]
) -> None:
    path = tmp_path / "daily.json"
    other = dict(GOOD, name="Bob")
    data = {"version": 1, "days": [dict(GOOD, **forged), other], "recorded": ["k", 5, "x" * 999]}
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_daily(path)
    assert [(e.name, e.best) for e in loaded.days.values()] == [("Bob", 20)]
    assert loaded.recorded == ("k",)
    # Writing again keeps what was good and adds the new result.
    record_daily("knights", DAY, 2, "Bob", 25, True, path=path)
    again = load_daily(path).get("knights", DAY, 2, "Bob")
    assert again is not None and (again.best, again.played, again.won) == (25, 3, 2)


@pytest.mark.parametrize("content", ["not json", "[1, 2]", '{"version": 99, "days": []}'])
def test_a_damaged_file_is_set_aside_and_counting_starts_afresh(
    tmp_path: Path, content: str
) -> None:
    path = tmp_path / "daily.json"
    path.write_text(content, encoding="utf-8")
    assert load_daily(path).days == {}
    assert list(tmp_path.glob("daily.json.bad-*"))
    record_daily("rummy", DAY, 3, "Ann", 4, True, path=path)
    assert load_daily(path).get("rummy", DAY, 3, "Ann") is not None


def test_the_statistics_file_keeps_its_format() -> None:
    """The daily records live beside the statistics: an old stats file loads as it did."""
    record_result("knights", "hard", True, 21)
    before = load_stats()
    record_daily("knights", DAY, 2, "Ann", 21, True)
    assert load_stats() == before
    assert daily_path().exists()
