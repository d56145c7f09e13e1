"""The player's settings: a versioned JSON file, loaded forgivingly, saved atomically.

``load_settings()`` never fails: a missing field, or one with a wrong type, takes its default; a
file that isn't a settings file at all is kept aside as ``settings.json.bad``. Numbers out of
range are clamped. ``Settings.replace(**changes)`` checks the new values (ValueError if unusable).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import JSONValue
from game.numbers import finite_number
from game.registry import GAMES

from .atomic import write_atomic
from .jsonfile import check_writable, read_json_object, set_aside
from .paths import settings_path
from .validate import MAX_INT, number_problem

SETTINGS_VERSION = 1
LANGUAGES = ("en", "de", "nl")
MIN_WINDOW = (800, 560)
MAX_WINDOW = (10_000, 10_000)
ANIMATION_PACE_RANGE = (0.0, 4.0)  # factor on animation durations; 0 = no animation
AI_PACE_RANGE = (0.0, 5.0)  # seconds per computer move; 0 = instant
SET_COLUMNS_RANGE = (0, 8)  # 0 = auto: the count that gives the biggest cards


@dataclass(frozen=True)
class Settings:
    """All remembered settings. Use ``replace`` to change; the value is immutable."""

    animation_pace: float = 1.0
    ai_pace: float = 0.6
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    set_columns: int = 0  # columns of sets on the rummy table (0 = auto)
    four_colour_suits: bool = False
    colour_blind_marks: bool = True  # the mark on each knight besides its colour
    sound_on: bool = True
    language: str = "en"
    # The games whose lesson was offered when the player first picked them (offered once).
    lessons_offered: tuple[str, ...] = ()

    def replace(self, **changes: object) -> Settings:
        """A copy with ``changes``; ValueError for an unknown field or an unusable value."""
        # Any: each setting's cleaner returns its own type (see _CLEANERS).
        cleaned: dict[str, Any] = {}
        for name, value in changes.items():
            if name not in _CLEANERS:
                raise ValueError(f"there is no setting {name!r}")
            cleaned[name] = _CLEANERS[name](value)
        return dataclasses.replace(self, **cleaned)

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"version": SETTINGS_VERSION}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_dict(cls, data: JSONValue) -> Settings:
        """Settings from a parsed file: every missing or unusable field takes its default."""
        if not isinstance(data, dict):
            return cls()
        values: dict[str, Any] = {}  # as in replace
        for name, clean in _CLEANERS.items():
            if name in data:
                try:
                    values[name] = clean(data[name])
                except ValueError:
                    continue  # keep the default
        return cls(**values)


def _number(low: float, high: float) -> Callable[[object], float]:
    def clean(value: object) -> float:
        # Checked before comparing: 10**400 would overflow a float, NaN compares false.
        problem = number_problem(value, -MAX_INT, MAX_INT)
        if problem is not None:
            raise ValueError(f"an ordinary number is needed: {problem}")
        return min(high, max(low, finite_number(value, "a setting")))

    return clean


def _whole(low: int, high: int) -> Callable[[object], int]:
    def clean(value: object) -> int:
        if type(value) is not int:
            raise ValueError(f"a whole number is needed, not {value!r}")
        return min(high, max(low, value))

    return clean


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"true or false is needed, not {value!r}")
    return value


def _size(value: object) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError("a window size is [width, height]")
    width = _whole(MIN_WINDOW[0], MAX_WINDOW[0])(value[0])
    height = _whole(MIN_WINDOW[1], MAX_WINDOW[1])(value[1])
    return (width, height)


def _language(value: object) -> str:
    if value not in LANGUAGES:
        raise ValueError(f"the language must be one of {', '.join(LANGUAGES)}")
    return str(value)


def _games(value: object) -> tuple[str, ...]:
    """Game keys: the registered ones, each once (a game no longer there is dropped)."""
    if not isinstance(value, (list, tuple)):
        raise ValueError("a list of games is needed")
    keys: list[str] = []
    for item in value[: 4 * len(GAMES)]:
        if isinstance(item, str) and item in GAMES and item not in keys:
            keys.append(item)
    return tuple(keys)


_CLEANERS: dict[str, Callable[[object], object]] = {
    "animation_pace": _number(*ANIMATION_PACE_RANGE),
    "ai_pace": _number(*AI_PACE_RANGE),
    "window_size": _size,
    "fullscreen": _flag,
    "set_columns": _whole(*SET_COLUMNS_RANGE),
    "four_colour_suits": _flag,
    "colour_blind_marks": _flag,
    "sound_on": _flag,
    "language": _language,
    "lessons_offered": _games,
}


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults. Never raises; see the module doc."""
    target = path or settings_path()
    data = read_json_object(target)
    if data is None:
        return Settings()
    if data.get("version") != SETTINGS_VERSION:
        set_aside(target)  # foreign or from another version: keep it, start fresh
        return Settings()
    return Settings.from_dict(data)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; raises SaveError (player-readable) if the disk refuses."""
    target = path or settings_path()
    check_writable(target)
    write_atomic(target, json.dumps(settings.to_dict(), indent=2) + "\n")
