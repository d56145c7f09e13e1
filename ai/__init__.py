"""Computer players: random, greedy, ISMCTS, the rummy solver and the difficulty levels."""

from ai.agent import Agent
from ai.levels import LEVELS, make_agent

__all__ = ["LEVELS", "Agent", "make_agent"]
