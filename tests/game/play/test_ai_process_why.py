"""What a computer player weighed comes back from the AI process with its decision."""

from __future__ import annotations

import random

from game.considered import EVALUATION
from game.knights import new_game
from game.play.ai_process import AgentSpec
from game.play.ai_worker import AIWorker


def test_the_decision_carries_what_the_medium_player_weighed() -> None:
    state = new_game(["Ann", "Hilde"], 3)
    rng = random.Random(1)
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    worker = AIWorker()
    worker.start(AgentSpec("knights", "medium", 1), state.view(state.current_player), rng)
    decision = worker.wait(30)
    assert decision is not None and decision.error is None
    considered = decision.considered
    assert (
        considered is not None and considered.source == EVALUATION and considered.level == "medium"
    )
    played = considered.options[0]
    assert played.actions[0] == decision.action.to_dict()  # the plan starts with the move
    assert all(0.0 <= (o.chance or 0.0) <= 1.0 for o in considered.options)
