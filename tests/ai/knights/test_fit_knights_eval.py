"""The knights evaluation fit (tools/fit_knights_eval.py) recovers weights that made the data."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from ai.knights.eval import FEATURES, HAND_WEIGHTS
from tests.paths import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from fit_knights_eval import design, fit_weights, weights_at  # noqa: E402

SIZE = len(FEATURES)


def synthetic(true: np.ndarray, positions: int = 400) -> tuple[np.ndarray, np.ndarray]:
    """Final points that are exactly the sums weighed by ``true`` (which moves with progress)."""
    rng = np.random.default_rng(3)
    features = rng.uniform(0.0, 6.0, size=(positions, 2, SIZE))
    progress = rng.uniform(0.0, 1.0, size=positions)
    x = design(features, progress)
    return x.reshape(-1, x.shape[2]), (x @ true).reshape(-1)


def test_the_fit_recovers_weights_that_move_with_the_game() -> None:
    true = np.concatenate([np.linspace(0.1, 1.5, SIZE), np.linspace(-0.5, 0.5, SIZE), [7.0, 3.0]])
    x, y = synthetic(true)
    fitted = fit_weights(x, y, keep=[], ridge=1e-9)
    assert fitted == pytest.approx(true, abs=1e-6)
    assert weights_at(fitted, 0.25) == pytest.approx(true[:SIZE] + 0.75 * true[SIZE : 2 * SIZE])


def test_kept_sums_keep_their_hand_set_weight_all_game() -> None:
    true = np.concatenate([np.array(HAND_WEIGHTS), np.zeros(SIZE), [2.0, 1.0]])
    knights = FEATURES.index("usable_knights")
    true[knights] = 0.9  # what a free fit would find; kept, it stays at the hand-set value
    x, y = synthetic(true)
    fitted = fit_weights(x, y, keep=["usable_knights"], ridge=1e-9)
    assert fitted[knights] == HAND_WEIGHTS[knights]
    assert fitted[SIZE + knights] == 0.0
    free = fit_weights(x, y, keep=[], ridge=1e-9)
    assert free[knights] == pytest.approx(0.9, abs=1e-6)


def test_merged_heights_share_one_weight_per_bucket() -> None:
    true = np.concatenate([np.linspace(0.1, 1.5, SIZE), np.zeros(SIZE), [0.0, 0.0]])
    x, y = synthetic(true)
    merged = fit_weights(x, y, keep=[], ridge=1e-9, merge_heights=True)
    for stem in ("held_unreachable", "held_threatened", "rivals_unreachable"):
        heights = [merged[FEATURES.index(f"{stem}_{height}")] for height in (1, 2, 3)]
        assert heights == pytest.approx([heights[0]] * 3)
    held_safe = FEATURES.index("held_safe")
    assert merged[held_safe] != pytest.approx(merged[held_safe + 1])
