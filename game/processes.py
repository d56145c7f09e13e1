"""Child processes end with the game: a helper process watches its parent and exits as soon as
the parent is gone, however it ended (a ``kill``, a crash), so no search is left running.

A watch thread can't run in a stopped process (``kill -STOP``), so on Linux the kernel is also
asked to SIGKILL the child when its parent dies (``PR_SET_PDEATHSIG``): SIGKILL ends even a
stopped process. Elsewhere the thread's watch is all there is.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


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


def killed_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when the parent thread that started it ends; False
    where that can't be asked (another system, no libc)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def watch_parent(parent_pid: int | None, kill_with_parent: bool = True) -> None:
    """End this process with its parent: the kernel's SIGKILL where there is one (only when the
    parent started it from the thread that lives as long as the parent, e.g. its main
    thread: the signal comes when that thread ends), and the watch on a daemon thread (it
    never holds up the searches)."""
    asked = kill_with_parent and killed_with_parent()
    if asked and parent_pid is not None and os.getppid() != parent_pid:
        os._exit(0)  # the parent died before the kernel was asked
    threading.Thread(
        target=_end_with_parent, args=(parent_pid,), name="parent-watch", daemon=True
    ).start()
