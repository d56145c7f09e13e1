"""Small JSON files that must never stop the game (settings, statistics).

Two kinds of trouble, two answers:

- a file that can't be read now (no permission, a folder or a FIFO in its place) may well be
  intact: it is left alone, and no write of the game replaces it while this run goes on (the
  game carries on with defaults in memory);
- a file that was read but is damaged (not JSON, not an object, too large, not text) is set
  aside under a new name each time (``stats.json.bad-2026-12-01T101500``), never over an
  older one, so the player's data is never silently lost.

Either way the player hears about it: :func:`take_problems` gives the messages once.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

from game.core import JSONValue
from game.wording import _

from .atomic import DamagedFile, SaveError, UnreadableFile, read_text_limited

MAX_SMALL_FILE = 1024 * 1024

_lock = threading.Lock()
_problems: list[str] = []
_left_alone: set[Path] = set()


def _note(problem: str) -> None:
    with _lock:
        if problem not in _problems:
            _problems.append(problem)


def note_problem(problem: str) -> None:
    """Tell the player (through :func:`take_problems`) of a file problem the game got over."""
    _note(problem)


def take_problems() -> list[str]:
    """The messages about files (settings, statistics, a save's review) that could not be used,
    once each."""
    with _lock:
        found = list(_problems)
        _problems.clear()
        return found


def left_alone(path: Path) -> bool:
    """True when ``path`` could not be read this run: writing it would replace what may be
    the player's intact data."""
    with _lock:
        return _key(path) in _left_alone


def _key(path: Path) -> Path:
    return Path(os.path.abspath(path))


def read_json_object(path: Path) -> dict[str, object] | None:
    """The JSON object in ``path``; None if there is none or it can't be used (see the module
    doc for what happens to the file)."""
    if not os.path.lexists(path):
        return None
    try:
        data: JSONValue = json.loads(read_text_limited(path, MAX_SMALL_FILE))
    except UnreadableFile as error:
        with _lock:
            _left_alone.add(_key(path))
        _note(
            _("{error} The game goes on without it and leaves the file as it is.").format(
                error=error
            )
        )
        return None
    except (DamagedFile, ValueError, RecursionError):
        data = None
    if isinstance(data, dict):
        with _lock:
            _left_alone.discard(_key(path))
        return data
    set_aside(path)
    return None


def set_aside(path: Path) -> Path | None:
    """Rename a damaged ``path`` to a new ``<name>.bad-<time>`` (never over an older one) and
    say so; best effort, never raises."""
    stamp = time.strftime("%Y-%m-%dT%H%M%S")
    for attempt in range(1, 1000):
        suffix = f".bad-{stamp}" if attempt == 1 else f".bad-{stamp}-{attempt}"
        bad = path.with_name(path.name + suffix)
        if os.path.lexists(bad):
            continue
        try:
            _move_without_replacing(path, bad)
        except FileExistsError:
            continue
        except OSError:
            break
        _note(
            _("{name} was damaged; it is kept as {bad} and the game starts afresh.").format(
                name=path.name, bad=bad.name
            )
        )
        return bad
    with _lock:
        _left_alone.add(_key(path))
    _note(
        _("{name} is damaged and can't be set aside; the game leaves it as it is.").format(
            name=path.name
        )
    )
    return None


def _move_without_replacing(path: Path, bad: Path) -> None:
    try:
        os.link(path, bad)  # fails if the name was taken meanwhile
    except FileExistsError:
        raise
    except (OSError, AttributeError):  # no hard links here (or Windows): rename, checked above
        os.rename(path, bad)
        return
    os.unlink(path)


# The old name, for callers outside this package.
keep_aside = set_aside


def check_writable(path: Path) -> None:
    """Raise SaveError instead of replacing a file this run could not read."""
    if left_alone(path):
        message = _("Can't save: {name} could not be read, so it is left as it is.")
        raise SaveError(message.format(name=path.name))
