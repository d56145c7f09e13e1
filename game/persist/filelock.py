"""Locks between processes on one data folder, that a dead process never leaves held.

The lock is the operating system's, on a small file beside what it guards (``fcntl.flock`` on
POSIX, ``msvcrt.locking`` on Windows): it is let go when the holder closes it, exits or is
killed, so no stale lock file ever has to be cleared by hand. The file itself stays (empty).

Two uses: :func:`locked` around a read-modify-write of a shared file (the statistics: two
windows each recording a result must not lose one), and :class:`FolderLock`, held for a whole
run, which tells a second window on the same data folder that it is the second.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from .paths import data_dir

WAIT_SECONDS = 10.0  # a holder rewrites one small file: far longer means it hangs
_POLL = 0.005

if sys.platform == "win32":  # pragma: no cover - Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def lock_path(path: Path) -> Path:
    """The lock file guarding ``path``."""
    return path.with_name(path.name + ".lock")


def _open(path: Path) -> int | None:
    """A descriptor of the lock file ``path`` (made if missing), or None if it can't be one:
    no folder, no permission, or something other than a file in its place (never blocks)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(
            path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        )
    except OSError:
        return None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


@contextlib.contextmanager
def locked(path: Path, wait: float = WAIT_SECONDS) -> Iterator[bool]:
    """Hold the lock guarding ``path`` while the block runs; yields whether it is held. When
    it can't be had (an unwritable folder, a holder hung for ``wait`` seconds) the block runs
    all the same: as before there were locks, rather than not at all."""
    fd = _open(lock_path(path))
    held = False
    try:
        if fd is not None:
            deadline = time.monotonic() + wait
            while not (held := _try_lock(fd)) and time.monotonic() < deadline:
                time.sleep(_POLL)
        yield held
    finally:
        if fd is not None:
            if held:
                with contextlib.suppress(OSError):
                    _unlock(fd)
            os.close(fd)


class FolderLock:
    """Held from :meth:`acquire` until :meth:`release` or the end of the process."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if no other process holds it; True when this process holds it now.
        (A folder where no lock file can be made counts as held: nothing to warn of.)"""
        if self._fd is not None:
            return True
        fd = _open(self.path)
        if fd is None:
            return True
        if not _try_lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                _unlock(self._fd)
            os.close(self._fd)
            self._fd = None


# The lock a running game holds on its data folder (one per process: see hold_data_folder).
_folder_lock: FolderLock | None = None


def folder_lock_path() -> Path:
    return data_dir() / "window.lock"


def hold_data_folder() -> bool:
    """Hold the data folder for the rest of this run; False when another running game (another
    window) holds it already. Let go by :func:`release_data_folder` or the end of the process."""
    global _folder_lock
    if _folder_lock is None or _folder_lock.path != folder_lock_path():
        release_data_folder()
        _folder_lock = FolderLock(folder_lock_path())
    return _folder_lock.acquire()


def release_data_folder() -> None:
    global _folder_lock
    if _folder_lock is not None:
        _folder_lock.release()
        _folder_lock = None
