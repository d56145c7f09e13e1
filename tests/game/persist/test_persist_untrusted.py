"""Issue 16: every file the game reads is input from a stranger. Each test here is one finding
of the hostile test on f6dc009: a forged save, settings or statistics file, or a file system
fault, and what the game must do instead of crashing, hanging or losing data."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from game.knights import KnightsState
from game.knights import new_game as knights_new_game
from game.persist import (
    SaveError,
    SeatRecord,
    Settings,
    Stats,
    autosave,
    autosave_path,
    jsonfile,
    list_saves,
    load_autosave,
    load_settings,
    load_stats,
    record_result,
    save_named,
    save_settings,
    saved_game,
    saves_dir,
    settings_path,
    stats_path,
)
from game.persist.atomic import write_atomic
from game.persist.saves import dumps_game, parse_game
from game.rummy import new_game as rummy_new_game
from tests.game.test_movelog_players import random_knights_action


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "den"
    folder.mkdir()
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(folder))
    if hasattr(jsonfile, "take_problems"):
        jsonfile.take_problems()
        with jsonfile._lock:
            jsonfile._left_alone.clear()
    return folder


SEATS = [SeatRecord("Ann", "human", None, 0), SeatRecord("Kunz", "computer", "hard", 1)]


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """A hang becomes a failure (SIGALRM; tests run in the main thread)."""

    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"blocked for {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def knights_save(moves: int = 10) -> dict[str, Any]:
    state = knights_new_game(["Ann", "Kunz"], 3)
    rng = random.Random(3)
    for _ in range(moves):
        state = state.apply(random_knights_action(state, rng))
    return json.loads(dumps_game(saved_game("knights", SEATS, state)))


def rummy_save() -> dict[str, Any]:
    state = rummy_new_game(["Ann", "Kunz"], 4)
    return json.loads(dumps_game(saved_game("rummy", SEATS, state)))


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(SaveError) as caught:
        parse_game(json.dumps(data, ensure_ascii=True))
    return str(caught.value)


# ----- texts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Ann\x00", "\ud800", "A\nB", "\u200b", " \u200b\u3164 ", "x" * 10_000]
)
def test_a_seat_name_the_setup_screen_could_not_make_is_refused(name: str) -> None:
    data = knights_save()
    data["seats"][0]["name"] = name
    message = refusal(data)
    assert message.startswith("Damaged save: ")
    assert "seat 1 needs a name" in message or "seats[0].name: it" in message


@pytest.mark.parametrize("name", ["Ann\x00", "\ud800", "x" * 10_000, "\u200b"])
def test_an_unusable_rummy_player_name_in_the_state_is_refused(name: str) -> None:
    data = rummy_save()
    data["state"]["players"][1]["name"] = name
    assert "Damaged save" in refusal(data)


def test_names_with_marks_emoji_and_right_to_left_text_load() -> None:
    data = knights_save()
    data["seats"][0]["name"] = "\u202eنا 😀"
    assert parse_game(json.dumps(data)).seats[0].name == "\u202eنا 😀"


def test_a_hostile_text_anywhere_in_a_save_is_refused() -> None:
    data = rummy_save()
    data["extra"] = {"rounds": [{"number": 1, "winner": "\x00", "penalties": {}}]}
    assert "control character" in refusal(data)


# ----- seats --------------------------------------------------------------------------------


def test_two_seats_with_the_same_name_are_refused() -> None:
    data = knights_save()
    data["seats"][1]["name"] = "ann "
    assert "same name" in refusal(data)


def test_two_seats_with_the_same_colour_are_refused() -> None:
    data = knights_save()
    data["seats"][1]["colour"] = 0
    assert "same colour" in refusal(data)


def test_a_colour_outside_the_palette_is_refused() -> None:
    data = knights_save()
    data["seats"][1]["colour"] = 6
    assert "colour" in refusal(data)


# ----- hidden markers and numbers ------------------------------------------------------------


def test_a_hidden_tile_in_a_knights_hand_is_refused() -> None:
    data = knights_save()
    data["state"]["hands"][0][0]["tile"] = "?"
    assert "hidden" in refusal(data)


def test_a_hidden_card_in_a_rummy_hand_is_refused() -> None:
    data = rummy_save()
    data["state"]["players"][0]["hand"][0] = "?"
    assert "hidden" in refusal(data)


@pytest.mark.parametrize("value", [10**400, -(10**400), 2**70])
def test_numbers_too_large_for_the_game_are_refused(value: int) -> None:
    data = rummy_save()
    data["state"]["seed"] = value
    text = json.dumps(data)
    with pytest.raises(SaveError, match="outside"):
        parse_game(text)


def test_a_huge_rummy_score_is_refused() -> None:
    data = rummy_save()
    data["state"]["players"][0]["score"] = 10**12
    assert "too large" in refusal(data)


# ----- the writer ---------------------------------------------------------------------------


class DriftingState:
    """A position whose file form changes when it is loaded back (cards written in lower
    case load fine but are written back in upper case)."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.num_players = state.num_players

    def to_dict(self) -> dict[str, Any]:
        data = self.state.to_dict()
        data["players"][0]["hand"] = [card.lower() for card in data["players"][0]["hand"]]
        return data


def test_the_save_writer_refuses_a_position_that_does_not_survive_a_reload() -> None:
    state = rummy_new_game(["Ann", "Kunz"], 4)
    with pytest.raises(SaveError, match="does not survive a reload"):
        dumps_game(saved_game("rummy", SEATS, DriftingState(state)))
    assert dumps_game(saved_game("rummy", SEATS, state))


# ----- settings and statistics ----------------------------------------------------------------


def test_a_settings_number_of_400_digits_gives_the_default_and_the_game_starts(
    home: Path,
) -> None:
    settings_path().write_text('{"version": 1, "ai_pace": 1' + "0" * 400 + ', "language": "de"}')
    settings = load_settings()
    assert settings.ai_pace == Settings().ai_pace and settings.language == "de"


def test_a_stats_total_of_10_to_the_400_is_dropped() -> None:
    good = {"played": 2, "won": 1, "best": 20, "total": 30}
    bad = {"played": 2, "won": 1, "best": 20, "total": 10**400}
    stats_path().write_text(
        json.dumps({"version": 1, "games": {"knights": {"hard": good, "easy": bad}}})
    )
    stats = load_stats()
    assert stats.get("knights", "hard").played == 2
    assert stats.get("knights", "easy").played == 0
    assert all(rec.average is None or rec.average < 1e9 for rec in stats.records.values())


def _deny_reading(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    real_open = os.open

    def refusing(target: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(target) == path:
            raise PermissionError(13, "Permission denied", str(target))
        return real_open(target, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)


def test_an_intact_stats_file_that_cant_be_read_is_left_alone(home: Path) -> None:
    record_result("knights", "hard", True, 20)
    record_result("knights", "hard", True, 24)
    content = stats_path().read_bytes()
    with pytest.MonkeyPatch.context() as patch:
        _deny_reading(patch, stats_path())
        assert load_stats() == Stats()  # defaults in memory
        problems = jsonfile.take_problems()
        assert problems and "permission to read" in problems[0]
        with pytest.raises(SaveError, match="left as it is"):
            record_result("knights", "hard", False, 3)  # counting does not start again at 0
    assert stats_path().read_bytes() == content
    assert not list(home.glob("stats.json.bad*"))


def test_an_intact_settings_file_that_cant_be_read_is_left_alone(home: Path) -> None:
    save_settings(Settings().replace(language="nl"))
    content = settings_path().read_bytes()
    with pytest.MonkeyPatch.context() as patch:
        _deny_reading(patch, settings_path())
        assert load_settings() == Settings()
        with pytest.raises(SaveError):
            save_settings(Settings().replace(language="de"))
    assert settings_path().read_bytes() == content
    assert not list(home.glob("settings.json.bad*"))


def test_each_damaged_file_is_set_aside_under_a_new_name(home: Path) -> None:
    for number in range(3):
        stats_path().write_bytes(b"{damaged %d" % number)
        assert load_stats() == Stats()
    kept = sorted(home.glob("stats.json.bad-*"))
    assert len(kept) == 3
    assert sorted(p.read_bytes() for p in kept) == [b"{damaged 0", b"{damaged 1", b"{damaged 2"]


def test_a_finished_result_is_counted_once_however_often_it_is_recorded() -> None:
    for _ in range(3):
        record_result("knights", "hard", True, 20, key="game-1:0")
    record_result("knights", "hard", False, 10, key="game-2:0")
    record = load_stats().get("knights", "hard")
    assert (record.played, record.won, record.total) == (2, 1, 30)


# ----- special files --------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("which", ["settings", "stats", "continue"])
def test_a_fifo_in_place_of_a_file_is_refused_without_blocking(which: str) -> None:
    path = {"settings": settings_path(), "stats": stats_path(), "continue": autosave_path()}[which]
    os.mkfifo(path)
    started = time.monotonic()
    with time_limit(3):
        if which == "settings":
            assert load_settings() == Settings()
        elif which == "stats":
            assert load_stats() == Stats()
        else:
            with pytest.raises(SaveError, match="not an ordinary file"):
                load_autosave()
    assert time.monotonic() - started < 1.0
    assert path.exists()  # left alone, not renamed


def test_a_folder_in_place_of_the_autosave_is_refused_in_words() -> None:
    autosave_path().mkdir()
    with pytest.raises(SaveError, match="is a folder"):
        load_autosave()


def test_a_data_folder_that_is_a_file_is_named_in_the_message(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = home / "blocker"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(blocker / "inner"))
    with pytest.raises(SaveError) as caught:
        autosave(saved_game("knights", SEATS, knights_new_game(["Ann", "Kunz"], 1)))
    message = str(caught.value)
    assert "blocker is a file where the game needs a folder" in message
    assert "File exists" not in message and "Not a directory" not in message


def test_stale_temp_files_are_removed_and_fresh_ones_kept(home: Path) -> None:
    from game.persist.atomic import remove_stale_temp_files

    write_atomic(home / "continue.json", "{}")
    stale = home / ".continue.json.abc123.tmp"
    fresh = home / ".stats.json.def456.tmp"
    stale.write_text("half")
    fresh.write_text("being written")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert remove_stale_temp_files(home) == [stale]
    assert not stale.exists() and fresh.exists() and (home / "continue.json").exists()


# ----- named saves ----------------------------------------------------------------------------


def test_the_replace_check_asks_about_exactly_the_file_that_would_be_written() -> None:
    from game.persist.saves import named_save_exists

    saved = saved_game("knights", SEATS, knights_new_game(["Ann", "Kunz"], 1))
    save_named("Evening game", saved)
    assert named_save_exists("Evening  game")  # the same file: the spaces collapse
    assert named_save_exists(" Evening game ")
    folds = os.path.exists(saves_dir() / "EVENING GAME.json")
    assert named_save_exists("evening game") == folds  # as the file system decides
    assert not named_save_exists("Morning game")


def test_a_listed_save_with_a_name_the_game_would_not_give_can_be_deleted() -> None:
    from game.persist.saves import delete_listed

    saved = saved_game("knights", SEATS, knights_new_game(["Ann", "Kunz"], 1))
    path = save_named("plain", saved)
    odd = path.with_name("odd!name..json")
    path.rename(odd)
    (info,) = list_saves()
    assert info.problem is None and info.path == odd
    delete_listed(info)
    assert list_saves() == []


def test_a_knights_state_view_is_not_a_save() -> None:
    state = knights_new_game(["Ann", "Kunz"], 3)
    view = state.view(0)
    assert isinstance(KnightsState.from_dict(view.to_dict()), KnightsState)  # the engine reads
    data = knights_save(0)
    data["state"] = view.to_dict()
    assert "hidden" in refusal(data)


def test_a_saves_folder_that_is_a_file_is_named_when_listing(home: Path) -> None:
    saves_dir().write_text("not a folder")
    with pytest.raises(SaveError) as caught:
        list_saves()
    message = str(caught.value)
    assert "saves is a file where the game needs a folder" in message
    assert "Not a directory" not in message


def test_the_longest_name_a_name_field_takes_still_saves_and_one_more_is_refused() -> None:
    from game.persist.validate import MAX_NAME

    longest = "M" * MAX_NAME  # the rummy table's add/rename dialog takes 16 letters
    state = rummy_new_game(["Ann", "Kunz"], 4).add_player(longest)
    seats = [*SEATS, SeatRecord(longest, "human", None, 2)]
    data = json.loads(dumps_game(saved_game("rummy", seats, state)))
    assert parse_game(json.dumps(data)).players[-1] == longest
    data["seats"][2]["name"] = data["state"]["players"][2]["name"] = longest + "M"
    assert "Damaged save" in refusal(data)
