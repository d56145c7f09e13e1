"""The last setup of each game (names, who plays, levels, colours), remembered between games.

Kept in its own small JSON file next to the settings (``last_setup.json``), written atomically
when a game starts from the setup screen. The file is read as untrusted: anything that is not
a list of valid seats for that game is ignored and the defaults are offered instead.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from game.core import LEVELS
from game.persist import SaveError, data_dir, write_atomic
from game.persist.jsonfile import read_json_object
from game.persist.validate import PALETTE_SIZE
from game.play.session import Seat, SeatError, validate_seats
from game.seat_events import MAX_NAME


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


def remember_seats(game: str, seats: list[Seat]) -> None:
    """Keep ``seats`` as ``game``'s last setup; a disk that refuses is not worth a message
    (the setup is a convenience), so a SaveError is dropped."""
    data: dict[str, Any] = read_json_object(memory_path()) or {}
    data[game] = [
        {"name": s.name, "human": s.human, "level": s.level, "colour": s.colour} for s in seats
    ]
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
    if (
        not isinstance(colour, int)
        or isinstance(colour, bool)
        or not 0 <= colour < PALETTE_SIZE
    ):
        return None
    return Seat(name, human, str(level), colour)
