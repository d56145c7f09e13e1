"""The move log in words: one sentence per action, naming who did what, in the game's own words
(``game/<name>/words.py``, found through the registry). ``describe`` takes the state the action
was applied to (the full state, or any view of it: nothing hidden is revealed) and the seat
names. Pure: no pygame, no engine changes. ``set_translator`` (re-exported) lets a test see
every text on its way.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Action, GameState
from game.registry import game_spec
from game.wording import set_translator

__all__ = ["describe", "set_translator"]


def describe(
    game: str, state: GameState, action: Action, names: Sequence[str] | None = None
) -> str:
    """The log line for ``action`` of ``game`` (a key of ``game.registry.GAMES``)."""
    return game_spec(game).describe(state, action, names)
