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
    ("forged", "reason"),
    [
        ({"type": "seat", "change": "explode", "seat": 0}, "unknown seat change 'explode'"),
        ({"type": "seat", "change": "join", "seat": 0}, "a seat change without a name"),
        (
            {"type": "seat", "change": "join", "seat": 9, "name": "A", "level": "easy"},
            "a seat change's seat must be a whole number from 0 to 5",
        ),
        ({"type": "seat", "change": "seat", "seat": 0, "level": "godlike"}, "unknown level"),
        # a computer of no level
        ({"type": "seat", "change": "join", "seat": 2, "name": "Cid"}, "unknown level None"),
        # handed to a computer of no level
        ({"type": "seat", "change": "seat", "seat": 1}, "unknown level None"),
        (
            {"type": "seat", "change": "rename", "seat": 0, "name": "A\x00B"},
            "a seat change's name holds characters that can't be shown",
        ),
        (
            {"type": "seat", "change": "leave", "seat": 0, "name": "\ud800"},
            "a seat change's name holds characters that can't be shown",
        ),
        (
            {"type": "seat", "change": "leave", "seat": 0, "name": "\udfff"},  # the last one
            "a seat change's name holds characters that can't be shown",
        ),
        (
            {"type": "seat", "change": "leave", "seat": 0, "name": "A" * (MAX_NAME + 1)},
            f"a seat change's name must be text of at most {MAX_NAME} characters",
        ),
        (
            {"type": "seat", "change": "leave", "seat": 0, "name": 7},
            f"a seat change's name must be text of at most {MAX_NAME} characters",
        ),
        (
            {"type": "seat", "change": "new_game", "seat": 0, "seed": 1e400},
            "a seat change's seed must be a whole number from 0 to 9223372036854775807",
        ),
        (
            {"type": "seat", "change": "seat", "seat": True, "level": "easy"},
            "a seat change's seat must be a whole number from 0 to 5",
        ),
        (
            {"type": "seat", "change": "leave", "seat": 0, "name": "A", "extra": 1, "more": 2},
            "unknown fields in a seat change: extra, more",
        ),
        ({"type": "move", "change": "leave", "seat": 0, "name": "A"}, "not a seat change"),
        (
            {"type": "seat", "change": "rename", "seat": 0, "name": "  "},
            "a seat change without a name",
        ),
        ({"type": "seat", "change": "leave", "seat": 0}, "a seat change without a name"),
        (
            {"type": "seat", "change": "seat", "seat": 0, "human": "yes"},
            "a seat change's 'human' must be true or false",
        ),
        (
            {"type": "seat", "change": "seat", "seat": 0, "human": True, "level": "godlike"},
            "unknown level 'godlike'",
        ),
        (
            {"type": "seat", "change": "join", "seat": 2, "name": "C", "human": True, "colour": 64},
            "a seat change's colour must be a whole number from 0 to 63",
        ),
        (
            {"type": "seat", "change": "seat", "seat": 0, "human": True, "seed": 5},
            "only a new game has a seed",
        ),
        (
            {"type": "seat", "change": "seat", "seat": 0, "human": True, "note": "n" * 301},
            "a seat change's note must be text of at most 300 characters",
        ),
        (
            {"type": "seat", "change": "rename", "seat": 0, "name": "B", "old": ["A"]},
            f"a seat change's old name must be text of at most {MAX_NAME} characters",
        ),
        (["seat", "leave"], "not a seat change"),
    ],
)
def test_a_forged_seat_change_is_refused_with_a_reason(forged: object, reason: str) -> None:
    """The reason is what the player reads in 'Damaged save: move N of the history is invalid'."""
    with pytest.raises(ValueError) as refused:
        SeatEvent.from_dict(forged)  # type: ignore[arg-type]
    assert str(refused.value).startswith(reason)


def test_a_forged_seat_change_in_a_save_is_refused_naming_the_move_and_the_field() -> None:
    from game.persist import SaveError, saved_game
    from game.persist.saves import SeatRecord, game_from_dict

    state = rummy_game(["Ann", "Bob"], seed=3)
    seats = [SeatRecord("Ann", "human", None, 0), SeatRecord("Bob", "human", None, 1)]
    data = saved_game("rummy", seats, state).to_dict()
    data["history"] = [{"type": "seat", "change": "seat", "seat": 6, "level": "easy"}]
    with pytest.raises(SaveError) as refused:
        game_from_dict(data)
    assert str(refused.value) == (
        "Damaged save: move 1 of the history is invalid:"
        " a seat change's seat must be a whole number from 0 to 5."
    )


@pytest.mark.parametrize(
    "event",
    [
        SeatEvent("join", 2, "Cid", level="easy"),  # no old name, colour 0, no note
        SeatEvent("join", 2, "Cid", human=True, colour=63),
        SeatEvent("seat", 1, "Bob", old="human", level="hard", note="n" * 300),
    ],
)
def test_a_seat_change_with_fields_at_their_defaults_or_limits_reads_back(
    event: SeatEvent,
) -> None:
    assert SeatEvent.from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_a_name_may_hold_any_character_past_the_surrogates() -> None:
    event = SeatEvent("rename", 0, "\ue000\ud7ff", old="A")
    assert SeatEvent.from_dict(event.to_dict()) == event


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
    three = rummy_game(["Ann", "Bob", "Cid"], seed=3)
    on_turn = three.current_player
    assert on_turn is not None
    left = SeatEvent("leave", on_turn, three.players[on_turn].name).apply(three)
    assert len(left.players) == 2
    assert three.players[on_turn].name not in [p.name for p in left.players]
    knights = knights_game(["Ann", "Bob"], seed=3)
    for change in ("join", "rename", "leave"):
        with pytest.raises(IllegalAction) as refused:
            SeatEvent(change, 0, "Cid").apply(knights)
        assert str(refused.value) == "this game is played by the seats it began with"


def test_a_new_game_change_deals_again_with_its_seed_or_is_refused() -> None:
    from game.registry import game_spec

    state = rummy_game(["Ann", "Bob"], seed=3)
    restart = game_spec("rummy").restart
    assert restart is not None
    dealt = SeatEvent("new_game", 0, seed=11).apply(state, restart)
    assert dealt == restart(state, 11) == rummy_game(["Ann", "Bob"], seed=11)
    assert dealt != rummy_game(["Ann", "Bob"], seed=3)
    for event, given_restart in (
        (SeatEvent("new_game", 0, seed=11), None),  # a game that can't start again
        (SeatEvent("new_game", 0), restart),  # no deal to start from
    ):
        with pytest.raises(IllegalAction) as refused:
            event.apply(state, given_restart)
        assert str(refused.value) == "this game can't start again at a new deal"


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
