"""Never lose a game: atomic files, save games, settings and statistics (no pygame here).

>>> from game.persist import Settings
>>> Settings().replace(language="de").language
'de'
"""

from game.wording import set_translator

from .atomic import SaveError, write_atomic
from .background import BackgroundSaver
from .kept import KEPT_GAMES, keep_finished, list_kept, store_kept_review
from .paths import autosave_path, data_dir, kept_dir, saves_dir, settings_path, stats_path
from .replay import replay_log, replay_states
from .saves import (
    SavedGame,
    SaveInfo,
    SeatRecord,
    autosave,
    delete_autosave,
    delete_listed,
    delete_named,
    has_autosave,
    list_saves,
    load_autosave,
    load_game,
    load_named,
    named_save_exists,
    save_game,
    save_named,
    saved_game,
    store_review,
)
from .settings import LANGUAGES, Settings, load_settings, save_settings
from .stats import Record, Stats, load_stats, opponent_level, record_result, save_stats

__all__ = [
    "BackgroundSaver",
    "KEPT_GAMES",
    "LANGUAGES",
    "Record",
    "SaveError",
    "SaveInfo",
    "SavedGame",
    "SeatRecord",
    "Settings",
    "Stats",
    "autosave",
    "autosave_path",
    "data_dir",
    "delete_autosave",
    "delete_listed",
    "delete_named",
    "has_autosave",
    "keep_finished",
    "kept_dir",
    "list_kept",
    "list_saves",
    "load_autosave",
    "load_game",
    "load_named",
    "load_settings",
    "load_stats",
    "named_save_exists",
    "opponent_level",
    "record_result",
    "replay_log",
    "replay_states",
    "save_game",
    "save_named",
    "save_settings",
    "save_stats",
    "saved_game",
    "saves_dir",
    "set_translator",
    "settings_path",
    "stats_path",
    "store_kept_review",
    "store_review",
    "write_atomic",
]
