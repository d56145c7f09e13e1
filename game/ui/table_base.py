"""What both game tables share: the pause menu, the way back to the menu and the pace steps."""

from __future__ import annotations

from game.ui.overlays import PauseOverlay
from game.ui.scene import Scene

# Seconds per computer move that the [ and ] keys step through.
PACES: tuple[float, ...] = (0.0, 0.15, 0.3, 0.6, 1.0, 1.6)


def pace_index(pace: float) -> int:
    """The step of PACES nearest to ``pace``."""
    return min(range(len(PACES)), key=lambda i: abs(PACES[i] - pace))


class TableScene(Scene):
    """Base of the Robber Knights and Räuber-Rommé tables."""

    def pause(self) -> None:
        self.app.push(PauseOverlay(self.app, self.back_to_menu, self))

    def back_to_menu(self) -> None:
        from game.ui.menu import MenuScene

        self.app.reset(MenuScene(self.app))

    def change_pace(self, step: int) -> None:
        index = pace_index(self.app.pace)
        self.app.pace = PACES[max(0, min(len(PACES) - 1, index + step))]
