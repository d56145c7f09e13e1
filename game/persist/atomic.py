"""Writing files so that a crash never leaves half a file behind, and readable disk errors.

``write_atomic`` writes to a temporary file in the target's folder, flushes and fsyncs it, then
``os.replace``s it over the target: a reader sees either the old file or the new one, never a
mix. Every OS failure becomes a :class:`SaveError` whose message a player can act on.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from pathlib import Path

from game.wording import N_, _


class SaveError(Exception):
    """Saving or loading failed; ``str(error)`` is a sentence meant for the player."""


class UnreadableFile(SaveError):
    """The file may be intact but can't be read now (permission, a folder or a FIFO in its
    place, a disk error): it must be left alone, never set aside or replaced."""


class DamagedFile(SaveError):
    """The file was read, and is not one of the game's files (too large, not text)."""


_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}
_DENIED = {errno.EACCES, errno.EPERM}


# What was being done, as the start of the message (whole phrases, for translators).
DOING = {
    "save": N_("Can't save: {reason}"),
    "read": N_("Can't read the file: {reason}"),
    "delete": N_("Can't delete the file: {reason}"),
    "list": N_("Can't list the saved games: {reason}"),
}


def describe_os_error(error: OSError, path: Path, doing: str = "save") -> str:
    """A player-readable sentence for an OS failure while ``doing`` ("save", "read", "delete",
    "list") something with ``path``."""
    folder = path.parent
    code = error.errno
    if code in _FULL:
        reason = _("the disk is full (or over its quota). Free some space in {folder}.")
    elif code == errno.EROFS:
        reason = _("the folder {folder} is on a read-only disk.")
    elif code in _DENIED and doing == "read":
        reason = _("no permission to read {path}.")
    elif code in _DENIED:
        reason = _("no permission to write in the folder {folder}.")
    elif code == errno.ENOENT:
        reason = _("{path} does not exist.")
    elif code in (errno.ENOTDIR, errno.EEXIST) and _file_in_the_way(path) is not None:
        reason = _("{blocker} is a file where the game needs a folder.")
    elif code == errno.EISDIR:
        reason = _("{path} is a folder, not a file.")
    else:
        reason = _("{name}: {problem}.")
    problem = error.strerror or str(error) or type(error).__name__
    blocker = _file_in_the_way(path)
    text = reason.format(folder=folder, path=path, name=path.name, problem=problem, blocker=blocker)
    return _(DOING.get(doing, DOING["save"])).format(reason=text)


def _file_in_the_way(path: Path) -> Path | None:
    """The nearest folder on the way to ``path`` that exists but is not a folder."""
    for parent in reversed(path.parents):
        try:
            if parent.exists() and not parent.is_dir():
                return parent
        except OSError:
            return None
    return None


TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0  # older than any write in progress (of this or another window)


def remove_stale_temp_files(folder: Path) -> list[Path]:
    """Remove the temporary files ``write_atomic`` left in ``folder`` when the game was killed
    mid-write (a minute old or older); best effort. Returns what was removed."""
    removed: list[Path] = []
    try:
        candidates = [p for p in folder.iterdir() if p.name.startswith(".")]
    except OSError:
        return removed
    now = time.time()
    for candidate in candidates:
        if not candidate.name.endswith(TEMP_SUFFIX):
            continue
        try:
            info = candidate.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= STALE_TEMP_SECONDS:
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue
    return removed


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8) in one step; raises SaveError."""
    target = Path(path)
    temp_name: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=TEMP_SUFFIX
        )
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, target)
        temp_name = None
        _sync_folder(target.parent)
    except OSError as error:
        raise SaveError(describe_os_error(error, target)) from error
    finally:
        if temp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp_name)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the OS allows it (POSIX); best effort."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_text_limited(path: str | os.PathLike[str], limit: int) -> str:
    """The UTF-8 text of ``path`` if it is a regular file of at most ``limit`` bytes.

    Raises UnreadableFile when it can't be read (nothing there, no permission, a folder, FIFO
    or device in its place: opened without blocking and refused), DamagedFile when it is read
    but is no text file of the game."""
    source = Path(path)
    try:
        fd = os.open(
            source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        )
    except FileNotFoundError as error:
        raise UnreadableFile(_("There is no file at {path}.").format(path=source)) from error
    except IsADirectoryError as error:
        raise UnreadableFile(_("{path} is a folder, not a file.").format(path=source)) from error
    except OSError as error:
        raise UnreadableFile(describe_os_error(error, source, doing="read")) from error
    try:
        kind = os.fstat(fd).st_mode
        if stat.S_ISDIR(kind):
            raise UnreadableFile(_("{path} is a folder, not a file.").format(path=source))
        if not stat.S_ISREG(kind):
            message = _("{path} is not an ordinary file (a pipe or a device): it is left alone.")
            raise UnreadableFile(message.format(path=source))
        with os.fdopen(fd, "rb", closefd=True) as handle:
            fd = -1
            data = handle.read(limit + 1)
    except OSError as error:
        raise UnreadableFile(describe_os_error(error, source, doing="read")) from error
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:
        message = _("{name} is too large (over {size} KB): it is not one of the game's files.")
        raise DamagedFile(message.format(name=source.name, size=limit // 1024))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = _("{name} is damaged: it is not text.")
        raise DamagedFile(message.format(name=source.name)) from error
