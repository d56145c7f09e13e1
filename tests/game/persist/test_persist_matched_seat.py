"""A computer seat "matched to me" in a save: its strength kept, older saves unchanged, and a
forged strength refused with the save's message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.knights import new_game
from game.persist import SaveError, load_game, save_game
from game.persist.saves import dumps_game, parse_game, saved_game
from game.play.session import Seat
from game.ui.saving import session_from_saved


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    return tmp_path


def seats() -> list[Seat]:
    return [Seat("Ann", True), Seat("Kunz", False, "hard", 1, strength=2.35)]


def test_a_matched_seat_comes_back_from_its_save(tmp_path: Path) -> None:
    state = new_game(["Ann", "Kunz"], 7)
    path = save_game(tmp_path / "game.json", saved_game("knights", seats(), state))
    loaded = load_game(path)
    assert loaded.seats[1].strength == 2.35 and loaded.seats[1].level == "hard"
    session = session_from_saved(loaded)
    assert session.seats[1].strength == 2.35
    spec = session.agent(1)
    assert getattr(spec, "strength", None) == 2.35
    assert json.loads(dumps_game(loaded))["seats"][1]["strength"] == 235
    # a plain seat writes what older versions wrote: no "strength" key
    plain = json.loads(
        dumps_game(saved_game("knights", seats()[:1] + [Seat("Bo", False, colour=1)], state))
    )
    assert all("strength" not in seat for seat in plain["seats"])


def test_an_older_save_without_strength_loads_as_before(tmp_path: Path) -> None:
    state = new_game(["Ann", "Kunz"], 7)
    text = dumps_game(
        saved_game("knights", [Seat("Ann", True), Seat("Kunz", False, "hard", 1)], state)
    )
    loaded = parse_game(text)
    assert loaded.seats[1].strength is None and loaded.seats[1].level == "hard"


@pytest.mark.parametrize(
    "strength, level, kind",
    [
        (350, "expert", "computer"),
        (-50, "easy", "computer"),
        ("200", "hard", "computer"),
        (True, "medium", "computer"),
        (2.5, "hard", "computer"),  # hundredths: no fractions
        (10**400, "expert", "computer"),
        (250, "easy", "computer"),  # its level must be the one at or below it
        (150, None, "human"),
    ],
)
def test_a_forged_strength_is_refused(strength: object, level: object, kind: str) -> None:
    state = new_game(["Ann", "Kunz"], 7)
    data = json.loads(dumps_game(saved_game("knights", seats(), state)))
    data["seats"][1].update(strength=strength, level=level, kind=kind)
    text = json.dumps(data)
    with pytest.raises(SaveError, match=r"seat 2|seats\[1\]"):
        parse_game(text)
