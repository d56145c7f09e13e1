"""Scenes by name: a scene opens another by asking the app for it by name.

So no screen imports another screen's module to open it, and the screens form no import
cycle: each imports only the widgets, theme and helpers it draws with. A game's table is found
through the game registry instead (``game.ui.tables``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.registry import resolve

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

SCENES: dict[str, str] = {
    "menu": "game.ui.menu:MenuScene",
    "setup": "game.ui.setup_scene:SetupScene",
    "saves": "game.ui.saves_scene:SavesScene",
    "settings": "game.ui.settings_scene:SettingsScene",
    "stats": "game.ui.stats_scene:StatsScene",
    "help": "game.ui.overlays:HelpOverlay",
    "pause": "game.ui.overlays:PauseOverlay",
    "replay": "game.ui.replay:ReplayOverlay",
    "seats": "game.ui.seats_dialog:SeatsDialog",
    "review": "game.ui.review.scene:ReviewScene",
}


def make_scene(app: App, name: str, *args: Any, **kwargs: Any) -> Scene:
    """A new scene ``name`` (a key of SCENES) for ``app``, built with ``args``."""
    cls = resolve(SCENES[name])
    scene: Scene = cls(app, *args, **kwargs)
    return scene
