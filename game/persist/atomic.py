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

from .translate import N_, _


class SaveError(Exception):
    """Saving or loading failed; ``str(error)`` is a sentence meant for the player."""


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
    elif code in _DENIED:
        reason = _("no permission to write in the folder {folder}.")
    elif code == errno.ENOENT:
        reason = _("{path} does not exist.")
    else:
        reason = _("{name}: {problem}.")
    problem = error.strerror or str(error) or type(error).__name__
    text = reason.format(folder=folder, path=path, name=path.name, problem=problem)
    return _(DOING.get(doing, DOING["save"])).format(reason=text)


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


def read_text_limited(path: str | os.PathLike[str], limit: int) -> str:
    """The UTF-8 text of ``path`` if it is at most ``limit`` bytes; raises SaveError otherwise."""
    source = Path(path)
    try:
        with open(source, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError as error:
        raise SaveError(_("There is no file at {path}.").format(path=source)) from error
    except IsADirectoryError as error:
        raise SaveError(_("{path} is a folder, not a file.").format(path=source)) from error
    except OSError as error:
        raise SaveError(describe_os_error(error, source, doing="read")) from error
    if len(data) > limit:
        message = _("{name} is too large (over {size} KB): it is not one of the game's files.")
        raise SaveError(message.format(name=source.name, size=limit // 1024))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = _("{name} is damaged: it is not text.")
        raise SaveError(message.format(name=source.name)) from error
