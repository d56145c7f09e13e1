"""Mouse and keyboard at the Robber Knights table: picking hand tiles, laying on the board,
aiming a deployment, and moving the keyboard cursor between legal spots. A mixin of
:class:`~game.ui.knights.table.KnightsTableScene`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.knights.geometry import Pos

if TYPE_CHECKING:
    from game.ui.knights.table import KnightsTableScene


def handle(t: KnightsTableScene, event: pygame.event.Event) -> bool:
    """The table's input; a hint on show goes once the player chooses something else."""
    chosen = _choice(t)
    handled = _handle(t, event)
    if t.hint_action is not None and _choice(t) != chosen:
        t.forget_hint()
    return handled


def _choice(t: KnightsTableScene) -> tuple[object, ...]:
    """What the player has chosen so far this move: the tile, the spot, the deployment."""
    picker = t.picker
    aim = (picker.count, picker.direction, picker.index) if picker is not None else None
    return (t.selected, t.cursor, aim)


def _handle(t: KnightsTableScene, event: pygame.event.Event) -> bool:
    if event.type == pygame.MOUSEMOTION:
        t.pointer = event.pos
        t.hover_hand = next(
            (i for i, r in enumerate(t.hand_slot_rects()) if r.collidepoint(event.pos)),
            None,
        )
    if t.widgets.handle(event):
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return on_click(t, event.pos)
    if event.type == pygame.KEYDOWN:
        return on_key(t, event)
    return False


def on_click(t: KnightsTableScene, pos: tuple[int, int]) -> bool:
    if not t.human_to_move():
        return False
    for i, rect in enumerate(t.hand_slot_rects()):
        if rect.collidepoint(pos):
            t.select(i)
            return True
    cell = t.geom.cell_at(pos) if t.board_area.collidepoint(pos) else None
    if cell is None:
        return False
    phase = t.state.phase
    if phase == "place":
        t.lay_at(cell)
        return True
    if phase == "deploy" and t.picker is not None:
        if t.picker.aim_at(cell):
            t.sync_widgets()
        return True
    return False


def on_key(t: KnightsTableScene, event: pygame.event.Event) -> bool:
    if event.key == pygame.K_ESCAPE:
        t.pause()
        return True
    if not t.human_to_move():
        return False
    phase = t.state.phase
    digit = _digit(event.key)
    if phase in ("keep", "place") and digit is not None and digit >= 1:
        t.select(digit - 1)
        return True
    if phase == "place":
        moves = {
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
        }
        if event.key in moves:
            move_cursor(t, moves[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and t.cursor is not None:
            t.lay_at(t.cursor)
            return True
    if phase == "deploy" and t.picker is not None and event.key == pygame.K_TAB:
        t.picker.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        t.sync_widgets()
        return True
    return False


def move_cursor(t: KnightsTableScene, step: tuple[int, int]) -> None:
    spots = t.legal_spots()
    if not spots:
        return
    if t.cursor is None:
        t.cursor = spots[0]
        return
    cx, cy = t.cursor
    ahead = [s for s in spots if (s[0] - cx) * step[0] + (s[1] - cy) * step[1] > 0]
    if ahead:
        # Prefer spots straight ahead, then the closest off-line ones.
        t.cursor = min(
            ahead,
            key=lambda s: (
                (abs((s[0] - cx) * step[1]) + abs((s[1] - cy) * step[0])) * 2
                + abs(s[0] - cx)
                + abs(s[1] - cy)
            ),
        )


# -- drawing -----------------------------------------------------------------------------


def _digit(key: int) -> int | None:
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    if pygame.K_KP0 <= key <= pygame.K_KP9:
        return key - pygame.K_KP0
    return None


def nearest(spots: list[Pos], centre: tuple[float, float]) -> Pos:
    return min(spots, key=lambda s: (abs(s[0] - centre[0]) + abs(s[1] - centre[1]), s))
