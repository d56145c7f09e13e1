"""The plainest player: a uniformly random legal action (a baseline for tests and matches)."""

from __future__ import annotations

import random
from typing import Any

from ai.agent import own_view


class RandomAgent:
    def choose(self, state: Any, rng: random.Random) -> Any:
        _, view = own_view(state)
        return rng.choice(view.legal_actions())
