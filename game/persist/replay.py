"""Rebuilding a saved game's past from its history: the states before each move and the log.

A save's ``history`` holds every action since the game began (when the client saves the whole
session history). Replaying it from the game's first position (same names, seed and jokers)
must end exactly in the saved state; then the client gets back the move log and can step
through the last turns again after "Continue". When it doesn't (history cut short, a rummy
player added or renamed mid-game, an older save without history) the replay functions return
None and the client simply starts with an empty log.
"""

from __future__ import annotations

from typing import Any

from game.core import IllegalAction
from game.knights import KnightsState
from game.knights import new_game as knights_new_game
from game.rummy import RummyState
from game.rummy import new_game as rummy_new_game

from .saves import SavedGame


def first_position(saved: SavedGame) -> Any:
    """The position the saved history starts from: its ``start``, or the game's first
    position (round 1 for rummy)."""
    if saved.start is not None:
        return saved.start
    state = saved.state
    if isinstance(state, KnightsState):
        return knights_new_game(list(state.players), state.seed)
    if isinstance(state, RummyState):
        return rummy_new_game([p.name for p in state.players], state.seed, state.jokers)
    raise ValueError(f"not a game state: {type(state).__name__}")


def replay_states(saved: SavedGame) -> list[Any] | None:
    """``[start, after move 1, ..., after the last move]``, or None if the history does not lead
    from the first position to the saved state."""
    try:
        state = first_position(saved)
    except (ValueError, IllegalAction):
        return None
    states = [state]
    for action in saved.history:
        try:
            state = state.apply(action)
        except (IllegalAction, ValueError, IndexError, KeyError, TypeError):
            # The engines promise IllegalAction; a history from a file must not crash Continue
            # even where one slips (e.g. a malformed deployment read from a save).
            return None
        states.append(state)
    if state.to_dict() != saved.state.to_dict():
        return None
    return states


def replay_log(saved: SavedGame) -> list[str] | None:
    """The move log of the saved game, one line per history action (names from the seats)."""
    from game.movelog import describe  # here: the move log imports this package's translator

    states = replay_states(saved)
    if states is None:
        return None
    names = list(saved.players)
    return [
        describe(saved.game, before, action, names)
        for before, action in zip(states, saved.history, strict=False)
    ]
