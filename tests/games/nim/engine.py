"""Nim's rules: three small piles of stones; a player takes 1 to 3 stones from one pile, and
whoever takes the last stone wins. No hidden information, no chance after the deal.

Pure Python on ``game.core`` only, like the real engines: immutable states, ``apply`` returns a
new state or raises :class:`~game.core.IllegalAction` with a declared refusal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.core import IllegalAction, refusal, require, shared_win_returns

PILES = 3
MIN_STONES, MAX_STONES = 2, 5  # per pile at the deal
MOST_STONES = 99  # a pile in a file may hold no more (a save can't ask for a huge drawing)
MAX_TAKE = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 3

# The codes are shared with every game: prefixed so that they stay unique.
GAME_OVER = refusal("nim_game_over", "the game is over: nobody takes any more stones")
NOT_A_TAKE = refusal("nim_not_a_take", "{action} is not a move of Nim")
NO_SUCH_PILE = refusal("nim_no_such_pile", "there is no pile {pile}")
TAKE_ONE_TO_THREE = refusal("nim_take_one_to_three", "take 1, 2 or 3 stones, not {count}")
PILE_TOO_SMALL = refusal("nim_pile_too_small", "pile {pile} holds only {left} stones")


@dataclass(frozen=True)
class Take:
    """Take ``count`` stones from pile ``pile`` (counted from 0)."""

    pile: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "take", "pile": self.pile, "count": self.count}

    def __str__(self) -> str:
        return f"take {self.count} from pile {self.pile + 1}"


def _small_int(value: Any, low: int, high: int, what: str) -> int:
    require(isinstance(value, int) and not isinstance(value, bool), f"{what} must be a number")
    require(low <= value <= high, f"{what} must be from {low} to {high}")
    return int(value)


def action_from_dict(data: Any) -> Take:
    """A :class:`Take` from untrusted JSON (ValueError if it is not one)."""
    require(isinstance(data, dict) and data.get("type") == "take", "not a Nim action")
    pile = _small_int(data.get("pile"), 0, PILES - 1, "pile")
    count = _small_int(data.get("count"), 1, MAX_TAKE, "count")
    require(set(data) == {"type", "pile", "count"}, "a Nim action has unknown fields")
    return Take(pile, count)


@dataclass(frozen=True)
class NimState:
    """A position: the seats' names, the deal's seed, the piles, who moves and who won."""

    player_names: tuple[str, ...]
    seed: int
    piles: tuple[int, ...]
    to_move: int
    winner: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def num_players(self) -> int:
        return len(self.player_names)

    def legal_actions(self) -> list[Take]:
        if self.is_terminal:
            return []
        return [
            Take(pile, count)
            for pile, stones in enumerate(self.piles)
            for count in range(1, min(MAX_TAKE, stones) + 1)
        ]

    def apply(self, action: Any) -> NimState:
        if self.winner is not None:
            raise IllegalAction(GAME_OVER())
        if not isinstance(action, Take):
            raise IllegalAction(NOT_A_TAKE(action=action))
        if not 0 <= action.pile < len(self.piles):
            raise IllegalAction(NO_SUCH_PILE(pile=action.pile + 1))
        if not 1 <= action.count <= MAX_TAKE:
            raise IllegalAction(TAKE_ONE_TO_THREE(count=action.count))
        left = self.piles[action.pile]
        if action.count > left:
            raise IllegalAction(PILE_TOO_SMALL(pile=action.pile + 1, left=left))
        piles = list(self.piles)
        piles[action.pile] -= action.count
        won = self.to_move if not any(piles) else None
        following = self.to_move if won is not None else (self.to_move + 1) % self.num_players
        return NimState(self.player_names, self.seed, tuple(piles), following, won)

    def returns(self) -> list[float]:
        winners = [] if self.winner is None else [self.winner]
        return shared_win_returns(self.num_players, winners)

    def view(self, player: int) -> NimState:
        return self  # everything lies open on the table

    def determinize(self, player: int, rng: random.Random) -> NimState:
        return self  # nothing to redeal

    def stones(self) -> int:
        return sum(self.piles)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "nim",
            "players": list(self.player_names),
            "seed": self.seed,
            "piles": list(self.piles),
            "to_move": self.to_move,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Any) -> NimState:
        """A state from untrusted JSON: every field checked, ``SaveFormatError`` (a ValueError)
        for anything that is not a position of this game."""
        require(isinstance(data, dict) and data.get("game") == "nim", "not a Nim position")
        names = data.get("players")
        require(isinstance(names, list), "players must be a list of names")
        require(MIN_PLAYERS <= len(names) <= MAX_PLAYERS, "Nim is for 2 or 3 players")
        require(all(isinstance(n, str) and n for n in names), "a player's name must be text")
        seed = _small_int(data.get("seed"), 0, 2**63 - 1, "seed")
        piles = data.get("piles")
        require(isinstance(piles, list) and len(piles) == PILES, f"Nim has {PILES} piles")
        stones = tuple(_small_int(p, 0, MOST_STONES, "a pile") for p in piles)
        to_move = _small_int(data.get("to_move"), 0, len(names) - 1, "to_move")
        winner = data.get("winner")
        if winner is not None:
            winner = _small_int(winner, 0, len(names) - 1, "winner")
        require((winner is None) == any(stones), "a game is won exactly when no stone is left")
        require(winner is None or winner == to_move, "the winner took the last stone")
        return cls(tuple(names), seed, stones, to_move, winner)


def new_game(names: list[str], seed: int) -> NimState:
    """A new game for ``names`` (2 or 3 seats): three piles of 2 to 5 stones from ``seed``."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError("Nim is for 2 or 3 players")
    rng = random.Random(seed)
    piles = tuple(rng.randint(MIN_STONES, MAX_STONES) for _ in range(PILES))
    return NimState(tuple(names), seed, piles, 0)
