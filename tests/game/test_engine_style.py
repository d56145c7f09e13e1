"""Both engines in one style: frozen states, ``current_player`` as the one name for the seat to
move, and saves written before that change (tests/data, by the code of f6dc009) still playing on.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import typing
from dataclasses import FrozenInstanceError
from typing import Any

import pytest

from game.knights import KnightsState, Place
from game.knights import new_game as knights_game
from game.knights.serial import PHASES
from game.knights.state import Phase
from game.persist import load_game, replay_states
from game.rummy import RummyState
from game.rummy import new_game as rummy_game
from tests.paths import DATA


def knights_midgame() -> KnightsState:
    rng = random.Random(4)
    state = knights_game(3, seed=4)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


KNIGHTS_FIELDS = (
    "players", "num_players", "seed", "area", "phase", "current_player", "lays_this_turn",
    "pending", "hands", "piles", "supply", "kept", "start", "_board", "_legal", "_spots",
)  # fmt: skip


@pytest.mark.parametrize("name", KNIGHTS_FIELDS)
def test_a_knights_state_refuses_every_assignment(name: str) -> None:
    state = knights_midgame()
    before = state.to_dict()
    with pytest.raises(FrozenInstanceError):
        setattr(state, name, None)
    with pytest.raises(FrozenInstanceError):
        delattr(state, name)
    with pytest.raises((FrozenInstanceError, AttributeError)):
        state.new_attribute = 1  # type: ignore[attr-defined]
    assert state.to_dict() == before
    assert state.legal_actions()  # its caches still work


def test_a_rummy_state_refuses_assignment_too() -> None:
    state = rummy_game(3, seed=2)
    with pytest.raises(FrozenInstanceError):
        state.current_player = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        state.players[0].score = 5  # type: ignore[misc]


def test_apply_view_and_determinize_give_frozen_states_and_leave_the_old_one() -> None:
    state = knights_midgame()
    before = state.to_dict()
    for new in (
        state.apply(state.legal_actions()[0]),
        state.view(0),
        state.determinize(1, random.Random(1)),
        KnightsState.from_dict(before),
    ):
        assert type(new) is KnightsState
        with pytest.raises(FrozenInstanceError):
            new.phase = "over"  # type: ignore[misc]
    assert state.to_dict() == before


def test_a_knights_state_survives_pickle_and_copy() -> None:
    """States travel to the AI process pickled; the copy plays on like the original."""
    state = knights_midgame()
    for twin in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert type(twin) is KnightsState
        assert twin == state and hash(twin) == hash(state)
        assert twin.legal_actions() == state.legal_actions()
        action = state.legal_actions()[-1]
        assert twin.apply(action) == state.apply(action)
        with pytest.raises(FrozenInstanceError):
            twin.supply = ()  # type: ignore[misc]


def test_one_name_for_the_seat_to_move() -> None:
    for state in (knights_game(2, seed=1), rummy_game(2, seed=1)):
        assert state.current_player == 0 if isinstance(state, KnightsState) else 1
        assert not hasattr(state, "current")
    assert "current_player" in RummyState.__dataclass_fields__
    assert "current" not in RummyState.__dataclass_fields__


def test_the_knights_phase_type_lists_the_saved_phases() -> None:
    assert typing.get_args(Phase) == PHASES


def test_an_illegal_action_still_changes_nothing() -> None:
    state = knights_midgame()
    before = state.to_dict()
    with pytest.raises(ValueError):
        state.apply(Place("lake", 40, 40))
    assert state.to_dict() == before


# ----- saves from before the change ------------------------------------------------------------


def play_on(state: Any, seed: int) -> tuple[Any, int]:
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        moves += 1
    return state, moves


def test_an_old_knights_save_loads_replays_and_plays_to_the_end() -> None:
    path = DATA / "old_save_knights.json"
    saved = load_game(path)
    state = saved.state
    assert state.to_dict() == json.loads(path.read_text("utf-8"))["state"]
    assert (state.phase, state.current_player, state.pending) == ("deploy", 1, (-5, -7))
    states = replay_states(saved)  # the recorded moves still lead to the saved position
    assert states is not None and len(states) == len(saved.history) + 1 == 37
    end, moves = play_on(state, 5)
    # What the code before the change reached from this save with the same choices.
    assert (moves, end.scores(), end.winners(), end.supply) == (67, [15, 18, 18], [1, 2], (4, 1, 1))


def test_an_old_rummy_save_loads_replays_and_plays_to_the_round_end() -> None:
    path = DATA / "old_save_rummy.json"
    saved = load_game(path)
    state = saved.state
    assert state.to_dict() == json.loads(path.read_text("utf-8"))["state"]
    assert (state.round, state.current_player, len(state.table)) == (2, 1, 4)
    assert saved.extra["rounds"][0]["winner"] == "Bob"
    states = replay_states(saved)
    assert states is not None and len(states) == len(saved.history) + 1 == 23
    end, moves = play_on(state, 5)
    assert (moves, [p.score for p in end.players], end.winner) == (74, [227, 290, 300], None)
    assert end.returns() == [1.0, 0.0, 0.0]
