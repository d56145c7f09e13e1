"""Writing files so that a crash never leaves half a file behind, and readable disk errors.

``write_atomic`` writes to a temporary file in the target's folder, flushes and fsyncs it, then
``os.replace``s it over the target: a reader sees either the old file or the new one, never a
mix. Every OS failure becomes a :class:`SaveError` whose message a player can act on.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path


class SaveError(Exception):
    """Saving or loading failed; ``str(error)`` is a sentence meant for the player."""


_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}
_DENIED = {errno.EACCES, errno.EPERM}


def describe_os_error(error: OSError, path: Path, doing: str = "save") -> str:
    """A player-readable sentence for an OS failure while ``doing`` something with ``path``."""
    folder = path.parent
    code = error.errno
    if code in _FULL:
        return f"Can't {doing}: the disk is full (or over its quota). Free some space in {folder}."
    if code == errno.EROFS:
        return f"Can't {doing}: the folder {folder} is on a read-only disk."
    if code in _DENIED:
        return f"Can't {doing}: no permission to write in the folder {folder}."
    if code == errno.ENOENT:
        return f"Can't {doing}: {path} does not exist."
    reason = error.strerror or str(error) or type(error).__name__
    return f"Can't {doing} {path.name}: {reason}."


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8) in one step; raises SaveError."""
    target = Path(path)
    temp_name: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
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


def read_text_limited(path: str | os.PathLike[str], limit: int, what: str = "file") -> str:
    """The UTF-8 text of ``path`` if it is at most ``limit`` bytes; raises SaveError otherwise."""
    source = Path(path)
    try:
        with open(source, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError as error:
        raise SaveError(f"There is no {what} at {source}.") from error
    except IsADirectoryError as error:
        raise SaveError(f"{source} is a folder, not a {what}.") from error
    except OSError as error:
        raise SaveError(describe_os_error(error, source, doing="read")) from error
    if len(data) > limit:
        raise SaveError(f"{source.name} is too large to be a {what} (over {limit // 1024} KB).")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(f"{source.name} is not a {what}: it is not text (damaged?).") from error
