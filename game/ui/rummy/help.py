"""The F1 help of the rummy table: the rules in short and its keyboard shortcuts."""

from __future__ import annotations

from game.i18n import N_
from game.ui import help_text

RUMMY_RULES = N_(
    "Lay sets of at least 3 cards: runs (one suit, consecutive, ace low or high, never "
    "K-A-2) or groups (one rank, each suit once). A joker stands for any card, with at least "
    "two cards between two jokers.\n\n"
    "Opening: until you have opened, you may only lay your own sets (blue); once they are "
    "worth 30 points they turn public (green) and you may rebuild the whole table.\n\n"
    "Your turn: either draw a card (the turn ends), or lay at least one card and press Next "
    "player. The table must then be all valid, and no table card may go back to a hand.\n\n"
    "Drag cards from your hand onto a set (dropped where the pointer is), from set to set, "
    "onto the new-set area, or beside their own set to split it there. Hover a card to see "
    "what it is worth where it lies, and an invalid set for the reason.\n\n"
    "Who empties his hand wins the round; the others score their hand value as penalty "
    "points (joker 20, ace 11, faces 10). The lowest total leads."
)
RUMMY_KEYS: tuple[tuple[str, str], ...] = (
    (N_("Drag"), N_("move a card; beside its set: split")),
    (N_("Arrows"), N_("keyboard focus over the hand, the sets and the new-set place")),
    (N_("Space"), N_("lift the focused card; arrows choose where, Enter drops, Esc puts back")),
    (N_("D"), N_("draw (pass if the stock is empty)")),
    (N_("N / Enter"), N_("next player: end the turn")),
    (N_("U / Ctrl+Z"), N_("undo the last edit")),
    (N_("R"), N_("reset the turn")),
    (N_("H"), N_("hint (Y accepts, Esc dismisses)")),
    (N_("W"), N_("why did the computer do that? its move and the others it weighed")),
    (N_("S"), N_("sort the hand: suit / rank")),
    (N_("- / +"), N_("fewer / more columns")),
    (N_("C"), N_("two / four suit colours")),
    (N_("P"), N_("score table")),
    (N_("A / E / X"), N_("add / rename / remove a player")),
    (N_("V"), N_("replay the other players' turns since yours, step by step")),
    (N_("[  ]"), N_("computer pace slower / faster")),
    (N_("Esc"), N_("pause menu")),
)
RUMMY_TOPIC = help_text.HelpTopic("Räuber-Rommé", RUMMY_RULES, RUMMY_KEYS)
