"""Robber Knights' F1 topic: the rules in short and the table's keys."""

from __future__ import annotations

from game.i18n import N_
from game.ui import help_text

KNIGHTS_RULES = N_(
    "Lay landscape tiles, build castles and send your knights out to hold villages and "
    "towns.\n\n"
    "Start: everybody keeps his castle and one more A tile; the other two A tiles form the "
    "start layout.\n\n"
    "Turn: lay 1 to 3 tiles, each touching a tile already down along an edge. The whole "
    "layout must fit in an N×N area (7 for 2 players, 9 for 3, 10 for 4); the outline shows "
    "up once a side is fixed. After each lay you draw from your pile.\n\n"
    "Castle: when you lay one you may bring 0–5 knights onto it and march them in a straight "
    "line (N, E, S or W). Every tile on the way keeps at least its minimum: plain 1, forest "
    "2, mountain 3. No lakes, no gaps, never more than 4 knights on a tile. Arriving knights "
    "go on top of whoever is there.\n\n"
    "End: when all tiles are laid. The top knight on each building scores for its owner: "
    "castle 1, village 2, town 3. Tie: most knights left in supply wins; still tied, the win "
    "is shared."
)

KNIGHTS_KEYS: tuple[tuple[str, str], ...] = (
    (N_("1 / 2 (1–4)"), N_("pick a hand tile (at the start: the tile to keep)")),
    (N_("Arrows"), N_("move the cursor between legal spots")),
    (N_("Enter"), N_("lay the tile at the cursor / keep / confirm knights")),
    (N_("E"), N_("end the turn (after the first lay)")),
    (N_("0 – 5"), N_("castle: how many knights to bring")),
    (N_("Arrows / Space"), N_("castle: march N, E, S, W / stay on the castle")),
    (N_("Tab / Shift+Tab"), N_("castle: next / previous way to drop the knights")),
    (N_("H"), N_("hint: the hard computer's suggestion, shown, not played")),
    (N_("W"), N_("why did the computer do that? its move and the others it weighed")),
    (N_("V"), N_("replay the other players' turns since yours, step by step")),
    (N_("[  ]"), N_("computer pace slower / faster")),
    (N_("Esc"), N_("pause menu (rules, main menu, quit)")),
)

KNIGHTS_TOPIC = help_text.HelpTopic(
    "Robber Knights", KNIGHTS_RULES, KNIGHTS_KEYS + help_text.GENERAL_KEYS[:1]
)
