"""Texts of the F1 overlay: a rules summary and the keyboard shortcuts per topic.

A scene names its topic with a ``help_topic`` attribute: "general", or a game's key, whose
topic the game's registry entry names (``GameSpec.help_ref``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.registry import GAMES, resolve


@dataclass(frozen=True)
class HelpTopic:
    title: str
    rules: str
    shortcuts: tuple[tuple[str, str], ...]


GENERAL_KEYS: tuple[tuple[str, str], ...] = (
    (N_("F1"), N_("show or hide this help")),
    (N_("Esc"), N_("back / pause menu")),
    (N_("Enter"), N_("confirm / start")),
    (N_("Tab"), N_("leave a text field")),
)

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
    (N_("V"), N_("replay the last opponent turn step by step")),
    (N_("[  ]"), N_("computer pace slower / faster")),
    (N_("Esc"), N_("pause menu (rules, main menu, quit)")),
)

GENERAL_RULES = N_(
    "Robbers' Den holds two tabletop games for one screen: Robber Knights (2–4 players) and "
    "Räuber-Rommé (2–6 players). Every seat is a person (hot-seat: a cover screen hides your "
    "hand while the screen changes hands) or a computer at easy, medium, hard or expert "
    "level.\n\n"
    "Menu: choose a game, set up the seats, and start."
)

GENERAL_TOPIC = HelpTopic("Robbers' Den", GENERAL_RULES, GENERAL_KEYS)
KNIGHTS_TOPIC = HelpTopic("Robber Knights", KNIGHTS_RULES, KNIGHTS_KEYS + GENERAL_KEYS[:1])


REVIEW_RULES = N_(
    "The review estimates, for every decision of the game, each player's chance to win (in "
    "rummy: to win the round) from what the deciding player could see, with the hidden tiles "
    "or cards dealt again many times. The graph shows those chances turn by turn in the "
    "players' colours; the marks are the costliest decisions.\n\n"
    "A decision is listed only when the better move the search found wins clearly more often: "
    "by more than 5 points, and by more than 2.5 times the estimate's own noise.\n\n"
    "Choose one to see its position on the table, with the move played and the better move."
)

REVIEW_KEYS: tuple[tuple[str, str], ...] = (
    (N_("Up / Down, Enter"), N_("choose a decision in the list, show its position")),
    (N_("Left / Right"), N_("position: step move by move through the game")),
    (N_("Up / Down, PageUp / PageDown"), N_("position: the decision before / after")),
    (N_("P / B / Tab"), N_("position: the move played / the better move / switch")),
    (N_("Esc"), N_("cancel the review; back")),
    (N_("F1"), N_("show or hide this help")),
)

REVIEW_TOPIC = HelpTopic("Game review", REVIEW_RULES, REVIEW_KEYS)


def topic(name: str) -> HelpTopic:
    """The topic ``name``: a game's (from the registry), the review's, or the overview."""
    if name == "review":
        return REVIEW_TOPIC
    spec = GAMES.get(name)
    if spec is None:
        return GENERAL_TOPIC
    found: HelpTopic = resolve(spec.help_ref)
    return found
