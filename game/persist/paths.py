"""Where the game keeps its files: the user's data folder, or ``$ROBBERS_DEN_HOME`` if set.

Everything (autosave, named saves, settings, statistics) lives under one folder so a test, or a
player with a portable install, can move it all with one environment variable. Nothing here
creates folders: writing does that (see ``atomic.write_atomic``).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "robbers-den"
HOME_ENV = "ROBBERS_DEN_HOME"


def data_dir() -> Path:
    """The folder for all of the game's files (``$ROBBERS_DEN_HOME`` wins when set)."""
    override = os.environ.get(HOME_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def autosave_path() -> Path:
    """The game in progress, written after every turn ("Continue" in the menu)."""
    return data_dir() / "continue.json"


def saves_dir() -> Path:
    """Named saves, one JSON file each."""
    return data_dir() / "saves"


def kept_dir() -> Path:
    """Finished games (rummy: rounds) the game keeps by itself, the newest few: a folder of
    its own inside the saves, so no named save is ever counted or dropped among them."""
    return saves_dir() / "finished"


def settings_path() -> Path:
    return data_dir() / "settings.json"


def stats_path() -> Path:
    return data_dir() / "stats.json"
