"""The numba kernels of the rummy solver, each with its readable Python twin beside it
(:mod:`ai.rummy.solver.sweep`, :mod:`ai.rummy.solver.rounds`, :mod:`ai.rummy.solver.cover`),
checked equal by the tests.

Readiness: nothing compiles on import or on a solve. :func:`warm_up` loads everything from
numba's on-disk cache (in under a second), having it compiled first by a short-lived process of
its own when it is missing or stale (about a minute the first time after a change of a kernel's
source; :mod:`ai.rummy.solver.compiled.building`), and only then does :func:`ready` say True.
numba itself is imported only by the kernels' modules, which load once the cache is there (told
by a stamp beside it, :mod:`ai.rummy.solver.compiled.stamp`): until then a solve runs the twins.
Without numba, with ``ROBBERS_DEN_NO_JIT=1`` or when compiling fails, :func:`ready` stays False
and the solver keeps to the Python twins.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["NO_JIT_VARIABLE", "available", "compile_here", "njit", "ready", "warm_up"]

log = logging.getLogger(__name__)

# Set to 1 to keep to the Python solvers (numba is then not even imported).
NO_JIT_VARIABLE = "ROBBERS_DEN_NO_JIT"


def _python_njit(*args: Any, **kwargs: Any) -> Any:
    """Stand-in for ``numba.njit`` without numba: the functions stay plain (and unused)."""
    if args and callable(args[0]):
        return args[0]

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        return function

    return decorate


def _disabled() -> bool:
    return os.environ.get(NO_JIT_VARIABLE) == "1"


_import_lock = threading.Lock()
_numba: Any = None
_broken = False


def _import_numba() -> Any:
    """numba, imported on first use (only the kernels' modules and the compiling child need
    it), or None without it."""
    global _numba, _broken
    with _import_lock:
        if _numba is None and not _broken and not _disabled():
            try:
                import numba

                _numba = numba
            except Exception as error:
                _broken = True
                if isinstance(error, ModuleNotFoundError) and error.name == "numba":
                    # the optional extra ``robbers-den[fast]`` is not installed
                    log.info("numba not installed: the rummy solver runs in pure Python")
                else:  # installed, but broken (against this numpy, or without llvmlite)
                    log.warning("numba unavailable (%s): the rummy solver stays Python", error)
        return None if _disabled() else _numba


def njit(*args: Any, **kwargs: Any) -> Any:
    """``numba.njit`` (imported now), or a stand-in that leaves the function plain."""
    numba = _import_numba()
    return (_python_njit if numba is None else numba.njit)(*args, **kwargs)


_warm_lock = threading.Lock()
_ready = False
_failed = False


def available() -> bool:
    """Is numba installed (looked up, not imported) and not switched off with
    ``ROBBERS_DEN_NO_JIT=1``? False too once importing it failed."""
    if _disabled() or _broken:
        return False
    return _numba is not None or importlib.util.find_spec("numba") is not None


def ready() -> bool:
    """Has :func:`warm_up` finished, so that solves run compiled code and never compile?"""
    return _ready


def _warm_kernels() -> None:
    from ai.rummy.solver.compiled.cover import warm_up_cover
    from ai.rummy.solver.compiled.sweep import warm_up_sweep

    warm_up_sweep()
    warm_up_cover()


def compile_here() -> bool:
    """Compile every kernel in this process (or load it from the cache), writing numba's
    cache; for the short-lived process of :func:`ai.rummy.solver.compiled.building.main`."""
    if not available() or _import_numba() is None:
        return False  # the kernels would run as plain (very slow) Python
    try:
        _warm_kernels()
    except Exception as error:
        log.warning("compiling the rummy solver failed (%r)", error)
        return False
    return True


def _load() -> None:
    """Load every kernel from numba's cache, filled first by a short-lived process when it
    lacks one: compiling here would keep its memory for as long as this process lives. Whether
    it lacks one is read from the stamp beside it, so that numba is imported here only once
    there is a cache to load (solves meanwhile run the Python twins)."""
    from ai.rummy.solver.compiled import stamp
    from ai.rummy.solver.compiled.building import build_in_child

    if not stamp.is_current() and not build_in_child():
        raise RuntimeError("the process compiling the kernels failed")

    from ai.rummy.solver.compiled import cover, sweep
    from ai.rummy.solver.compiled.building import load_only
    from ai.rummy.solver.compiled.release import keep_big_blocks_apart, release_compiler_pages

    keep_big_blocks_apart()
    modules = (sweep, cover)
    if not load_only(_warm_kernels, modules):  # stale all the same (a source file touched)
        if not build_in_child():
            raise RuntimeError("the process compiling the kernels failed")
        if not load_only(_warm_kernels, modules):
            raise RuntimeError("the compiled kernels are not in numba's cache")
    release_compiler_pages()


def warm_up() -> bool:
    """Load every kernel from numba's on-disk cache (compiled first in a short-lived process
    of its own when missing or stale), then forbid compiling at call time; returns
    :func:`ready`. Idempotent and thread-safe: a second caller waits for the first. Any
    failure is logged and leaves the Python twins in charge. Call it outside
    :func:`ai.rummy.solver.plan.time_limit`."""
    global _ready, _failed
    with _warm_lock:
        if _ready or _failed or not available():
            return _ready
        try:
            _load()
        except Exception as error:
            _failed = True
            log.warning("compiling the rummy solver failed (%r): it stays pure Python", error)
            return False
        _ready = True
        return True
