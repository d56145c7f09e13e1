"""Hand back what loading the compiled kernels leaves resident but never uses again.

Once the kernels are loaded and compiling is switched off, LLVM's machine code (the text of
llvmlite's library, about 50 MB) is not run again. Its pages are clean copies of the file, so
dropping them from this process is safe: the kernel reads a page back if it is ever run. The
C heap's free memory goes back to the system too. Linux (glibc) only; elsewhere nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from pathlib import Path

MADV_DONTNEED = 4  # from <sys/mman.h>
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


def release_compiler_pages() -> int:
    """Drop the compiler's code pages and trim the C heap; the number of mappings dropped."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
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
