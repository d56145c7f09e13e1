"""Drawing the rummy table (reads the scene, never changes the game).

Sets sit in coloured cells: blue while temporary (the player's own sets before his opening),
green once public, with a red frame and a warning badge when invalid. The hand runs along the
bottom; the side panel shows every player (backs with counts), the stock and the log.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.core import Reason
from game.i18n import _, language, ngettext, refusal_text
from game.rummy import Card, meld_problems
from game.rummy.words import set_caption
from game.ui import sprites, theme
from game.ui.rummy import aids_view, card_art, keyboard
from game.ui.rummy.geometry import CAPTION_H, HINT_BAND_H, PAD, TableGrid
from game.ui.why_panel import draw_reasons
from game.ui.widgets import draw_tooltip

KEY_FOCUS = (90, 200, 255)  # the keyboard's focus: a colour no set or card uses
MOVED_CARD = (255, 150, 30)  # a card a replayed move laid or moved: a colour of its own

if TYPE_CHECKING:
    from game.ui.rummy.table import RummyTableScene

PUBLIC: theme.Colour = (38, 104, 58)
PUBLIC_EDGE: theme.Colour = (84, 156, 96)
TEMPORARY: theme.Colour = (36, 70, 128)
TEMPORARY_EDGE: theme.Colour = (90, 130, 200)
HINT: theme.Colour = (92, 80, 36)
INVALID_EDGE: theme.Colour = (236, 80, 64)
CHANGED_EDGE: theme.Colour = (255, 226, 110)
NEW_SET: theme.Colour = (52, 62, 50)


@lru_cache(maxsize=4096)
def _problems(cards: tuple[Card, ...]) -> tuple[Reason, ...]:
    return tuple(meld_problems(list(cards)))


def set_problem(cards: list[Card]) -> str | None:
    """The engine's reason a set is invalid (None when valid), in the player's language."""
    problems = _problems(tuple(cards))
    return "; ".join(refusal_text(p) for p in problems) if problems else None


@lru_cache(maxsize=4096)
def _caption_in(cards: tuple[Card, ...], language: str) -> str:
    return set_caption(cards)


def _caption(cards: tuple[Card, ...]) -> str:
    return _caption_in(cards, language())


def draw_scene(scene: RummyTableScene, surface: pygame.Surface) -> None:
    pygame.draw.rect(surface, theme.BG_TABLE, scene.table_area.inflate(8, 8), border_radius=10)
    _draw_top(scene, surface)
    _draw_sets(scene, surface)
    _draw_status(scene, surface)
    _draw_hand(scene, surface)
    _draw_side(scene, surface)
    aids_view.draw_box(scene, surface)


def _draw_top(scene: RummyTableScene, surface: pygame.Surface) -> None:
    w = surface.get_width()
    pygame.draw.rect(surface, theme.PANEL_DARK, (0, 0, w, 44))
    state = scene.state
    theme.blit_text(
        surface, _("Räuber-Rommé"), (16, 22), theme.FONT_LARGE, theme.ACCENT, True, "midleft"
    )
    text = _("round {round}").format(round=state.round)
    if scene.edit is not None and scene.hint is None:
        text += " · " + _("drag cards to lay them; hover a card for its value")
    theme.blit_text(surface, text, (210, 23), theme.FONT_BODY, theme.TEXT_DIM, anchor="midleft")
    theme.blit_text(
        surface,
        _("F1 help · Esc menu"),
        (w - 14, 23),
        theme.FONT_SMALL,
        theme.TEXT_DIM,
        anchor="midright",
    )


def _hidden_slot(scene: RummyTableScene) -> tuple[str, int, int] | tuple[str, int] | None:
    drag = scene.drag
    if drag is not None and drag.moved:
        return drag.slot
    spring = scene.spring
    if spring is not None and _card_at(scene, spring.slot) == spring.card:
        return spring.slot  # a refused card on its way back: not twice on screen
    return None


def _card_at(scene: RummyTableScene, slot: tuple[str, int, int] | tuple[str, int]) -> Card | None:
    """The card shown at ``slot`` now (None when there is none)."""
    try:
        if slot[0] == "hand":
            return (scene.shown_hand() or [])[slot[1]]
        return scene.shown_table()[slot[1]][slot[2]]  # type: ignore[misc]
    except IndexError:
        return None


def _draw_sets(scene: RummyTableScene, surface: pygame.Surface) -> None:
    """The cells and cards come from a cached layer (redrawn only when they change); the drop
    target's glow and insertion marker are drawn live on top while a card is dragged."""
    table = scene.shown_table()
    grid = scene.grid()
    edit = scene.current_edit()
    hinting = scene.hint is not None
    public = tuple(
        True if edit is None or hinting or s >= len(edit.draft.placed) else edit.is_public(s)
        for s in range(len(table))
    )
    if scene.replay is not None:  # the replayed step's changes, not the present's
        highlight, moved = scene.replay_marks()
    else:
        highlight = frozenset(scene.highlight) if edit is None or not edit.changed else frozenset()
        moved = frozenset()
    key = (
        tuple(tuple(cards) for cards in table),
        grid.cells,
        grid.card,
        _hidden_slot(scene),
        frozenset(scene.anim_hidden),
        public,
        highlight,
        hinting,
        edit is not None,
        scene.four_colour,
        moved,
    )
    cached = scene.layers.get("sets")
    if cached is None or cached[0] != key:
        layer = pygame.Surface(scene.table_area.size)
        layer.fill(theme.BG_TABLE)
        _render_sets(scene, layer, table, grid, public, highlight, hinting, edit is not None)
        _mark_moved(layer, table, grid, moved, (-scene.table_area.x, -scene.table_area.y))
        cached = (key, layer)
        scene.layers["sets"] = cached
    surface.blit(cached[1], scene.table_area.topleft)
    target = scene.drop_target(scene.drag.pos) if scene.drag and scene.drag.moved else None
    if target is None:
        return
    if target.kind == "new":
        _dashed_rect(surface, theme.HIGHLIGHT, grid.new_cell)
        return
    if target.kind not in ("set", "beside") or target.index >= len(table):
        return
    pygame.draw.rect(surface, theme.HIGHLIGHT, grid.cells[target.index], width=2, border_radius=8)
    count = len(table[target.index])
    if target.kind == "set":
        _insert_marker(surface, grid, target.index, target.position, count)
    else:
        last = grid.card_rect(target.index, max(0, count - 1))
        marker = pygame.Rect(last.right + 4, last.y, max(6, grid.card[0] // 4), last.h)
        pygame.draw.rect(surface, theme.HIGHLIGHT, marker, width=2, border_radius=4)


def _render_sets(
    scene: RummyTableScene,
    layer: pygame.Surface,
    table: list[list[Card]],
    grid: TableGrid,
    public: tuple[bool, ...],
    highlight: frozenset[int],
    hinting: bool,
    editing: bool,
) -> None:
    dx, dy = -scene.table_area.x, -scene.table_area.y
    hidden = _hidden_slot(scene)
    for s, cards in enumerate(table):
        cell = grid.cells[s].move(dx, dy)
        problem = set_problem(cards)
        changed_by_hint = hinting and s in scene.hint_changed
        fill = HINT if changed_by_hint else (PUBLIC if public[s] else TEMPORARY)
        edge = PUBLIC_EDGE if public[s] else TEMPORARY_EDGE
        if s in highlight or changed_by_hint:
            edge = CHANGED_EDGE
        if problem:
            edge = INVALID_EDGE
        pygame.draw.rect(layer, fill, cell, border_radius=8)
        width = 3 if problem or edge == CHANGED_EDGE else 1
        pygame.draw.rect(layer, edge, cell, width=width, border_radius=8)
        colour = (255, 170, 150) if problem else theme.TEXT_DIM
        label = _("invalid: hover for why") if problem else _caption(tuple(cards))
        theme.blit_text(layer, label, (cell.x + PAD + 2, cell.y + 2), theme.FONT_SMALL, colour)
        if problem:
            _warning_badge(layer, (cell.right - 14, cell.y + 11))
        for i, card in enumerate(cards):
            if hidden == ("set", s, i) or (s, i) in scene.anim_hidden:
                continue
            rect = grid.card_rect(s, i).move(dx, dy)
            layer.blit(card_art.card_surface(card, rect.size, scene.four_colour), rect)
    new = grid.new_cell.move(dx, dy)
    if editing and not hinting:
        pygame.draw.rect(layer, NEW_SET, new, border_radius=8)
        _dashed_rect(layer, theme.PANEL_EDGE, new)
        theme.blit_text(
            layer, _("+ new set"), new.center, theme.FONT_BODY, theme.TEXT_DIM, anchor="center"
        )
    elif not table:
        theme.blit_text(
            layer,
            _("No sets on the table yet"),
            (layer.get_width() // 2, layer.get_height() // 2),
            theme.FONT_LARGE,
            theme.TEXT_DIM,
            anchor="center",
        )


def _mark_moved(
    layer: pygame.Surface,
    table: list[list[Card]],
    grid: TableGrid,
    moved: frozenset[tuple[int, int]],
    offset: tuple[int, int],
) -> None:
    """A frame round the visible part of each card a replayed move brought into its set."""
    for s, i in moved:
        if s >= len(table) or i >= len(table[s]):
            continue
        rect = grid.card_rect(s, i).move(offset)
        if i + 1 < len(table[s]):
            following = grid.card_rect(s, i + 1).move(offset)
            if rect.x < following.x < rect.right:
                rect.width = following.x - rect.x
        pygame.draw.rect(layer, MOVED_CARD, rect.inflate(4, 4), width=3, border_radius=6)


def _insert_marker(
    surface: pygame.Surface, grid: TableGrid, s: int, position: int, count: int
) -> None:
    if count == 0:
        return
    if position < count:
        x = grid.card_rect(s, position).x - 3
    else:
        x = grid.card_rect(s, count - 1).right + 2
    top = grid.cells[s].y + CAPTION_H
    pygame.draw.line(surface, theme.HIGHLIGHT, (x, top), (x, top + grid.card[1]), 4)


def _warning_badge(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    x, y = centre
    pygame.draw.polygon(surface, INVALID_EDGE, [(x, y - 9), (x + 10, y + 8), (x - 10, y + 8)])
    pygame.draw.line(surface, (255, 255, 255), (x, y - 3), (x, y + 3), 2)
    pygame.draw.circle(surface, (255, 255, 255), (x, y + 6), 1)


def _dashed_rect(surface: pygame.Surface, colour: theme.Colour, rect: pygame.Rect) -> None:
    dash = 10
    for x in range(rect.x + 6, rect.right - 6, dash * 2):
        end = min(x + dash, rect.right - 6)
        pygame.draw.line(surface, colour, (x, rect.y), (end, rect.y), 2)
        pygame.draw.line(surface, colour, (x, rect.bottom - 1), (end, rect.bottom - 1), 2)
    for y in range(rect.y + 6, rect.bottom - 6, dash * 2):
        end = min(y + dash, rect.bottom - 6)
        pygame.draw.line(surface, colour, (rect.x, y), (rect.x, end), 2)
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end), 2)


# A message beside the status line may be this many font sizes smaller before it is cut.
MESSAGE_SHRINK = 3


def status_message(scene: RummyTableScene) -> tuple[str, int] | None:
    """The message as it fits beside the status line, and its font size: a few sizes smaller
    rather than cut (a narrow window), cut with an ellipsis only beyond that."""
    area = scene.status_area
    used = theme.text_width(scene.status_line(), theme.FONT_BODY, True)
    room = area.w - 4 - used - 24
    if not scene.message or room <= 60:
        return None
    size = theme.fitting_size(scene.message, theme.FONT_SMALL, room, shrink=MESSAGE_SHRINK)
    line = theme.wrap(scene.message, size, room)[0]
    if line != scene.message:
        line = theme.wrap(scene.message, size, room - 16)[0].rstrip(" .;") + " …"
    return line, size


def _draw_status(scene: RummyTableScene, surface: pygame.Surface) -> None:
    area = scene.status_area
    theme.blit_text(
        surface,
        scene.status_line(),
        (area.x + 4, area.centery),
        theme.FONT_BODY,
        theme.TEXT,
        True,
        "midleft",
    )
    shown = status_message(scene)
    if shown is not None:
        line, size = shown
        theme.blit_text(
            surface,
            line,
            (area.right - 4, area.centery),
            size,
            scene.message_colour,
            anchor="midright",
        )


def _draw_hand(scene: RummyTableScene, surface: pygame.Surface) -> None:
    area = scene.hand_area
    pygame.draw.rect(surface, theme.PANEL_DARK, area, border_radius=10)
    hand = scene.shown_hand()
    if hand is None:
        if scene.state.is_terminal:
            why = _("The round is over: every hand is counted on the scores.")
        elif len(scene.session.humans) > 1:
            why = _("Hands stay hidden between the players' turns")
        else:
            why = _("Hands stay hidden while the computers play")
        theme.blit_text(
            surface,
            why,
            area.center,
            theme.FONT_BODY,
            theme.TEXT_DIM,
            anchor="center",
        )
        return
    row = scene.hand_row()
    hidden = _hidden_slot(scene)
    hover = row.card_at(scene.pointer) if scene.drag is None else None
    hinted = _hinted_cards(scene)
    fresh = scene.fresh_card()
    for i, card in enumerate(hand):
        if hidden == ("hand", i):
            continue
        rect = row.card_rect(i)
        is_fresh = card == fresh
        if hover == i and scene.edit is not None:
            rect = rect.move(0, -10)
        surface.blit(card_art.card_surface(card, rect.size, scene.four_colour), rect)
        if is_fresh:  # the card just drawn: a gold frame and a tag, until it is played
            fresh = None
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, width=4, border_radius=8)
            tag = theme.text(_("new"), theme.FONT_SMALL - 2, theme.TEXT_DARK, True)
            box = tag.get_rect(bottomleft=(rect.x + 6, rect.bottom - 6)).inflate(8, 2)
            pygame.draw.rect(surface, theme.HIGHLIGHT, box, border_radius=4)
            surface.blit(tag, tag.get_rect(center=box.center))
        if hinted[card] > 0:  # the hint would lay this card
            hinted[card] -= 1
            pygame.draw.rect(surface, CHANGED_EDGE, rect.inflate(4, 4), width=3, border_radius=8)
    drag = scene.drag
    if drag is not None and drag.moved and area.collidepoint(drag.pos):
        position = row.position_at(drag.pos[0])
        x = row.left + position * row.step - 4
        pygame.draw.line(surface, theme.HIGHLIGHT, (x, area.y + 6), (x, area.bottom - 6), 4)


def _hinted_cards(scene: RummyTableScene) -> Counter[Card]:
    if scene.hint is None:
        return Counter()
    before = Counter(c for cards in scene.state.table for c in cards)
    return Counter(c for cards in scene.hint for c in cards) - before


def _draw_side(scene: RummyTableScene, surface: pygame.Surface) -> None:
    """The players, the stock and the settings line: cached until one of them changes."""
    state = scene.state
    key = (
        scene.side_area.size,
        tuple((p.name, p.score, p.opened, len(p.hand)) for p in state.players),
        tuple(scene.session.seats),
        state.current_player,
        len(state.stock),
        scene.app.pace,
        scene.columns,
        scene.grid().columns,  # auto: the count on show changes with the table
        scene.seat_row_h,
        scene.show_stock_row,
    )
    cached = scene.layers.get("side")
    if cached is None or cached[0] != key:
        layer = pygame.Surface(scene.side_area.size)
        _render_side(scene, layer)
        cached = (key, layer)
        scene.layers["side"] = cached
    surface.blit(cached[1], scene.side_area.topleft)


def _render_side(scene: RummyTableScene, surface: pygame.Surface) -> None:
    side = surface.get_rect()
    pygame.draw.rect(surface, theme.PANEL, side)
    pygame.draw.line(surface, theme.PANEL_EDGE, side.topleft, side.bottomleft, 2)
    state = scene.state
    y = side.y + 8
    row_h = scene.seat_row_h
    back_h = max(20, min(31, row_h - 24))
    back_w = int(back_h * 0.7)
    for seat, player in enumerate(state.players):
        row = pygame.Rect(side.x + 8, y, side.w - 16, row_h - 6)
        current = seat == state.current_player
        if current:
            pygame.draw.rect(
                surface, theme.mix(theme.PANEL, theme.ACCENT, 0.25), row, border_radius=8
            )
            pygame.draw.rect(surface, theme.ACCENT, row, width=2, border_radius=8)
        info = scene.session.seats[seat] if seat < len(scene.session.seats) else None
        if info is not None:
            colour = theme.seat_colour(info.colour)
            pygame.draw.circle(surface, colour.rgb, (row.x + 14, row.y + 15), 10)
            sprites.draw_mark(surface, colour.mark, (row.x + 14, row.y + 15), 6, colour.ink)
        # The other hands: backs fanned out with their count (never the faces).
        count = len(player.hand)
        fan = min(count, 6)
        count_text = theme.text(str(count), theme.FONT_SMALL, theme.TEXT, True)
        bx = row.right - 8 - count_text.get_width() - 4 - back_w - (fan - 1) * 5
        for k in range(fan):
            surface.blit(card_art.card_surface(None, (back_w, back_h)), (bx + k * 5, row.y + 5))
        surface.blit(
            count_text, count_text.get_rect(bottomright=(row.right - 8, row.y + 5 + back_h))
        )
        text_area = pygame.Rect(row.x + 30, row.y, max(10, bx - row.x - 36), row.h)
        clip = surface.get_clip()
        surface.set_clip(text_area)
        who = player.name if info is None or info.human else info.label
        who = theme.ellipsize(who, theme.FONT_BODY, text_area.w, bold=True)
        theme.blit_text(surface, who, (text_area.x, row.y + 4), theme.FONT_BODY, theme.TEXT, True)
        opened = _("opened") if player.opened else _("not opened")
        status = _("{score} pts · {opened}").format(score=player.score, opened=opened)
        theme.blit_text(
            surface,
            theme.ellipsize(status, theme.FONT_SMALL, text_area.w),
            (text_area.x, row.y + 24),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
        )
        surface.set_clip(clip)
        y += row_h
    if not scene.show_stock_row:
        return
    stock = pygame.Rect(side.x + 14, y + 6, 34, 48)
    if state.stock:
        surface.blit(card_art.card_surface(None, stock.size), stock)
    else:
        pygame.draw.rect(surface, theme.PANEL_DARK, stock, border_radius=5)
    theme.blit_text(
        surface,
        ngettext("Stock: {n} card", "Stock: {n} cards", len(state.stock)).format(
            n=len(state.stock)
        ),
        (stock.right + 12, stock.y + 6),
        theme.FONT_BODY,
        theme.TEXT,
    )
    pace = _("instant") if scene.app.pace == 0 else f"{scene.app.pace:g} s"
    shown = scene.grid().columns
    cols = (
        ngettext("{n} column", "{n} columns", shown)
        if scene.columns
        else ngettext("{n} column (auto)", "{n} columns (auto)", shown)
    ).format(n=shown)
    left = stock.right + 12
    line = _("{columns} · pace {pace}").format(columns=cols, pace=pace)
    lines = [line]
    if not scene.widgets.find("slower").visible:
        lines = [cols]  # no computer at the table: no pace to tell
    elif theme.font(theme.FONT_SMALL).size(line)[0] > side.right - left - 6:  # narrow: two lines
        lines = [cols, _("pace {pace}").format(pace=pace)]
    for i, part in enumerate(lines):
        theme.blit_text(
            surface, part, (left, stock.y + 26 + i * 15), theme.FONT_SMALL, theme.TEXT_DIM
        )


def hint_band(scene: RummyTableScene) -> pygame.Rect:
    area = scene.table_area
    return pygame.Rect(area.x, area.bottom - HINT_BAND_H, area.w, HINT_BAND_H)


def _uncovered(scene: RummyTableScene, spot: keyboard.Spot, rect: pygame.Rect) -> pygame.Rect:
    """The part of the card at ``spot`` (drawn at ``rect``) that the next card of its row leaves
    in sight: a frame round the whole card would run across its neighbour and seem to take in
    two cards."""
    following: pygame.Rect | None = None
    if spot[0] == "hand":
        i = spot[1]  # type: ignore[misc]
        if i + 1 < len(scene.shown_hand() or []):
            following = scene.hand_row().card_rect(i + 1)
    elif spot[0] == "set":
        grid = scene.grid()
        s, i = spot[1], spot[2]  # type: ignore[misc]
        if s < len(grid.lengths) and i + 1 < grid.lengths[s]:
            following = grid.card_rect(s, i + 1)
    if following is None or following.x >= rect.right or following.x <= rect.x:
        return rect
    return pygame.Rect(rect.x, rect.y, following.x - rect.x, rect.h)


def draw_key_focus(scene: RummyTableScene, surface: pygame.Surface) -> None:
    """The keyboard's focus: a frame round the focused card (or the new-set place), and with a
    card lifted, that card floating over the place where Enter would drop it."""
    placed = keyboard.focus_rect(scene)
    focus = scene.keys
    if placed is None or focus is None:
        return
    rect, between = placed
    if not between:
        spot = keyboard.clamp(scene, focus.spot, focus.lifted is not None)  # as focus_rect does
        frame = _uncovered(scene, spot, rect)
        pygame.draw.rect(surface, KEY_FOCUS, frame.inflate(8, 8), width=4, border_radius=9)
    else:
        pygame.draw.rect(surface, KEY_FOCUS, rect, border_radius=3)
    if focus.lifted is None:
        return
    source = keyboard.clamp(scene, focus.lifted, False)
    card = _card_at(scene, source)  # type: ignore[arg-type]
    if card is None:
        return
    if source[0] == "hand":  # where it comes from
        home = scene.hand_row().card_rect(source[1])  # type: ignore[misc]
    else:
        home = scene.grid().card_rect(source[1], source[2])  # type: ignore[misc]
    home = _uncovered(scene, source, home)
    pygame.draw.rect(surface, KEY_FOCUS, home, width=2, border_radius=6)
    size = scene.hand_row().card if focus.spot[0] == "hand" else scene.grid().card
    image = card_art.card_surface(card, size, scene.four_colour)
    # Below and right of the marker: the place it would go stays in sight.
    floating = image.get_rect(topleft=(rect.centerx + 4, rect.y + size[1] // 3))
    floating.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (10, 8, 6), floating.move(5, 7), border_radius=6)
    surface.blit(image, floating)
    pygame.draw.rect(surface, KEY_FOCUS, floating.inflate(4, 4), width=3, border_radius=8)


def draw_overlay(scene: RummyTableScene, surface: pygame.Surface) -> None:
    """What floats above the widgets: travelling cards, the dragged card, the tooltip."""
    if scene.anim is not None:
        scene.anim.draw(surface, scene.four_colour)
    spring = scene.spring
    if spring is not None:
        t = min(1.0, spring.elapsed / 0.25)
        x = spring.start[0] + (spring.end.centerx - spring.start[0]) * t
        y = spring.start[1] + (spring.end.centery - spring.start[1]) * t
        image = card_art.card_surface(spring.card, spring.end.size, scene.four_colour)
        surface.blit(image, image.get_rect(center=(int(x), int(y))))
    drag = scene.drag
    if drag is not None and drag.moved:
        size = scene.hand_row().card if drag.slot[0] == "hand" else scene.grid().card
        image = card_art.card_surface(drag.card, size, scene.four_colour)
        rect = image.get_rect(topleft=(drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1]))
        pygame.draw.rect(surface, (10, 8, 6), rect.move(5, 7), border_radius=6)
        surface.blit(image, rect)
    draw_key_focus(scene, surface)
    if scene.hint is not None:
        band = hint_band(scene)
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, band)
        for ident in ("accept", "dismiss"):
            scene.widgets.find(ident).draw(surface)
    if scene.hint_reasons is not None and scene.replay is None:
        area = scene.table_area.copy()
        if scene.hint is not None:
            area.h -= HINT_BAND_H
        draw_reasons(surface, scene.hint_reasons(), area)
    if scene.hover_still >= 0.35 and scene.drag is None:
        text = scene.hover_text()
        if text:
            draw_tooltip(surface, text, scene.pointer)
