"""Issue 18: a game review is stored with its save, so reopening it is instant; a damaged or
forged review never costs the game, and a review is stored only in the game it was made for."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ai import make_agent
from ai.review import review_game
from game.knights import new_game
from game.persist import (
    SavedGame,
    SaveError,
    SeatRecord,
    list_saves,
    load_game,
    replay_states,
    save_game,
    save_named,
    saved_game,
    store_review,
)
from game.persist import saves as saves_module
from game.persist.jsonfile import take_problems
from game.persist.saves import dumps_game
from game.review import MAX_ACTIONS, MAX_SEATS, MAX_TURNS, GameReview, ReviewedTurn, review_covers
from game.rummy import Draw, Pass

SEATS = [SeatRecord("Ann", "human", None, 0), SeatRecord("Bot", "computer", "medium", 1)]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "den"
    folder.mkdir()
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(folder))
    take_problems()  # none left over from other tests
    return folder


def played(moves_left: int = 20, extra_moves: int = 0) -> SavedGame:
    """A game of two medium players, saved with its last ``moves_left`` moves as history
    (short play-outs: a quick review); ``extra_moves`` fewer moves left at the end."""
    state = new_game(["Ann", "Bot"], 4)
    agents = [make_agent("knights", "medium", seat) for seat in range(2)]
    rng = random.Random(4)
    states, history = [state], []
    while not state.is_terminal:
        action = agents[state.current_player].choose(state, rng)
        history.append(action)
        state = state.apply(action)
        states.append(state)
    end = len(history) - extra_moves
    begin = end - moves_left
    return saved_game(
        "knights", SEATS, states[end], history[begin:end], {"note": "kept"}, states[begin]
    )


@pytest.fixture(scope="module")
def reviewed() -> tuple[SavedGame, GameReview]:
    saved = played()
    states = replay_states(saved)
    assert states is not None
    turns = list(review_game("knights", states, saved.history, {0}, budget=0.02))
    if not any(turn.best for turn in turns):  # a better move must be stored too
        first = next(i for i, turn in enumerate(turns) if turn.reviewed)
        turn = turns[first]
        move = saved.history[turn.index]
        other = next(a for a in states[turn.index].legal_actions() if a != move)
        turns[first] = dataclasses.replace(
            turn, best=(other,), best_chance=min(1.0, turn.played + 0.2), noise=0.01
        )
    review = GameReview("knights", 0.02, (0,), len(saved.history), tuple(turns), complete=True)
    return saved, review


def test_a_save_with_its_review_loads_back_with_it(reviewed: Any, home: Path) -> None:
    saved, review = reviewed
    with_review = SavedGame(**{**saved.__dict__, "review": review})
    path = save_game(home / "game.json", with_review)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["review"] == review.to_dict()
    loaded = load_game(path)
    assert loaded.review is not None and loaded.review_problem is None
    assert loaded.review.to_dict() == review.to_dict()
    assert loaded.review.turns[0].chances == pytest.approx(review.turns[0].chances, abs=1e-4)
    assert [t.best for t in loaded.review.turns] == [t.best for t in review.turns]
    assert loaded.state.to_dict() == saved.state.to_dict() and loaded.history == saved.history
    assert take_problems() == []


def test_a_save_without_a_review_has_none(reviewed: Any, home: Path) -> None:
    saved, _ = reviewed
    path = save_game(home / "game.json", saved)
    assert "review" not in json.loads(path.read_text(encoding="utf-8"))
    assert load_game(path).review is None


def test_a_stored_review_is_there_when_the_save_is_opened_again(reviewed: Any) -> None:
    saved, review = reviewed
    path = save_named("Evening", saved)
    before = json.loads(path.read_text(encoding="utf-8"))
    assert not next(info for info in list_saves() if info.name == "Evening").has_review
    assert store_review(path, review, made_for=saved) == path
    after = json.loads(path.read_text(encoding="utf-8"))
    assert after.pop("review") == review.to_dict()
    assert after == before  # nothing else changed
    loaded = load_game(path)
    assert loaded.review is not None
    assert review_covers(loaded.review, [0], len(loaded.history))
    info = next(info for info in list_saves() if info.name == "Evening")
    assert info.has_review and info.path == path and info.problem is None
    # A partial review (cancelled) is stored as well: it is resumed, not reused.
    partial = GameReview("knights", 0.02, (0,), review.moves, review.turns[:3], complete=False)
    store_review(path, partial)
    again = load_game(path).review
    assert again is not None and len(again.turns) == 3
    assert not review_covers(again, [0], len(loaded.history))


def forged(review: GameReview, edit: str) -> dict[str, Any]:
    data = review.to_dict()
    turn = data["turns"][0]
    if edit == "chance":
        turn["chances"][0] = 1.5
    elif edit == "field":
        data["verdict"] = "you lost"
    elif edit == "index":
        data["turns"][-1]["index"] = review.moves + 5
        data["moves"] = review.moves + 10
    elif edit == "game":
        data["game"] = "rummy"
        for item in data["turns"]:
            item.pop("best", None)  # (a knights move would not read as a rummy one)
    elif edit == "moves":
        data["moves"] = review.moves + 1
    elif edit == "overlap":  # the second turn starts on the last move of the first
        data["turns"][1]["index"] = turn["index"] + turn["moves"] - 1
    elif edit == "shape":
        data["turns"] = {"0": turn}
    elif edit == "deep":
        data["turns"] = [[[[[[[[[[[]]]]]]]]]]]
    return data


@pytest.mark.parametrize(
    "edit", ["chance", "field", "index", "game", "moves", "overlap", "shape", "deep"]
)
def test_a_damaged_or_forged_review_never_costs_the_game(
    reviewed: Any, home: Path, edit: str
) -> None:
    saved, review = reviewed
    path = save_game(home / "game.json", saved)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["review"] = forged(review, edit)
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_game(path)
    assert loaded.state.to_dict() == saved.state.to_dict() and loaded.history == saved.history
    assert loaded.review is None
    assert loaded.review_problem is not None and "review" in loaded.review_problem
    problems = take_problems()
    assert len(problems) == 1 and "game.json" in problems[0] and "review" in problems[0]
    info = next(iter(list_saves()), None)
    assert info is None or not info.has_review
    # The game can be saved again, and a good review stored in place of the forged one.
    store_review(path, review)
    fixed = load_game(path).review
    assert fixed is not None and fixed.to_dict() == review.to_dict()


def stored_rummy_review() -> dict[str, Any]:
    """A rummy review as its file keeps it: one turn with a better move and hand points, one
    without."""
    turns = (
        ReviewedTurn(0, 2, 0, 1, 1, (0.4, 0.6), 0.4, True, (Draw(), Pass()), 0.55, 0.02, 90, 12, 5),
        ReviewedTurn(2, 1, 1, 1, 1, (0.5, 0.5), 0.5, False),
    )
    return GameReview("rummy", 1.5, (0, 1), 3, turns, complete=True).to_dict()


def test_a_stored_review_reads_back_field_by_field() -> None:
    data = stored_rummy_review()
    read = GameReview.from_dict(json.loads(json.dumps(data)))
    assert read.to_dict() == data
    first, second = read.turns
    assert (first.index, first.moves, first.seat, first.round, first.turn) == (0, 2, 0, 1, 1)
    assert first.best == (Draw(), Pass()) and first.best_chance == 0.55 and first.noise == 0.02
    assert (first.samples, first.points_played, first.points_best) == (90, 12, 5)
    assert first.chances == (0.4, 0.6) and first.played == 0.4 and first.reviewed
    assert second.best == () and second.points_played is None and not second.reviewed
    # without a better move the file keeps no chance for it: it reads as nothing given away
    assert (second.best_chance, second.noise, second.cost, second.is_mistake) == (0, 0, 0, False)
    assert (read.game, read.budget, read.seats, read.moves, read.complete) == (
        "rummy",
        1.5,
        (0, 1),
        3,
        True,
    )


MISSING = object()


@pytest.mark.parametrize(
    ("where", "field", "value", "reason"),
    [
        ("header", "version", True, "version True"),
        ("header", "version", 2, "version 2"),
        ("header", "game", 7, "names no game"),
        ("header", "budget", "1.5", "budget (seconds) holds '1.5', not a number"),
        ("header", "budget", True, "budget (seconds) holds True, not a number"),
        ("header", "budget", 3600.5, "budget (seconds) holds 3600.5, not from 0 to 3600"),
        ("header", "budget", float("nan"), "budget (seconds) holds nan, out of range"),
        ("header", "seats", [0, 6], "seat must be a whole number from 0 to 5"),
        ("header", "seats", "0", "seats must be a short list"),
        ("header", "seats", [0] * 7, "seats must be a short list"),
        ("header", "turns", "none", "turns must be a list"),
        ("header", "moves", 2, "beyond the moves it covers"),
        ("header", "moves", -1, "number of moves must be a whole number"),
        ("header", "complete", 1, "complete flag must be true or false"),
        ("header", "verdict", "lost", "header has an unknown field 'verdict'"),
        ("header", "moves", MISSING, "header lacks 'moves'"),
        ("turn", "chances", [0.4], "one number per seat"),
        ("turn", "chances", [0.1] * 7, "one number per seat"),
        ("turn", "chances", "0.4 0.6", "one number per seat"),
        ("turn", "chances", [0.4, True], "chance holds True, not a number"),
        ("turn", "chances", [0.4, "0.6"], "chance holds '0.6', not a number"),
        ("turn", "played", -0.1, "chance played holds -0.1, not from 0 to 1"),
        ("turn", "played", 1.01, "chance played holds 1.01, not from 0 to 1"),
        ("turn", "played", float("inf"), "chance played holds inf, out of range"),
        ("turn", "best_chance", 2, "better chance holds 2, not from 0 to 1"),
        ("turn", "noise", None, "noise holds None, not a number"),
        ("turn", "reviewed", 1, "reviewed flag must be true or false"),
        ("turn", "index", 1.0, "turn index must be a whole number from 0 to 1000000"),
        ("turn", "index", True, "turn index must be a whole number"),
        ("turn", "moves", 0, "turn length must be a whole number from 1 to"),
        ("turn", "moves", MAX_ACTIONS + 1, "turn length must be a whole number from 1 to"),
        ("turn", "seat", 2, "seat must be a whole number from 0 to 1"),
        ("turn", "round", 0, "round must be a whole number from 1"),
        ("turn", "turn", 0, "turn number must be a whole number from 1"),
        ("turn", "samples", -1, "samples must be a whole number from 0"),
        ("turn", "samples", MISSING, "turn lacks 'samples'"),
        ("turn", "points_played", -1, "hand points played must be a whole number from 0"),
        ("turn", "points_best", 10_001, "hand points best must be a whole number from 0 to 10000"),
        ("turn", "best", {"type": "draw"}, "better move must be a short list"),
        ("turn", "best", [{"type": "draw"}] * (MAX_ACTIONS + 1), "must be a short list"),
        ("turn", "best", [{"type": "jump"}], "better move can't be read"),
        ("turn", "verdict", "bad", "turn has an unknown field 'verdict'"),
        ("turns", "order", None, "must follow each other in the game's order"),
        ("header", "moves", 10**6 + 1, "number of moves must be a whole number from 0 to 1000000"),
        ("turn", "index", 10**6 + 1, "turn index must be a whole number from 0 to 1000000"),
        ("turn", "round", 10**4 + 1, "round must be a whole number from 1 to 10000"),
        ("turn", "turn", 10**5 + 1, "turn number must be a whole number from 1 to 100000"),
        ("turn", "samples", 10**7 + 1, "samples must be a whole number from 0 to 10000000"),
        ("turn", "chances", [0.1] * (MAX_SEATS + 1), "chances must list one number per seat"),
        ("header", "seats", [0] * (MAX_SEATS + 1), "seats must be a short list of seat numbers"),
    ],
)
def test_a_forged_field_of_a_stored_review_is_refused_with_its_reason(
    where: str, field: str, value: Any, reason: str
) -> None:
    """What the player reads when a stored review is refused names what is wrong in it."""
    data = stored_rummy_review()
    target = data if where == "header" else data["turns"][0]
    if where == "turns":
        data["turns"].reverse()
    elif value is MISSING:
        del target[field]
    else:
        target[field] = value
    with pytest.raises(ValueError, match=re.escape(reason)) as refused:
        GameReview.from_dict(data)
    # the player reads it after "the stored review was left out:"
    assert str(refused.value).startswith("the review")
    assert GameReview.from_dict(stored_rummy_review()).moves == 3  # the untouched one reads


def test_a_review_that_is_not_an_object_is_refused_saying_so() -> None:
    with pytest.raises(ValueError) as refused:
        GameReview.from_dict(["version", 1])
    assert str(refused.value) == "the review's header must be a JSON object"


def test_a_review_whose_last_turn_goes_past_its_moves_is_refused() -> None:
    data = stored_rummy_review()
    third = dict(data["turns"][1], index=3)  # moves 3..3: the review covers moves 0..2
    data["turns"].append(third)
    with pytest.raises(ValueError) as refused:
        GameReview.from_dict(data)
    assert str(refused.value) == "the review's turns go beyond the moves it covers"
    data["moves"] = 4
    assert len(GameReview.from_dict(data).turns) == 3


def _longest_review() -> dict[str, Any]:
    data = stored_rummy_review()
    data["turns"] = [dict(data["turns"][1], index=i) for i in range(MAX_TURNS)]
    data["moves"] = MAX_TURNS
    return data


@pytest.mark.parametrize(
    ("where", "changes"),
    [
        ("header", {"moves": 0, "turns": []}),  # a review begun before the first move
        ("header", {"moves": 10**6}),
        ("header", {"seats": list(range(MAX_SEATS))}),
        ("turn", {"round": 10**4, "turn": 10**5, "samples": 10**7}),
        ("turn", {"chances": [0.1] * MAX_SEATS}),
        ("turn", {"best": [{"type": "draw"}] * MAX_ACTIONS}),
        ("longest", {}),
    ],
)
def test_a_review_at_each_limit_still_reads(where: str, changes: dict[str, Any]) -> None:
    """The limits refuse forged files only: a review right at one reads whole."""
    data = _longest_review() if where == "longest" else stored_rummy_review()
    (data if where != "turn" else data["turns"][0]).update(changes)
    read = GameReview.from_dict(data)
    assert read.to_dict() == data


def test_the_costliest_real_mistakes_of_a_seat_come_first() -> None:
    def turn(index: int, seat: int, played: float, best: float, noise: float) -> ReviewedTurn:
        return ReviewedTurn(index, 1, seat, 1, 1, (0.5, 0.5), played, True, (Draw(),), best, noise)

    turns = (
        turn(0, 0, 0.2, 0.3, 0.01),
        turn(1, 0, 0.1, 0.4, 0.01),
        turn(2, 1, 0.0, 0.5, 0.01),  # another seat's
        turn(3, 0, 0.0, 0.05, 0.0),  # exactly the floor: no lesson
        turn(4, 0, 0.0, 0.25, 0.1),  # exactly 2.5 standard errors: may be chance
        turn(5, 0, 0.2, 0.5, 0.01),  # as costly as turn 1: the earlier first
        turn(6, 0, 0.5, 0.4, 0.0),  # played better than the search's move
    )
    review = GameReview("rummy", 1.0, (0, 1), 7, turns, complete=True)
    assert [t.index for t in review.mistakes(0)] == [1, 5, 0]
    assert [t.index for t in review.mistakes(0, limit=2)] == [1, 5]
    assert [t.index for t in review.mistakes(1)] == [2]
    assert turns[6].cost == 0.0 and not turns[3].is_mistake and not turns[4].is_mistake


def test_a_review_covers_a_game_only_when_complete_for_its_moves_and_seats() -> None:
    review = GameReview.from_dict(stored_rummy_review())
    assert review_covers(review, [0], 3) and review_covers(review, [0, 1], 3)
    assert not review_covers(review, [0, 2], 3)  # a seat it did not review
    assert not review_covers(review, [0], 4)  # the game went on since
    partial = dataclasses.replace(review, complete=False)
    assert not review_covers(partial, [0], 3)


def test_a_review_is_not_stored_in_a_file_that_changed_meanwhile(reviewed: Any) -> None:
    saved, review = reviewed
    path = save_named("Later", saved)
    # The game went on and was saved again under the same name: two more moves.
    save_named("Later", played(moves_left=22))
    changed = path.read_bytes()
    with pytest.raises(SaveError, match="no longer holds the game"):
        store_review(path, review)
    assert path.read_bytes() == changed
    # The same number of moves, another position: refused when told the game it was made for.
    save_named("Later", played(moves_left=20, extra_moves=2))
    other = path.read_bytes()
    with pytest.raises(SaveError, match="no longer holds the game"):
        store_review(path, review, made_for=saved)
    assert path.read_bytes() == other
    # Another game in the file: refused as well.
    rummy = SavedGame("knights", saved.seats, saved.state, (), {}, None)
    save_named("Later", rummy)
    with pytest.raises(SaveError):
        store_review(path, review)


def test_a_review_is_not_stored_in_a_damaged_or_missing_file(reviewed: Any, home: Path) -> None:
    _, review = reviewed
    with pytest.raises(SaveError):
        store_review(home / "gone.json", review)
    damaged = home / "damaged.json"
    damaged.write_text('{"format": "robbers-den-save", "version"', encoding="utf-8")
    with pytest.raises(SaveError):
        store_review(damaged, review)
    assert damaged.read_text(encoding="utf-8") == '{"format": "robbers-den-save", "version"'


def test_storing_a_review_replaces_the_file_atomically(
    reviewed: Any, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved, review = reviewed
    path = save_game(home / "game.json", saved)
    good = path.read_bytes()

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patch, pytest.raises(SaveError, match="disk is full"):
        patch.setattr(os, "replace", refuse)
        store_review(path, review)
    assert path.read_bytes() == good  # the old file, whole
    assert sorted(p.name for p in home.iterdir()) == ["game.json"]  # no temp file left
    written: list[Path] = []
    real = saves_module.write_atomic

    def spy(target: Path, text: str) -> None:
        written.append(target)
        real(target, text)

    monkeypatch.setattr(saves_module, "write_atomic", spy)
    store_review(path, review)
    assert written == [path]


def test_a_review_that_does_not_fit_is_left_out_of_the_save(reviewed: Any, home: Path) -> None:
    saved, review = reviewed
    longer = GameReview("knights", 0.02, (0,), review.moves + 3, review.turns, complete=True)
    path = save_game(home / "game.json", SavedGame(**{**saved.__dict__, "review": longer}))
    loaded = load_game(path)  # the game is saved all the same
    assert loaded.review is None and loaded.state.to_dict() == saved.state.to_dict()


def test_a_save_written_while_the_review_is_checked_is_not_overwritten(
    reviewed: Any, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved, review = reviewed
    path = save_game(home / "game.json", saved)
    real = saves_module.game_from_dict
    newer = SavedGame(**{**saved.__dict__, "extra": {"note": "written meanwhile"}})

    calls: list[None] = []

    def meanwhile(data: Any, parse_history: bool = True) -> SavedGame:
        result = real(data, parse_history)
        calls.append(None)
        if len(calls) == 1:
            path.write_text(dumps_game(newer), encoding="utf-8")  # the game saved again
        return result

    monkeypatch.setattr(saves_module, "game_from_dict", meanwhile)
    with pytest.raises(SaveError) as refused:
        store_review(path, review)
    assert str(refused.value) == HELD_NO_LONGER.format(name="game.json")
    monkeypatch.undo()
    assert load_game(path).extra == {"note": "written meanwhile"}


HELD_NO_LONGER = "Can't store the review: {name} no longer holds the game it was made for."


def test_a_review_made_for_another_position_or_history_is_not_stored(reviewed: Any) -> None:
    saved, review = reviewed
    path = save_named("Evening", saved)
    kept = path.read_bytes()
    states = replay_states(saved)
    assert states is not None
    # The file holds the same moves, but the review was made from another position of the game,
    # or from another history reaching this position: it would judge moves nobody played here.
    elsewhere = SavedGame(**{**saved.__dict__, "state": states[0]})
    other_history = SavedGame(**{**saved.__dict__, "history": saved.history[:-1]})
    for made_for in (elsewhere, other_history):
        with pytest.raises(SaveError) as refused:
            store_review(path, review, made_for=made_for)
        assert str(refused.value) == HELD_NO_LONGER.format(name="Evening.json")
        assert path.read_bytes() == kept
    # One move more in the file than the review covers: refused, naming the file.
    save_named("Evening", played(moves_left=21))
    with pytest.raises(SaveError) as refused:
        store_review(path, review)
    assert str(refused.value) == HELD_NO_LONGER.format(name="Evening.json")


def test_opening_a_stored_review_again_needs_no_write(
    reviewed: Any, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review stored already is not written again: a save on a disk that has become
    read-only still opens its review without an error."""
    saved, review = reviewed
    path = save_game(home / "game.json", saved)
    store_review(path, review)

    def read_only(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(os, "replace", read_only)
    assert store_review(path, review, made_for=saved) == path
    partial = GameReview("knights", 0.02, (0,), review.moves, review.turns[:3], complete=False)
    with pytest.raises(SaveError, match="read-only"):  # a different review must be written
        store_review(path, partial)


def test_storing_a_review_writes_the_file_saving_with_it_would(
    reviewed: Any, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same bytes as saving the game with its review (names as typed, not escaped), up to
    the save size limit exactly; past it, refused with the save's own sentence."""
    saved, review = reviewed
    saved = SavedGame(**{**saved.__dict__, "extra": {"note": "Abend bei Jörg"}})
    expected = dumps_game(SavedGame(**{**saved.__dict__, "review": review})).encode("utf-8")
    path = save_game(home / "game.json", saved)
    before = path.read_bytes()
    monkeypatch.setattr(saves_module, "MAX_SAVE_BYTES", len(expected) - 1)
    with pytest.raises(SaveError) as refused:
        store_review(path, review)
    assert str(refused.value) == "Can't save: the game has grown too large for a save file."
    assert path.read_bytes() == before
    monkeypatch.setattr(saves_module, "MAX_SAVE_BYTES", len(expected))
    store_review(path, review)
    assert path.read_bytes() == expected
    assert "Abend bei Jörg" in path.read_text(encoding="utf-8")


def test_a_review_with_a_chance_that_is_not_a_number_is_not_stored(
    reviewed: Any, home: Path
) -> None:
    saved, review = reviewed
    first = review.turns[0]
    broken = dataclasses.replace(first, chances=(float("nan"),) * len(first.chances))
    bad = dataclasses.replace(review, turns=(broken, *review.turns[1:]))
    path = save_game(home / "game.json", saved)
    before = path.read_bytes()
    with pytest.raises(ValueError) as json_says:
        json.dumps(float("nan"), allow_nan=False)
    with pytest.raises(SaveError) as refused:
        store_review(path, bad)
    assert str(refused.value) == (
        f"Can't store the review: it can't be written as JSON ({json_says.value})."
    )
    assert path.read_bytes() == before


def test_the_reason_a_stored_review_is_left_out_is_passed_on_whole(
    reviewed: Any, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved, review = reviewed
    path = save_game(home / "game.json", saved)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["review"] = forged(review, "chance")
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError) as reader_says:
        GameReview.from_dict(data["review"])
    assert load_game(path).review_problem == f"its review is damaged: {reader_says.value}"

    # A reader that slips (an error other than ValueError) costs the review, never the game.
    def slips(data: Any) -> GameReview:
        raise KeyError("turns")

    monkeypatch.setattr(GameReview, "from_dict", staticmethod(slips))
    loaded = load_game(path)
    assert loaded.review_problem == "its review is damaged (KeyError)"
    assert loaded.state.to_dict() == saved.state.to_dict()


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        ("game", "its review is of another game (rummy)"),
        ("moves", "its review goes beyond the moves of the game"),
    ],
)
def test_a_review_of_another_game_or_more_moves_is_left_out_saying_so(
    reviewed: Any, home: Path, edit: str, problem: str
) -> None:
    saved, review = reviewed
    path = save_game(home / "game.json", saved)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["review"] = forged(review, edit)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_game(path).review_problem == problem


def test_a_review_that_would_not_load_back_is_not_stored(reviewed: Any, home: Path) -> None:
    """A review whose last turn runs past its moves (a reviewer's slip) is refused with the
    reason the file would give, and the save stays as it was."""
    saved, review = reviewed
    last = review.turns[-1]
    past = dataclasses.replace(last, index=review.moves - 1, moves=2)
    bad = dataclasses.replace(review, turns=(*review.turns[:-1], past))
    path = save_game(home / "game.json", saved)
    before = path.read_bytes()
    with pytest.raises(ValueError) as reader_says:
        GameReview.from_dict(bad.to_dict())
    with pytest.raises(SaveError) as refused:
        store_review(path, bad)
    assert str(refused.value) == (
        f"Can't store the review: its review is damaged: {reader_says.value}."
    )
    assert path.read_bytes() == before


def test_storing_a_review_keeps_the_time_the_game_was_saved(reviewed: Any) -> None:
    saved, review = reviewed
    path = save_named("Evening", saved)
    os.utime(path, (1_000_000, 2_000_000))
    store_review(path, review)
    assert load_game(path).review is not None
    assert os.stat(path).st_mtime == 2_000_000
    [info] = list_saves()
    assert info.modified == 2_000_000 and info.has_review


def test_a_review_is_stored_where_the_file_time_cant_be_read_or_kept(
    reviewed: Any, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some disks (network shares) refuse to tell or set a file's times: the review is stored
    all the same."""
    saved, review = reviewed
    path = save_game(home / "game.json", saved)

    def refused(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))

    with monkeypatch.context() as patch:
        patch.setattr(os, "utime", refused)
        store_review(path, review)
    assert load_game(path).review is not None
    path = save_game(home / "other.json", saved)
    real_stat = Path.stat

    def no_times(self: Path, **kwargs: Any) -> os.stat_result:
        if self == path:
            refused()
        return real_stat(self, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(Path, "stat", no_times)
        store_review(path, review)
    assert load_game(path).review is not None
