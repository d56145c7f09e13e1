"""The ways into the review: from a results screen (the live game) and from the Load screen."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _
from game.persist import SaveError, load_game
from game.play.review_source import ReviewSource, source_from_saved, source_from_session
from game.ui.saving import kept_written, show_message

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.app import App


def open_review(app: App, source: ReviewSource | None) -> None:
    if source is None or not source.history:
        show_message(
            app,
            _("No review"),
            _("This game can't be reviewed: its moves are not kept."),
        )
        return
    app.push(app.make_scene("review", source))


def review_session(app: App, session: Session) -> None:
    """Review the live game (its kept history); the result stays with the session, and goes
    into the finished game's kept file."""
    kept_written(app)
    open_review(app, source_from_session(session))


def review_save(app: App, path: Path) -> None:
    """Review a saved game, finished or not (up to where it stands); stored in its file."""
    try:
        saved = load_game(path)
    except SaveError as error:
        show_message(app, _("This save can't be loaded"), str(error))
        return
    open_review(app, source_from_saved(saved, path))
