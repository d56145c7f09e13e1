"""Scores turned into chances that add up to 1 (the largest score taken out first, so no
score overflows)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    weights = [math.exp(score - top) for score in scores]
    total = sum(weights)
    return [weight / total for weight in weights]
