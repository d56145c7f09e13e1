"""Changes to who sits at the table, kept in a game's history beside the moves.

A session records every such change as a :class:`SeatEvent`: a player joins, is renamed or
leaves (Räuber-Rommé lets the table change mid-game), a seat passes between a person and the
computer (a player who has to go hands his seat over, a failed computer player is replaced by
the medium level, a computer's level is changed), or the points start again at a new deal. A
save keeps them in its history (``{"type": "seat", ...}``), so Continue rebuilds the log and the
replayable past exactly, and the statistics know who played a game to its end.

Pure: no pygame, no files. The engine part of a change (a rummy player joining takes cards from
the stock) is the engine's own method; :meth:`SeatEvent.apply` calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar, runtime_checkable

from game.core import LEVELS, Action, GameState, IllegalAction, JSONValue

S = TypeVar("S", bound=GameState)
T = TypeVar("T")


@runtime_checkable
class ChangingTable(Protocol):
    """A state whose players can change mid-game (Räuber-Rommé): the engine methods
    :meth:`SeatEvent.apply` calls for a join, a rename or a leave. Not part of
    ``game.core.GameState``: a game without them is played by the seats it began with."""

    def add_player(self: T, name: str) -> T: ...

    def rename_current(self: T, name: str) -> T: ...

    def remove_current(self: T) -> T: ...


Change = Literal["join", "rename", "leave", "seat", "new_game"]
CHANGES: tuple[Change, ...] = ("join", "rename", "leave", "seat", "new_game")
# The longest name a seat may have (the setup, saves and seat changes all keep to it).
MAX_NAME = 16
MAX_NOTE = 300


@dataclass(frozen=True)
class SeatEvent:
    """One change of the table's seats (see the module docstring).

    ``join``: ``name`` sits down at seat ``seat`` (the end), a person or a computer of ``level``,
    in colour ``colour``. ``rename``: the player at ``seat`` (on turn) is now ``name``, was
    ``old``. ``leave``: ``name``, the player at ``seat`` (on turn), leaves. ``seat``: seat
    ``seat`` is now played by a person (``human``) or the computer at ``level``; ``note`` says
    why when a computer player failed. ``new_game``: the points start again at deal ``seed``.
    """

    change: Change
    seat: int
    name: str = ""
    old: str = ""
    human: bool = False
    level: str | None = None
    colour: int = 0
    seed: int | None = None
    note: str = ""

    def apply(self, state: S, restart: Callable[[S, int], S] | None = None) -> S:
        """The engine state after this change (``restart(state, seed)`` deals a new game)."""
        if self.change in ("join", "rename", "leave"):
            if not isinstance(state, ChangingTable):
                raise IllegalAction("this game is played by the seats it began with")
            try:
                if self.change == "join":
                    return state.add_player(self.name)
                if self.change == "rename":
                    return state.rename_current(self.name)
                return state.remove_current()
            except AttributeError:
                raise IllegalAction("this game is played by the seats it began with") from None
        if self.change == "new_game":
            if restart is None or self.seed is None:
                raise IllegalAction("this game can't start again at a new deal")
            return restart(state, self.seed)
        return state  # who plays a seat is not the engine's business

    def to_dict(self) -> dict[str, object]:
        """The JSON form: the change, the seat, and each field that isn't its default."""
        data: dict[str, object] = {"type": "seat", "change": self.change, "seat": self.seat}
        defaults = SeatEvent(self.change, self.seat)
        for name in ("name", "old", "human", "level", "colour", "seed", "note"):
            value = getattr(self, name)
            if value != getattr(defaults, name):
                data[name] = value
        return data

    @classmethod
    def from_dict(cls, data: JSONValue) -> SeatEvent:
        """The event ``data`` stands for; ValueError with the reason for anything else."""
        if not isinstance(data, Mapping) or data.get("type") != "seat":
            raise ValueError("not a seat change")
        change = data.get("change")
        if change not in CHANGES:
            raise ValueError(f"unknown seat change {change!r}")
        allowed = {"type", "change", "seat", "name", "old", "human", "level", "colour", "seed"}
        unknown = set(data) - allowed - {"note"}
        if unknown:
            raise ValueError(f"unknown fields in a seat change: {', '.join(sorted(unknown))}")
        seat = _integer(data.get("seat"), "seat", 0, 5)
        name = _text(data.get("name", ""), "name", MAX_NAME)
        old = _text(data.get("old", ""), "old name", MAX_NAME)
        if change in ("join", "rename", "leave") and not name.strip():
            raise ValueError("a seat change without a name")
        human = data.get("human", False)
        if not isinstance(human, bool):
            raise ValueError("a seat change's 'human' must be true or false")
        level = data.get("level")
        if change in ("join", "seat") and not human and level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if level is not None and level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        colour = _integer(data.get("colour", 0), "colour", 0, 63)
        seed = data.get("seed")
        if change == "new_game":
            seed = _integer(seed, "seed", 0, 2**63 - 1)
        elif seed is not None:
            raise ValueError("only a new game has a seed")
        note = _text(data.get("note", ""), "note", MAX_NOTE)
        return cls(change, seat, name, old, human, level, colour, seed, note)


def _integer(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"a seat change's {what} must be a whole number from {low} to {high}")
    return value


def _text(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(f"a seat change's {what} must be text of at most {limit} characters")
    if any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in value):
        raise ValueError(f"a seat change's {what} holds characters that can't be shown")
    return value


def is_seat_event(data: JSONValue) -> bool:
    """Is this history item (an action dict as read from a file) a seat change?"""
    return isinstance(data, Mapping) and data.get("type") == "seat"


# One entry of a game's history: a move, or a change of who sits at the table.
HistoryItem = Action | SeatEvent
