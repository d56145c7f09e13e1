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
from game.registry import game_spec
from game.seat_events import SeatEvent

from .saves import SavedGame


def first_position(saved: SavedGame) -> Any:
    """The position the saved history starts from: its ``start`` (the save kept only the
    moves since then), or, in a save without one, the game's first position."""
    if saved.start is not None:
        return saved.start
    state = saved.state
    names = list(state.player_names)
    return game_spec(saved.game).first_position(state, names, state.seed)


def _fits(event: SeatEvent, state: Any) -> bool:
    """Could ``event`` have been recorded at ``state``? (Its seat and names are the state's.)"""
    names = list(state.player_names)
    if event.change == "new_game":
        return True
    if event.change == "join":
        return event.seat == len(names)
    if not 0 <= event.seat < len(names):
        return False
    if event.change in ("rename", "leave") and event.seat != state.current_player:
        return False
    expected = event.old if event.change == "rename" else event.name
    return names[event.seat] == expected


def replay_states(saved: SavedGame) -> list[Any] | None:
    """``[start, after entry 1, ..., after the last entry]``, or None if the history does not
    lead from the first position to the saved state."""
    spec = game_spec(saved.game)
    try:
        state = first_position(saved)
    except (ValueError, IllegalAction):
        return None
    states = [state]
    for item in saved.history:
        try:
            if isinstance(item, SeatEvent):
                if not _fits(item, state):
                    return None  # a seat change that could not have happened here
                state = item.apply(state, spec.restart)
            else:
                state = state.apply(item)
        except (IllegalAction, ValueError, IndexError, KeyError, TypeError):
            return None
        states.append(state)
    if state.to_dict() != saved.state.to_dict():
        return None
    return states


def replay_log(saved: SavedGame) -> list[str] | None:
    """The move lines of the saved game, one per move of the history (names from the seats;
    seat changes have their lines in the client's log)."""
    from game.movelog import describe  # here: the move log imports this package's translator

    states = replay_states(saved)
    if states is None:
        return None
    names = list(saved.players)
    return [
        describe(saved.game, before, action, names)
        for before, action in zip(states, saved.history, strict=False)
        if not isinstance(action, SeatEvent)
    ]
