"""The ways to play a game again from one of its positions: "Play from here" in the review's
position view, and "Retry" (from the start) in the Load screen. The new game opens at its
table as the game in progress (Continue resumes it); the game it came from is left as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from game.i18n import _
from game.persist import SavedGame, SaveError, load_game
from game.play.retry import RetryError, retry_game, retry_saved, retry_session
from game.play.session import game_title
from game.ui.saving import (
    ask_to_replace,
    autosave_table,
    game_in_progress,
    restore_table,
    show_message,
)
from game.ui.tables import open_table

if TYPE_CHECKING:
    from game.play.review_source import ReviewSource
    from game.ui.app import App
    from game.ui.table_shell import TableScene


def retry_from_review(app: App, source: ReviewSource, index: int) -> None:
    """Play the reviewed game again from the position before its history entry ``index``."""
    try:
        retry = retry_game(source.game, source.seats, source.states, source.history, index)
    except RetryError as error:
        show_message(app, _("Can't play from here"), str(error))
        return
    _play(app, retry, _table_below(app), from_start=False)


def retry_from_save(app: App, path: Path, table: Any | None = None) -> None:
    """Play the save at ``path`` again from where its kept moves begin (a kept game: from its
    first move; a rummy round: from its deal). ``table``: the game at the table now."""
    try:
        retry = retry_saved(load_game(path))
    except SaveError as error:
        show_message(app, _("This save can't be loaded"), str(error))
        return
    except RetryError as error:
        show_message(app, _("Can't play from here"), str(error))
        return
    _play(app, retry, table, from_start=True)


def _table_below(app: App) -> Any | None:
    """The table under the review (opened from the results screen), if there is one."""
    from game.ui.table_shell import TableScene

    tables = [scene for scene in app.scenes if isinstance(scene, TableScene)]
    return tables[-1] if tables else None


def _play(app: App, retry: SavedGame, table: Any | None, from_start: bool) -> None:
    """Open ``retry``, after asking when it would take the place of a game in progress; the
    question and the log say what the player chose (Retry: from the start)."""
    in_progress = game_in_progress(table)
    if in_progress is None:
        _open(app, retry, from_start)
        return
    if from_start:
        message = _(
            "{game} with {players} is in progress. Playing this game again from its start "
            "takes its place: save that game under a name first to keep it."
        )
        label = _("Retry")
    else:
        message = _(
            "{game} with {players} is in progress. Playing from here takes its place: save "
            "that game under a name first to keep it."
        )
        label = _("Play from here")
    message = message.format(
        game=game_title(in_progress.game), players=", ".join(in_progress.players)
    )
    ask_to_replace(app, message, label, lambda: _open(app, retry, from_start))


def _open(app: App, retry: SavedGame, from_start: bool) -> None:
    try:
        session = retry_session(retry)
    except RetryError as error:
        show_message(app, _("Can't play from here"), str(error))
        return
    app.reset(app.make_scene("menu"))
    table = cast("TableScene", open_table(app, session))
    restore_table(
        table,
        retry,
        (lambda: _("Played again from the start: the same deal, the same draws to come."))
        if from_start
        else (lambda: _("Played again from here: the same deal, the same draws to come.")),
    )
    autosave_table(table)  # the new game is the one Continue resumes, from its first moment
