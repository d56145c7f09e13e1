"""The F1 help of the rummy table: the rules in short and its keyboard shortcuts."""

from __future__ import annotations

from game.ui import help_text

RUMMY_RULES = (
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
    ("Drag", "move a card; beside its set: split"),
    ("D", "draw (pass if the stock is empty)"),
    ("N / Enter", "next player: end the turn"),
    ("U / Ctrl+Z", "undo the last edit"),
    ("R", "reset the turn"),
    ("H", "hint (Y accepts, Esc dismisses)"),
    ("S", "sort the hand: suit / rank"),
    ("- / +", "fewer / more columns"),
    ("C", "two / four suit colours"),
    ("P", "score table"),
    ("A / E / X", "add / rename / remove a player"),
    ("[  ]", "computer pace slower / faster"),
    ("Esc", "pause menu"),
)
help_text.register_topic("rummy", help_text.HelpTopic("Räuber-Rommé", RUMMY_RULES, RUMMY_KEYS))
