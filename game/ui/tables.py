"""Opening a table for a session: the seam between the menu/setup and each game's table.

Each game's table is a scene class built as ``TableScene(app, session)``:

- Robber Knights: ``game.ui.knights.table.KnightsTableScene``
- Räuber-Rommé:   ``game.ui.rummy.table.RummyTableScene`` (written by the rummy table's author;
  until that module exists the player gets a "coming soon" dialog).

Tables are imported lazily so that one game's client never needs the other's engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.i18n import _
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import Session

TABLES: dict[str, tuple[str, str]] = {
    "knights": ("game.ui.knights.table", "KnightsTableScene"),
    "rummy": ("game.ui.rummy.table", "RummyTableScene"),
}


def table_class(game: str) -> type[Scene] | None:
    """The table scene class for ``game``, or None when that table is not written yet."""
    module_name, class_name = TABLES[game]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        # Only a missing table module means "not yet"; a broken import inside it must surface.
        if error.name is not None and module_name.startswith(error.name):
            return None
        raise
    cls = getattr(module, class_name, None)
    return cls if isinstance(cls, type) and issubclass(cls, Scene) else None


def open_table(app: App, session: Session) -> Scene:
    """Put the session's table on top of the menu (or a "coming soon" dialog if missing)."""
    from game.ui.overlays import Dialog

    cls = table_class(session.game)
    if cls is None:
        return app.push(
            Dialog(
                app,
                _("Coming soon"),
                _("This table is still being built. Robber Knights is ready to play."),
                [(_("OK"), None)],
            )
        )
    table = cls(app, session)  # type: ignore[call-arg]
    return app.push(table)
