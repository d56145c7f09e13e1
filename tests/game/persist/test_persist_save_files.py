"""Named saves as the Load screen shows them (game.persist.saves): what is listed and in which
order, what can't be loaded or deleted and the sentence saying why, and a stored review that
had to be left out."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.knights import new_game
from game.persist import SavedGame, SaveError, SeatRecord, saved_game
from game.persist import saves as saves_module
from game.persist.jsonfile import take_problems
from game.persist.paths import saves_dir
from game.persist.saves import (
    SAVE_SUFFIX,
    SaveInfo,
    check_save_name,
    delete_listed,
    delete_named,
    list_saves,
    load_game,
    load_named,
    save_named,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "den"
    folder.mkdir()
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(folder))
    take_problems()
    return folder


def a_game(seed: int = 5) -> SavedGame:
    seats = [SeatRecord("Ann", "human", None, 0), SeatRecord("Bot", "computer", "hard", 1)]
    return saved_game("knights", seats, new_game(["Ann", "Bot"], seed))


def test_a_missing_save_is_named_as_the_player_typed_it_cleaned() -> None:
    with pytest.raises(SaveError) as info:
        load_named("  Evening   game ")
    assert str(info.value) == "There is no saved game called “Evening game”."


def test_only_save_files_are_listed_newest_first_then_by_name() -> None:
    old = save_named("zebra", a_game())
    new = save_named("Apple", a_game(6))
    same = save_named("banana", a_game(7))
    os.utime(old, (1_000, 1_000))
    os.utime(new, (5_000, 5_000))
    os.utime(same, (5_000, 5_000))
    (saves_dir() / "notes.txt").write_text("not a save", encoding="utf-8")
    (saves_dir() / ("folder" + SAVE_SUFFIX)).mkdir()
    listed = list_saves()
    assert [info.name for info in listed] == ["Apple", "banana", "zebra"]
    assert [info.modified for info in listed] == [5_000, 5_000, 1_000]
    assert all(info.game == "knights" and info.problem is None for info in listed)
    assert listed[0].players == ("Ann", "Bot") and not listed[0].has_review


def test_a_damaged_save_is_listed_with_the_reason_it_wont_load() -> None:
    path = saves_dir()
    path.mkdir(parents=True, exist_ok=True)
    (path / ("broken" + SAVE_SUFFIX)).write_text("{", encoding="utf-8")
    [info] = list_saves()
    assert (info.name, info.game, info.players) == ("broken", None, ())
    assert info.problem == "This is not a saved game: the file is damaged or cut short."


def test_only_a_listed_save_file_can_be_deleted(tmp_path: Path) -> None:
    outside = tmp_path / ("elsewhere" + SAVE_SUFFIX)
    outside.write_text("{}", encoding="utf-8")
    save_named("kept", a_game())
    notes = saves_dir() / "notes.txt"
    notes.write_text("mine", encoding="utf-8")
    for path in (outside, notes):
        with pytest.raises(SaveError) as info:
            delete_listed(SaveInfo("x", path, 0.0, None, ()))
        assert str(info.value) == f"Can't delete the file: {path} is not a saved game."
        assert path.exists()
    [listed] = list_saves()
    delete_listed(listed)
    assert list_saves() == []


def test_a_save_whose_review_cant_be_used_loads_without_it_and_says_why() -> None:
    path = save_named("reviewed", a_game())
    data = json.loads(path.read_text(encoding="utf-8"))
    data["review"] = 5
    path.write_text(json.dumps(data), encoding="utf-8")
    saved = load_game(path)
    assert saved.review is None and saved.review_problem
    assert take_problems() == [
        f"The game in {path.name} loads without its review: {saved.review_problem}."
    ]


@pytest.mark.parametrize(
    "name,reason",
    [
        ("   ", "Give the save a name."),
        ("x" * 41, "A save name can have at most 40 characters."),
        ("a/b", "A save name may use letters, digits, spaces and - _ ' ( ) only."),
        ("-rf", "A save name may use letters, digits, spaces and - _ ' ( ) only."),
    ],
)
def test_a_save_name_that_cant_be_a_file_name_is_refused_with_the_reason(
    name: str, reason: str
) -> None:
    with pytest.raises(SaveError) as info:
        check_save_name(name)
    assert str(info.value) == reason


def test_a_save_name_is_cleaned_of_extra_spaces() -> None:
    assert check_save_name("  Ann's   game (2)-b_c ") == "Ann's game (2)-b_c"
    assert check_save_name("x" * 40) == "x" * 40


def test_a_save_that_cant_be_deleted_says_why() -> None:
    save_named("kept", a_game())
    folder = saves_dir() / ("Evening" + SAVE_SUFFIX)
    folder.mkdir()  # a folder where the save's file would be: the file system refuses
    with pytest.raises(SaveError) as info:
        delete_named("Evening")
    assert str(info.value) == f"Can't delete the file: {folder} is a folder, not a file."
    assert folder.is_dir() and [listed.name for listed in list_saves()] == ["kept"]


def test_a_saves_folder_that_is_a_file_is_named_when_listing_fails(home: Path) -> None:
    saves_dir().write_text("not a folder", encoding="utf-8")
    with pytest.raises(SaveError) as info:
        list_saves()
    assert str(info.value) == (
        f"Can't list the saved games: {saves_dir()} is a file where the game needs a folder."
    )


def test_a_save_deleted_while_the_list_is_read_leaves_the_others_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("Apple", "banana", "cherry"):
        save_named(name, a_game())
    gone = save_named("gone", a_game())
    real_iterdir, real_is_file = Path.iterdir, saves_module._is_file

    def gone_first(self: Path) -> Any:
        return iter(sorted(real_iterdir(self), key=lambda p: p.name != gone.name))

    def deleted_meanwhile(path: Path) -> bool:
        found = real_is_file(path)
        if path == gone:
            gone.unlink()  # by another window, just after it was listed
        return found

    monkeypatch.setattr(Path, "iterdir", gone_first)
    monkeypatch.setattr(saves_module, "_is_file", deleted_meanwhile)
    assert sorted(info.name for info in list_saves()) == ["Apple", "banana", "cherry"]


def test_a_damaged_save_in_the_list_can_be_deleted() -> None:
    (saves_dir()).mkdir(parents=True, exist_ok=True)
    broken = saves_dir() / ("broken" + SAVE_SUFFIX)
    broken.write_text("{", encoding="utf-8")
    [info] = list_saves()
    assert info.problem and info.path == broken
    delete_listed(info)
    assert list_saves() == [] and not broken.exists()


def test_saves_of_the_same_minute_are_listed_by_name_whatever_the_case() -> None:
    for name in ("ab", "A_c", "aa"):
        os.utime(save_named(name, a_game()), (5_000, 5_000))
    assert [info.name for info in list_saves()] == ["A_c", "aa", "ab"]  # "_" before letters
