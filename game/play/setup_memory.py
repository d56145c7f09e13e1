"""The last setup of each game (names, who plays, levels, colours), remembered between games.

Kept in its own small JSON file next to the settings (``last_setup.json``), written atomically
when a game starts from the setup screen. Beside each game's seats it keeps the people's names
of the last start (``PEOPLE``): a name typed at one game's setup is offered at every game's.
The file is read as untrusted: anything that is not a list of valid seats for that game is
ignored and the defaults are offered instead.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.core import LEVELS
from game.persist import SaveError, data_dir, write_atomic
from game.persist.jsonfile import read_json_object
from game.persist.validate import PALETTE_SIZE
from game.play.session import Seat, SeatError, default_seats, validate_seats
from game.seat_events import MAX_NAME

# The key of the people's names in the file (no game's key starts with "_").
PEOPLE = "_people"


def memory_path() -> Path:
    return data_dir() / "last_setup.json"


def remembered_seats(game: str) -> list[Seat] | None:
    """The seats last started for ``game``, or None (none yet, or the file is not usable)."""
    data = read_json_object(memory_path())
    if data is None:
        return None
    entries = data.get(game)
    if not isinstance(entries, list):
        return None
    seats = [_seat(entry) for entry in entries]
    if any(seat is None for seat in seats):
        return None
    found = [seat for seat in seats if seat is not None]
    try:
        validate_seats(game, found)
    except SeatError:
        return None
    return found


def remembered_people() -> list[str]:
    """The people's names (human seats, in seat order) of the last game started, any game."""
    data = read_json_object(memory_path())
    names = data.get(PEOPLE) if data is not None else None
    if not isinstance(names, list):
        return []
    return [
        name
        for name in names
        if isinstance(name, str) and 0 < len(name) <= MAX_NAME and name.isprintable()
    ]


def offered_seats(game: str) -> list[Seat]:
    """The seats the setup of ``game`` offers: its last setup (or the defaults), its people
    named as at the last start of any game (unless that would make two seats alike)."""
    seats = remembered_seats(game) or default_seats(game)
    people = remembered_people()
    humans = [index for index, seat in enumerate(seats) if seat.human]
    named = list(seats)
    for index, name in zip(humans, people, strict=False):
        named[index] = replace(named[index], name=name)
    try:
        validate_seats(game, named)
    except SeatError:
        return seats
    return named


def remember_seats(game: str, seats: list[Seat]) -> None:
    """Keep ``seats`` as ``game``'s last setup, and its people's names for every game's; a disk
    that refuses is not worth a message (the setup is a convenience), so a SaveError is
    dropped."""
    data: dict[str, Any] = read_json_object(memory_path()) or {}
    data[game] = [
        {"name": s.name, "human": s.human, "level": s.level, "colour": s.colour}
        | ({"matched": True} if s.strength is not None and not s.human else {})
        for s in seats
    ]
    people = [seat.name for seat in seats if seat.human]
    if people:  # a table of computers only leaves the people's names as they were
        data[PEOPLE] = people
    with contextlib.suppress(SaveError):
        write_atomic(memory_path(), json.dumps(data, ensure_ascii=False, indent=1))


def _seat(entry: object) -> Seat | None:
    if not isinstance(entry, dict):
        return None
    name, human = entry.get("name"), entry.get("human")
    level, colour = entry.get("level"), entry.get("colour")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or not name.isprintable():
        return None
    if not isinstance(human, bool) or level not in LEVELS:
        return None
    if not isinstance(colour, int) or isinstance(colour, bool) or not 0 <= colour < PALETTE_SIZE:
        return None
    # a computer "matched to me": its strength is chosen anew when the setup shows it
    strength = LEVELS.index(str(level)) + 0.0 if entry.get("matched") is True else None
    return Seat(name, human, str(level), colour, None if human else strength)
