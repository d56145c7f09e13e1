"""The expert's Robber Knights evaluation: the same sums as the hand-set one, weighed by
weights fitted to self-play (``tools/fit_knights_eval.py``, stored in ``fitted_weights.json``).

Each weight moves linearly from its value at the game's start to its value at the end: early on
a threatened building is still likely to change hands, late it is mostly settled.
The weights file is read as JSON and checked: a damaged or odd file is refused with a
``ValueError`` naming what is wrong, never half-used; something other than a small ordinary
file in its place (a FIFO, a device) is refused without waiting on it. The expert then plays
with the hand-set evaluation (:func:`expert_evaluation`), and one line on stderr says why.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.data_file import read_small_text
from ai.knights.eval import FEATURES, HAND, Evaluation, game_progress, seat_features
from ai.numbers import finite_numbers

WEIGHTS_FILE = Path(__file__).with_name("fitted_weights.json")
# The self-play the weights are fitted on has two seats; with three or four the rivals' shares
# mean something else, so those games keep the hand-set evaluation.
FITTED_PLAYERS = (2,)
MAX_WEIGHT = 100.0  # far above any sensible weight: a bigger one is a broken file
MAX_FILE_BYTES = 64 * 1024  # the shipped file is under 2 KB


@dataclass(frozen=True)
class FittedWeights:
    """Per feature of ``FEATURES``: its weight at the end, and what it adds at the start."""

    end: tuple[float, ...]
    start_extra: tuple[float, ...]

    def at(self, progress: float) -> tuple[float, ...]:
        """The weights ``progress`` (0 at the start, 1 at the end) into the game."""
        to_come = 1.0 - progress
        return tuple(
            late + extra * to_come for late, extra in zip(self.end, self.start_extra, strict=True)
        )

    def expected_points(self, state: Any) -> list[float]:
        """Points each seat can expect to hold at the end, by the fitted weights."""
        weights = self.at(game_progress(state))
        return [
            sum(value * weight for value, weight in zip(row, weights, strict=True))
            for row in seat_features(state)
        ]


def parse_weights(text: str) -> FittedWeights:
    """The weights in a weights file's text; ``ValueError`` if it isn't one."""
    try:
        record = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ValueError(f"not JSON: {error}") from None
    if not isinstance(record, dict):
        raise ValueError("not a weights record (a JSON object)")
    if record.get("features") != list(FEATURES):
        raise ValueError(f"its features are not this evaluation's: {', '.join(FEATURES)}")
    return FittedWeights(
        finite_numbers(record.get("end"), len(FEATURES), "'end'", MAX_WEIGHT),
        finite_numbers(record.get("start_extra"), len(FEATURES), "'start_extra'", MAX_WEIGHT),
    )


def load_weights(path: Path | str = WEIGHTS_FILE) -> FittedWeights:
    """The weights stored at ``path``; ``ValueError`` naming the file if they can't be used."""
    try:
        return parse_weights(read_small_text(path, MAX_FILE_BYTES))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"knights evaluation weights {path}: {error}") from None


def fitted_evaluation(path: Path | str | None = None) -> Evaluation:
    """The evaluation by the weights at ``path`` (default: the shipped file; read once per
    path)."""
    return _fitted(Path(WEIGHTS_FILE if path is None else path))


@functools.cache
def _fitted(path: Path) -> Evaluation:
    return Evaluation("fitted", load_weights(path).expected_points, FITTED_PLAYERS)


@functools.cache
def expert_evaluation() -> Evaluation:
    """The expert's evaluation: the fitted one, or the hand-set one when the weights file can't
    be used (the expert still searches, just with hard's judgement). One line on stderr says
    why, once per process (not in a match's pool workers: the match itself has said it)."""
    try:
        return fitted_evaluation()
    except ValueError as error:
        if "PoolWorker" not in multiprocessing.current_process().name:
            print(
                f"robbers-den: the knights expert plays with the hand-set weights: {error}",
                file=sys.stderr,
            )
        return HAND


def warm_up() -> None:
    """Read the expert's weights before the first move (a match: in its main process, so a
    damaged file is reported once, before the games)."""
    expert_evaluation()
