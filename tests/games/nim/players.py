"""Nim's computer players: easy plays at random, medium greedily takes the most it can, hard
and expert play the known winning move (leave a position whose nim-sum of ``pile % 4`` is 0)."""

from __future__ import annotations

import random
import threading
from functools import reduce
from operator import xor
from typing import Any

from ai.agent import Agent, own_view

from .engine import MAX_TAKE, NimState, Take


def nim_sum(piles: tuple[int, ...]) -> int:
    """The position's Grundy value: 0 means the player to move loses against best play."""
    return reduce(xor, (stones % (MAX_TAKE + 1) for stones in piles), 0)


class RandomNim:
    def choose(self, state: Any, rng: random.Random) -> Take:
        _, view = own_view(state)
        actions: list[Take] = view.legal_actions()
        return rng.choice(actions)


class GreedyNim:
    """The most stones at once, from the biggest pile (so it wins whenever it can at once)."""

    def choose(self, state: Any, rng: random.Random) -> Take:
        _, view = own_view(state)
        actions: list[Take] = view.legal_actions()
        return max(actions, key=lambda a: (a.count, view.piles[a.pile], -a.pile))


def winning_moves(state: NimState) -> list[Take]:
    """The moves that leave the rival a lost position (none when we are lost ourselves)."""
    found = []
    for action in state.legal_actions():
        after = state.apply(action)
        if after.is_terminal or nim_sum(after.piles) == 0:
            found.append(action)
    return found


class PerfectNim:
    """A winning move when there is one, else the greedy move (the rival may still slip)."""

    def choose(self, state: Any, rng: random.Random) -> Take:
        _, view = own_view(state)
        winning = winning_moves(view)
        return winning[0] if winning else GreedyNim().choose(view, rng)


def make_nim_agent(
    level: str, seed: int, seconds: float | None, stop: threading.Event | None = None
) -> Agent:
    """The player of ``level`` (no search: ``seconds`` and ``stop`` are not needed)."""
    players: dict[str, Agent] = {"easy": RandomNim(), "medium": GreedyNim()}
    return players.get(level, PerfectNim())
