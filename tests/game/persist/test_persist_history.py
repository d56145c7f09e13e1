"""Issue 16, memory: a save keeps what the log and Continue need (the current round, at most
KEEP_MOVES moves, from the position before them), so autosave works for an evening of any
length."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.i18n import shown_text
from game.persist import load_game, replay_states, save_game
from game.persist.history import KEEP_MOVES, replayable_past
from game.persist.saves import MAX_HISTORY, dumps_game
from game.play.session import HistoryEntry, Seat, Session
from game.ui.saving import saved_from_table, session_from_saved
from game.ui.tables import open_table
from game.ui.testing import headless_app
from tests.game.test_movelog_players import random_knights_action, random_rummy_action


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    return tmp_path


def FakeTable(session: Session) -> Any:  # noqa: N802 - stands where a fake class stood
    """The session at its real table (headless), which ``saved_from_table`` reads."""
    app = headless_app((1024, 640), pace=0.0)
    return open_table(app, session)


def rummy_evening(rounds: int) -> Session:
    seats = [Seat("Ann", True, "medium", 0), Seat("Kunz", False, "hard", 1)]
    session = Session("rummy", seats, seed=12)
    rng = random.Random(12)
    while session.state.round < rounds or not session.state.is_terminal:
        session.apply(random_rummy_action(session.state, rng))
    for _ in range(6):  # a few moves into the last round
        session.apply(random_rummy_action(session.state, rng))
    return session


def test_a_rummy_save_keeps_the_current_round_and_continues_exactly(home: Path) -> None:
    session = rummy_evening(rounds=4)
    table = FakeTable(session)
    saved = saved_from_table(table)
    last_deal = max(
        i for i, e in enumerate(session.history) if type(e.action).__name__ == "NextRound"
    )
    assert list(saved.history) == [e.action for e in session.history[last_deal + 1 :]]
    assert len(saved.history) < len(session.history) // 2
    path = save_game(home / "evening.json", saved)
    loaded = load_game(path)
    assert loaded.start is not None and loaded.start.round == session.state.round
    assert replay_states(loaded) is not None  # the log of this round comes back
    resumed = session_from_saved(loaded)
    assert resumed.state.to_dict() == session.state.to_dict()
    assert [e.action for e in resumed.history] == list(saved.history)
    assert len(resumed.history) == len(saved.history) and all(e.text for e in resumed.history)
    # the earlier rounds' moves come back as log lines only: the lines the table showed
    earlier = [shown_text(text) for _seat, text, _kind in loaded.extra["log"]]
    shown = [line for line, _colour in table.log.entries]
    kept = sum(len(table.logged_lines(i)) for i in range(last_deal + 1, len(session.history)))
    assert earlier and shown[: len(shown) - kept][-len(earlier) :] == earlier
    # and saved again after Continue: the same start, the same moves
    again = saved_from_table(FakeTable(resumed))
    assert again.start.to_dict() == loaded.start.to_dict()
    assert again.history == loaded.history


def test_the_save_stays_the_size_of_one_round_however_long_the_evening() -> None:
    short = len(dumps_game(saved_from_table(FakeTable(rummy_evening(rounds=2)))))
    long = len(dumps_game(saved_from_table(FakeTable(rummy_evening(rounds=8)))))
    assert long < 3 * short


def test_a_save_keeps_at_most_keep_moves_from_the_position_before_them() -> None:
    seats = [Seat("Ann", True, "medium", 0), Seat("Kunz", False, "hard", 1)]
    session = Session("knights", seats, seed=3)
    rng = random.Random(3)
    for _ in range(30):
        session.apply(random_knights_action(session.state, rng))
    start, actions = replayable_past(session.game, session.history, session.state, keep=10)
    assert actions == [e.action for e in session.history[-10:]]
    assert start is session.history[-10].before
    saved = saved_from_table(FakeTable(session))
    assert saved.start.to_dict() == session.history[0].before.to_dict()  # the whole game fits
    assert replay_states(saved) is not None


def test_autosave_keeps_working_past_the_history_limit() -> None:
    session = rummy_evening(rounds=1)
    entry = session.history[-1]
    # An evening whose moves since the last deal outnumber what a save may hold.
    endless = [HistoryEntry(entry.seat, entry.action, entry.text, entry.before)] * (
        MAX_HISTORY + 10
    )
    session.history = endless
    saved = saved_from_table(FakeTable(session))
    assert len(saved.history) == KEEP_MOVES
    text = dumps_game(saved)  # not refused
    assert len(json.loads(text)["history"]) == KEEP_MOVES
