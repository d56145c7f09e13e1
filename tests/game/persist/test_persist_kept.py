"""Finished games kept by themselves: the newest 20, in a folder of their own beside the named
saves, deleted on request, and read as untrusted as any save."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from game.persist import (
    KEPT_GAMES,
    SaveError,
    delete_listed,
    keep_finished,
    kept_dir,
    list_kept,
    list_saves,
    load_game,
    save_named,
    saved_game,
    store_kept_review,
)
from game.play.session import Seat, Session
from game.review import GameReview, ReviewedTurn

SEATS = [Seat("Ann", True, colour=0), Seat("Kunz", False, "easy", colour=1)]


def finished_nim(seed: int) -> Session:
    session = Session("nim", list(SEATS), seed=seed)
    rng = random.Random(seed)
    while not session.state.is_terminal:
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def kept_game(seed: int) -> Path:
    session = finished_nim(seed)
    saved = saved_game("nim", session.seats, session.state, [e.action for e in session.history])
    return keep_finished(saved)


def test_a_kept_game_is_listed_with_its_winner_and_is_an_ordinary_save() -> None:
    path = kept_game(1)
    assert path.parent == kept_dir()
    [info] = list_kept()
    assert info.kept and info.problem is None and info.game == "nim"
    assert info.players == ("Ann", "Kunz") and len(info.winners) == 1
    assert load_game(path).state.is_terminal  # the ordinary format: any reader loads it
    assert json.loads(path.read_text("utf-8"))["format"] == "robbers-den-save"
    assert list_saves() == []  # not among the named saves


def test_the_newest_twenty_are_kept_and_never_a_named_save_is_dropped() -> None:
    session = finished_nim(99)
    saved = saved_game("nim", session.seats, session.state, [e.action for e in session.history])
    named = save_named("Evening", saved)
    paths = []
    for seed in range(KEPT_GAMES + 1):
        path = kept_game(seed + 10)
        os.utime(path, (1_000_000 + seed, 1_000_000 + seed))  # one a second, oldest first
        paths.append(path)
    kept = list_kept()
    assert len(kept) == KEPT_GAMES
    assert [info.path for info in kept] == paths[::-1][:KEPT_GAMES]
    assert not paths[0].exists()  # the oldest made room
    assert named.exists() and [info.name for info in list_saves()] == ["Evening"]


def test_a_kept_game_is_deleted_on_request() -> None:
    first, second = kept_game(1), kept_game(2)
    info = next(info for info in list_kept() if info.path == first)
    delete_listed(info)
    assert not first.exists() and [info.path for info in list_kept()] == [second]


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "robbers-den-save", "vers',
        json.dumps({"format": "robbers-den-save", "version": 1, "game": "nim", "seats": []}),
        "[1, 2, 3]",
        b"\xff\xfe not text",
    ],
)
def test_a_forged_kept_file_is_listed_with_its_problem(text: str | bytes) -> None:
    good = kept_game(3)
    forged = kept_dir() / "forged.json"
    forged.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    infos = {info.path: info for info in list_kept()}
    assert infos[good].problem is None
    assert infos[forged].problem and infos[forged].kept and infos[forged].game is None
    with pytest.raises(SaveError):
        load_game(forged)


def test_an_old_save_folder_without_kept_games_still_lists_and_loads(tmp_path: Path) -> None:
    session = finished_nim(5)
    saved = saved_game("nim", session.seats, session.state, [e.action for e in session.history])
    save_named("old", saved)
    assert list_kept() == []
    assert [info.name for info in list_saves()] == ["old"]
    kept_game(6)  # the kept folder inside the saves is no save of its own
    assert [info.name for info in list_saves()] == ["old"]


def test_a_file_in_the_way_of_the_kept_folder_is_a_message() -> None:
    kept_dir().parent.mkdir(parents=True, exist_ok=True)
    kept_dir().write_text("not a folder", encoding="utf-8")
    session = finished_nim(7)
    saved = saved_game("nim", session.seats, session.state, [e.action for e in session.history])
    with pytest.raises(SaveError):
        keep_finished(saved)


def nim_review(session: Session) -> GameReview:
    """A complete review of every decision of seat 0 (no findings)."""
    turns, number = [], 0
    for index, entry in enumerate(session.history):
        if entry.seat == 0:
            number += 1
            turns.append(ReviewedTurn(index, 1, 0, 1, number, (0.5, 0.5), 0.5, True))
    return GameReview("nim", 0.05, (0,), len(session.history), tuple(turns), True)


def test_a_review_goes_into_the_kept_file_of_its_game_only() -> None:
    sessions = [finished_nim(seed) for seed in (1, 2)]
    kept = [
        saved_game("nim", s.seats, s.state, [e.action for e in s.history]) for s in sessions
    ]
    first, second = (keep_finished(saved) for saved in kept)
    other_bytes, first_time = second.read_bytes(), first.stat().st_mtime_ns
    review = nim_review(sessions[0])
    assert store_kept_review(kept[0], review) == first
    loaded = load_game(first).review
    assert loaded is not None and loaded.to_dict() == review.to_dict()
    assert second.read_bytes() == other_bytes  # the other kept game is left alone
    assert first.stat().st_mtime_ns == first_time  # still listed when it was kept
    first.unlink()  # deleted from the Load screen: nothing to store it in
    assert store_kept_review(kept[0], review) is None
    assert second.read_bytes() == other_bytes
