"""A card on its way: dragged by the pointer, or springing back after a refused drop."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rummy import Card
from game.ui.rummy.turn_edit import Slot


@dataclass
class Drag:
    slot: Slot
    card: Card
    grab: tuple[int, int]  # pointer offset inside the card
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False


@dataclass
class Spring:
    """A refused card sliding back to where it came from."""

    card: Card
    start: tuple[int, int]
    end: pygame.Rect
    slot: Slot  # where it lands: drawn there only once it has arrived
    elapsed: float = 0.0
