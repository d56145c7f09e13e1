"""Plain words for tiles and moves, for the log, tooltips and the status line."""

from __future__ import annotations

_NAMES = {
    "lake": "lake",
    "mountain": "mountain",
    "plain": "plain",
    "plain+village": "village",
    "plain+castle": "castle",
    "plain+town": "town",
    "forest+village": "forest village",
    "forest+castle": "forest castle",
    "forest+town": "forest town",
}
_MINIMUM_WORDS = {
    "plain": "plain: leave 1 knight",
    "forest": "forest: leave 2",
    "mountain": "mountain: leave 3",
}


def tile_name(kind: str) -> str:
    """``"forest+castle"`` -> ``"forest castle"``; plain buildings drop the terrain."""
    return _NAMES.get(kind, kind.replace("+", " "))


def tile_help(kind: str) -> str:
    """A tooltip: what the tile is worth and what knights must leave on it."""
    terrain, _, building = kind.partition("+")
    parts = [tile_name(kind).capitalize()]
    points = {"castle": 1, "village": 2, "town": 3}.get(building)
    if points:
        parts.append(f"{points} point{'s' if points > 1 else ''} for the top knight")
    if terrain == "lake":
        parts.append("knights can't enter")
    else:
        parts.append(_MINIMUM_WORDS[terrain])
    if building == "castle":
        parts.append("bring 0–5 knights into play when laid")
    return " · ".join(parts)


def direction_name(direction: str | None) -> str:
    return {"N": "north", "E": "east", "S": "south", "W": "west", None: "nowhere"}[direction]
