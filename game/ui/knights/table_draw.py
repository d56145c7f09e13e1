"""Drawing the Robber Knights table: board, overlays, top bar, side panel, hand and controls.

Functions of the table scene's state; they only read it (the board and the player cards come
from caches the table keeps, rebuilt when the shown state changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.knights import Deploy
from game.ui import sprites, theme
from game.ui.knights.board_render import blit_stack
from game.ui.knights.geometry import Pos
from game.ui.knights.words import direction_name, tile_help, tile_name
from game.ui.widgets import draw_tooltip

if TYPE_CHECKING:
    from game.ui.knights.table import KnightsTableScene


def draw_table(t: KnightsTableScene, surface: pygame.Surface) -> None:
    """Everything the table shows, from cached layers plus a few per-frame overlays."""
    surface.fill(theme.BG)
    surface.blit(t.board_layer(), t.board_area)
    draw_board_overlays(t, surface)
    if t.anim is not None:
        # Drawn before the bars: a tile coming from a player's card slides out from under them.
        t.anim.draw(surface, t.geom, t.colours)
    draw_top(t, surface)
    draw_side(t, surface)
    draw_bottom(t, surface)
    t.widgets.draw(surface)
    draw_tooltips(t, surface)


def draw_board_overlays(t: KnightsTableScene, surface: pygame.Surface) -> None:
    geom = t.geom
    state = t.state
    if state.bounds() is None:
        draw_keep_explanation(t, surface)
        return
    spots = t.legal_spots()
    if spots:
        pulse = 0.5 + 0.5 * abs(((t.clock * 1.6) % 2) - 1)
        glow = theme.mix((120, 100, 40), theme.HIGHLIGHT, pulse)
        for spot in spots:
            pygame.draw.rect(
                surface, glow, geom.cell_rect(*spot).inflate(-6, -6), 3, border_radius=6
            )
        target = t.hover_cell if t.hover_cell in spots else t.cursor
        kind = t.selected_kind()
        if target is not None and kind is not None:
            preview = sprites.tile_sprite(kind, geom.tile - 2).copy()
            preview.set_alpha(200)
            rect = geom.cell_rect(*target)
            surface.blit(preview, rect.move(1, 1))
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 3, border_radius=4)
    if state.phase == "deploy" and state.pending is not None and t.anim is None:
        rect = geom.cell_rect(*state.pending)
        pulse = int(3 + 2 * abs(((t.clock * 2) % 2) - 1))
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(4, 4), pulse, border_radius=6)
        if t.picker is not None:
            draw_deploy_preview(t, surface)


def draw_keep_explanation(t: KnightsTableScene, surface: pygame.Surface) -> None:
    """Before the start layout exists the board area explains the first choice."""
    area = t.board_area.inflate(-40, -40)
    seat = t.state.current_player
    who = t.session.seats[seat].name if seat is not None else ""
    paragraphs = [
        (f"{who} chooses a start tile", theme.FONT_LARGE, theme.ACCENT, True),
        (
            "Everybody keeps the castle and one more A tile in hand. The other two A tiles "
            "of every player are shuffled into the start layout.",
            theme.FONT_BODY,
            theme.TEXT,
            False,
        ),
        (
            "Tip: a mountain kept for later can shield your villages and towns, because "
            "knights need 3 to cross it.",
            theme.FONT_BODY,
            theme.TEXT_DIM,
            False,
        ),
    ]
    y = area.y + max(0, area.h // 2 - 90)
    for words, size, colour, bold in paragraphs:
        for line in theme.wrap(words, size, min(area.w, 640), bold):
            theme.blit_text(surface, line, (area.centerx, y), size, colour, bold, "midtop")
            y += theme.font(size, bold).get_linesize()
        y += 14


def draw_deploy_preview(t: KnightsTableScene, surface: pygame.Surface) -> None:
    picker = t.picker
    assert picker is not None
    geom = t.geom
    seat = t.state.current_player
    # Every cell some legal option can reach with the chosen count is lit faintly.
    reachable: set[Pos] = set()
    for option in picker.options:
        if picker.count is not None and option.count == picker.count:
            reachable.update(pos for pos, _ in picker.path(option))
    for pos in reachable:
        pygame.draw.rect(
            surface, (200, 190, 120), geom.cell_rect(*pos).inflate(-8, -8), 2, border_radius=6
        )
    current = picker.current
    if current is None or seat is None:
        return
    for pos, drop in picker.path(current):
        rect = geom.cell_rect(*pos)
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(-2, -2), 3, border_radius=6)
        placed = t.state.board.get(pos)
        existing = placed.knights if placed is not None else ()
        if placed is not None:
            surface.blit(sprites.tile_sprite(placed.tile, geom.tile - 2), rect.move(1, 1))
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((255, 240, 160, 60))
        surface.blit(shade, rect)
        blit_stack(surface, rect, tuple(existing) + (seat,) * drop, t.colours)
        theme.blit_text(
            surface,
            f"+{drop}",
            (rect.x + 6, rect.y + 4),
            max(16, geom.tile // 4),
            theme.TEXT_DARK,
            True,
        )


def draw_top(t: KnightsTableScene, surface: pygame.Surface) -> None:
    pygame.draw.rect(surface, theme.PANEL_DARK, t.top)
    pygame.draw.line(surface, theme.PANEL_EDGE, t.top.bottomleft, t.top.bottomright, 2)
    theme.blit_text(
        surface,
        "Robber Knights",
        (14, t.top.centery),
        theme.FONT_LARGE,
        theme.ACCENT,
        True,
        "midleft",
    )
    theme.blit_text(
        surface,
        t.status_line(),
        (220, t.top.centery),
        theme.FONT_BODY,
        theme.TEXT,
        False,
        "midleft",
    )
    left = sum(t.state.tiles_left(p) for p in range(t.state.num_players))
    theme.blit_text(
        surface,
        f"{left} tiles to lay",
        (t.size[0] - 246, t.top.centery),
        theme.FONT_SMALL,
        theme.TEXT_DIM,
        anchor="midright",
    )


def draw_side(t: KnightsTableScene, surface: pygame.Surface) -> None:
    pygame.draw.rect(surface, theme.PANEL_DARK, t.side)
    pygame.draw.line(surface, theme.PANEL_EDGE, t.side.topleft, t.side.bottomleft, 2)
    surface.blit(t.cards_layer(), t.card_area)
    if t.worker.busy and t.thinking_seat is not None and t.thinking_seat < len(t.cards):
        card = t.cards[t.thinking_seat]
        dots = "." * (1 + int(t.clock * 3) % 3)
        theme.blit_text(
            surface,
            f"thinking{dots}",
            (card.right - 14, card.y + 50),
            theme.FONT_SMALL,
            theme.ACCENT,
            anchor="topright",
        )
    theme.blit_text(
        surface,
        "Moves",
        (t.log.rect.x, t.log.rect.y - 6),
        theme.FONT_SMALL,
        theme.TEXT_DIM,
        anchor="bottomleft",
    )
    pace = "instant" if t.app.pace == 0 else f"{t.app.pace:g} s per move"
    theme.blit_text(
        surface,
        f"computer pace: {pace}",
        (t.side.centerx, t.side.bottom - 66),
        theme.FONT_SMALL - 2,
        theme.TEXT_DIM,
        anchor="center",
    )


def draw_bottom(t: KnightsTableScene, surface: pygame.Surface) -> None:
    pygame.draw.rect(surface, theme.PANEL, t.bottom)
    pygame.draw.line(surface, theme.PANEL_EDGE, t.bottom.topleft, t.bottom.topright, 2)
    viewer = t.viewer
    tiles = t.hand_tiles()
    phase = t.state.phase
    mine = t.human_to_move()
    owner = (
        "Your hand"
        if viewer is not None and len(t.session.humans) == 1
        else (
            f"{t.session.seats[viewer].name}'s hand"
            if viewer is not None
            else ("Hands stay hidden" if t.session.humans else "Computers only")
        )
    )
    theme.blit_text(surface, owner, (16, t.bottom.y + 10), theme.FONT_SMALL, theme.TEXT_DIM)
    for i, (tile, rect) in enumerate(zip(tiles, t.hand_slot_rects(), strict=False)):
        lifted = rect.move(0, -8) if i == t.selected and mine else rect
        pygame.draw.rect(surface, (24, 20, 16), lifted.move(3, 4), border_radius=4)
        sprite = (
            sprites.tile_sprite(tile.tile, lifted.w)
            if tile.tile != "?"
            else sprites.tile_back(tile.letter, lifted.w)
        )
        if phase == "keep" and tile.tile == "plain+castle":
            sprite = sprite.copy()
            sprite.set_alpha(150)
        surface.blit(sprite, lifted)
        if i == t.selected and mine:
            pygame.draw.rect(surface, theme.HIGHLIGHT, lifted.inflate(4, 4), 3, border_radius=5)
        elif i == t.hover_hand and mine:
            pygame.draw.rect(surface, theme.TEXT, lifted.inflate(2, 2), 2, border_radius=5)
        badge = pygame.Rect(lifted.x + 3, lifted.y + 3, 20, 20)
        pygame.draw.rect(surface, (250, 244, 226), badge, border_radius=4)
        theme.blit_text(
            surface, str(i + 1), badge.center, theme.FONT_SMALL, theme.TEXT_DARK, True, "center"
        )
        theme.blit_text(
            surface,
            tile.letter,
            (lifted.right - 4, lifted.y + 3),
            theme.FONT_SMALL,
            (250, 244, 226),
            True,
            "topright",
        )
    draw_instructions(t, surface, mine, phase)


def draw_instructions(
    t: KnightsTableScene, surface: pygame.Surface, mine: bool, phase: str
) -> None:
    c = t.controls
    if t.message:
        theme.blit_text(
            surface,
            t.message,
            (c.x, c.bottom - 26),
            theme.FONT_BODY,
            theme.BAD,
            True,
            "midleft",
        )
    if not mine:
        if not t.state.is_terminal:
            seat = t.state.current_player
            name = t.session.seats[seat].name if seat is not None else ""
            text = (
                f"{name} is playing."
                if t.anim is not None or not t.worker.busy
                else f"{name} is thinking..."
            )
            theme.blit_text(surface, text, (c.x, c.y + 14), theme.FONT_LARGE, theme.TEXT)
            theme.blit_text(
                surface,
                "Pace: [ slower, ] faster. Esc for the menu, F1 for help.",
                (c.x, c.y + 52),
                theme.FONT_SMALL,
                theme.TEXT_DIM,
            )
        return
    if phase == "keep":
        kind = t._keep_choice()
        words = f"Keep the {tile_name(kind)}? Enter" if kind else "Click a tile (1-4) to keep"
        slots = t.hand_slot_rects()
        x = (slots[-1].right if slots else c.x) + 20
        room = t.widget("keep").x - 12 - x
        if room >= 110:
            for i, line in enumerate(theme.wrap(words, theme.FONT_BODY, room)[:4]):
                theme.blit_text(surface, line, (x, c.y + 34 + i * 24), theme.FONT_BODY, theme.TEXT)
    elif phase == "place":
        kind = t.selected_kind()
        head = (
            f"Lay the {tile_name(kind)}: click a lit spot"
            if kind
            else "Pick a tile from your hand (1, 2)"
        )
        theme.blit_text(surface, head, (c.x, c.y + 12), theme.FONT_BODY, theme.TEXT, True)
        hint = "Arrows move the cursor, Enter lays it there."
        if t.state.lays_this_turn:
            hint += " E ends your turn."
        theme.blit_text(surface, hint, (c.x, c.y + 40), theme.FONT_SMALL, theme.TEXT_DIM)
        if kind:
            theme.blit_text(
                surface, tile_help(kind), (c.x, c.y + 64), theme.FONT_SMALL, theme.TEXT_DIM
            )
    elif phase == "deploy" and t.picker is not None:
        theme.blit_text(
            surface, "Knights", (c.x, c.y + 47), theme.FONT_BODY, theme.TEXT, True, "midleft"
        )
        theme.blit_text(
            surface,
            "March",
            (c.x + 86 + 6 * 44 + 4, c.y + 47),
            theme.FONT_BODY,
            theme.TEXT,
            True,
            "midleft",
        )
        supply = t.state.supply[t.state.current_player]
        theme.blit_text(
            surface,
            f"Supply {supply} · keys 0-5, arrows, Space stays, Tab",
            (c.x, c.y + 8),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
        )
        current = t.picker.current
        if current is not None and not t.message:
            options = t.picker.drop_options()
            label = "Drops" if len(options) > 1 else "Plan"
            theme.blit_text(
                surface,
                label,
                (c.x, c.bottom - 27),
                theme.FONT_BODY,
                theme.TEXT,
                True,
                "midleft",
            )
            if len(options) <= 1:
                theme.blit_text(
                    surface,
                    _plan_words(current),
                    (c.x + 86, c.bottom - 27),
                    theme.FONT_BODY,
                    theme.TEXT,
                    anchor="midleft",
                )
        elif t.picker.count is None and not t.message:
            theme.blit_text(
                surface,
                "How many knights? (0 brings none)",
                (c.x, c.bottom - 27),
                theme.FONT_BODY,
                theme.TEXT,
                anchor="midleft",
            )


def draw_tooltips(t: KnightsTableScene, surface: pygame.Surface) -> None:
    if t.hover_hand is not None:
        tiles = t.hand_tiles()
        if t.hover_hand < len(tiles) and tiles[t.hover_hand].tile != "?":
            draw_tooltip(surface, tile_help(tiles[t.hover_hand].tile), t.pointer)
        return
    if t.hover_cell is not None and t.anim is None:
        placed = t.state.board.get(t.hover_cell)
        if placed is not None and t.board_area.collidepoint(t.pointer):
            words = tile_help(placed.tile)
            if placed.knights:
                owner = t.session.seats[placed.knights[-1]].name
                count = len(placed.knights)
                words += f" · {count} knight{'s' if count > 1 else ''}, {owner} on top"
            draw_tooltip(surface, words, t.pointer)


def _plan_words(deploy: Deploy) -> str:
    if deploy.count == 0:
        return "no knights: this castle never gets any"
    if deploy.dir is None:
        return (
            "1 knight stays on the castle"
            if deploy.count == 1
            else f"all {deploy.count} stay on the castle"
        )
    return f"{deploy.count} knights march {direction_name(deploy.dir)}, leaving " + "-".join(
        str(d) for d in deploy.drops
    )
