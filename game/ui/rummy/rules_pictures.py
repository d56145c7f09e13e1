"""Räuber-Rommé's pictures for the rules screen: example sets, valid ones with their points and
invalid ones with the engine's own reason (from ``check_meld``, in the player's language)."""

from __future__ import annotations

import pygame

from game.i18n import _, refusal_text
from game.rummy import check_meld
from game.rummy.cards import parse_cards
from game.ui import theme
from game.ui.rules_pictures import heading
from game.ui.rummy.card_art import card_surface

EXAMPLE_SETS: tuple[str, ...] = (
    "7H 8H 9H 10H",
    "QS QD QC",
    "5D * 7D",
    "KS AS 2S",
    "7H 8S 9H",
    "QS QS QD",
    "* 4C *",
    "4C 5C",
)


def rummy_pictures(width: int, four_colour: bool = False) -> pygame.Surface:

    surface = pygame.Surface((width, 1400), pygame.SRCALPHA)
    y = heading(surface, _("Example sets"), 0)
    card_w, card_h = 40, 57
    columns = 2 if width >= 700 else 1
    col_w = width // columns
    row_h = card_h + 30
    for index, notation in enumerate(EXAMPLE_SETS):
        column, row = index % columns, index // columns
        x, top = column * col_w, y + row * row_h
        cards = parse_cards(notation)
        for i, card in enumerate(cards):
            surface.blit(
                card_surface(card, (card_w, card_h), four_colour), (x + i * (card_w - 8), top)
            )
        check = check_meld(cards)
        text_x = x + len(cards) * (card_w - 8) + 20
        if check.valid:
            kind = _("run") if check.kind == "run" else _("group")
            verdict = _("valid {kind}: {points} points").format(kind=kind, points=check.value)
            ink = theme.GOOD
        else:
            verdict = _("invalid: {reason}").format(reason=refusal_text(check.error or ""))
            ink = theme.BAD
        line_h = theme.font(theme.FONT_SMALL).get_linesize()
        for i, line in enumerate(theme.wrap(verdict, theme.FONT_SMALL, col_w - (text_x - x) - 10)):
            theme.blit_text(surface, line, (text_x, top + 8 + i * line_h), theme.FONT_SMALL, ink)
    rows = (len(EXAMPLE_SETS) + columns - 1) // columns
    y += rows * row_h + 10
    return surface.subsurface(pygame.Rect(0, 0, width, y)).copy()
