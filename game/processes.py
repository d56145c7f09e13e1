"""Child processes end with the game: a helper process watches its parent and exits as soon as
the parent is gone, however it ended (a ``kill``, a crash), so no search is left running."""

from __future__ import annotations

import os
import threading
import time


def _end_with_parent(parent_pid: int | None) -> None:
    """End this process as soon as its parent is gone: the parent's end of the pipe closes
    (its sentinel), or this process gets another parent."""
    from multiprocessing import parent_process
    from multiprocessing.connection import wait

    parent = parent_process()
    while True:
        if parent is not None:
            if wait([parent.sentinel], timeout=1.0):
                os._exit(0)
        else:
            time.sleep(1.0)
        if parent_pid is not None and os.getppid() != parent_pid:
            os._exit(0)


def watch_parent(parent_pid: int | None) -> None:
    """Start the watch on a daemon thread (it never holds up the searches)."""
    threading.Thread(
        target=_end_with_parent, args=(parent_pid,), name="parent-watch", daemon=True
    ).start()
