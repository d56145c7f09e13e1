"""Small pictures for the rules screen, drawn with the games' own sprites.

Robber Knights: every tile with what it asks of knights and what it scores, a deployment example
with stacks of knights, and a capture. Räuber-Rommé: example sets, valid ones with their points
and invalid ones with the engine's own reason (from ``check_meld``, in the player's language).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, refusal_text
from game.knights.tiles import TILE_KINDS
from game.registry import GAMES, resolve
from game.rummy import check_meld
from game.rummy.cards import parse_cards
from game.ui import sprites, theme
from game.ui.knights.words import tile_help, tile_name
from game.ui.rummy.card_art import card_surface

TILE = 64
GAP = 14

# A legal deployment: 4 knights on a forest castle marched east; the forest keeps its minimum 2.
DEPLOY_ROW = ("forest+castle", "plain", "plain+village", "mountain")
DEPLOY_DROPS = (2, 1, 1, 0)

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


def _heading(surface: pygame.Surface, text: str, y: int) -> int:
    theme.blit_text(surface, text, (0, y), theme.FONT_BODY, theme.ACCENT, True)
    return y + theme.font(theme.FONT_BODY, True).get_linesize() + 6


def _caption(surface: pygame.Surface, text: str, x: int, y: int, width: int) -> int:
    line_h = theme.font(theme.FONT_SMALL).get_linesize()
    for line in theme.wrap(text, theme.FONT_SMALL, width):
        theme.blit_text(surface, line, (x, y), theme.FONT_SMALL, theme.TEXT_DIM)
        y += line_h
    return y


def knights_pictures(width: int) -> pygame.Surface:
    surface = pygame.Surface((width, 1400), pygame.SRCALPHA)
    y = _heading(surface, _("The tiles"), 0)
    per_row = max(1, (width + GAP) // (TILE + 110 + GAP))
    cell_w = width // per_row
    bottom = y
    for index, kind in enumerate(TILE_KINDS):
        column, row = index % per_row, index // per_row
        x, top = column * cell_w, y + row * (TILE + 18)
        surface.blit(sprites.tile_sprite(kind, TILE), (x, top))
        theme.blit_text(
            surface, tile_name(kind).capitalize(), (x + TILE + 8, top), theme.FONT_SMALL, theme.TEXT
        )
        help_parts = tile_help(kind).split(" · ")[1:]
        bottom = max(
            bottom,
            _caption(surface, "; ".join(help_parts), x + TILE + 8, top + 18, cell_w - TILE - 16),
        )
        bottom = max(bottom, top + TILE + 10)
    y = bottom + 16
    y = _heading(surface, _("Bringing knights into play"), y)
    colour = theme.PLAYER_COLOURS[0]
    for i, (kind, drop) in enumerate(zip(DEPLOY_ROW, DEPLOY_DROPS, strict=True)):
        x = i * (TILE + 4)
        surface.blit(sprites.tile_sprite(kind, TILE), (x, y))
        if drop:
            stack = sprites.stack_sprite((colour,) * drop, TILE)
            surface.blit(stack, stack.get_rect(bottomright=(x + TILE - 2, y + TILE - 2)))
    arrow_y = y + TILE + 10
    pygame.draw.line(surface, theme.ACCENT, (TILE // 2, arrow_y), (3 * (TILE + 4), arrow_y), 3)
    tip = 3 * (TILE + 4)
    pygame.draw.polygon(
        surface, theme.ACCENT, [(tip, arrow_y - 7), (tip + 12, arrow_y), (tip, arrow_y + 7)]
    )
    text_x = 4 * (TILE + 4) + 16
    _caption(
        surface,
        _(
            "Red lays a forest castle and brings 4 knights into play. They march east: 2 stay "
            "on the castle (a forest keeps at least 2), 1 on the plain, 1 on the village. The "
            "mountain would need 3 more, so the march stops before it. Knights never turn, "
            "never cross a lake or a gap, and a tile holds at most 4."
        ),
        text_x,
        y,
        width - text_x,
    )
    y += TILE + 34
    y = _heading(surface, _("Taking a building"), y)
    blue = theme.PLAYER_COLOURS[1]
    surface.blit(sprites.tile_sprite("plain+town", TILE), (0, y))
    stack = sprites.stack_sprite((colour, blue), TILE)
    surface.blit(stack, stack.get_rect(bottomright=(TILE - 2, y + TILE - 2)))
    _caption(
        surface,
        _(
            "Blue's knight arrived on top of Red's: the top knight owns the town. At the end "
            "every building scores for the owner of its top knight: castle 1, village 2, "
            "town 3 points."
        ),
        TILE + 16,
        y,
        width - TILE - 16,
    )
    y += TILE + 10
    return surface.subsurface(pygame.Rect(0, 0, width, y)).copy()


def rummy_pictures(width: int, four_colour: bool = False) -> pygame.Surface:

    surface = pygame.Surface((width, 1400), pygame.SRCALPHA)
    y = _heading(surface, _("Example sets"), 0)
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


def pictures(topic: str, width: int) -> pygame.Surface | None:
    """The pictures for a help topic (a game's key, see the registry), or None."""
    spec = GAMES.get(topic)
    if spec is None:
        return None
    draw: Callable[[int], pygame.Surface] = resolve(spec.rules_pictures_ref)
    return draw(width)
