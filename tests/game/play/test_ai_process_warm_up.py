"""The AI process gets ready only the games played: a Robber Knights game never loads the rummy
solver (nor numba, its compiler)."""

from __future__ import annotations

import os
import subprocess
import sys

from game.play.ai_process import AgentSpec, Request, ReviewRequest, WarmUp, _game_of
from tests.paths import ROOT

PROBE = """
import sys, threading
from game.play.ai_process import warm_up_game
warmed = set()
for game in sys.argv[1:]:
    warm_up_game(game, warmed)
    warm_up_game(game, warmed)  # once per game
for thread in threading.enumerate():
    if thread.name.startswith("warm-up-"):
        thread.join()
print(sorted(warmed), "ai.rummy_solver" in sys.modules, "numba" in sys.modules,
      "ai.knights.fitted" in sys.modules)
"""


def probe(*games: str, jit: bool = False) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("ROBBERS_DEN_NO_JIT", None)
    if not jit:
        env["ROBBERS_DEN_NO_JIT"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *games],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return result.stdout.strip()


def test_a_knights_game_warms_up_knights_only() -> None:
    # numba switched on where it is installed: a knights game still never imports it
    assert probe("knights", jit=True) == "['knights'] False False True"


def test_a_rummy_game_warms_up_the_rummy_solver() -> None:
    assert probe("rummy") == "['rummy'] True False False"


def test_every_request_names_its_game() -> None:
    spec = AgentSpec("rummy", "hard", 1)
    assert _game_of(Request(1, spec, None, 0)) == "rummy"
    assert _game_of(ReviewRequest(2, "knights", (), (), (0,), None, 0)) == "knights"
    assert _game_of(WarmUp("knights")) == "knights"
    assert _game_of(None) is None
