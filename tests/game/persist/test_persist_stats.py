"""Statistics per game and opponent level, kept across runs."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.persist import Record, Stats, load_stats, opponent_level, record_result, stats_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    return tmp_path


def test_results_accumulate_across_reloads() -> None:
    assert load_stats() == Stats()
    record_result("knights", "hard", won=True, score=21)
    record_result("knights", "hard", won=False, score=15)
    record_result("knights", "easy", won=True, score=30)
    record_result("rummy", "hard", won=False, score=42)
    record_result("rummy", "hard", won=True, score=0)
    stats = load_stats()  # as a new run would see them
    hard = stats.get("knights", "hard")
    assert (hard.played, hard.won, hard.best, hard.average) == (2, 1, 21, 18.0)
    assert stats.get("knights", "easy").win_rate == 1.0
    penalty = stats.get("rummy", "hard")
    assert (penalty.played, penalty.best, penalty.average) == (2, 0, 21.0)  # lower is better
    assert stats.get("rummy", "expert") == Record() and Record().average is None


def test_stats_refuse_unknown_games_and_levels() -> None:
    with pytest.raises(ValueError):
        Stats().record("chess", "hard", True, 1)
    with pytest.raises(ValueError):
        Stats().record("knights", "godlike", True, 1)


def test_a_damaged_stats_file_starts_afresh_and_is_kept_aside(home: Path) -> None:
    stats_path().write_bytes(b"\x00garbage")
    assert load_stats() == Stats()
    assert len(list(home.glob("stats.json.bad-*"))) == 1
    assert record_result("rummy", "easy", True, 3).get("rummy", "easy").played == 1


def test_bad_entries_are_dropped_and_good_ones_kept() -> None:
    data = {
        "version": 1,
        "games": {
            "knights": {
                "hard": {"played": 3, "won": 2, "best": 25, "total": 60},
                "medium": {"played": 1, "won": 5, "best": 1, "total": 1},
                "easy": {"played": "x"},
                "godlike": {"played": 1, "won": 1, "best": 1, "total": 1},
            },
            "chess": {"hard": {"played": 1, "won": 1, "best": 1, "total": 1}},
            "rummy": [],
        },
    }
    stats_path().write_text(json.dumps(data), encoding="utf-8")
    stats = load_stats()
    assert list(stats.records) == [("knights", "hard")]
    assert stats.get("knights", "hard").average == 20.0


def test_the_opponent_level_is_the_strongest_computer_at_the_table() -> None:
    def seat(human: bool, level: str) -> SimpleNamespace:
        return SimpleNamespace(human=human, level=level)

    assert (
        opponent_level([seat(True, "medium"), seat(False, "easy"), seat(False, "hard")]) == "hard"
    )
    assert opponent_level([seat(True, "expert"), seat(True, "medium")]) == "humans"
