"""Drawing the Robber Knights table: board, overlays, top bar, side panel, hand and controls.

Functions of the table scene's state; they only read it (the board and the player cards come
from caches the table keeps, rebuilt when the shown state changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.knights import Deploy
from game.knights.words import direction_name, tile_help, tile_name
from game.ui import sprites, theme
from game.ui.knights import aids_view
from game.ui.knights.board_render import blit_stack
from game.ui.knights.geometry import Pos
from game.ui.why_panel import draw_reasons
from game.ui.widgets import draw_tooltip

if TYPE_CHECKING:
    from game.ui.knights.table import DeployLayout, KnightsTableScene


def draw_table(t: KnightsTableScene, surface: pygame.Surface) -> None:
    """Everything the table shows, from cached layers plus a few per-frame overlays."""
    surface.fill(theme.BG)
    surface.blit(t.board_layer(), t.board_area)
    draw_board_overlays(t, surface)
    aids_view.draw_marks(t, surface)
    if t.anim is not None:
        # Drawn before the bars: a tile coming from a player's card slides out from under them.
        t.anim.draw(surface, t.geom, t.colours)
    draw_top(t, surface)
    draw_side(t, surface)
    draw_bottom(t, surface)
    t.widgets.draw(surface)
    if t.hint_reasons is not None and t.replay is None:
        hint = t.hint_action
        spot = [t.geom.cell_rect(hint.x, hint.y)] if hasattr(hint, "x") else []
        draw_reasons(surface, t.hint_reasons(), t.board_area, spot)
    draw_tooltips(t, surface)


PREVIEW_ALPHA = 130  # the tile under the pointer, before the click
CURSOR_ALPHA = 100  # the keyboard cursor's tile


def dashed_frame(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour) -> None:
    """A frame of short dashes: a place that is proposed, not taken."""
    dash, gap, width = 8, 5, 3
    for x in range(rect.left, rect.right, dash + gap):
        end = min(x + dash, rect.right)
        pygame.draw.line(surface, colour, (x, rect.top + 1), (end, rect.top + 1), width)
        pygame.draw.line(surface, colour, (x, rect.bottom - 2), (end, rect.bottom - 2), width)
    for y in range(rect.top, rect.bottom, dash + gap):
        end = min(y + dash, rect.bottom)
        pygame.draw.line(surface, colour, (rect.left + 1, y), (rect.left + 1, end), width)
        pygame.draw.line(surface, colour, (rect.right - 2, y), (rect.right - 2, end), width)


def draw_board_overlays(t: KnightsTableScene, surface: pygame.Surface) -> None:
    geom = t.geom
    state = t.state
    if state.bounds() is None:
        draw_keep_explanation(t, surface)
        return
    spots = t.legal_spots()
    hint = t.hint_action
    if hint is not None and hasattr(hint, "x") and t.replay is None:
        # The hint's spot: a thick gold frame around where the AI would lay.
        rect = geom.cell_rect(hint.x, hint.y).inflate(6, 6)
        pygame.draw.rect(surface, theme.ACCENT, rect, 5, border_radius=8)
    if spots:
        pulse = 0.5 + 0.5 * abs(((t.clock * 1.6) % 2) - 1)
        glow = theme.mix((120, 100, 40), theme.HIGHLIGHT, pulse)
        for spot in spots:
            pygame.draw.rect(
                surface, glow, geom.cell_rect(*spot).inflate(-6, -6), 3, border_radius=6
            )
        hovered = t.hover_cell in spots
        target = t.hover_cell if hovered else t.cursor
        kind = t.selected_kind()
        if target is not None and kind is not None:
            # A preview, not a laid tile: see-through (more so for the keyboard cursor while
            # the pointer is elsewhere), inside a dashed frame.
            preview = sprites.tile_sprite(kind, geom.tile - 2).copy()
            preview.set_alpha(PREVIEW_ALPHA if hovered else CURSOR_ALPHA)
            rect = geom.cell_rect(*target)
            surface.blit(preview, rect.move(1, 1))
            dashed_frame(surface, rect, theme.HIGHLIGHT)
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
        (_("{who} chooses a start tile").format(who=who), theme.FONT_LARGE, theme.ACCENT, True),
        (
            _(
                "Everybody keeps the castle and one more A tile in hand. The other two A tiles "
                "of every player are shuffled into the start layout."
            ),
            theme.FONT_BODY,
            theme.TEXT,
            False,
        ),
        (
            _(
                "Tip: a mountain kept for later can shield your villages and towns, because "
                "knights need 3 to cross it."
            ),
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
        _("Robber Knights"),
        (14, t.top.centery),
        theme.FONT_LARGE,
        theme.ACCENT,
        True,
        "midleft",
    )
    status = theme.blit_text(
        surface,
        t.status_line(),
        (220, t.top.centery),
        theme.FONT_BODY,
        theme.TEXT,
        False,
        "midleft",
    )
    left = sum(t.state.tiles_left(p) for p in range(t.state.num_players))
    words = ngettext("{n} tile to lay", "{n} tiles to lay", left).format(n=left)
    counter = theme.text(words, theme.FONT_SMALL, theme.TEXT_DIM)
    spot = counter.get_rect(midright=(t.widget("why").x - 14, t.top.centery))
    if spot.x > status.right + 16:  # only when it does not run into the status line
        surface.blit(counter, spot)


def draw_side(t: KnightsTableScene, surface: pygame.Surface) -> None:
    pygame.draw.rect(surface, theme.PANEL_DARK, t.side)
    pygame.draw.line(surface, theme.PANEL_EDGE, t.side.topleft, t.side.bottomleft, 2)
    surface.blit(t.cards_layer(), t.card_area)
    aids_view.draw_box(t, surface)
    thinking = t.state.current_player
    if t.worker.busy and thinking is not None and thinking < len(t.cards):
        card = t.cards[thinking]
        dots = "." * (1 + int(t.clock * 3) % 3)
        theme.blit_text(
            surface,
            _("thinking") + dots,
            (card.right - 14, card.y + 50),
            theme.FONT_SMALL,
            theme.ACCENT,
            anchor="topright",
        )
    theme.blit_text(
        surface,
        _("Moves"),
        (t.log.rect.x, t.log.rect.y - 6),
        theme.FONT_SMALL,
        theme.TEXT_DIM,
        anchor="bottomleft",
    )
    if not t.widgets.find("slower").visible:
        return  # no computer at the table: no pace to tell
    pace = _("instant") if t.app.pace == 0 else _("{s:g} s per move").format(s=t.app.pace)
    theme.blit_text(
        surface,
        _("computer pace: {pace}").format(pace=pace),
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
        _("Your hand")
        if viewer is not None and t.session.humans == [viewer]
        else (
            _("{name}'s hand").format(name=t.session.seats[viewer].name)
            if viewer is not None
            else (_("Hands stay hidden") if t.session.humans else _("Computers only"))
        )
    )
    if mine and phase == "deploy" and not t.deploy_layout.wide:
        tiles = []  # a narrow window needs the whole bar for the knights' controls
    else:
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
        if not (phase == "keep" and tile.tile == "plain+castle"):  # no key: it can't be kept
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


def _lines(
    surface: pygame.Surface,
    lines: list[tuple[str, int, theme.Colour, bool]],
    x: int,
    y: int,
    width: int,
    max_lines: int = 4,
) -> None:
    """Draw (text, size, colour, bold) paragraphs wrapped to ``width``, at most ``max_lines``."""
    shown = 0
    for words, size, colour, bold in lines:
        for line in theme.wrap(words, size, max(60, width), bold):
            if shown >= max_lines:
                return
            theme.blit_text(surface, line, (x, y), size, colour, bold)
            y += theme.font(size, bold).get_linesize() + 2
            shown += 1


def keep_prompt(t: KnightsTableScene) -> str:
    """What the keep choice asks: the chosen tile, or the number keys that choose one."""
    kind = t.keep_choice()
    if kind:
        return _("Keep the {tile}? Enter").format(tile=tile_name(kind))
    return _("Click a tile ({keys}) to keep").format(keys=t.keep_keys())


def draw_instructions(
    t: KnightsTableScene, surface: pygame.Surface, mine: bool, phase: str
) -> None:
    c = t.controls
    if not mine:
        if not t.state.is_terminal and not t.read_only:  # a shown position: nobody is playing
            seat = t.state.current_player
            name = t.session.seats[seat].name if seat is not None else ""
            busy = t.anim is None and t.worker.busy
            text = (_("{name} is thinking…") if busy else _("{name} is playing.")).format(name=name)
            hint = _("Pace: [ slower, ] faster. Esc for the menu, F1 for help.")
            lines = [
                (text, theme.FONT_LARGE, theme.TEXT, False),
                (hint, theme.FONT_SMALL, theme.TEXT_DIM, False),
            ]
            _lines(surface, lines, c.x, c.y + 14, c.w)
        return
    if phase == "keep":
        words = keep_prompt(t)
        slots = t.hand_slot_rects()
        x = (slots[-1].right if slots else c.x) + 20
        room = t.widget("keep").x - 12 - x
        if room >= 110 and not t.message:  # a message takes this place (message_box)
            _lines(surface, [(words, theme.FONT_BODY, theme.TEXT, False)], x, c.y + 34, room)
    elif phase == "place":
        kind = t.selected_kind()
        head = (
            _("Lay the {tile}: click a lit spot").format(tile=tile_name(kind))
            if kind
            else _("Pick a tile (1, 2)")
        )
        hint = _("Arrows move the cursor, Enter lays it there.")
        if t.state.lays_this_turn:
            hint += " " + _("E ends your turn.")
        lines = [
            (head, theme.FONT_BODY, theme.TEXT, True),
            (hint, theme.FONT_SMALL, theme.TEXT_DIM, False),
        ]
        if kind:
            lines.append((tile_help(kind), theme.FONT_SMALL, theme.TEXT_DIM, False))
        # Full width above the End turn button (which sits bottom right).
        _lines(surface, lines, c.x, c.y + 12, c.w, max_lines=(c.h - 64) // 20)
    elif phase == "deploy" and t.picker is not None:
        d = t.deploy_layout
        mid = 18  # half a button's height
        _row_label(surface, _("Knights"), (d.label_x, d.counts_y + mid), d)
        _row_label(surface, _("March"), (d.dirs_label_x, d.dirs_y + mid), d)
        supply = t.state.supply[t.state.current_player or 0]
        keys = _("Supply {supply} · keys 0-5, arrows, Space stays, Tab").format(supply=supply)
        theme.blit_text(
            surface,
            keys,
            (d.area.x, d.area.y + (8 if d.wide else 2)),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
        )
        current = t.picker.current
        room = t.widget("confirm").x - 14 - d.counts_x
        if current is not None and not t.message:
            options = t.picker.drop_options()
            label = _("Drops") if len(options) > 1 else _("Plan")
            _row_label(surface, label, (d.label_x, d.drops_y + mid), d)
            if len(options) <= 1:
                _lines(
                    surface,
                    [(_plan_words(current), theme.FONT_SMALL + 2, theme.TEXT, False)],
                    d.counts_x,
                    d.drops_y + 2,
                    room,
                    2,
                )
        elif t.picker.count is None and not t.message:
            ask = _("How many knights? (0 brings none)")
            _lines(
                surface,
                [(ask, theme.FONT_BODY, theme.TEXT, False)],
                d.label_x,
                d.drops_y + 8,
                room + d.counts_x - d.label_x,
                2,
            )
    if t.message:
        box = message_box(t, phase)
        _lines(
            surface,
            [(t.message, theme.FONT_SMALL + 2, t.message_colour, True)],
            box.x,
            box.y,
            box.w,
            box.h // 20,
        )


def message_box(t: KnightsTableScene, phase: str) -> pygame.Rect:
    """Where the table's message (a refusal, a hint) goes: three lines above the bottom of the
    controls, right of the hand's tiles and left of the End turn (or Confirm) button."""
    c = t.controls
    end = t.widget("confirm" if phase == "deploy" else "end").x
    x = t.deploy_layout.label_x if phase == "deploy" else c.x
    slots = t.hand_slot_rects() if phase != "deploy" else []
    if slots:
        x = max(x, max(r.right for r in slots) + 16)  # never over the tiles
    top = c.y + 30 if phase == "keep" else c.bottom - 58  # at the start it has the room
    return pygame.Rect(x, top, max(60, end - 14 - x), c.bottom - top)


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
                words += " · " + ngettext(
                    "{count} knight, {owner} on top", "{count} knights, {owner} on top", count
                ).format(count=count, owner=owner)
            draw_tooltip(surface, words, t.pointer)


def _plan_words(deploy: Deploy) -> str:
    if deploy.count == 0:
        return _("no knights: this castle never gets any")
    if deploy.dir is None:
        return ngettext(
            "1 knight stays on the castle", "all {n} stay on the castle", deploy.count
        ).format(n=deploy.count)
    return ngettext(
        "{n} knight marches {direction}, leaving {drops}",
        "{n} knights march {direction}, leaving {drops}",
        deploy.count,
    ).format(
        n=deploy.count,
        direction=direction_name(deploy.dir),
        drops="-".join(str(d) for d in deploy.drops),
    )


def _row_label(surface: pygame.Surface, label: str, at: tuple[int, int], d: DeployLayout) -> None:
    """A deployment row's name, in a smaller font where it would touch the row's buttons."""
    size = theme.fitting_size(label, theme.FONT_BODY, d.counts_x - d.label_x - 8, bold=True)
    theme.blit_text(surface, label, at, size, theme.TEXT, True, "midleft")
