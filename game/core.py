"""Contracts shared by both rules engines: the state/action protocol, outcomes and errors.

Modelled on OpenSpiel's State API: a state is an immutable value, ``apply`` returns a new state,
and an illegal action raises :class:`IllegalAction` with a sentence a player can read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable


class IllegalAction(ValueError):
    """An action the rules forbid in this state. The message is meant for the player."""


class SaveFormatError(ValueError):
    """A save file (or state dict) that is damaged, foreign or inconsistent."""


@runtime_checkable
class Action(Protocol):
    """A small frozen, hashable value with ``str()`` for logs and a dict form for files."""

    def to_dict(self) -> dict[str, Any]: ...


S = TypeVar("S", bound="GameState")


@runtime_checkable
class GameState(Protocol):
    """What every engine state offers (see DESIGN.md, "The game contract")."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def num_players(self) -> int: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self: S, action: Any) -> S: ...

    def returns(self) -> list[float]: ...

    def view(self: S, player: int) -> S: ...

    def determinize(self: S, player: int, rng: random.Random) -> S: ...

    def to_dict(self) -> dict[str, Any]: ...


def shared_win_returns(num_players: int, winners: Sequence[int]) -> list[float]:
    """Winners share 1 equally, everybody else gets 0."""
    if not winners:
        return [0.0] * num_players
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(num_players)]


def require(condition: bool, message: str) -> None:
    """Raise SaveFormatError(message) unless condition holds; keeps ``from_dict`` readable."""
    if not condition:
        raise SaveFormatError(message)
