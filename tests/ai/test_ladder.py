"""The shipped ladders, read as untrusted data, and the strengths between their levels."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import pytest

import ai.ladder as ladder_module
from ai.ladder import (
    ladder_for,
    ladder_path,
    parse_ladder,
    rating_of,
    read_ladder_file,
    strength_for,
)
from ai.levels import LEVELS
from game.registry import GAME_KEYS, game_spec

LADDER_GAMES = [game for game in GAME_KEYS if game_spec(game).ladder_ref is not None]


def sample(game: str = "knights") -> dict[str, Any]:
    ratings = {"easy": 900.0, "medium": 1500.0, "hard": 1700.0, "expert": 1900.0}
    return {
        "version": 1,
        "game": game,
        "anchor": "medium",
        "command": "python tools/ladder.py",
        "levels": {
            level: {"rating": r, "low": r - 50, "high": r + 50, "games": 40}
            for level, r in ratings.items()
        },
        "mixes": [{"strength": 1.5, "rating": 1560.0, "low": 1500, "high": 1620, "games": 12}],
        "pairs": [{"a": "hard", "b": "medium", "games": 40, "score": 30}],
    }


@pytest.mark.parametrize("game", LADDER_GAMES)
def test_the_shipped_ladder_reads_and_rises(game: str) -> None:
    path = ladder_path(game)
    assert path is not None
    ladder = read_ladder_file(path, game)
    ratings = [ladder.levels[level].rating for level in LEVELS]
    assert ratings == sorted(ratings) and ladder.levels["medium"].rating == 1500.0
    assert ladder.command and ladder.pairs
    assert ladder_for(game) == ladder


def forged(change: str) -> dict[str, Any]:
    data = sample()
    if change == "nan":
        data["levels"]["hard"]["rating"] = math.nan
    elif change == "huge":
        data["levels"]["hard"]["rating"] = 10**400
    elif change == "bool":
        data["levels"]["hard"]["games"] = True
    elif change == "missing level":
        del data["levels"]["expert"]
    elif change == "extra level":
        data["levels"]["godlike"] = data["levels"]["expert"]
    elif change == "falling":
        data["levels"]["expert"].update(rating=1600.0, low=1550.0, high=1650.0)
    elif change == "interval":
        data["levels"]["hard"]["low"] = 1800.0
    elif change == "other game":
        data["game"] = "rummy"
    elif change == "mix out of range":
        data["mixes"][0]["strength"] = 7
    elif change == "score above games":
        data["pairs"][0]["score"] = 41
    elif change == "command":
        data["command"] = "x" * 10_000
    elif change == "version":
        data["version"] = 2
    return data


@pytest.mark.parametrize(
    "change",
    [
        "nan",
        "huge",
        "bool",
        "missing level",
        "extra level",
        "falling",
        "interval",
        "other game",
        "mix out of range",
        "score above games",
        "command",
        "version",
    ],
)
def test_a_forged_ladder_is_refused_with_its_reason(change: str) -> None:
    assert parse_ladder(sample(), "knights").levels["hard"].rating == 1700.0
    with pytest.raises(ValueError) as refused:
        parse_ladder(json.loads(json.dumps(forged(change), allow_nan=True)), "knights")
    assert str(refused.value)


def test_a_damaged_file_names_itself(tmp_path: Path) -> None:
    path = tmp_path / "ladder.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="ladder .*ladder.json: not JSON"):
        read_ladder_file(path, "knights")
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(ValueError):
        read_ladder_file(path, "knights")
    with pytest.raises(ValueError, match="ladder "):
        read_ladder_file(tmp_path, "knights")  # a folder in its place
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        with pytest.raises(ValueError, match="not an ordinary file"):
            read_ladder_file(fifo, "knights")


def test_a_refused_shipped_ladder_means_no_ratings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(forged("falling")), encoding="utf-8")
    monkeypatch.setattr(ladder_module, "ladder_path", lambda game: str(path))
    ladder_for.cache_clear()
    try:
        assert ladder_for("knights") is None
        assert "do not rise" in capsys.readouterr().err
    finally:
        ladder_for.cache_clear()


def test_strength_follows_rating_monotonically_and_inverts_it() -> None:
    ladder = parse_ladder(sample(), "knights")
    ratings = [600.0 + 10 * i for i in range(160)]
    strengths = [strength_for(ladder, r) for r in ratings]
    assert strengths == sorted(strengths)
    assert strengths[0] == 0.0 and strengths[-1] == 3.0
    for rating in (950.0, 1500.0, 1530.0, 1600.0, 1800.0):
        assert rating_of(ladder, strength_for(ladder, rating)) == pytest.approx(rating)
    # the measured mix is a knot: 1.5 plays at its measured 1560, not halfway (1600)
    assert rating_of(ladder, 1.5) == pytest.approx(1560.0)


def test_a_rating_shows_as_one_whole_number_everywhere() -> None:
    # Python's round() shows 2034.5 as 2034 while the README's tables said 2035.
    from ai.ladder import whole_rating

    assert whole_rating(2034.5) == 2035 and whole_rating(744.5) == 745
    assert whole_rating(1673.46) == 1674  # as stored (tenths), then halves up
    assert whole_rating(1500.0) == 1500 and whole_rating(1499.4) == 1499


@pytest.mark.parametrize("game", LADDER_GAMES)
def test_the_readme_shows_the_shipped_ladder_as_the_game_does(game: str) -> None:
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("ladder_tool", root / "tools" / "ladder.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)  # read, not put on the path: "ladder" names no module here
    table = tool.table

    shipped = ladder_for(game)
    assert shipped is not None
    readme = (root / "README.md").read_text(encoding="utf-8")
    rows = [line for line in table(shipped).splitlines() if line.startswith("| ")]
    assert rows and all(row in readme for row in rows)
