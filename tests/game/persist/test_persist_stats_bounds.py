"""Statistics at their edges (game.persist.stats): the bounds a read-back record must keep,
which computer counts as the opponent, and a file given by path read and written there only."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.knights import new_game
from game.persist import Record, Stats, load_stats, opponent_level, record_result, stats_path
from game.persist.stats import MAX_GAMES, MAX_SCORE, result_key, save_stats


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


def entry(played: int, won: int, best: int | None, total: int) -> dict[str, object]:
    return {"played": played, "won": won, "best": best, "total": total}


@pytest.mark.parametrize(
    "raw,record",
    [
        (entry(0, 0, None, 0), Record()),
        (
            entry(MAX_GAMES, 1, MAX_SCORE, MAX_SCORE * MAX_GAMES),
            Record(MAX_GAMES, 1, MAX_SCORE, MAX_SCORE * MAX_GAMES),
        ),
        (entry(MAX_GAMES + 1, 1, 5, 5), None),
        (entry(2, 3, 5, 5), None),
        (entry(2, 1, MAX_SCORE + 1, 5), None),
        (entry(2, 1, -MAX_SCORE - 1, 5), None),
        (entry(2, 1, 5, 2 * MAX_SCORE + 1), None),
        (entry(2, 1, 5, -2 * MAX_SCORE - 1), None),
        (entry(2, 1, -MAX_SCORE, -2 * MAX_SCORE), Record(2, 1, -MAX_SCORE, -2 * MAX_SCORE)),
        (entry(2, 2, MAX_SCORE, 2 * MAX_SCORE), Record(2, 2, MAX_SCORE, 2 * MAX_SCORE)),
    ],
)
def test_a_record_read_back_keeps_its_bounds(raw: dict[str, object], record: Record | None) -> None:
    assert Record.from_dict(raw) == record


@pytest.mark.parametrize(
    "levels,opponent",
    [
        (["hard", "medium"], "hard"),
        (["easy", "medium"], "medium"),
        (["expert", "easy", "hard"], "expert"),
        ([None], "humans"),
    ],
)
def test_the_strongest_computer_at_the_table_is_the_opponent(
    levels: list[str | None], opponent: str
) -> None:
    seats = [SimpleNamespace(human=True, level=None)]
    seats += [SimpleNamespace(human=level is None, level=level) for level in levels]
    assert opponent_level(seats) == opponent


def test_a_stats_file_given_by_path_is_read_and_written_there_only(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere.json"
    record_result("knights", "hard", True, 20, path=path)
    stats = record_result("knights", "hard", False, 10, path=path)
    assert stats.get("knights", "hard").played == 2
    assert load_stats(path).get("knights", "hard") == Record(2, 1, 20, 30)
    assert not stats_path().exists()


def test_the_stats_file_is_written_readably_where_asked(tmp_path: Path) -> None:
    stats = Stats().record("rummy", "easy", True, 3)
    path = tmp_path / "mine.json"
    save_stats(stats, path)
    assert path.read_text(encoding="utf-8") == json.dumps(stats.to_dict(), indent=2) + "\n"
    assert not stats_path().exists()


def test_a_stats_file_of_another_version_is_kept_aside_where_it_lies(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"version": 2, "games": {}}), encoding="utf-8")
    assert load_stats(path) == Stats()
    assert not path.exists() and len(list(tmp_path.glob("old.json.bad-*"))) == 1


def test_a_stats_file_keeps_what_it_can_read_past_what_it_cant() -> None:
    good = entry(2, 1, 5, 7)
    data = {
        "version": 1,
        "games": {"chess": {"hard": good}, "knights": {"hard": good, "godlike": good}},
        "recorded": ["a" * 64, "b" * 65, 7, "c"],
    }
    stats = Stats.from_dict(data)
    assert dict(stats.records) == {("knights", "hard"): Record(2, 1, 5, 7)}
    assert stats.recorded == ("a" * 64, "c")
    assert Stats.from_dict({"version": 1, "games": {}}).recorded == ()


def test_a_result_without_key_is_counted_without_remembering_one() -> None:
    stats = Stats().record("knights", "hard", True, 1)
    assert stats.recorded == () and stats.get("knights", "hard").played == 1
    assert stats.record("knights", "hard", True, 1, key="k").recorded == ("k",)


@pytest.mark.parametrize(
    "game,level,reason",
    [("chess", "hard", "unknown game 'chess'"), ("knights", "god", "unknown opponent level 'god'")],
)
def test_an_unknown_game_or_level_is_refused_by_name(game: str, level: str, reason: str) -> None:
    with pytest.raises(ValueError) as info:
        Stats().record(game, level, True, 1)
    assert str(info.value) == reason


def test_a_results_key_stays_the_same_across_versions_of_the_game() -> None:
    # Keys are stored in the file: a new way of making them would count old games again.
    state = new_game(["Ann", "Bot"], 5)
    text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"knights\n{text}".encode()).hexdigest()
    assert result_key("knights", state, 1) == f"{digest[:32]}:1"
    assert result_key("knights", state, 0) != result_key("rummy", state, 0)
