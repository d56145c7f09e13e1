"""Saving off the main thread: the autosave after every turn must never stall a frame.

``BackgroundSaver.submit(saved)`` hands the newest game to a worker thread and returns at once;
when turns come faster than the disk, only the latest game is written (older ones are
superseded, never written after a newer one). A failure (full or read-only disk, a state that
won't round-trip) is kept for the client to show: ``take_error()`` returns it once. Game states
are immutable values, so handing them to another thread is safe.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from game.wording import _

from .atomic import SaveError
from .paths import autosave_path
from .saves import SavedGame, save_game


class BackgroundSaver:
    """One worker thread writing the latest submitted game with ``write``; by default to the
    autosave file as it is named when the saver is made, so a game still waiting is never written
    into a folder chosen later (another profile's, or another test's)."""

    def __init__(self, write: Callable[[SavedGame], Path] | None = None) -> None:
        if write is None:
            target = autosave_path()

            def write(saved: SavedGame) -> Path:
                return save_game(target, saved)

        self._write = write
        self._lock = threading.Condition()
        self._pending: SavedGame | None = None
        self._busy = False
        self._closed = False
        self._error: str | None = None
        self._thread: threading.Thread | None = None
        self.saves_written = 0

    def submit(self, saved: SavedGame) -> None:
        """Queue ``saved`` for writing (replacing any game still waiting)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the saver is closed")
            self._pending = saved
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted is written (or failed); False on timeout."""
        with self._lock:
            return self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def take_error(self) -> str | None:
        """The last failure's message for the player, once (None if all went well since)."""
        with self._lock:
            error, self._error = self._error, None
            return error

    def close(self, timeout: float | None = 5.0) -> None:
        """Write what is waiting, then stop the worker."""
        self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return  # closed and nothing left
                saved, self._pending = self._pending, None
                self._busy = True
            error: str | None = None
            try:
                self._write(saved)
            except SaveError as failure:
                error = str(failure)
            except Exception as failure:  # the game goes on; the player hears why
                error = _("Can't save: {reason}").format(reason=failure)
            with self._lock:
                self._busy = False
                if error is None:
                    self.saves_written += 1
                else:
                    self._error = error
                self._lock.notify_all()
