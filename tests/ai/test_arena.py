"""The headless arena: tiny matches, the documented --json object, seat rotation, statistics."""

from __future__ import annotations

import json

import pytest

from ai.arena import main, plan_games
from ai.stats import percentile, wilson_interval
from game.registry import GAME_KEYS

LEVEL_FIELDS = {
    "games",
    "wins",
    "win_rate",
    "ci95",
    "mean_score",
    "decision_ms_mean",
    "decision_ms_p95",
    "decision_ms_max",
}


@pytest.mark.parametrize("game", GAME_KEYS)
def test_json_report_has_the_documented_fields(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--game", game, "--players", "medium,easy", "--games", "2", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert set(report) == {"game", "games", "illegal_actions", "levels"}
    assert report["game"] == game and report["games"] == 2 and report["illegal_actions"] == 0
    assert set(report["levels"]) == {"medium", "easy"}
    for entry in report["levels"].values():
        assert set(entry) == LEVEL_FIELDS
        assert entry["games"] == 2
        low, high = entry["ci95"]
        assert 0.0 <= low <= entry["win_rate"] <= high <= 1.0
    total_wins = sum(entry["wins"] for entry in report["levels"].values())
    assert total_wins == pytest.approx(2.0)


def test_text_report_names_each_level(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--game", "knights", "--players", "hard,easy", "--games", "2", "--budget", "0.02"])
    out = capsys.readouterr().out
    assert code == 0
    assert "illegal actions: 0" in out
    assert "hard" in out and "easy" in out


def test_three_player_rummy_match_runs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "rummy", "--players", "easy,medium,easy", "--games", "3", "--json"]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["levels"]["easy"]["games"] == 6


def test_seats_rotate_and_deals_repeat_per_rotation() -> None:
    specs = plan_games("rummy", ["hard", "medium"], 4, seed=5, budget=None)
    assert [spec.seat_levels for spec in specs] == [
        ("hard", "medium"),
        ("medium", "hard"),
        ("hard", "medium"),
        ("medium", "hard"),
    ]
    assert specs[0].deal_seed == specs[1].deal_seed != specs[2].deal_seed


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--game", "knights", "--players", "hard"])
    with pytest.raises(SystemExit):
        main(["--game", "knights", "--players", "hard,wizard"])
    with pytest.raises(SystemExit):
        main(["--game", "rummy", "--players", "easy,easy", "--games", "0"])


def test_wilson_interval_and_percentile() -> None:
    low, high = wilson_interval(141.5, 200)
    assert low == pytest.approx(0.6411, abs=1e-3) and high == pytest.approx(0.7666, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert percentile([5, 1, 4, 2, 3], 0.95) == 5
    assert percentile([], 0.95) == 0.0


class Cheater:
    """Always tries to lay a tile it does not have: every choice is illegal."""

    def choose(self, state: object, rng: object) -> object:
        from game.knights import Place

        return Place("forest+town", 99, 99)


def test_illegal_actions_are_counted_and_replaced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ai.arena

    real = ai.arena.make_agent

    def rigged(game: str, level: str, seed: int = 0, budget: float | None = None) -> object:
        return Cheater() if level == "easy" else real(game, level, seed, budget)

    monkeypatch.setattr(ai.arena, "make_agent", rigged)
    code = main(["--game", "knights", "--players", "medium,easy", "--games", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1  # a match with illegal actions fails
    assert report["illegal_actions"] > 10  # every decision of the cheater, yet the game ended
    assert report["levels"]["medium"]["wins"] == 1.0


def test_worker_processes_give_the_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "rummy", "--players", "medium,easy", "--games", "4", "--seed", "9", "--json"]
    main(args)
    alone = json.loads(capsys.readouterr().out)
    main([*args, "--workers", "2"])
    pooled = json.loads(capsys.readouterr().out)
    for level in ("medium", "easy"):
        assert alone["levels"][level]["wins"] == pooled["levels"][level]["wins"]
        assert alone["levels"][level]["mean_score"] == pooled["levels"][level]["mean_score"]
