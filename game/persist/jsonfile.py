"""Small JSON files that must never stop the game: a damaged one is kept aside as ``.bad``."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from .atomic import SaveError, read_text_limited

MAX_SMALL_FILE = 1024 * 1024


def read_json_object(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path``; None if there is no file. A file that is unreadable as a JSON
    object is renamed to ``<name>.bad`` (so the player's data isn't silently lost) and None
    is returned."""
    if not path.exists():
        return None
    try:
        data = json.loads(read_text_limited(path, MAX_SMALL_FILE))
    except (SaveError, ValueError, RecursionError):
        data = None
    if isinstance(data, dict):
        return data
    keep_aside(path)
    return None


def keep_aside(path: Path) -> Path | None:
    """Move ``path`` to ``path.bad`` (replacing an older one); best effort, never raises."""
    bad = path.with_name(path.name + ".bad")
    with contextlib.suppress(OSError):
        os.replace(path, bad)
        return bad
    return None
