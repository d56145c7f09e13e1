"""Finished games kept by themselves: the newest ``KEPT_GAMES`` games (rummy: rounds), to
review or play again from any turn until the player deletes them.

A kept game is an ordinary save file (``game.persist.saves``: the same format, written
atomically after proving it loads back, read as untrusted as any save). What marks it as kept
is only where it lies: ``kept_dir()``, a folder inside the saves, which an older version's
Load list never reads, so no named save is ever counted among the kept games or dropped to
make room for one. Each file is named after the time it was kept (``2026-12-05 21-04-33.json``
and, for two in one second, ``... (2).json``); the list orders them by the file's time, then
by name.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from game.review import GameReview

from .atomic import SaveError, describe_os_error
from .paths import kept_dir
from .saves import SAVE_SUFFIX, SavedGame, SaveInfo, list_folder, load_game, save_game, store_review

KEPT_GAMES = 20


def _kept_files(folder: Path) -> list[tuple[float, str, Path]]:
    """The kept files, newest first (by time, then by name: the names are times too)."""
    found = []
    try:
        entries = list(folder.iterdir())
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SaveError(describe_os_error(error, folder / "x", doing="list")) from error
    for path in entries:
        if path.suffix != SAVE_SUFFIX or path.name.startswith("."):
            continue
        try:
            if path.is_file():
                found.append((path.stat().st_mtime, path.name, path))
        except OSError:
            continue
    found.sort(reverse=True)
    return found


def _free_name(folder: Path, now: float) -> Path:
    stamp = time.strftime("%Y-%m-%d %H-%M-%S", time.localtime(now))
    path = folder / (stamp + SAVE_SUFFIX)
    number = 2
    while path.exists():
        path = folder / f"{stamp} ({number}){SAVE_SUFFIX}"
        number += 1
    return path


def keep_finished(saved: SavedGame, keep: int = KEPT_GAMES) -> Path:
    """Keep ``saved`` (a game or round that has just ended) as the newest kept game, then
    drop the oldest beyond ``keep``. SaveError (with a sentence) when it can't be written;
    a file that can't be dropped is left for the next time."""
    folder = kept_dir()
    path = save_game(_free_name(folder, time.time()), saved)
    for _modified, _name, old in _kept_files(folder)[keep:]:
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()
    return path


def list_kept() -> list[SaveInfo]:
    """The kept games, newest first; one that won't load is listed with its ``problem``."""
    return list_folder(kept_dir(), kept=True)


def holds(path: Path, saved: SavedGame) -> bool:
    """Does the file at ``path`` hold ``saved``'s very game (position and history)?"""
    try:
        found = load_game(path)
    except SaveError:
        return False
    return (
        found.game == saved.game
        and found.history == saved.history
        and found.state.to_dict() == saved.state.to_dict()
    )


def store_kept_review(saved: SavedGame, review: GameReview) -> Path | None:
    """Store ``review`` in the kept file that holds ``saved`` (a game kept by
    :func:`keep_finished`), so the Load screen reopens it at once; None when no kept file
    holds it any more (deleted, or dropped for newer games). SaveError (with a sentence) when
    the file holding it can't be written."""
    try:
        files = _kept_files(kept_dir())
    except SaveError:
        return None
    for _modified, _name, path in files:
        if holds(path, saved):
            return store_review(path, review, made_for=saved)
    return None
