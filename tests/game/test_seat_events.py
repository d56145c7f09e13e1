"""Seat changes: through JSON and back unchanged, refused when forged, applied by the engine."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import IllegalAction
from game.knights import new_game as knights_game
from game.rummy import new_game as rummy_game
from game.seat_events import CHANGES, LEVELS, MAX_NAME, SeatEvent

names = st.text(
    st.characters(min_codepoint=32, max_codepoint=0xD7FF), min_size=1, max_size=MAX_NAME
)


@given(
    change=st.sampled_from(CHANGES),
    seat=st.integers(0, 5),
    name=names,
    old=names,
    human=st.booleans(),
    level=st.sampled_from(LEVELS),
    colour=st.integers(0, 63),
    seed=st.integers(0, 2**40),
    note=st.text(st.characters(min_codepoint=32, max_codepoint=0xD7FF), max_size=40),
)
def test_every_seat_change_survives_json(
    change: str,
    seat: int,
    name: str,
    old: str,
    human: bool,
    level: str,
    colour: int,
    seed: int,
    note: str,
) -> None:
    event = SeatEvent(
        change,  # type: ignore[arg-type]
        seat,
        name,
        old,
        human,
        level,
        colour,
        seed if change == "new_game" else None,
        note,
    )
    assert SeatEvent.from_dict(json.loads(json.dumps(event.to_dict()))) == event


@pytest.mark.parametrize(
    "forged",
    [
        {"type": "seat", "change": "explode", "seat": 0},
        {"type": "seat", "change": "join", "seat": 0},  # no name
        {"type": "seat", "change": "join", "seat": 9, "name": "A", "level": "easy"},
        {"type": "seat", "change": "seat", "seat": 0, "level": "godlike"},
        {"type": "seat", "change": "join", "seat": 2, "name": "Cid"},  # a computer of no level
        {"type": "seat", "change": "seat", "seat": 1},  # handed to a computer of no level
        {"type": "seat", "change": "rename", "seat": 0, "name": "A\x00B"},
        {"type": "seat", "change": "leave", "seat": 0, "name": "\ud800"},
        {"type": "seat", "change": "new_game", "seat": 0, "seed": 1e400},
        {"type": "seat", "change": "seat", "seat": True, "level": "easy"},
        {"type": "seat", "change": "leave", "seat": 0, "name": "A", "extra": 1},
    ],
)
def test_a_forged_seat_change_is_refused_with_a_reason(forged: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        SeatEvent.from_dict(forged)


def test_rummy_seats_change_through_the_engine_and_knights_seats_are_fixed() -> None:
    state = rummy_game(["Ann", "Bob"], seed=3)
    joined = SeatEvent("join", 2, "Cid", level="easy").apply(state)
    assert [p.name for p in joined.players] == ["Ann", "Bob", "Cid"]
    assert len(joined.players[2].hand) == len(state.players[0].hand)
    seat = state.current_player
    assert seat is not None
    renamed = SeatEvent("rename", seat, "Eve").apply(state)
    assert renamed.players[seat].name == "Eve"
    assert SeatEvent("seat", 0, "Ann", human=False, level="hard").apply(state) is state
    with pytest.raises(IllegalAction):
        SeatEvent("join", 2, "Cid").apply(knights_game(["Ann", "Bob"], seed=3))


def test_a_forged_seat_change_in_a_saved_history_is_not_replayed() -> None:
    """A seat change that names a seat or a player the game never had makes no log lines."""
    from game.persist import replay_states, saved_game
    from game.persist.saves import SeatRecord

    state = rummy_game(["Ann", "Bob"], seed=3)
    seats = [SeatRecord("Ann", "human", None, 0), SeatRecord("Bob", "human", None, 1)]
    honest = SeatEvent("seat", 1, "Bob", old="human", level="easy")
    assert replay_states(saved_game("rummy", seats, state, [honest])) is not None
    for forged in (
        SeatEvent("seat", 1, "Mallory", old="human", level="easy"),  # nobody of that name
        SeatEvent("seat", 5, "Bob", old="human", level="easy"),  # no such seat
        SeatEvent("join", 0, "Eve", level="easy"),  # a join not at the end
    ):
        assert replay_states(saved_game("rummy", seats, state, [forged])) is None
