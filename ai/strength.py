"""Strengths between the named levels: ``strength`` runs from 0 (easy) through 1 (medium),
2 (hard) to 3 (expert); a whole number is that level, and a strength between two levels plays
each decision as the stronger one with the probability of its fraction, else as the weaker one
(each at its own time budget). That is a measured amount of randomness: where such a mix lands
on a game's ladder is measured by matches (``tools/ladder.py``), not assumed.

In the arena a mix is named ``mix<strength>``, e.g. ``mix1.5`` (see :func:`player_agent`).
"""

from __future__ import annotations

import math
import random
import threading

from ai.agent import Agent
from ai.levels import LEVELS, make_agent
from game.core import Action, GameState

TOP = float(len(LEVELS) - 1)
MIX_PREFIX = "mix"


def check_strength(strength: float) -> float:
    """``strength`` if it is a finite number from 0 to the top level, else ValueError."""
    if isinstance(strength, bool) or not isinstance(strength, int | float):
        raise ValueError(f"a strength is a number, not {strength!r}")
    if not math.isfinite(strength) or not 0.0 <= strength <= TOP:
        raise ValueError(f"a strength runs from 0 to {TOP:g}, not {strength!r}")
    return float(strength)


def level_below(strength: float) -> str:
    """The named level at or below ``strength`` (what the seat is counted as in statistics)."""
    return LEVELS[min(int(check_strength(strength)), len(LEVELS) - 1)]


class MixedAgent:
    """Decides as ``stronger`` with probability ``share``, else as ``weaker``."""

    def __init__(self, weaker: Agent, stronger: Agent, share: float) -> None:
        self.weaker = weaker
        self.stronger = stronger
        self.share = share

    def choose(self, state: GameState, rng: random.Random) -> Action:
        agent = self.stronger if rng.random() < self.share else self.weaker
        return agent.choose(state, rng)

    def explain(self, state: GameState, rng: random.Random) -> tuple[Action, object | None]:
        """The move, and what the level that made it weighed (None: that level can't say)."""
        agent = self.stronger if rng.random() < self.share else self.weaker
        explain = getattr(agent, "explain", None)
        if callable(explain):
            action, considered = explain(state, rng)
            return action, considered
        return agent.choose(state, rng), None


def make_strength_agent(
    game: str,
    strength: float,
    seed: int = 0,
    budget: float | None = None,
    stop: threading.Event | None = None,
) -> Agent:
    """A computer player of ``strength`` (0 to 3) for ``game``; ``budget`` as for make_agent."""
    value = check_strength(strength)
    low = min(int(value), len(LEVELS) - 2)
    share = value - low
    if share <= 0.0:
        return make_agent(game, LEVELS[low], seed, budget, stop)
    if share >= 1.0:
        return make_agent(game, LEVELS[low + 1], seed, budget, stop)
    weaker = make_agent(game, LEVELS[low], seed, budget, stop)
    stronger = make_agent(game, LEVELS[low + 1], seed, budget, stop)
    return MixedAgent(weaker, stronger, share)


def mix_name(strength: float) -> str:
    return f"{MIX_PREFIX}{check_strength(strength):g}"


def parse_player(name: str) -> str | float:
    """A level name as it is, a ``mix<strength>`` name as its strength; ValueError otherwise."""
    if name in LEVELS:
        return name
    if name.startswith(MIX_PREFIX):
        try:
            return check_strength(float(name[len(MIX_PREFIX) :]))
        except ValueError:
            pass
    raise ValueError(
        f"unknown player {name!r}; choose from {', '.join(LEVELS)} or mix<0 to {TOP:g}>"
    )


def player_agent(
    game: str,
    name: str,
    seed: int = 0,
    budget: float | None = None,
    stop: threading.Event | None = None,
) -> Agent:
    """The arena's players: a level by name, or a strength named ``mix<strength>``."""
    player = parse_player(name)
    if isinstance(player, str):
        return make_agent(game, player, seed, budget, stop)
    return make_strength_agent(game, player, seed, budget, stop)
