"""``robbers-den review FILE``: a real saved game reviewed headless, as JSON and as text;
refused files, bad arguments, a stored review reused, Ctrl-C."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ai.levels import make_agent
from game import review_cli
from game.__main__ import main
from game.persist import SavedGame, SeatRecord, load_game, replay_states, save_game, saved_game
from game.registry import game_spec
from game.review import GameReview
from game.seat_events import SeatEvent
from tests.paths import ROOT

BUDGET = "0.05"
FIELDS = {"game", "players", "budget", "seats", "moves", "complete", "turns", "mistakes"}


def play_knights(seed: int = 3) -> SavedGame:
    """A whole two-player game by two medium players; seat 0 is saved as a human."""
    import random

    spec = game_spec("knights")
    state = start = spec.new_game(["Anna", "Bert"], seed)
    agents = [make_agent("knights", "medium", seed + seat) for seat in range(2)]
    rng = random.Random(seed)
    history = []
    while not state.is_terminal:
        action = agents[state.current_player].choose(state.view(state.current_player), rng)
        history.append(action)
        state = state.apply(action)
    seats = [SeatRecord("Anna", "human", None, 0), SeatRecord("Bert", "computer", "medium", 1)]
    return saved_game("knights", seats, state, history, start=start)


@pytest.fixture(scope="module")
def save_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "game.json"
    save_game(path, play_knights())
    return path


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "ROBBERS_DEN_HOME": str(home), "PYTHONPATH": str(ROOT)}


# Runs the command as the installed entry point does, then proves pygame never came in.
RUNNER = (
    "import sys\n"
    "from game.__main__ import main\n"
    "status = main(sys.argv[1:])\n"
    "assert 'pygame' not in sys.modules, 'the review imported pygame'\n"
    "sys.exit(status)\n"
)


@pytest.fixture(scope="module")
def reviewed(save_file: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    home = tmp_path_factory.mktemp("home")
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, "review", str(save_file), "--json", "--budget", BUDGET],
        capture_output=True,
        text=True,
        env=_env(home),
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress lines when stderr is no terminal
    assert done.stdout.count("\n") == 1  # one JSON object on one line
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_json_output_of_a_real_game(save_file: Path, reviewed: dict[str, Any]) -> None:
    saved = load_game(save_file)
    states = replay_states(saved)
    assert states is not None
    assert FIELDS | {"seconds"} <= set(reviewed)
    assert reviewed["game"] == "knights"
    assert reviewed["players"] == ["Anna", "Bert"]
    assert reviewed["budget"] == pytest.approx(float(BUDGET))
    assert reviewed["seats"] == [0]  # the human seat only
    assert reviewed["moves"] == len(saved.history)
    assert reviewed["complete"] is True
    assert reviewed["seconds"] > 0
    turns = reviewed["turns"]
    # The decisions cover every move but the setup's keeps, each one seat's whole turn.
    covered = [i for turn in turns for i in range(turn["index"], turn["index"] + turn["moves"])]
    assert covered == sorted(set(covered))
    moves = [
        i
        for i, action in enumerate(saved.history)
        if not isinstance(action, SeatEvent) and type(action).__name__ != "Keep"
    ]
    assert covered == moves
    per_seat: dict[int, int] = {}
    for turn in turns:
        first = turn["index"]
        assert all(
            states[i].current_player == turn["seat"] for i in range(first, first + turn["moves"])
        )
        per_seat[turn["seat"]] = per_seat.get(turn["seat"], 0) + 1
        assert turn["turn"] == per_seat[turn["seat"]]
        assert sum(turn["chances"]) == pytest.approx(1.0, abs=0.002)
        assert turn["reviewed"] is (turn["seat"] == 0)
        assert turn["text"].startswith(turn["label"] + ": ")
        assert turn["label"] == f"Turn {turn['turn']}"
        if turn["seat"] == 0:
            assert turn["text"].startswith(f"Turn {turn['turn']}: you laid ")
    # What is left once the words are taken off is a review the game reads back.
    review = _stored_review(reviewed)
    assert set(reviewed["mistakes"]) == {"0"}
    shown = reviewed["mistakes"]["0"]
    assert len(shown) <= 3 and len(set(shown)) == len(shown)
    assert [review.turns[i] for i in shown] == review.mistakes(0)
    assert all(0 <= i < len(turns) and turns[i]["seat"] == 0 for i in shown)


def test_text_output_names_the_game_the_players_and_the_findings(
    save_file: Path,
    reviewed: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    # The search is the JSON test's (same game, same seed): the text shows what it found.
    stored = _stored_review(reviewed)
    _serve_with_review(monkeypatch, save_file, stored)
    assert main(["review", str(save_file)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Review of a game of Robber Knights: Anna (human), Bert (computer, medium)"
    assert "Anna: the costliest decisions" in lines
    findings = [line for line in lines if line.startswith("  ") and line[2:3].isdigit()]
    mistakes = stored.mistakes(0)
    if mistakes:
        assert len(findings) == len(mistakes)
        grade = (mistakes[0].grade or "").capitalize()
        assert findings[0].startswith(f"  1. {grade} - Turn {mistakes[0].turn}: you laid ")
    else:
        assert "  no mistakes above the threshold" in lines
    table = lines[lines.index("Win chance after each turn") + 2 :]
    assert len(table) == len(stored.turns)  # one row per decision: the graph's points
    assert table[0].startswith("Turn 1 · Anna ") and table[0].count("%") == 2


def _stored_review(reviewed: dict[str, Any]) -> GameReview:
    extra = ("label", "text", "grade")
    plain = [{k: v for k, v in t.items() if k not in extra} for t in reviewed["turns"]]
    fields = {k: reviewed[k] for k in ("game", "budget", "seats", "moves", "complete")}
    return GameReview.from_dict({**fields, "version": 1, "graph": "public", "turns": plain})


@dataclass(frozen=True)
class SavedWithReview(SavedGame):
    """A save as it will be read once saves carry their review (game.persist on rev-job)."""

    review: GameReview | None = None


def _serve_with_review(monkeypatch: pytest.MonkeyPatch, path: Path, review: GameReview) -> None:
    saved = load_game(path)
    with_review = SavedWithReview(
        saved.game, saved.seats, saved.state, saved.history, saved.extra, saved.start, review
    )
    monkeypatch.setattr(review_cli, "load_game", lambda _path: with_review)

    def no_search(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a stored review that covers the request is not searched again")

    monkeypatch.setattr("ai.review.review_game", no_search)


def test_a_stored_review_is_printed_without_searching(
    save_file: Path,
    reviewed: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    _serve_with_review(monkeypatch, save_file, _stored_review(reviewed))
    assert main(["review", str(save_file), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["stored"] is True
    assert again["turns"] == reviewed["turns"]
    assert again["mistakes"] == reviewed["mistakes"]
    # A request it does not cover (every seat; a longer search) is searched again.
    assert review_cli.stored_review(load_game(save_file), [0], None) is None  # no review kept
    stored = _stored_review(reviewed)
    with_review = review_cli.load_game(save_file)
    assert review_cli.stored_review(with_review, [0], 0.05) == stored
    assert review_cli.stored_review(with_review, [0, 1], None) is None
    assert review_cli.stored_review(with_review, [0], 1.0) is None


@pytest.mark.parametrize(
    "content",
    ["not json at all", '{"format": "something else"}', '{"format": "robbers-den-save"'],
)
def test_a_refused_file_is_one_line_and_status_1(
    content: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert main(["review", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("robbers-den: ") and captured.err.count("\n") == 1
    assert main(["review", str(tmp_path / "missing.json")]) == 1
    assert capsys.readouterr().err.startswith("robbers-den: ")


def test_a_history_that_does_not_lead_to_the_position_is_refused(
    save_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    data = json.loads(save_file.read_text(encoding="utf-8"))
    data["history"] = data["history"][:-3]  # cut short: it no longer ends in the saved state
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    assert main(["review", str(cut)]) == 1
    err = capsys.readouterr().err
    assert err == (
        "robbers-den: The save's move history does not lead to its position, so the game "
        "can't be reviewed.\n"
    )


@pytest.mark.parametrize("budget", ["nan", "inf", "1e400", "-1", "0", "abc", "601"])
def test_a_bad_budget_is_an_argparse_line_and_status_2(
    budget: str, save_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["review", str(save_file), "--budget", budget])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("robbers-den review: error: argument --budget: ")
    with pytest.raises(SystemExit):
        main(["review", str(save_file), "--seats", "some"])


def test_seats_are_the_humans_or_everyone() -> None:
    saved = play_knights(seed=5)
    assert review_cli.chosen_seats(saved, False) == ((0,), False)
    assert review_cli.chosen_seats(saved, True) == ((0, 1), False)
    computers = SavedGame(
        saved.game,
        (SeatRecord("Anna", "computer", "hard", 0), saved.seats[1]),
        saved.state,
        saved.history,
        start=saved.start,
    )
    assert review_cli.chosen_seats(computers, False) == ((0, 1), True)


def test_ctrl_c_stops_soon_and_prints_what_was_judged_as_incomplete(
    save_file: Path, tmp_path: Path
) -> None:
    # stderr on a terminal: the progress line tells when the search is under way.
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-c", RUNNER, "review", str(save_file), "--json", "--budget", "0.5"],
        stdout=subprocess.PIPE,
        stderr=follower,
        env=_env(tmp_path),
        cwd=ROOT,
    )
    os.close(follower)
    seen = b""
    deadline = time.monotonic() + 120
    while b"Reviewing: 1 of" not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1.0)
        if ready:
            try:
                seen += os.read(leader, 1000)
            except OSError:
                break
    assert b"Reviewing: 1 of" in seen, seen
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    os.close(leader)
    assert process.returncode == 130
    partial = json.loads(out)
    assert partial["complete"] is False
    assert 1 <= len(partial["turns"]) < 33
