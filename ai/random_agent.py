"""The plainest player: a uniformly random legal action (a baseline for tests and matches)."""

from __future__ import annotations

import random

from ai.agent import own_view
from game.core import Action, GameState


class RandomAgent:
    def choose(self, state: GameState, rng: random.Random) -> Action:
        _, view = own_view(state)
        return rng.choice(view.legal_actions())
