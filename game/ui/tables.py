"""Opening a table for a session: the seam between the menu/setup and each game's table.

Each game's table is a scene class named by its registry entry (``GameSpec.table_ref``) and
built as ``Table(app, session)``. It is imported on first use, so that one game's client never
loads the other's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.registry import game_spec, resolve
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.app import App


def table_class(game: str) -> type[Scene]:
    """The table scene class of ``game``."""
    cls = resolve(game_spec(game).table_ref)
    if not (isinstance(cls, type) and issubclass(cls, Scene)):
        raise TypeError(f"{game}: {game_spec(game).table_ref} is not a scene class")
    return cls


def open_table(app: App, session: Session) -> Scene:
    """Put the session's table on top of the stack."""
    table = table_class(session.game)(app, session)  # type: ignore[call-arg]
    return app.push(table)
