"""Choosing a deployment step by step: how many knights, which way, how they drop.

Only legal choices are ever offered: the picker narrows the engine's ``legal_deployments()``
by count, then direction (None = stay on the castle), then the drop pattern. Pure logic, so the
table and tests share it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import _
from game.knights import DIRECTIONS, Deploy

Pos = tuple[int, int]
DIRECTION_KEYS: tuple[str | None, ...] = (None, "N", "E", "S", "W")


class DeployPicker:
    def __init__(self, options: Sequence[Deploy], castle: Pos) -> None:
        self.options = list(options)
        self.castle = castle
        self.count: int | None = None
        self.direction: str | None = None
        self.index = 0  # among drop_options()

    # -- what may be chosen ----------------------------------------------------------------
    def counts(self) -> list[int]:
        return sorted({d.count for d in self.options})

    def directions(self, count: int | None = None) -> list[str | None]:
        count = self.count if count is None else count
        found = {d.dir for d in self.options if d.count == count}
        return [d for d in DIRECTION_KEYS if d in found]

    def drop_options(self) -> list[Deploy]:
        return [d for d in self.options if d.count == self.count and d.dir == self.direction]

    @property
    def current(self) -> Deploy | None:
        options = self.drop_options()
        if self.count is None or not options:
            return None
        return options[self.index % len(options)]

    # -- choosing --------------------------------------------------------------------------
    def choose_count(self, count: int) -> bool:
        if count not in self.counts():
            return False
        self.count = count
        directions = self.directions(count)
        if self.direction not in directions:
            self.direction = directions[0]
        self.index = 0
        return True

    def choose_direction(self, direction: str | None) -> bool:
        if self.count is None or direction not in self.directions():
            return False
        if direction != self.direction:
            self.direction = direction
            self.index = 0
        return True

    def cycle(self, step: int = 1) -> None:
        options = self.drop_options()
        if options:
            self.index = (self.index + step) % len(options)

    def choose_drops(self, index: int) -> None:
        options = self.drop_options()
        if 0 <= index < len(options):
            self.index = index

    def aim_at(self, cell: Pos) -> bool:
        """Point the march at ``cell`` (in line with the castle): the direction, and the first
        drop pattern ending there. Clicking the castle itself means "stay"."""
        if self.count is None:
            return False
        dx, dy = cell[0] - self.castle[0], cell[1] - self.castle[1]
        if (dx, dy) == (0, 0):
            return self.choose_direction(None)
        if dx and dy:
            return False
        distance = abs(dx) + abs(dy)
        step = (dx // distance, dy // distance)
        direction = next(d for d, delta in DIRECTIONS.items() if delta == step)
        if direction not in self.directions():
            return False
        self.choose_direction(direction)
        for i, option in enumerate(self.drop_options()):
            if len(option.drops) - 1 == distance:
                self.index = i
                return True
        return True

    # -- what it would do ------------------------------------------------------------------
    def path(self, deploy: Deploy | None = None) -> list[tuple[Pos, int]]:
        """The cells the knights reach with how many stay on each (castle first)."""
        deploy = deploy if deploy is not None else self.current
        if deploy is None or deploy.count == 0:
            return []
        if deploy.dir is None:
            return [(self.castle, deploy.count)]
        dx, dy = DIRECTIONS[deploy.dir]
        x, y = self.castle
        return [((x + dx * i, y + dy * i), drop) for i, drop in enumerate(deploy.drops)]


def drops_label(deploy: Deploy) -> str:
    """``"2-1-1"`` for a chip, castle first; "all stay" when the knights don't move."""
    if deploy.count == 0:
        return _("none")
    if deploy.dir is None:
        return _("{n} stay").format(n=deploy.count)
    return "-".join(str(d) for d in deploy.drops)
