"""Shared test setup: headless SDL before anything imports pygame, and a private data folder."""

import os
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Saves, settings and statistics written by tests never touch the player's real data folder.
os.environ["ROBBERS_DEN_HOME"] = tempfile.mkdtemp(prefix="robbers-den-tests-")


@pytest.fixture(scope="session", autouse=True)
def compiled_solver() -> None:
    """The rummy solver runs compiled in every test (once per xdist worker: ~0.5 s from numba's
    cache, which ``make test`` fills first). Without numba, everything stays Python."""
    from ai.rummy_solver_jit import warm_up

    warm_up()
