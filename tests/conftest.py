"""Shared test setup: headless SDL before anything imports pygame, and a private data folder."""

import os
import tempfile

import pytest

# The suite's own third game (tests/games/nim), registered before anything imports
# game.registry; the AI process and the arena's workers inherit it with the environment.
os.environ["ROBBERS_DEN_EXTRA_GAMES"] = "tests.games.nim.plugin:PLUGIN"
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Saves, settings and statistics written by tests never touch the player's real data folder.
os.environ["ROBBERS_DEN_HOME"] = tempfile.mkdtemp(prefix="robbers-den-tests-")


@pytest.fixture(autouse=True)
def private_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test starts from an empty data folder: a settings file another test left behind
    (the app writes its settings when it quits, a language among them) must not change what
    this one sees."""
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(scope="session", autouse=True)
def compiled_solver() -> None:
    """The rummy solver runs compiled in every test (once per xdist worker: ~0.5 s from numba's
    cache, which ``make test`` fills first). Without numba, everything stays Python."""
    from ai.rummy_solver import warm_up

    warm_up()


@pytest.fixture(params=["compiled", "python"])
def solver_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs a test once on each solver path: the compiled kernels (when numba is there) and the
    pure-Python pipeline, which must give the same plays (``ROBBERS_DEN_NO_JIT=1`` ships it)."""
    from ai.rummy.solver import compiled

    if request.param == "compiled" and not compiled.ready():
        pytest.skip("numba missing or ROBBERS_DEN_NO_JIT=1")
    if request.param == "python":
        monkeypatch.setattr(compiled, "_ready", False)
    return str(request.param)
