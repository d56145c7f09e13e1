"""A data file of the computer players read as untrusted: only an ordinary file, and only a
small one. It is opened without blocking (a FIFO in its place would wait for a writer for
ever) and checked before it is read. (The game's own files have ``game.persist``'s reader,
which the computer players may not import.)"""

from __future__ import annotations

import os
import stat


def read_small_text(path: os.PathLike[str] | str, limit: int) -> str:
    """The UTF-8 text of ``path`` if it is an ordinary file of at most ``limit`` bytes;
    ``ValueError`` (or the ``OSError``/``UnicodeDecodeError`` of reading it) otherwise."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise ValueError("not an ordinary file (a folder, a pipe or a device)")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"larger than {limit // 1024} KB")
    return data.decode("utf-8")
