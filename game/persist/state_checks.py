"""What a saved position must hold besides the engine's own rules, before any table draws it.

The engines load views too (a hidden tile or card is written ``"?"``), and accept any names and
any size of number; a save is the whole game, so here: no hidden markers, player names a seat
could have (unique), board spots and scores within what the game can draw.
"""

from __future__ import annotations

from typing import Any

from game.knights import KnightsState
from game.knights.tiles import HIDDEN as HIDDEN_TILE
from game.rummy import RummyState
from game.rummy.cards import HIDDEN as HIDDEN_CARD

from .validate import name_key, name_problem

# Far beyond any real board (its spots stay within a 10x10 area around the start).
MAX_SPOT = 1_000
# Penalty points of an evening and the round number stay far below this.
MAX_COUNT = 10**9


def _names_problem(names: list[str]) -> str | None:
    for index, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            return f"the name of player {index + 1} is unusable: {problem}"
    if len({name_key(name) for name in names}) != len(names):
        return "two players have the same name"
    return None


def _knights_problem(state: KnightsState) -> str | None:
    problem = _names_problem(list(state.players))
    if problem is not None:
        return problem
    for group in (*state.hands, *state.piles, state.start):
        if any(tile.tile == HIDDEN_TILE for tile in group):
            return "a tile is hidden ('?'): this is a player's view, not a saved game"
    spots = list(state.board)
    if state.pending is not None:
        spots.append(state.pending)
    if any(abs(x) > MAX_SPOT or abs(y) > MAX_SPOT for x, y in spots):
        return "a tile lies far outside the table"
    return None


def _rummy_problem(state: RummyState) -> str | None:
    problem = _names_problem([player.name for player in state.players])
    if problem is not None:
        return problem
    cards = [card for player in state.players for card in player.hand]
    cards += list(state.stock)
    cards += [card for meld in state.table for card in meld]
    if HIDDEN_CARD in cards:
        return "a card is hidden ('?'): this is a player's view, not a saved game"
    if state.round > MAX_COUNT or any(p.score > MAX_COUNT for p in state.players):
        return "a score or the round number is far too large"
    return None


def check_state(state: Any) -> str | None:
    """Why ``state`` (as the engine loaded it) can't be a saved game's position; None if it
    can."""
    if isinstance(state, KnightsState):
        return _knights_problem(state)
    if isinstance(state, RummyState):
        return _rummy_problem(state)
    return f"{type(state).__name__} is not a game position"
