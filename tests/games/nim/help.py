"""Nim's F1 topic and its picture for the rules screen."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui import help_text, theme
from game.ui.rules_pictures import caption, heading

NIM_RULES = N_(
    "Three piles of stones lie on the table. On your turn take 1, 2 or 3 stones from one "
    "pile. Whoever takes the last stone wins."
)

NIM_KEYS: tuple[tuple[str, str], ...] = (
    (N_("Up / Down, click"), N_("choose a pile")),
    (N_("1 / 2 / 3"), N_("take that many stones from the chosen pile")),
    (N_("H"), N_("hint: the hard computer's suggestion, shown, not played")),
    (N_("V"), N_("replay the last opponent turn step by step")),
    (N_("Esc"), N_("pause menu (rules, main menu, quit)")),
)

NIM_TOPIC = help_text.HelpTopic("Nim", NIM_RULES, NIM_KEYS + help_text.GENERAL_KEYS[:1])

STONE = 28


def nim_pictures(width: int) -> pygame.Surface:
    """A pile of four stones losing three of them: the biggest take there is."""
    surface = pygame.Surface((width, 200), pygame.SRCALPHA)
    y = heading(surface, _("A move"), 0)
    for stone in range(4):
        colour = theme.TEXT_DIM if stone == 0 else theme.ACCENT
        pygame.draw.circle(surface, colour, (STONE + stone * (STONE + 8), y + STONE), STONE // 2)
    text_x = 4 * (STONE + 8) + 24
    bottom = caption(
        surface,
        _("Take the three gold stones: at most 3 at once, all from one pile."),
        text_x,
        y,
        width - text_x,
    )
    return surface.subsurface(pygame.Rect(0, 0, width, max(bottom, y + 2 * STONE))).copy()
