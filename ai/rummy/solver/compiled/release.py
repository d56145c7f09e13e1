"""Hand back what loading the compiled kernels leaves resident but never uses again, and what
their searches free.

Once the kernels are loaded and compiling is switched off, LLVM's machine code (the text of
llvmlite's library, about 50 MB) is not run again. Its pages are clean copies of the file, so
dropping them from this process is safe: the kernel reads a page back if it is ever run. The
C heap's free memory goes back to the system too. And the searches' tables (megabytes each,
made and freed on every solve) stay in blocks of their own, handed back when freed: glibc would
otherwise raise its threshold for such blocks after the first one freed and keep the later ones
in a heap that only grows (about 50 MB over a few hundred decisions). Linux (glibc) only;
elsewhere nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from pathlib import Path

MADV_DONTNEED = 4  # from <sys/mman.h>
M_MMAP_THRESHOLD = -3  # from <malloc.h>
BLOCK_OF_ITS_OWN = 128 * 1024  # glibc's default, kept fixed
COMPILER_LIBRARY = "libllvmlite"


def _code_mappings(name: str) -> list[tuple[int, int]]:
    """(start, end) of the executable, never written mappings of the library ``name``."""
    found = []
    for line in Path("/proc/self/maps").read_text().splitlines():
        parts = line.split()
        if len(parts) >= 6 and parts[1] == "r-xp" and name in Path(parts[5]).name:
            start, end = (int(value, 16) for value in parts[0].split("-"))
            found.append((start, end))
    return found


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None


def keep_big_blocks_apart() -> bool:
    """Fix the size from which a block is mapped on its own (and unmapped when freed)."""
    libc = _libc()
    if libc is None or not hasattr(libc, "mallopt"):
        return False
    return bool(libc.mallopt(M_MMAP_THRESHOLD, BLOCK_OF_ITS_OWN) == 1)


def release_compiler_pages() -> int:
    """Drop the compiler's code pages and trim the C heap; the number of mappings dropped."""
    libc = _libc()
    if libc is None:
        return 0
    try:
        libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        dropped = sum(
            libc.madvise(start, end - start, MADV_DONTNEED) == 0
            for start, end in _code_mappings(COMPILER_LIBRARY)
        )
        if hasattr(libc, "malloc_trim"):
            libc.malloc_trim(0)
    except (OSError, AttributeError, ValueError):
        return 0
    return dropped
