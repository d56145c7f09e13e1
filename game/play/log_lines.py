"""The move log's lines for one history entry: the same function at the table and on Continue.

A table logs each move and seat change as it happens, and Continue rebuilds the log from the
saved history; both call :func:`entry_lines`, so a resumed game's log is the one the players
saw, line for line. Each line comes with its kind; the table gives each kind its colour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.deals import fingerprint_line
from game.i18n import _
from game.plugin import BAD, CAPTURE, GOOD, MOVE, NOTE, LogLine
from game.registry import game_spec
from game.seat_events import SeatEvent

__all__ = [
    "BAD",
    "CAPTURE",
    "GOOD",
    "MOVE",
    "NOTE",
    "LogLine",
    "deal_lines",
    "entry_lines",
    "seat_event_lines",
]


def entry_lines(
    game: str,
    before: Any,
    action: Any,
    after: Any,
    text: str,
    level_word: Callable[[str], str],
) -> list[LogLine]:
    """The lines of one history entry: the move's own line (said again from the move, in the
    current language; ``text``, as it was logged, if the state before it is unknown) and what
    followed it."""
    if isinstance(action, SeatEvent):
        return seat_event_lines(game, action, after, level_word) + (
            deal_lines(game, after) if action.change == "new_game" else []
        )
    spec = game_spec(game)
    if before is not None:
        text = spec.describe(before, action)
    lines = [(text, MOVE), *spec.words().aftermath(before, after)]
    return lines + (deal_lines(game, after) if spec.begins_unit(action) else [])


def deal_lines(game: str, dealt_position: Any) -> list[LogLine]:
    """The fingerprint of a new deal, where it starts (a game, a round, a new game)."""
    line = None if dealt_position is None else fingerprint_line(game, dealt_position)
    return [] if line is None else [(line, NOTE)]


def seat_event_lines(
    game: str, event: SeatEvent, after: Any, level_word: Callable[[str], str]
) -> list[LogLine]:
    """The log's line for a change of the seats."""
    change = event.change
    if change == "join":
        joined = game_spec(game).words().joined
        if joined is not None:
            return [(joined(after, event.name), GOOD)]
        return [(_("{name} joins the game.").format(name=event.name), GOOD)]
    if change == "rename":
        return [(_("{old} is now called {name}.").format(old=event.old, name=event.name), NOTE)]
    if change == "leave":
        return [(_("{name} leaves the game.").format(name=event.name), NOTE)]
    if change == "new_game":
        return [(_("A new game: all points are back to 0."), NOTE)]
    name = event.name
    if event.note:
        line = _("{name}'s computer player failed ({why}); it plays at medium from now.")
        return [(line.format(name=name, why=event.note), BAD)]
    if event.human:
        return [(_("{name} is back and plays again.").format(name=name), NOTE)]
    level = level_word(event.level or "medium")
    if event.old == "human":
        line = _("{name} has left; the computer plays for that seat ({level}).")
        return [(line.format(name=name, level=level), NOTE)]
    line = _("{name}'s computer player now plays at {level}.")
    return [(line.format(name=name, level=level), NOTE)]
