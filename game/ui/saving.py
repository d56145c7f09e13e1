"""Never lose a game: the autosave after every move, Continue, and named saves for the tables.

A table calls :func:`autosave_table` after each move it applied; the app's
:class:`~game.persist.BackgroundSaver` writes it off the main thread (atomic, validated: a bad
game never replaces the last good save). :func:`report_problems` (called by the app each frame)
turns a failed write into a dialog while the game goes on. :func:`resume` opens a saved game at
its table with seats, AI levels, move log and (rummy) the score table restored.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from game.i18n import LANGUAGES, Text, _, in_every_language
from game.movelog import describe
from game.persist import (
    BackgroundSaver,
    SavedGame,
    SaveError,
    delete_autosave,
    keep_finished,
    load_autosave,
    replay_states,
    saved_game,
)
from game.persist.history import replayable_past
from game.persist.validate import MAX_TEXT
from game.play.session import HistoryEntry, Seat, Session
from game.registry import game_spec
from game.seat_events import SeatEvent
from game.ui.overlays import Dialog
from game.ui.tables import open_table

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene
    from game.ui.table_shell import TableScene


def saver(app: App) -> BackgroundSaver:
    """The app's one autosave writer (started on first use)."""
    existing: BackgroundSaver | None = getattr(app, "saver", None)
    if existing is None:
        existing = BackgroundSaver()
        app.saver = existing
    return existing


def table_extra(table: Any) -> dict[str, Any]:
    """What a table wants back besides the engine state and the history (its own hook)."""
    extra: dict[str, Any] = table.save_extra()
    return extra


def saved_from_table(table: Any) -> SavedGame:
    """The table's game as saved: the moves of the current round (or game) with the position
    they start from, so a save stays small however long the evening goes on; the log lines of
    the moves before them are kept as text."""
    session: Session = table.session
    start, actions = replayable_past(session.game, session.history, session.state)
    extra = table_extra(table)
    dropped = len(session.history) - len(actions)
    earlier = list(table.earlier_log)
    for index in range(dropped):
        earlier += table.logged_lines_everywhere(index)
    if earlier:
        extra["log"] = earlier[-EARLIER_LOG_LINES:]
    return saved_game(session.game, session.seats, session.state, actions, extra, start)


EARLIER_LOG_LINES = 400  # of moves before the kept history, shown again after Continue


def autosave_table(table: Any) -> None:
    """Queue the table's game for the autosave (or forget it once the game is over: a rummy
    round's end is not the game's)."""
    session: Session = table.session
    app: App = table.app
    if game_spec(session.game).info.ends_with_play and session.state.is_terminal:
        writer = saver(app)
        writer.flush(2.0)
        try:
            delete_autosave()
        except SaveError as error:
            app.save_problem = str(error)
        return
    with contextlib.suppress(RuntimeError):  # a closed saver: the app is shutting down
        saver(app).submit(saved_from_table(table))


def keeper(app: App) -> BackgroundSaver:
    """The app's writer of finished games (started on first use)."""
    existing: BackgroundSaver | None = getattr(app, "keeper", None)
    if existing is None:
        existing = BackgroundSaver(keep_finished)
        app.keeper = existing
    return existing


def keep_table(table: Any) -> None:
    """Keep the game (rummy: round) that has just ended at ``table`` among the finished games
    of the Load screen, written off the main thread. Only a game a person took part in: the
    computers' games among themselves would push the players' own out."""
    session: Session = table.session
    played_by_a_person = bool(session.humans) or any(
        isinstance(entry.action, SeatEvent) and entry.action.old == "human"
        for entry in session.history
    )
    if not played_by_a_person:
        return
    saved = saved_from_table(table)
    with contextlib.suppress(RuntimeError):  # a closed writer: the app is shutting down
        keeper(table.app).submit(saved)
        session.kept = saved  # its review goes into the kept file too


def kept_written(app: App, timeout: float = 2.0) -> None:
    """Wait (briefly) until the finished game is in its kept file, so a review can be stored
    there."""
    writer: BackgroundSaver | None = getattr(app, "keeper", None)
    if writer is not None:
        writer.flush(timeout)


def report_problems(app: App) -> None:
    """Show a failed save as a dialog once; the game goes on underneath."""
    problem: str | None = getattr(app, "save_problem", None)
    app.save_problem = None
    for writer in (getattr(app, "saver", None), getattr(app, "keeper", None)):
        if problem is None and writer is not None:
            problem = writer.take_error()
    if problem and problem not in app.shown_save_problems:
        app.shown_save_problems.add(problem)  # once each: a full disk must not nag every move
        show_message(app, _("Can't save"), problem)


def game_in_progress(table: Any | None) -> SavedGame | None:
    """The game a load or a new game would replace: the table's (unless it is over), or with
    no table the autosave that Continue resumes; None when there is none."""
    if table is not None:
        session: Session = table.session
        if game_spec(session.game).info.ends_with_play and session.state.is_terminal:
            return None
        return saved_from_table(table)
    try:
        return load_autosave()
    except SaveError:
        return None  # a damaged autosave is no game to keep


def same_game(one: SavedGame, other: SavedGame) -> bool:
    """Do two saves hold the very same game, at the same position?"""
    return (
        one.game == other.game
        and one.players == other.players
        and one.state.to_dict() == other.state.to_dict()
    )


def ask_to_replace(app: App, message: str, label: str, proceed: Callable[[], None]) -> None:
    """The one question before a game in progress is replaced (by a new game or a load): Back
    (Enter and Esc: the safe choice) or ``label``, which does ``proceed``."""
    app.push(
        Dialog(
            app,
            _("Replace the game in progress?"),
            message,
            [(_("Back"), None), (label, proceed)],
            escape=0,
        )
    )


def show_message(app: App, title: str, message: str) -> None:
    app.push(Dialog(app, title, message, [(_("OK"), None)]))


def _seat(record: Any) -> Seat:
    return Seat(record.name, record.human, record.level or "medium", record.colour, record.strength)


def session_from_saved(saved: SavedGame) -> Session:
    """A session that goes on from ``saved``: same seats and levels, history and log rebuilt."""
    seats = [_seat(record) for record in saved.seats]
    states = replay_states(saved) if saved.history else None
    history: list[HistoryEntry] = []
    if states is not None:
        for before, action in zip(states, saved.history, strict=False):
            if isinstance(action, SeatEvent):
                history.append(HistoryEntry(action.seat, action, "", before))
            else:
                text = describe(saved.game, before, action)
                history.append(HistoryEntry(before.current_player, action, text, before))
    return Session.restore(saved.game, seats, saved.state, history)


def resume(app: App, saved: SavedGame) -> Scene:
    """Open ``saved`` at its table on top of the menu, exactly where it stopped."""
    session = session_from_saved(saved)
    table = open_table(app, session)
    restore_table(cast("TableScene", table), saved)
    return table


def restore_table(table: TableScene, saved: SavedGame, note: Text | None = None) -> None:
    """Refill the table's log, last-move highlight (and rummy score table) from the game;
    ``note`` is the log's line on how it goes on (by default: where it stopped)."""
    earlier = saved.extra.get("log") if isinstance(saved.extra, dict) else None
    table.earlier_log = earlier_log_lines(earlier, table.session.num_seats) or [
        [None, in_every_language(table.opening_line), "note"]  # a save from before the log
    ]
    notes: list[tuple[Text, str]] = [
        (note or (lambda: _("The game goes on where it stopped.")), "note")
    ]
    problem = saved.review_problem
    if problem is not None:  # the save loads, its damaged review is left out: say so
        notes.append(
            (
                lambda: _("Its stored review was damaged and is left out: {problem}.").format(
                    problem=problem
                ),
                "bad",
            )
        )
    table.resumed(notes)
    table.history_restored()
    if isinstance(saved.extra, dict):
        table.restore_extra(saved.extra)


def earlier_log_lines(items: Any, seats: int) -> list[list[Any]]:
    """The log lines of moves a save no longer keeps, as read back: ``[seat, text, kind]``
    each, the text in every language (``{"en": ..., "de": ...}``) or, from an older save, one
    string (a damaged line is left out)."""
    kept: list[list[Any]] = []
    for item in items if isinstance(items, list) else []:
        if not (isinstance(item, list) and len(item) in (2, 3)):
            continue
        text = _kept_text(item[1])
        if text is None:
            continue
        seat = item[0] if type(item[0]) is int and 0 <= item[0] < seats else None
        kind = item[2] if len(item) == 3 and isinstance(item[2], str) else "move"
        kept.append([seat, text, kind])
    return kept[-EARLIER_LOG_LINES:]


def _kept_text(value: Any) -> str | dict[str, str] | None:
    """A kept log line's text as read back (None: damaged)."""
    if isinstance(value, str):
        return value[:MAX_TEXT]
    if isinstance(value, dict):
        texts = {
            lang: text[:MAX_TEXT]
            for lang, text in value.items()
            if lang in LANGUAGES and isinstance(text, str)
        }
        return texts or None
    return None
