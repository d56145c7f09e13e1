"""Computer turns played back: cards travel from a hand to their places; a drawn card flies
from the stock to the hand. The table draws the new layout without the travelling cards and
lets the animation draw them on top."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.rummy import Card
from game.ui.rummy import card_art


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    card: Card | None  # None: a face-down card
    start: tuple[int, int]
    end: pygame.Rect
    delay: float


class CardFlight:
    """Cards moving from ``start`` points to their rectangles over ``duration`` seconds."""

    def __init__(self, flights: Sequence[Flight], duration: float) -> None:
        self.flights = list(flights)
        self.duration = max(0.0, duration)
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        last = max((f.delay for f in self.flights), default=0.0)
        return self.elapsed >= self.duration + last

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def draw(self, surface: pygame.Surface, four_colour: bool) -> None:
        for flight in self.flights:
            t = 0.0 if self.duration <= 0 else (self.elapsed - flight.delay) / self.duration
            t = ease_out(t)
            x = flight.start[0] + (flight.end.centerx - flight.start[0]) * t
            y = flight.start[1] + (flight.end.centery - flight.start[1]) * t
            image = card_art.card_surface(flight.card, flight.end.size, four_colour)
            surface.blit(image, image.get_rect(center=(int(x), int(y))))


def new_positions(
    before: Sequence[Sequence[Card]], after: Sequence[Sequence[Card]]
) -> list[tuple[int, int]]:
    """(set, position) of the cards in ``after`` that were not on the table ``before``
    (identical cards are interchangeable: the later copies count as new)."""
    old = Counter(c for cards in before for c in cards)
    placed = []
    # Unchanged sets keep their cards first, so a copy in a changed set is the new one.
    unchanged = Counter(tuple(cards) for cards in before)
    keep = [False] * len(after)
    for s, cards in enumerate(after):
        if unchanged[tuple(cards)] > 0:
            unchanged[tuple(cards)] -= 1
            keep[s] = True
            old.subtract(cards)
    for s, cards in enumerate(after):
        if keep[s]:
            continue
        for i, card in enumerate(cards):
            if old[card] > 0:
                old[card] -= 1
            else:
                placed.append((s, i))
    return placed


def changed_sets(before: Sequence[Sequence[Card]], after: Sequence[Sequence[Card]]) -> set[int]:
    """Indices of the sets in ``after`` that were not on the table, exactly so, ``before``."""
    unchanged = Counter(tuple(cards) for cards in before)
    changed = set()
    for s, cards in enumerate(after):
        if unchanged[tuple(cards)] > 0:
            unchanged[tuple(cards)] -= 1
        else:
            changed.add(s)
    return changed


def moved_cards(
    before: Sequence[Sequence[Card]], after: Sequence[Sequence[Card]]
) -> set[tuple[int, int]]:
    """The cards of ``after``'s changed sets (as ``(set, position)``) that the set did not hold
    ``before``: each changed set is matched with the earlier set it shares most cards with, and
    the rest of its cards came from the hand or from other sets."""
    moved: set[tuple[int, int]] = set()
    for s in sorted(changed_sets(before, after)):
        cards = after[s]
        best: Counter[Card] = Counter()
        for old in before:
            shared = Counter(cards) & Counter(old)
            if sum(shared.values()) > sum(best.values()):
                best = shared
        for i, card in enumerate(cards):
            if best[card] > 0:
                best[card] -= 1
            else:
                moved.add((s, i))
    return moved
