"""Playing any registered game at random in tests: a seeded random step per game, and an
action the position refuses. Generic: a game whose ``legal_actions`` lists its moves needs
nothing here; a game that can't list them (rummy's plays) names its own random step."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from game.core import IllegalAction
from game.registry import game_spec
from tests.game.test_movelog_players import random_rummy_action

RandomStep = Callable[[Any, random.Random], Any]

# Games whose legal_actions() leave out most moves: their own random player.
RANDOM_STEPS: dict[str, RandomStep] = {"rummy": random_rummy_action}


def random_listed_action(state: Any, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


def random_step(game: str) -> RandomStep:
    return RANDOM_STEPS.get(game, random_listed_action)


def names(players: int) -> list[str]:
    return [f"P{seat}" for seat in range(players)]


def random_positions(game: str, seed: int, steps: int, players: int = 2) -> Iterator[Any]:
    """The positions of a seeded random game, from the deal on, for at most ``steps`` moves
    (stopping at a terminal position of a game that ends with play)."""
    spec = game_spec(game)
    step = random_step(game)
    rng = random.Random(seed)
    state = spec.new_game(names(players), seed)
    yield state
    for _ in range(steps):
        if state.is_terminal and spec.info.ends_with_play:
            return
        state = state.apply(step(state, rng))
        yield state


def candidate_actions(game: str, state: Any) -> Iterator[Any]:
    """Well-formed actions of ``game`` to try on ``state``: the plain ones many games have
    (end, pass, next round), then those legal early in other deals of the same table."""
    spec = game_spec(game)
    for data in ({"type": "end"}, {"type": "pass"}, {"type": "next_round"}):
        try:
            yield spec.action_from_dict(data)
        except ValueError:
            continue
    rng = random.Random(0)
    for seed in range(20):
        other = spec.new_game(list(state.player_names), seed)
        for _step in range(6):
            actions = other.legal_actions()
            yield from actions
            if other.is_terminal or not actions:
                break
            other = other.apply(rng.choice(actions))


def refused_action(game: str, state: Any) -> Any | None:
    """A well-formed action of ``game`` that ``state`` refuses (None where every one is legal,
    as in a Nim deal whose piles all hold 3 stones or more)."""
    for action in candidate_actions(game, state):
        try:
            state.apply(action)
        except IllegalAction:
            return action
    return None
