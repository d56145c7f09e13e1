"""Texts of the F1 overlay: a rules summary and the keyboard shortcuts per topic.

A scene names its topic with a ``help_topic`` attribute: "general", or a game's key, whose
topic the game's plug-in names (``GamePlugin.help_ref``).
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

GENERAL_RULES = N_(
    "Robbers' Den holds two tabletop games for one screen: Robber Knights (2–4 players) and "
    "Räuber-Rommé (2–6 players). Every seat is a person (hot-seat: a cover screen hides your "
    "hand while the screen changes hands) or a computer at easy, medium, hard or expert "
    "level.\n\n"
    "Menu: choose a game, set up the seats, and start."
)

GENERAL_TOPIC = HelpTopic("Robbers' Den", GENERAL_RULES, GENERAL_KEYS)


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
    (N_("R"), N_("position: play from here, a new game with the same draws to come")),
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
