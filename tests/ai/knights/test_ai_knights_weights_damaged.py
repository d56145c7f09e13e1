"""Issue 35, point 6: a damaged fitted-weights file (ai/knights/fitted_weights.json) no longer
ends a match in a ValueError traceback, and a FIFO in its place no longer hangs it: the expert
plays with the hand-set evaluation, and one line on stderr says why."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ai import make_agent
from ai.arena import main as match
from ai.knights import fitted
from ai.knights.eval import FEATURES, HAND
from ai.knights.levels import KnightsSearchAgent

GOOD = {"features": list(FEATURES), "end": [0.5] * len(FEATURES)}
GOOD["start_extra"] = [0.0] * len(FEATURES)


def _text(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, encoding="utf-8")


DAMAGE: dict[str, Callable[[Path], None]] = {
    "bad JSON": _text("{not json"),
    "wrong shape": _text(json.dumps({**GOOD, "end": [0.5, 0.5]})),
    "NaN": _text(json.dumps(GOOD).replace("0.5", "NaN", 1)),
    "huge int": _text(json.dumps(GOOD).replace("0.5", "1" + "0" * 400, 1)),
    "not text": lambda path: path.write_bytes(b"\xff\xfe\x00\x00garbage"),
    "too large": _text(" " * (fitted.MAX_FILE_BYTES + 1) + json.dumps(GOOD)),
    "FIFO": lambda path: os.mkfifo(path),
    "folder": lambda path: path.mkdir(),
    "missing": lambda path: None,
}


@pytest.fixture()
def weights(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "fitted_weights.json"
    monkeypatch.setattr(fitted, "WEIGHTS_FILE", path)
    fitted.expert_evaluation.cache_clear()
    yield path
    fitted.expert_evaluation.cache_clear()  # the next test reads the shipped file again


@pytest.fixture()
def no_hang() -> Iterator[None]:
    def hung(signum: int, frame: object) -> None:
        raise TimeoutError("reading the weights file blocked")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.usefixtures("no_hang")
@pytest.mark.parametrize("damage", DAMAGE)
def test_the_expert_plays_with_the_hand_set_weights_and_says_why_once(
    damage: str, weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    DAMAGE[damage](weights)
    for seed in range(3):
        expert = make_agent("knights", "expert", seed=seed, budget=0.05)
        assert isinstance(expert, KnightsSearchAgent) and expert.evaluation is HAND
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "hand-set weights" in lines[0] and "fitted_weights" in lines[0]


@pytest.mark.usefixtures("no_hang")
@pytest.mark.parametrize("damage", ["FIFO", "huge int"])
def test_a_match_with_a_damaged_weights_file_plays_to_the_end(
    damage: str, weights: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    DAMAGE[damage](weights)
    argv = ["--game", "knights", "--players", "expert,medium", "--games", "1", "--budget", "0.01"]
    assert match([*argv, "--json"]) == 0  # was: a ValueError traceback (a FIFO: no end)
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 1
    assert [line for line in err.splitlines() if "hand-set weights" in line] == [err.strip()]


def test_the_shipped_weights_still_make_the_expert() -> None:
    fitted.expert_evaluation.cache_clear()
    expert = make_agent("knights", "expert", budget=0.05)
    assert (
        isinstance(expert, KnightsSearchAgent) and expert.evaluation is fitted.fitted_evaluation()
    )
    assert expert.evaluation is not HAND
