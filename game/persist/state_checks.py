"""What a saved position must hold besides the engine's own rules, before any table draws it.

The engines load views too (a hidden tile or card is written ``"?"``), and accept any names and
any size of number; a save is the whole game, so here: player names a seat could have (unique),
and what the game's plug-in asks of a saved position (no hidden markers, spots and scores within
what it can draw).
"""

from __future__ import annotations

from game.core import GameState
from game.registry import game_spec

from .validate import name_key, name_problem


def _names_problem(names: tuple[str, ...]) -> str | None:
    for index, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            return f"the name of player {index + 1} is unusable: {problem}"
    if len({name_key(name) for name in names}) != len(names):
        return "two players have the same name"
    return None


def check_state(game: str, state: GameState) -> str | None:
    """Why ``state`` (as game ``game``'s engine loaded it) can't be a saved game's position;
    None if it can."""
    if not isinstance(state, GameState):
        return f"{type(state).__name__} is not a game position"
    return _names_problem(tuple(state.player_names)) or game_spec(game).save_problem(state)
