"""Strengths between the levels: a measured mix of two neighbouring levels."""

from __future__ import annotations

import math
import random

import pytest

from ai.arena import parse_args
from ai.levels import make_agent
from ai.strength import MixedAgent, check_strength, level_below, make_strength_agent, parse_player
from game.core import Action, GameState


class Named:
    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, state: GameState, rng: random.Random) -> Action:
        return self.name  # type: ignore[return-value]


def test_a_mix_decides_as_the_stronger_level_by_its_share() -> None:
    mix = MixedAgent(Named("weak"), Named("strong"), 0.3)
    rng = random.Random(5)
    picks = [mix.choose(None, rng) for _ in range(4000)]  # type: ignore[arg-type]
    assert abs(picks.count("strong") / 4000 - 0.3) < 0.03


def test_whole_strengths_are_the_levels_and_others_mix_neighbours() -> None:
    for strength, level in ((0.0, "easy"), (1.0, "medium"), (3.0, "expert")):
        agent = make_strength_agent("knights", strength)
        assert type(agent) is type(make_agent("knights", level))
    mix = make_strength_agent("knights", 2.25)
    assert isinstance(mix, MixedAgent) and mix.share == pytest.approx(0.25)
    assert not isinstance(make_strength_agent("knights", 3.0), MixedAgent)
    assert [level_below(s) for s in (0.0, 0.9, 1.0, 2.5, 3.0)] == [
        "easy",
        "easy",
        "medium",
        "hard",
        "expert",
    ]


@pytest.mark.parametrize("bad", [math.nan, math.inf, -0.1, 3.01, True, "2"])
def test_impossible_strengths_are_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        check_strength(bad)  # type: ignore[arg-type]


def test_the_arena_takes_mixes_by_name() -> None:
    assert parse_player("mix1.5") == 1.5 and parse_player("hard") == "hard"
    args = parse_args(["--game", "knights", "--players", "mix1.5,hard"])
    assert args.levels == ["mix1.5", "hard"]
    with pytest.raises(SystemExit):
        parse_args(["--game", "knights", "--players", "mix9,hard"])


def test_a_matched_computer_says_what_it_weighed() -> None:
    """'Why?' for a matched seat reads the search of the level that made the move."""
    from game.considered import Considered
    from game.play.ai_process import decide
    from game.rummy import new_game

    agent = make_strength_agent("rummy", 2.5, seed=1, budget=0.05)
    state = new_game(2, 3)
    action, considered = decide(agent, state.view(state.current_player), random.Random(2))
    assert action is not None
    assert isinstance(considered, Considered)
