"""Where the compiled kernels come from: numba's on-disk cache, filled by a short-lived process.

Compiling takes about a minute and several hundred MB, most of which numba and LLVM keep once it
is done; loading the cache takes well under a second and far less. So the process that plays
only ever loads (:func:`load_only`: a kernel missing from the cache raises instead of
compiling), and a missing or stale cache is filled by a child process of its own
(:func:`build_in_child`, ``python -m ai.rummy.solver.compiled.building``) that compiles and
ends, handing its memory back. Once it succeeded it writes a stamp beside the cache
(:mod:`ai.rummy.solver.compiled.stamp`), so that the process that plays can tell the cache is
current without importing numba.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

# A child compiles for about a minute on a quiet machine; one that takes far longer is stuck.
BUILD_TIMEOUT = 900.0


class NotCached(Exception):
    """A kernel was not in numba's cache and would have been compiled in this process."""


def _dispatchers(modules: tuple[ModuleType, ...]) -> Iterator[Any]:
    from numba.core.dispatcher import Dispatcher

    for module in modules:
        for value in vars(module).values():
            if isinstance(value, Dispatcher):
                yield value


@contextmanager
def _compiling_refused(modules: tuple[ModuleType, ...]) -> Iterator[None]:
    """Within: every kernel of ``modules`` loads from the cache or raises NotCached."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise NotCached

    patched = list({id(d): d for d in _dispatchers(modules)}.values())  # one imported by both
    for dispatcher in patched:
        dispatcher._compiler.compile = refuse
    try:
        yield
    finally:
        for dispatcher in patched:
            del dispatcher._compiler.compile  # the class's method again


def load_only(warm: Callable[[], None], modules: tuple[ModuleType, ...]) -> bool:
    """Run ``warm`` (which calls the kernels of ``modules``) with compiling refused: True when
    every kernel it calls came from numba's cache, False when one was missing."""
    try:
        with _compiling_refused(modules):
            warm()
    except NotCached:
        return False
    except Exception as error:  # numba may wrap what the refusal raised
        if isinstance(error.__cause__ or error.__context__, NotCached) or "NotCached" in repr(
            error
        ):
            return False
        raise
    return True


def _source_root() -> str:
    """The folder holding the ``ai`` package this process runs: the child must compile the
    same files (numba's cache is kept per source file)."""
    return str(Path(__file__).resolve().parents[4])


def build_in_child(module: str = __name__, timeout: float = BUILD_TIMEOUT) -> bool:
    """Run ``python -m module`` (by default this module's :func:`main`: compile the kernels
    into numba's cache) in a process of its own and wait for it to end; True when it
    succeeded."""
    path = os.environ.get("PYTHONPATH")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (_source_root(), path) if p))
    try:
        done = subprocess.run(
            [sys.executable, "-m", module],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def main() -> int:
    """The child: compile (or load) every kernel, which writes numba's cache, and end."""
    from game.processes import killed_with_parent

    killed_with_parent()  # a compile left running after the game is gone helps nobody
    from ai.rummy.solver.compiled import compile_here, stamp

    try:
        key = stamp.source_key()  # of the sources as they were when compiling began
    except OSError:
        key = None
    if not compile_here():
        return 1
    if key is not None:
        stamp.write(key)  # the process that plays may now import numba and load the cache
    return 0


if __name__ == "__main__":
    sys.exit(main())
