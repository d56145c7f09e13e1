"""The games the program plays: the one place that lists them.

Each game declares its :class:`~game.plugin.GamePlugin` in its own package
(``game/<name>/plugin.py``); this module registers them, and the menu, setup, saves,
statistics, the arena, the AI process, the review and the command line ask it for a game by its
key. No module outside a game's own folders names a game.

More games can be registered by import path in the environment variable
``ROBBERS_DEN_EXTRA_GAMES`` (``"package.module:PLUGIN"``, comma-separated): the test suite
registers its own small game that way, and child processes (the AI process, the arena's
workers) inherit it. Adding a game: see "Adding a game" in docs/architecture.md.
"""

from __future__ import annotations

import os
from typing import Any

from game import i18n
from game.knights.plugin import PLUGIN as KNIGHTS
from game.plugin import GamePlugin, resolve
from game.rummy.plugin import PLUGIN as RUMMY

EXTRA_GAMES_VARIABLE = "ROBBERS_DEN_EXTRA_GAMES"

# The shared code is typed against the contract (game.core.GameState), not one game's state.
GameSpec = GamePlugin[Any, Any]

GAMES: dict[str, GameSpec] = {}


def _register(plugin: GameSpec) -> None:
    """Add a game (its key must be new). Only while this module loads: saves, statistics and
    the command line take the list of games once, when they are imported."""
    if plugin.key in GAMES:
        raise ValueError(f"the game {plugin.key!r} is registered twice")
    GAMES[plugin.key] = plugin
    catalogs = plugin.catalog_dir()
    if catalogs is not None:
        i18n.add_catalog(catalogs, plugin.key)


def _register_extra(refs: str) -> None:
    for ref in filter(None, (part.strip() for part in refs.split(","))):
        plugin = resolve(ref)
        if not isinstance(plugin, GamePlugin):
            raise TypeError(f"{EXTRA_GAMES_VARIABLE}: {ref} is not a GamePlugin")
        _register(plugin)


_register(KNIGHTS)
_register(RUMMY)
_register_extra(os.environ.get(EXTRA_GAMES_VARIABLE, ""))

GAME_KEYS: tuple[str, ...] = tuple(GAMES)


def game_spec(key: str) -> GameSpec:
    """The plug-in of game ``key``; ``ValueError`` (naming the games there are) for any other."""
    spec = GAMES.get(key)
    if spec is None:
        raise ValueError(f"unknown game {key!r}; choose from {', '.join(GAME_KEYS)}")
    return spec


__all__ = ["GAMES", "GAME_KEYS", "GameSpec", "game_spec", "resolve"]
