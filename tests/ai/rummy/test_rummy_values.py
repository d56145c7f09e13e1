"""The fitted Räuber-Rommé position values: shipped, checked, and sensible."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from ai.rummy import values
from ai.rummy.values import FEATURES, win_chances
from game.rummy import new_game, parse_cards


def test_the_shipped_weights_match_the_features_and_beat_the_equal_share() -> None:
    assert len(values.weights()) == len(FEATURES)
    from importlib import resources

    record = json.loads(resources.files("ai.rummy").joinpath("values.json").read_text("utf-8"))
    fitted = record["fitted_on"]
    assert fitted["held_out_log_loss"] < fitted["equal_share_log_loss"]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_chances_share_out_the_win(players: int) -> None:
    state = new_game(players, 4)
    chances = win_chances(state, 0)
    assert len(chances) == players
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 < c < 1.0 for c in chances)


def test_a_seat_one_card_from_going_out_is_the_favourite() -> None:
    state = new_game(2, 5)
    near = replace(state.players[0], hand=tuple(parse_cards("7H")), opened=True)
    far = replace(state.players[1], opened=False)
    # Late in the round (few cards left in the stock), as such a position comes about.
    state = replace(state, players=(near, far), stock=state.stock[:30])
    chances = win_chances(state, 0)
    assert chances[0] > 0.7
    assert win_chances(state, 1)[0] > 0.7  # seen from the rival: one card left, opened


def test_a_round_that_is_over_is_valued_by_its_result() -> None:
    state = new_game(2, 6)
    rng = random.Random(1)
    from ai import make_agent

    agents = [make_agent("rummy", "medium", 1), make_agent("rummy", "medium", 2)]
    while not state.is_terminal:
        state = state.apply(agents[state.current_player].choose(state, rng))
    assert win_chances(state, 1) == list(state.returns())
