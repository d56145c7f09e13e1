"""Whether numba's cache of the kernels is there and current, told without importing numba.

The short-lived process that fills the cache (:mod:`ai.rummy.solver.compiled.building`) writes
a stamp beside it when it succeeds: a hash of the solver's source files and of the versions of
Python, numba, llvmlite and numpy. The process that plays reads it with plain file reads; while
the stamp matches, it loads the cache; otherwise it has the cache filled first and keeps numba
(about 100 MB once imported) out of its memory meanwhile. The stamp is untrusted: anything but
the expected hash (missing, damaged, forged, too large) just means "fill the cache again".
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import tempfile
from importlib import metadata
from pathlib import Path

STAMP_NAME = "robbers-den-solver.stamp"
MAX_STAMP_BYTES = 4096
# The compiled code bakes in what these hold (the kernels, their Python twins' helpers, and the
# rules' constants they read as globals).
_PACKAGE = Path(__file__).resolve().parents[1]
_RULES = _PACKAGE.parents[2] / "game" / "rummy"
_RULES_READ = ("cards.py", "turn_rules.py")
_LIBRARIES = ("numba", "llvmlite", "numpy")


def stamp_path() -> Path:
    """Beside numba's cache: the folder ``NUMBA_CACHE_DIR`` names, else the kernels' own
    ``__pycache__`` (where numba keeps the cache of a writable source tree), else numba's
    folder in the user's cache (where it keeps it otherwise)."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen) / STAMP_NAME
    here = Path(__file__).resolve().parent
    in_tree = here / "__pycache__"
    if os.access(in_tree if in_tree.is_dir() else here, os.W_OK):
        return in_tree / STAMP_NAME
    user_cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(user_cache) / "numba" / STAMP_NAME


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "-"


def source_key() -> str:
    """The hash the stamp must hold for the cache of these sources, this Python and these
    libraries to count as current."""
    digest = hashlib.sha256()
    parts = [sys.version, sys.implementation.cache_tag or "", platform.machine()]
    parts += [f"{name} {_version(name)}" for name in _LIBRARIES]
    digest.update("\n".join(parts).encode())
    files = sorted(_PACKAGE.rglob("*.py")) + [_RULES / name for name in _RULES_READ]
    for path in files:
        digest.update(str(path.relative_to(_PACKAGE.parents[2])).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_current(key: str | None = None) -> bool:
    """Does the stamp beside the cache hold ``key`` (by default :func:`source_key`)? False for
    a stamp that is missing, unreadable or not one this module wrote."""
    try:
        with stamp_path().open("rb") as file:
            raw = file.read(MAX_STAMP_BYTES + 1)
        if len(raw) > MAX_STAMP_BYTES:
            return False
        data = json.loads(raw.decode("utf-8"))
        wanted = source_key() if key is None else key
    except (OSError, ValueError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return False
    return isinstance(data, dict) and data.get("key") == wanted


def write(key: str) -> bool:
    """Write the stamp holding ``key`` atomically (a reader sees the old one or the new one);
    False when it could not be written (the next start then fills the cache again)."""
    path = stamp_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".stamp-", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump({"key": key}, file)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True
