"""Plain words for tiles and moves, for the log, tooltips and the status line."""

from __future__ import annotations

from game.i18n import N_, _, ngettext

_NAMES = {
    "lake": N_("lake"),
    "mountain": N_("mountain"),
    "plain": N_("plain"),
    "plain+village": N_("village"),
    "plain+castle": N_("castle"),
    "plain+town": N_("town"),
    "forest+village": N_("forest village"),
    "forest+castle": N_("forest castle"),
    "forest+town": N_("forest town"),
}
_MINIMUM_WORDS = {
    "plain": N_("plain: leave 1 knight"),
    "forest": N_("forest: leave 2"),
    "mountain": N_("mountain: leave 3"),
}


def tile_name(kind: str) -> str:
    """``"forest+castle"`` -> ``"forest castle"``; plain buildings drop the terrain."""
    return _(_NAMES[kind]) if kind in _NAMES else kind.replace("+", " ")


def tile_help(kind: str) -> str:
    """A tooltip: what the tile is worth and what knights must leave on it."""
    terrain, _plus, building = kind.partition("+")
    name = tile_name(kind)
    parts = [name[:1].upper() + name[1:]]
    points = {"castle": 1, "village": 2, "town": 3}.get(building)
    if points:
        parts.append(
            ngettext(
                "{n} point for the top knight", "{n} points for the top knight", points
            ).format(n=points)
        )
    if terrain == "lake":
        parts.append(_("knights can't enter"))
    else:
        parts.append(_(_MINIMUM_WORDS[terrain]))
    if building == "castle":
        parts.append(_("bring 0–5 knights into play when laid"))
    return " · ".join(parts)


def direction_name(direction: str | None) -> str:
    words = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
    return _(words[direction]) if direction in words else _("nowhere")
